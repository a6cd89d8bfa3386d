// A Parquet dataset exported once per test file from the given logs, on first use: `traffic/` under a temp folder.
import { join } from 'node:path';
import { expect } from 'vitest';
import { runMain } from './in-process.js';
import { lazyTempDir } from './temp.js';

/** `const traffic = lazyDataset('sql', INPUTS)`; `await traffic()` exports (once) and gives the dataset folder. */
export function lazyDataset(name: string, inputs: readonly string[]): () => Promise<string> {
  const tmp = lazyTempDir(name);
  let made: Promise<string> | null = null;
  return () =>
    (made ??= (async () => {
      const dir = join(tmp.path, 'traffic');
      const r = await runMain(['export', '--to', 'parquet', '--out', dir, ...inputs]);
      expect(r.code, r.stderr).toBe(0);
      return dir;
    })());
}
