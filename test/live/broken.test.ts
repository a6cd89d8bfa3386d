// wrap around servers that misbehave: garbage on stdout, death mid-message, deafness to stdin closing and
// to signals, a server that cannot start. The capture stays faithful and the exit is reported.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  annotate,
  BROKEN,
  captureBytes,
  collect,
  exitOf,
  readCapture,
  spawnMcptrace,
  spawnWrap,
  why,
} from './helpers.js';
import { lazyTempDir } from '../helpers/temp.js';

const dir = lazyTempDir('broken');
afterAll(() => rmSync(dir.path, { recursive: true, force: true }));
const out = (name: string) => join(dir.path, name);
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the garbage server writes, byte for byte (test/fixtures/live/broken-server.mjs). */
const GARBAGE = Buffer.concat([
  Buffer.from('this is not JSON\n{"jsonrpc":"2.0","id":0,"result":{}}\n'),
  Buffer.from([0x7b, 0x22, 0x78, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d, 0x0a]),
  Buffer.from(
    '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"crlf"}}\r\n{"jsonrpc":"2.0","id":1,"res',
  ),
]);
/** What it writes to stderr. */
const GARBAGE_STDERR = Buffer.concat([Buffer.from('garbage server: about to die\n'), Buffer.from([0xff, 0x0a])]);
const REQUEST =
  '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n';

