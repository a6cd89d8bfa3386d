// Tests make temporary folders through test/helpers/temp.ts only (one folder per run, removed after it), and only
// while they run: nothing is created when a test file is collected.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TEST = join(ROOT, 'test');
/** The two places allowed to ask the system for a temporary folder. */
const OWNERS = new Set(['test/helpers/temp.ts', 'test/global-setup.ts', 'test/code/temp-dirs.test.ts']);

function testSources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'fixtures' && e.name !== 'golden') testSources(p, out);
    } else if (/\.(ts|mts|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

const files = testSources(TEST).map((p) => ({ rel: relative(ROOT, p), text: readFileSync(p, 'utf8') }));

describe('temporary folders in tests', () => {
  it('reads the test sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('only the temp helper and the global setup call mkdtemp or tmpdir()', () => {
    const offenders = files
      .filter((f) => !OWNERS.has(f.rel) && /\bmkdtemp(Sync)?\(|\btmpdir\(\)/.test(f.text))
      .map((f) => f.rel);
    expect(offenders).toEqual([]);
  });

  it('no folder is made at the top level of a file (when vitest collects it)', () => {
    const offenders: string[] = [];
    for (const f of files) {
      f.text.split('\n').forEach((line, i) => {
        // A statement at column 0 that makes a folder runs at collection; inside a test or hook it is indented.
        if (/^(?:export\s+)?(?:const|let|var)\s.*\b(?:tempDir|mkdtempSync|mkdirSync)\(/.test(line))
          offenders.push(`${f.rel}:${i + 1}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
