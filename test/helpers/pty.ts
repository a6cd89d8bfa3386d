// Runs the built CLI on a pseudo-terminal (util-linux's `script`): stdin, stdout and stderr are all the terminal.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { CLI_PATH, REPO_ROOT, assertBuilt, childEnv } from './cli.js';

const run = promisify(execFile);

/** Whether `script` is there to make the terminal (tests that need one are skipped without it). */
export const HAS_SCRIPT = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * `mcptrace ARGS` on a pseudo-terminal, from the repository root: its exit code (`script -e`) and what the terminal
 * showed (stdout and stderr together, `\r\n` as `\n`). stdin is at its end: a read of the terminal ends, never waits.
 */
export async function onTerminal(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number; screen: string }> {
  assertBuilt();
  const command = [process.execPath, CLI_PATH, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const child = run('script', ['-qec', command, '/dev/null'], { cwd: REPO_ROOT, env: childEnv(env), timeout: 30_000 });
  child.child.stdin?.end();
  const r = await child.then(
    (ok) => ({ code: 0, stdout: ok.stdout }),
    (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
  );
  return { code: r.code, screen: r.stdout.replace(/\r\n/g, '\n') };
}