describe('wrap: a server that writes garbage and dies mid-message', () => {
  it('forwards every byte, captures every line exactly, and exits with the server code (3)', async () => {
    const capture = out('garbage.ndjson');
    const { child } = spawnWrap(['--out', capture], ['node', BROKEN, 'garbage']);
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    child.stdin.write(REQUEST); // stdin stays open: wrap must end because the server ended
    const exit = await exitOf(child);
    expect(exit).toEqual({ code: 3, signal: null });
    expect((await stdout).equals(GARBAGE)).toBe(true);
    expect((await stderr).equals(GARBAGE_STDERR)).toBe(true); // the server's stderr, unchanged; nothing of ours

    const records = readCapture(capture);
    expect(captureBytes(records, 's2c').equals(GARBAGE)).toBe(true);
    expect(captureBytes(records, 'c2s').toString()).toBe(REQUEST);
    const lines = records.filter((r) => r.dir === 's2c');
    expect(lines.map((r) => r.line)).toEqual([
      'this is not JSON',
      '{"jsonrpc":"2.0","id":0,"result":{}}',
      '{"x":"\uFFFD\uFFFD\uFFFD("}', // decoded with replacement characters …
      '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"crlf"}}\r',
      '{"jsonrpc":"2.0","id":1,"res',
    ]);
    expect(lines[2].lineBase64).toBe(
      Buffer.from([0x7b, 0x22, 0x78, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]).toString('base64'),
    ); // … and exact here
    expect(lines.filter((r) => 'lineBase64' in r)).toHaveLength(1);
    expect(lines[4].partial).toBe(true);
    expect(lines.filter((r) => 'partial' in r)).toHaveLength(1);
    expect(records.filter((r) => r.event).map(({ ts, ...r }) => r)).toEqual([
      { event: 'start', command: ['node', BROKEN, 'garbage'], pid: expect.any(Number) },
      { event: 'stdout-closed' },
      { event: 'exit', code: 3, signal: null },
    ]);

    // The server's stderr is recorded too, byte for byte (its line of invalid UTF-8 in lineBase64).
    expect(captureBytes(records, 'stderr').equals(GARBAGE_STDERR)).toBe(true);
    expect(records.filter((r) => r.dir === 'stderr').map((r) => [r.line, r.lineBase64])).toEqual([
      ['garbage server: about to die', undefined],
      ['\uFFFD', Buffer.from([0xff]).toString('base64')],
    ]);

    const all = await annotate(capture);
    // Its two lines are one log record (read from another pipe, it may come anywhere among the stdout lines).
    expect(all.filter((r) => r.kind === 'log').map((r) => r.text)).toEqual(['garbage server: about to die\n\uFFFD']);
    const annotated = all.filter((r) => r.kind !== 'log');
    // (The bare `{}` initialize result draws findings of its own; only the framing ones matter here.)
    const framing = (r: Record<string, any>) =>
      r.findings.map((f: { rule: string }) => f.rule).filter((rule: string) => rule.startsWith('invalid-'));
    expect(annotated.map((r) => [r.kind, framing(r)])).toEqual([
      ['event', []],
      ['request', []],
      ['invalid', ['invalid-json']],
      ['response', []],
      ['invalid', ['invalid-jsonrpc']],
      ['notification', []],
      ['invalid', ['invalid-json']],
      ['event', []],
      ['event', []],
    ]);
    expect(annotated[3].pair).toBe(annotated[1].seq);
    expect(annotated.at(-1)!.event).toEqual({ name: 'exit', data: { code: 3, signal: null } });
  });

  it('--live prints the annotated transcript with findings to stderr and leaves stdout alone', async () => {
    const { child, stderr } = spawnWrap(['--live', '--no-color'], ['node', BROKEN, 'garbage']);
    const stdout = collect(child.stdout);
    child.stdin.write(REQUEST);
    expect(await exitOf(child)).toEqual({ code: 3, signal: null });
    expect((await stdout).equals(GARBAGE)).toBe(true);
    const text = stderr();
    expect(text).toContain('garbage server: about to die\n');
    expect(text).toContain('━━ session 1 wrap · stdio');
    expect(text).toMatch(/→ {2}req 0 .*initialize/);
    expect(text).toMatch(/← {2}res 0 .*initialize .*↔ #2/);
    expect(text).toContain('invalid-json: not valid JSON');
    expect(text).toMatch(/evt .*exit .*\{"code":3,"signal":null\}/);
    expect(text).not.toMatch(/\x1b\[/);
  });

  it('--live FILE writes the transcript to FILE: a line for each record of the capture', async () => {
    const capture = out('live-out.ndjson');
    const transcript = out('live.txt');
    // Wide enough for the capture's path on the header line.
    const { child, stderr } = spawnWrap(
      ['--out', capture, '--live', transcript, '--width', '300'],
      ['node', BROKEN, 'garbage'],
    );
    child.stdout.resume();
    child.stdin.write(REQUEST);
    expect(await exitOf(child)).toEqual({ code: 3, signal: null });
    expect(Buffer.from(stderr(), 'latin1').length).toBeGreaterThan(0);
    expect(stderr()).toContain('garbage server: about to die'); // only the server's own
    expect(stderr()).not.toContain('mcptrace');
    const text = readFileSync(transcript, 'utf8');
    expect(text).toContain(`━━ session 1 ${capture} · stdio`);
    expect(text).toContain('invalid-json');
    // The same records as `annotate` of the capture afterwards.
    const annotated = await annotate(capture);
    // Each record's line starts with its number: #1, #2, … one for each record of the capture.
    const numbers = text
      .split('\n')
      .map((l) => /^ *#(\d+) \d\d:\d\d:\d\d\.\d{3} /.exec(l)?.[1])
      .filter((n) => n !== undefined);
    expect(numbers).toEqual(annotated.map((r) => String(r.seq)));
    // The server's stderr is among them: its two lines one log record, as annotate reads the capture.
    expect(annotated.filter((r) => r.kind === 'log').map((r) => r.text)).toEqual([
      'garbage server: about to die\n\uFFFD',
    ]);
    expect(text).toContain('garbage server: about to die');
  });
});

describe('wrap: exits and signals', () => {
  it('a server killed by SIGKILL: exit 137, the capture says so', async () => {
    const capture = out('killed.ndjson');
    const { child } = spawnWrap(['--out', capture], ['node', BROKEN, 'killed']);
    child.stdout.resume();
    expect(await exitOf(child)).toEqual({ code: 137, signal: null });
    expect(readCapture(capture).at(-1)).toMatchObject({ event: 'exit', code: null, signal: 'SIGKILL' });
  });

  it('a server that ignores stdin closing keeps running; SIGTERM is forwarded and wrap exits 143', async () => {
    const capture = out('deaf.ndjson');
    const { child, stderr } = spawnWrap(['--out', capture], ['node', BROKEN, 'deaf']);
    const stdout = collect(child.stdout);
    await waitForLine(capture, 'ready');
    child.stdin.end();
    await delay(500);
    expect(child.exitCode).toBeNull(); // stdin closed, the server runs on, so does wrap
    child.kill('SIGTERM');
    expect(await exitOf(child)).toEqual({ code: 143, signal: null });
    expect(stderr()).toBe('');
    expect((await stdout).toString()).toContain('"data":"got SIGTERM"'); // the server saw the signal and answered
    const records = readCapture(capture);
    expect(records.filter((r) => r.event).map((r) => r.event)).toEqual([
      'start',
      'stdin-closed',
      'stdout-closed',
      'exit',
    ]);
    expect(records.at(-1)).toMatchObject({ event: 'exit', code: null, signal: 'SIGTERM' });
  });

  it.each([
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const)('%s is forwarded: the server dies of it and wrap exits %i', async (signal, code) => {
    const capture = out(`${signal}.ndjson`);
    const { child } = spawnWrap(['--out', capture], ['node', BROKEN, 'deaf']);
    child.stdout.resume();
    await waitForLine(capture, 'ready');
    child.kill(signal);
    expect(await exitOf(child)).toEqual({ code, signal: null });
    expect(readCapture(capture).at(-1)).toMatchObject({ event: 'exit', code: null, signal });
  });

  it('a server that ignores every signal keeps wrap waiting (until --kill-after); wrap ends when the server dies', async () => {
    const capture = out('stubborn.ndjson');
    const { child } = spawnWrap(['--out', capture], ['node', BROKEN, 'stubborn']);
    child.stdout.resume();
    await waitForLine(capture, 'ready');
    child.stdin.end();
    child.kill('SIGTERM');
    await delay(500);
    expect(child.exitCode).toBeNull();
    const pid = readCapture(capture)[0].pid as number;
    process.kill(pid, 'SIGKILL');
    expect(await exitOf(child)).toEqual({ code: 137, signal: null });
    expect(readCapture(capture).at(-1)).toMatchObject({ event: 'exit', signal: 'SIGKILL' });
  });

  it('a server that closes its stdout early: stdout-closed is recorded, and wrap waits for the exit', async () => {
    const capture = out('closed-out.ndjson');
    const { child } = spawnWrap(['--out', capture], ['node', BROKEN, 'closed-out']);
    const stdout = collect(child.stdout);
    await waitFor(() => existsSync(capture) && readFileSync(capture, 'utf8').includes('stdout-closed'));
    expect(child.exitCode).toBeNull();
    child.stdin.end('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    expect((await stdout).length).toBe(0);
    expect(readCapture(capture).map((r) => r.event ?? r.dir)).toEqual([
      'start',
      'stdout-closed',
      'c2s',
      'stdin-closed',
      'exit',
    ]);
  });

  it('a command that cannot start: one line on stderr, exit 2, nothing on stdout', async () => {
    const capture = out('enoent.ndjson');
    const { child, stderr } = spawnWrap(['--out', capture], ['mcptrace-no-such-server', '--stdio']);
    const stdout = collect(child.stdout);
    child.stdin.end();
    expect(await exitOf(child)).toEqual({ code: 2, signal: null });
    expect((await stdout).length).toBe(0);
    expect(stderr()).toBe('mcptrace: cannot start mcptrace-no-such-server: command not found (ENOENT)\n');
    expect(readCapture(capture).map(({ ts, ...r }) => r)).toEqual([
      {
        event: 'spawn-error',
        command: ['mcptrace-no-such-server', '--stdio'],
        message: 'cannot start mcptrace-no-such-server: command not found (ENOENT)',
      },
    ]);
  });

  it.each([
    [[], 'wrap needs the server command after --'],
    [['node', 'server.js'], 'put the server command after --'],
    [
      ['--out', '/nonexistent-dir/x.ndjson', '--', 'node'],
      '--out /nonexistent-dir/x.ndjson: the folder /nonexistent-dir does not exist',
    ],
    [['--max-line', '0', '--', 'node'], '--max-line 0'],
  ])('usage error %j: exit 2 with one line', async (args, message) => {
    const { child, stderr } = spawnMcptrace(['wrap', ...args]);
    child.stdin.end();
    expect(await exitOf(child)).toEqual({ code: 2, signal: null });
    expect(stderr()).toContain(message);
    expect(stderr().trim().split('\n')).toHaveLength(1);
  });
});

describe("wrap records the server's stderr", () => {
  /** What the traceback server writes to stderr, byte for byte (test/fixtures/live/broken-server.mjs). */
  const TRACEBACK = [
    'Traceback (most recent call last):',
    '  File "/srv/tools/server.py", line 42, in <module>',
    '    main()',
    '  File "/srv/tools/server.py", line 38, in main',
    "    url = os.environ['DATABASE_URL']",
    "KeyError: 'DATABASE_URL'",
  ];
  const STDERR = Buffer.from(`INFO starting tool server\n${TRACEBACK.join('\n')}\n${'x'.repeat(297)}€\nbye`);
  const run = async (name: string, options: string[]) => {
    const capture = out(name);
    const { child } = spawnWrap(['--out', capture, '--max-line', '299', ...options], ['node', BROKEN, 'traceback']);
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    child.stdin.write(REQUEST);
    expect(await exitOf(child)).toEqual({ code: 1, signal: null });
    expect((await stdout).length).toBe(0);
    expect((await stderr).equals(STDERR)).toBe(true); // forwarded unchanged, recorded or not
    return capture;
  };

  it('each line exactly as the stdout lines are (a line longer than --max-line cut, the last one partial); why names the exception', async () => {
    const capture = await run('stderr.ndjson', []);
    const records = readCapture(capture);
    expect(records.filter((r) => r.dir === 'stderr').map(({ ts, ...r }) => r)).toEqual([
      { dir: 'stderr', line: 'INFO starting tool server' },
      ...TRACEBACK.map((line) => ({ dir: 'stderr', line })),
      // Cut at 299 bytes, inside the euro sign: the line keeps whole characters, and tells its true size.
      { dir: 'stderr', line: 'x'.repeat(297), truncated: true, bytes: 300 },
      { dir: 'stderr', line: 'bye', partial: true },
    ]);
    // Read back, the run of stderr lines is one log record, its traceback one exception.
    const [s] = await why(capture);
    expect(s!.diagnoses.map((d) => [d.cause, d.side, d.impact])).toEqual([['server-exited', 'server', 'failed']]);
    const d = s!.diagnoses[0]!;
    expect(d.evidence.map((e) => e.text)).toEqual([TRACEBACK.at(-1), 'exit code 1']);
    const lines = readFileSync(capture, 'utf8').split('\n');
    const at = (source: string) => JSON.parse(lines[Number(source.slice(source.lastIndexOf(':') + 1)) - 1]!);
    expect(at(d.evidence[0]!.source)).toMatchObject({ dir: 'stderr', line: TRACEBACK.at(-1) });
    expect(d.summary).toBe(`the server exited before answering initialize: ${TRACEBACK.at(-1)}`);
    const logs = (await annotate(capture)).filter((r) => r.kind === 'log');
    // (The partial last line is recorded when stderr closes, which may be after the stdout-closed event: a run of its own.)
    expect(logs.map((r) => r.text).join('\n')).toBe(
      ['INFO starting tool server', ...TRACEBACK, 'x'.repeat(297), 'bye'].join('\n'),
    );
    expect(logs[0]!.text.startsWith(['INFO starting tool server', ...TRACEBACK].join('\n'))).toBe(true);
  });

  it('--no-stderr: forwarded only, as before; the crash has only its exit code to go by', async () => {
    const capture = await run('no-stderr.ndjson', ['--no-stderr']);
    const records = readCapture(capture);
    expect(records.map((r) => r.event ?? r.dir)).toEqual(['start', 'c2s', 'stdout-closed', 'exit']);
    const [s] = await why(capture);
    expect(s!.diagnoses.map((d) => [d.cause, d.side, d.evidence.map((e) => e.text)])).toEqual([
      ['server-exited', 'unknown', ['exit code 1']],
    ]);
  });
});

describe('wrap --append', () => {
  it('adds a run to the capture: each run begins with its own start and is its own session', async () => {
    const capture = out('append.ndjson');
    const request = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}\n`;
    for (const [i, options] of [[], ['--append']].entries()) {
      const { child } = spawnWrap(['--out', capture, ...options], ['cat']);
      child.stdout.resume();
      child.stdin.end(request(i));
      expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    }
    const records = readCapture(capture);
    expect(records.map((r) => r.event ?? r.dir)).toEqual([
      'start',
      'c2s',
      'stdin-closed',
      's2c',
      'stdout-closed',
      'exit',
      'start',
      'c2s',
      'stdin-closed',
      's2c',
      'stdout-closed',
      'exit',
    ]);
    const annotated = await annotate(capture);
    expect(annotated.map((r) => r.session)).toEqual(['1', '1', '1', '1', '1', '1', '2', '2', '2', '2', '2', '2']);
  });
});

async function waitFor(cond: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await delay(20);
  }
}

/** Waits until the capture has a line whose text contains `text` (the server is up and talking). */
const waitForLine = (capture: string, text: string) =>
  waitFor(() => existsSync(capture) && readFileSync(capture, 'utf8').includes(text));
