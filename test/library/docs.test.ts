// docs/library.md is the library's contract: its examples run against the built package as a user would install it
// (`import … from 'mcptrace'` resolved through package.json "exports"), type-checked by tsc first, and its list of
// public names is exactly what the package exports, values and types, so neither can drift from the other.
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { declaredExports } from '../code/exports.js';
import { childEnv, REPO_ROOT } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { documentedNames, libraryExamples, sourceExports } from './library-doc.js';

const run = promisify(execFile);
const DOC = readFileSync(join(REPO_ROOT, 'docs', 'library.md'), 'utf8');
const SAMPLE = join(REPO_ROOT, 'samples', 'everything.envelope.ndjson');
const examples = libraryExamples(DOC);

/** A folder where `mcptrace` resolves to this repository as an installed package would, with the sample as mcp.log. */
let dir: string;

beforeAll(async () => {
  dir = tempDir('library-doc');
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(REPO_ROOT, join(dir, 'node_modules', 'mcptrace'), 'dir');
  symlinkSync(join(REPO_ROOT, 'node_modules', '@types'), join(dir, 'node_modules', '@types'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: true,
    types: ['node'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
  copyFileSync(SAMPLE, join(dir, 'mcp.log'));
  examples.forEach((e, i) => writeFileSync(join(dir, `example-${i + 1}.ts`), e.code));
  // One compilation for every example: a type error fails here, with tsc's message.
  await run(process.execPath, [join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir]).catch(
    (e: { stdout: string }) => {
      throw new Error(`tsc: an example of docs/library.md does not compile:\n${e.stdout}`);
    },
  );
}, 120_000);

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one compiled example in the folder, the sample on its stdin. One that follows a file is stopped as its reader
 * would stop it, with SIGINT, once it has printed its first lines.
 */
function runExample(file: string, follows: boolean): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { cwd: dir, env: childEnv() });
    let stdout = '';
    let stderr = '';
    let stopped = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (follows && !stopped && stdout.includes('\n')) {
        stopped = true;
        child.kill('SIGINT');
      }
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    // An example that does not read stdin may exit before it is written: the pipe's error is no failure.
    child.stdin.on('error', () => {});
    child.stdin.end(readFileSync(SAMPLE));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe('docs/library.md', () => {
  it('has examples, and each says what it prints', () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
    expect(examples.filter((e) => e.prints.length > 0).length).toBeGreaterThanOrEqual(4);
  });

  it.each(examples.map((e, i) => [e.line, i + 1, e] as const))(
    'docs/library.md:%i: example %i compiles, runs and prints what the page shows',
    async (_line, n, e) => {
      const r = await runExample(`example-${n}.js`, e.code.includes('analyzeFollow('));
      expect(r.stderr).toBe('');
      expect({ code: r.code, signal: r.signal }).toEqual({ code: 0, signal: null });
      expect(r.stdout).not.toBe('');
      const lines = new Set(r.stdout.split('\n').map((l) => l.trimEnd()));
      for (const want of e.prints) expect(lines, `a line docs/library.md:${e.line} shows`).toContain(want);
    },
  );

  it('lists exactly the values the package exports, through package.json "exports"', async () => {
    const code = "console.log(JSON.stringify(Object.keys(await import('mcptrace'))))";
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code], { cwd: dir });
    const exported = (JSON.parse(stdout) as string[]).sort();
    const documented = documentedNames(DOC, 'Values');
    expect(documented).toEqual([...new Set(documented)]);
    expect(exported).toEqual([...documented].sort());
    // The entry's source says the same (what a build from it exports).
    expect(sourceExports(readFileSync(join(REPO_ROOT, 'src', 'index.ts'), 'utf8'), () => []).values.sort()).toEqual(
      exported,
    );
  });

  it('lists exactly the types src/index.ts exports (dist/src/index.d.ts)', () => {
    const entry = readFileSync(join(REPO_ROOT, 'src', 'index.ts'), 'utf8');
    const { types } = sourceExports(entry, (spec) =>
      declaredExports(readFileSync(join(REPO_ROOT, 'src', spec.replace(/\.js$/, '.ts')), 'utf8')),
    );
    const documented = documentedNames(DOC, 'Types');
    expect(documented).toEqual([...new Set(documented)]);
    expect([...documented].sort()).toEqual(types.sort());
  });
});

describe('reading docs/library.md', () => {
  it('finds each ts block, and the text block right after it as what it prints', () => {
    const md = ['intro', '```ts', 'a();', '```', '', '```text', 'out 1', '', 'out 2', '```', '```ts', 'b();', '```'];
    expect(libraryExamples(md.join('\n'))).toEqual([
      { line: 2, code: 'a();\n', prints: ['out 1', 'out 2'] },
      { line: 11, code: 'b();\n', prints: [] },
    ]);
  });

  it("reads a section's names from its table, first column", () => {
    const md = '### Values\n\n| name | what |\n|---|---|\n| `a` | x `c` |\n| `b` | y |\n\n### Types\n\n| `T` | t |\n';
    expect(documentedNames(md, 'Values')).toEqual(['a', 'b']);
    expect(documentedNames(md, 'Types')).toEqual(['T']);
  });

  it("reads the entry's exports: values, types, aliases, and a module's types re-exported whole", () => {
    const src = [
      "export { A, b, type C } from './a.js';",
      "export {\n  d,\n  type E,\n  F as G,\n} from './d.js';",
      "export type { H, I as J } from './h.js';",
      "export type * from './types.js';",
    ].join('\n');
    const got = sourceExports(src, (spec) => (spec === './types.js' ? ['K', 'L'] : []));
    expect(got.values.sort()).toEqual(['A', 'G', 'b', 'd']);
    expect(got.types.sort()).toEqual(['C', 'E', 'H', 'J', 'K', 'L']);
  });
});
