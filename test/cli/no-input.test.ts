// Bare `mcptrace` on a terminal, nothing piped: a one-line hint and exit 2, not a silent wait on the terminal. The
// terminal is a pseudo-terminal from util-linux's `script` (stdin, stdout and stderr all on it).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI_PATH, REPO_ROOT, assertBuilt, childEnv } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

const run = promisify(execFile);

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** `mcptrace ARGS` on a pseudo-terminal; its exit code (`script -e`) and what the terminal showed. */
async function onTerminal(args: string[]): Promise<{ code: number; screen: string }> {
  assertBuilt();
  const command = [process.execPath, CLI_PATH, ...args].map((a) => `'${a}'`).join(' ');
  // stdin at end of file: if mcptrace read the terminal anyway, it would see an end of input, not wait forever.
  const child = run('script', ['-qec', command, '/dev/null'], { cwd: REPO_ROOT, env: childEnv(), timeout: 30_000 });
  child.child.stdin?.end();
  const r = await child.then(
    (ok) => ({ code: 0, stdout: ok.stdout }),
    (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
  );
  return { code: r.code, screen: r.stdout.replace(/\r\n/g, '\n') };
}

const HINT = 'mcptrace: nothing to read: give a log file or pipe one in (mcptrace --help)\n';

describe('nothing named, stdin a terminal', () => {
  it.skipIf(!hasScript).each([[[]], [['stats']], [['audit', '--follow']]])('mcptrace %j: the hint, exit 2', async (args) => {
    expect(await onTerminal(args)).toEqual({ code: 2, screen: HINT });
  });

  it.skipIf(!hasScript)('`mcptrace -` still reads the terminal (here at its end: an empty input)', async () => {
    expect(await onTerminal(['-'])).toEqual({ code: 0, screen: 'mcptrace: -: empty, no MCP messages\n' });
  });

  it('stdin not a terminal: read as before (in-process, stdin empty)', async () => {
    expect(await runMain([])).toMatchObject({ code: 0, stderr: 'mcptrace: -: empty, no MCP messages\n' });
  });
});
