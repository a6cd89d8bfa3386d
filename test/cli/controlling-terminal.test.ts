// `mcptrace annotate log 2>&1 | less`: neither stdout nor stderr is the terminal, but the reader is on it; the width is
// the controlling terminal's (/dev/tty), asked before the 100-column fallback.
import { readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { CLI_PATH, REPO_ROOT, assertBuilt, childEnv } from '../helpers/cli.js';
import { HAS_SCRIPT } from '../helpers/pty.js';
import { tempDir } from '../helpers/temp.js';

const run = promisify(execFile);
const SAMPLE = 'samples/everything.envelope.ndjson';

/** The widest line `annotate SAMPLE 2>&1 | cat > file` writes on a pseudo-terminal of `columns` columns. */
async function widestPiped(columns: number, env = ''): Promise<number> {
  assertBuilt();
  const out = join(tempDir('tty-width'), 'out.txt');
  const shell = `stty cols ${columns} rows 30; unset COLUMNS; ${env} '${process.execPath}' '${CLI_PATH}' annotate ${SAMPLE} 2>&1 | cat > '${out}'`;
  await run('script', ['-qec', shell, '/dev/null'], { cwd: REPO_ROOT, env: childEnv(), timeout: 30_000 });
  return Math.max(...readFileSync(out, 'utf8').split('\n').map(displayWidth));
}

describe('the controlling terminal', () => {
  it.skipIf(!HAS_SCRIPT)(
    'decides the width when both streams are piped (80 and 120 columns, not the 100 fallback)',
    async () => {
      const [narrow, wide] = await Promise.all([widestPiped(80), widestPiped(120)]);
      expect(narrow).toBeLessThanOrEqual(80);
      expect(narrow).toBeGreaterThan(70);
      expect(wide).toBeGreaterThan(100);
      expect(wide).toBeLessThanOrEqual(120);
    },
  );

  it.skipIf(!HAS_SCRIPT)('comes after $COLUMNS', async () => {
    // Set on the command: the shell sets its own $COLUMNS when `stty` resizes the terminal.
    expect(await widestPiped(120, 'COLUMNS=90')).toBeLessThanOrEqual(90);
  });
});
