// wrap and a server that will not stop: a second signal and --kill-after end it with SIGKILL, a signal reaches every
// process the server started (`sh -c`, `npx`), and nothing the server started outlives wrap, even a wrap killed by
// SIGKILL. Real processes and signals: project e2e.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BROKEN, exitOf, readCapture, spawnWrap } from './helpers.js';
import { lazyTempDir } from '../helpers/temp.js';

const dir = lazyTempDir('signals');
afterAll(() => rmSync(dir.path, { recursive: true, force: true }));
const out = (name: string) => join(dir.path, name);
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every process a test started, killed after it if still there (a test that fails must not leave servers running). */
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (!gone(pid)) process.kill(pid, 'SIGKILL');
});

/** The process has exited (a zombie nobody has reaped yet counts as exited). */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return false;
  }
}

/** Waits until the process has exited; false if it is still there after 10 s. */
async function goneSoon(pid: number): Promise<boolean> {
  for (let i = 0; i < 200 && !gone(pid); i++) await delay(50);
  return gone(pid);
}

/**
 * Starts wrap around `command` and waits for the broken server's `ready` line on wrap's stdout; returns wrap, the pid of
 * the broken server (a grandchild of wrap's behind `sh -c`), its stdout so far and stderr.
 */
async function wrapReady(options: string[], command: string[]) {
  const { child, stderr } = spawnWrap(options, command);
  started.push(child.pid!);
  let stdout = '';
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
  const exit = exitOf(child);
  for (let i = 0; i < 400 && !/"data":"ready","pid":\d+/.test(stdout); i++) await delay(25);
  const pid = Number(/"data":"ready","pid":(\d+)/.exec(stdout)?.[1]);
  expect(pid).toBeGreaterThan(0);
  started.push(pid);
  return { wrap: child, pid, exit, stderr, stdout: () => stdout };
}

/** The capture ends with the server's exit; it parses, record by record (readCapture checks each). */
function lastRecord(capture: string) {
  return readCapture(capture).at(-1);
}

describe('wrap: a server that ignores SIGTERM', () => {
  it('a second signal sends it SIGKILL: wrap exits 137, the server is gone, the capture is whole', async () => {
    const capture = out('twice.ndjson');
    const { wrap, pid, exit, stderr } = await wrapReady(['--out', capture], ['node', BROKEN, 'stubborn']);
    wrap.kill('SIGTERM');
    await delay(200);
    expect(gone(pid)).toBe(false); // the first one was passed on, and ignored
    wrap.kill('SIGTERM');
    expect(await exit).toEqual({ code: 137, signal: null });
    expect(gone(pid)).toBe(true);
    expect(lastRecord(capture)).toMatchObject({ event: 'exit', code: null, signal: 'SIGKILL' });
    expect(stderr()).toBe('mcptrace: second signal (SIGTERM): sending the server SIGKILL\n');
  });

  it('--kill-after: SIGKILL when it has not exited that long after the first signal', async () => {
    const capture = out('kill-after.ndjson');
    const { wrap, pid, exit, stderr } = await wrapReady(
      ['--out', capture, '--kill-after', '300ms'],
      ['node', BROKEN, 'stubborn'],
    );
    wrap.kill('SIGINT');
    expect(await exit).toEqual({ code: 137, signal: null });
    expect(gone(pid)).toBe(true);
    expect(lastRecord(capture)).toMatchObject({ event: 'exit', code: null, signal: 'SIGKILL' });
    expect(stderr()).toBe(
      'mcptrace: the server did not exit within 300ms of SIGINT (--kill-after): sending it SIGKILL\n',
    );
  });

  it('wrap killed by SIGKILL (no handler runs): the server does not outlive it', async () => {
    const { wrap, pid, exit } = await wrapReady(['--out', out('wrap-killed.ndjson')], ['node', BROKEN, 'stubborn']);
    wrap.kill('SIGKILL');
    expect(await exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await goneSoon(pid)).toBe(true);
  });
});

describe('wrap: the processes a server starts (sh -c, npx)', () => {
  it('a signal reaches the process behind the shell: it answers and exits, and so does wrap (143)', async () => {
    const capture = out('sh-deaf.ndjson');
    const { wrap, pid, exit, stdout } = await wrapReady(['--out', capture], ['sh', '-c', `node "$0" deaf; :`, BROKEN]);
    wrap.kill('SIGTERM');
    expect(await exit).toEqual({ code: 143, signal: null }); // the shell died of it
    expect(stdout()).toContain('"data":"got SIGTERM"'); // the server behind it saw it too
    expect(await goneSoon(pid)).toBe(true);
    expect(lastRecord(capture)).toMatchObject({ event: 'exit', code: null, signal: 'SIGTERM' });
  });

  it('wrap killed by SIGKILL: the process behind the shell goes too', async () => {
    const { wrap, pid, exit } = await wrapReady([], ['sh', '-c', `node "$0" stubborn; :`, BROKEN]);
    wrap.kill('SIGKILL');
    await exit;
    expect(await goneSoon(pid)).toBe(true);
  });

  it('a process the server leaves behind when it exits is killed when wrap ends', async () => {
    const capture = out('left-behind.ndjson');
    // The shell starts the server in the background and exits (code 0) when it reads a line.
    const { wrap, pid, exit } = await wrapReady(
      ['--out', capture],
      ['sh', '-c', `node "$0" stubborn & read _`, BROKEN],
    );
    wrap.stdin.write('\n');
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(await goneSoon(pid)).toBe(true);
    expect(lastRecord(capture)).toMatchObject({ event: 'exit', code: 0, signal: null });
  });

  it('--kill-after holds for a process behind the server that ignores the signal, outlives it and keeps writing', async () => {
    const capture = out('behind.ndjson');
    // The shell dies of SIGTERM at once (as `npm exec` does); the process it started ignores it and writes on.
    const writer = `process.on('SIGTERM', () => {}); setInterval(() => console.log('{}'), 20); console.log(JSON.stringify({ data: 'ready', pid: process.pid }))`;
    const { wrap, pid, exit, stderr } = await wrapReady(
      ['--out', capture, '--kill-after', '300ms'],
      ['sh', '-c', `node -e "$0" & wait`, writer],
    );
    wrap.kill('SIGTERM');
    expect(await exit).toEqual({ code: 143, signal: null }); // the shell's death
    expect(await goneSoon(pid)).toBe(true);
    expect(lastRecord(capture)).toMatchObject({ event: 'exit', code: null, signal: 'SIGTERM' });
    expect(stderr()).toBe('');
  });

  it('a signal after the server exited stops the wait for a process that still writes to its stdout', async () => {
    const capture = out('late.ndjson');
    // What the shell leaves behind writes a line every 20 ms: its stdout never stays idle long enough to be let go.
    const writer = `setInterval(() => console.log('{}'), 20); console.log(JSON.stringify({ data: 'ready', pid: process.pid }))`;
    const { wrap, pid, exit } = await wrapReady(['--out', capture], ['sh', '-c', `node -e "$0" & read _`, writer]);
    const shell = readCapture(capture)[0]!.pid as number;
    wrap.stdin.write('\n');
    expect(await goneSoon(shell)).toBe(true);
    await delay(200);
    wrap.kill('SIGTERM');
    expect(await exit).toEqual({ code: 0, signal: null }); // the shell's code: it exited on its own
    expect(await goneSoon(pid)).toBe(true);
    expect(lastRecord(capture)).toMatchObject({ event: 'exit', code: 0, signal: null });
  });
});
