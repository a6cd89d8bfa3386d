// Temporary folders for tests: all under one folder per test run, which the global teardown removes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The run's folder (test/global-setup.ts makes it and removes it after the last test). */
export function testTmpRoot(): string {
  return process.env.MCPTRACE_TEST_TMP ?? tmpdir();
}

/** A new empty folder `mcptrace-NAME-XXXXXX` under the run's folder. Call it from a test or hook, not at collection. */
export function tempDir(name: string): string {
  return mkdtempSync(join(testTmpRoot(), `mcptrace-${name}-`));
}

/**
 * A folder made the first time `path` is read, for a test file's shared files: `const tmp = lazyTempDir('x')` at
 * the top of a file creates nothing until a test uses `tmp.path`.
 */
export function lazyTempDir(name: string): { readonly path: string } {
  let path: string | null = null;
  return {
    get path() {
      return (path ??= tempDir(name));
    },
  };
}

/** Writes a log made of `parts` (each ending its last line) to `dir/name`; returns its path. */
export function writeLog(dir: string, name: string, parts: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, parts.map((p) => (p.endsWith('\n') ? p : `${p}\n`)).join(''));
  return path;
}
