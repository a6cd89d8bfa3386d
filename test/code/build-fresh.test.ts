// The tests run the dist/ built from the sources checked out: the build stamps dist/ with a hash of its inputs.
import { appendFileSync, cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { builtHash, sourceHash } from '../../scripts/source-hash.mjs';
import { tempDir } from '../helpers/temp.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('dist/ is built from the current sources', () => {
  it('the stamp the build wrote matches the sources (the global setup rebuilt a stale dist/)', () => {
    expect(builtHash(ROOT)).toBe(sourceHash(ROOT));
  });

  const copies: string[] = [];
  afterAll(() => {
    for (const d of copies) rmSync(d, { recursive: true, force: true });
  });

  it('the hash changes with any source, config or new file, and only with those', () => {
    const dir = tempDir('hash');
    copies.push(dir);
    for (const p of ['src', 'bin', 'tsconfig.json', 'rolldown.config.mjs', 'package.json', 'package-lock.json'])
      cpSync(join(ROOT, p), join(dir, p), { recursive: true });
    const hashes = new Set([sourceHash(dir)]);
    expect(sourceHash(dir)).toBe(sourceHash(ROOT));
    // Not inputs of the build: a test, a doc, a file beside the sources that is not TypeScript.
    writeFileSync(join(dir, 'README.md'), 'x');
    writeFileSync(join(dir, 'src', 'notes.txt'), 'x');
    expect(sourceHash(dir)).toBe(sourceHash(ROOT));
    appendFileSync(join(dir, 'src', 'index.ts'), '\n');
    hashes.add(sourceHash(dir));
    writeFileSync(join(dir, 'src', 'util', 'new.ts'), 'export {};\n');
    hashes.add(sourceHash(dir));
    appendFileSync(join(dir, 'bin', 'mcptrace.ts'), '\n');
    hashes.add(sourceHash(dir));
    appendFileSync(join(dir, 'tsconfig.json'), '\n');
    hashes.add(sourceHash(dir));
    expect(hashes.size).toBe(5);
  });

  it('a dist/ never stamped counts as stale', () => {
    const dir = tempDir('hash');
    copies.push(dir);
    expect(builtHash(dir)).toBeNull();
  });
});
