// `--follow` end to end: the built CLI follows a file a writer is still appending to, truncating and replacing.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseNdjson, REPO_ROOT, runCli, spawnCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const sampleLines = (name: string) =>
  readFileSync(join(REPO_ROOT, 'samples', name), 'utf8')
    .split('\n')
    .filter((l) => l !== '');
const everything = sampleLines('everything.envelope.ndjson');
const memory = sampleLines('memory.envelope.ndjson');

let dir = '';
let children: ChildProcessWithoutNullStreams[] = [];
beforeEach(() => {
  dir = tempDir('follow-cli');
});
afterEach(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  children = [];
  rmSync(dir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcessWithoutNullStreams;
  out: () => string;
  err: () => string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(args: string[]): Running {
  const child = spawnCli(args);
  children.push(child);
  child.stdin.end();
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
  child.stderr.on('data', (b: Buffer) => (err += b.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, out: () => out, err: () => err, exited };
}

/**
 * Resolves once `cond()` holds, looked at again whenever the process writes or ends (what the conditions read);
 * rejects after `ms`. Only "eventually" is asserted, never how fast.
 */
function eventually(cond: () => boolean, what: string, r: Running, ms = 15_000): Promise<void> {
  const { stdout, stderr } = r.child;
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      stdout.off('data', check);
      stderr.off('data', check);
      r.child.off('close', check);
    };
    const check = () => {
      let held: boolean;
      try {
        held = cond();
      } catch (err) {
        stop();
        reject(err as Error);
        return;
      }
      if (!held) return;
      stop();
      resolve();
    };
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(`not within ${ms} ms: ${what}\nstdout: ${r.out().slice(-600)}\nstderr: ${r.err().slice(-2000)}`),
      );
    }, ms);
    // Added after the listeners that collect the output, so a check sees the chunk that woke it.
    stdout.on('data', check);
    stderr.on('data', check);
    r.child.on('close', check);
    check();
  });
}

/** Stops the follow like Ctrl-C and waits for the exit; fails if the process does not end by itself. */
async function interrupt(r: Running, signal: NodeJS.Signals = 'SIGINT', ms = 15_000) {
  r.child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not exit within ${ms} ms of ${signal}; stderr: ${r.err()}`)), ms);
  });
  try {
    return await Promise.race([r.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The complete JSON lines of the process's log (`--log-level debug`). */
function logLines(r: Running): Record<string, unknown>[] {
  const err = r.err();
  const complete = err.slice(0, err.lastIndexOf('\n') + 1);
  return complete
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/**
 * Waits until the follower has read `file` up to its size now and its records were taken by the command: run with
 * `--log-level debug`, it logs `caught up` with the offset it reached. By then its Ctrl-C handler is in place (a
 * signal sent earlier would end it the default way).
 */
function caughtUp(r: Running, file: string): Promise<void> {
  const size = statSync(file).size;
  return eventually(
    () => logLines(r).some((l) => l.msg === 'caught up' && l.at === size),
    `the follower caught up at ${size} bytes`,
    r,
  );
}

const records = (r: Running) => parseNdjson(r.out().slice(0, r.out().lastIndexOf('\n') + 1));

describe('annotate --follow', () => {
  it('prints records while the writer is still writing, a split line once complete, and goes on across truncation and replacement', async () => {
    const file = join(dir, 's.ndjson');
    writeFileSync(file, everything.slice(0, 4).join('\n') + '\n');
    const r = start(['annotate', '-f', 'ndjson', '--no-body', '--follow', file, '--log-level', 'debug']);
    await eventually(() => records(r).length === 4, 'the records already in the file', r);

    // Bursts of appended lines; the output keeps up while the writer is still going.
    let written = 4;
    for (const burst of [3, 5, 2]) {
      appendFileSync(file, everything.slice(written, written + burst).join('\n') + '\n');
      written += burst;
      await eventually(() => records(r).length === written, `the records of a burst (${written})`, r);
    }

    // One line in two writes, the follower having read the first: no record (and no invalid record) until its end
    // arrives. (A record made of the first part would be printed later than the log line: the checks of all the
    // records below see it.)
    const line = everything[written] + '\n';
    appendFileSync(file, line.slice(0, 40));
    await caughtUp(r, file);
    expect(records(r)).toHaveLength(written);
    appendFileSync(file, line.slice(40));
    written++;
    await eventually(() => records(r).length === written, 'the record of the split line', r);

    const first = records(r);
    expect(first.map((x) => x.seq)).toEqual(first.map((_, i) => i + 1));
    expect(first.map((x) => x.source)).toEqual(first.map((_, i) => `${file}:${i + 1}`));
    expect(first.filter((x) => x.kind === 'invalid')).toEqual([]);
    expect(new Set(first.map((x) => x.session))).toEqual(new Set(['1']));

    // Truncated, and a new session written from the start: a new stream with its own session.
    truncateSync(file, 0);
    await eventually(() => /was truncated; reading from the start/.test(r.err()), 'the truncation note', r);
    appendFileSync(file, memory.slice(0, 3).join('\n') + '\n');
    await eventually(() => records(r).length === written + 3, 'the records after the truncation', r);
    const afterTruncation = records(r).slice(written);
    expect(afterTruncation.map((x) => x.source)).toEqual([`${file}:1`, `${file}:2`, `${file}:3`]);
    expect(afterTruncation[1]).toMatchObject({ kind: 'request', method: 'initialize' });
    expect(new Set(afterTruncation.map((x) => x.session))).toEqual(new Set(['2']));

    // Replaced: a new file renamed over the path.
    writeFileSync(join(dir, 'next.tmp'), memory.slice(0, 2).join('\n') + '\n');
    renameSync(join(dir, 'next.tmp'), file);
    await eventually(() => records(r).length === written + 5, 'the records of the new file', r);
    // The note is on stderr, written before those records, but another pipe: it may come in after them.
    await eventually(
      () => /was replaced; reading the new file from the start/.test(r.err()),
      'the replacement note',
      r,
    );
    appendFileSync(file, memory.slice(2, 4).join('\n') + '\n');
    await eventually(() => records(r).length === written + 7, 'growth of the new file', r);

    const all = records(r);
    expect(all.map((x) => x.seq)).toEqual(all.map((_, i) => i + 1));
    expect(all.filter((x) => x.kind === 'invalid')).toEqual([]);
    expect(all.at(-1)).toMatchObject({ session: '3', source: `${file}:4` });

    const { code, signal } = await interrupt(r);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  });

  it('text: Ctrl-C prints the footer with the requests still unanswered, and exits 0', async () => {
    const file = join(dir, 's.ndjson');
    writeFileSync(file, everything.slice(0, 12).join('\n') + '\n'); // ends with a roots/list request not answered yet
    const r = start(['annotate', '--follow', file]);
    await eventually(() => /roots\/list/.test(r.out()), 'the transcript so far', r);
    expect(r.out()).not.toMatch(/unanswered/);
    const { code } = await interrupt(r);
    expect(code).toBe(0);
    expect(r.out()).toMatch(/unanswered at end of input: 1 request\n.*#12 .*roots\/list/);
  });

  it('a partial last line at Ctrl-C is flushed as a record, as at the end of any input', async () => {
    const file = join(dir, 's.ndjson');
    writeFileSync(file, everything[0] + '\n' + everything[1].slice(0, 30));
    const r = start(['annotate', '-f', 'ndjson', '--follow', file, '--log-level', 'debug']);
    await caughtUp(r, file);
    await eventually(() => records(r).length === 1, 'the first record', r);
    expect(records(r)).toHaveLength(1);
    const { code } = await interrupt(r);
    expect(code).toBe(0);
    expect(records(r).map((x) => x.kind)).toEqual(['event', 'invalid']);
  });

  it('Ctrl-C while a large append is being read: every line appended before it is printed', async () => {
    const file = join(dir, 's.ndjson');
    writeFileSync(file, memory.slice(0, 2).join('\n') + '\n');
    const r = start(['annotate', '-f', 'ndjson', '--no-body', '--follow', file]);
    await eventually(() => records(r).length === 2, 'the records already in the file', r);
    // About 4 MiB of pings and their answers: many reads of 256 KiB, so Ctrl-C comes while the follower is reading them.
    const line = (i: number) =>
      i % 2 === 0
        ? `{"ts":"2026-11-30T00:13:33.000Z","dir":"c2s","line":"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":${i},\\"method\\":\\"ping\\"}"}`
        : `{"ts":"2026-11-30T00:13:33.001Z","dir":"s2c","line":"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":${i - 1},\\"result\\":{}}"}`;
    const block = Array.from({ length: 40_000 }, (_, i) => line(i) + '\n').join('');
    appendFileSync(file, block);
    await eventually(() => records(r).length > 2, 'the first records of the block', r);
    const { code } = await interrupt(r);
    expect(code).toBe(0);
    const all = records(r);
    expect({ records: all.length, last: all.at(-1)?.source }).toEqual({ records: 40_002, last: `${file}:40002` });
    expect(all.filter((x) => x.kind === 'invalid')).toEqual([]);
  });

  it('a file that does not exist yet is waited for, then read from its start; SIGTERM stops like Ctrl-C', async () => {
    const file = join(dir, 'later.ndjson');
    const r = start(['annotate', '-f', 'ndjson', '-F', file]);
    await eventually(() => /does not exist yet; waiting for it/.test(r.err()), 'the waiting note', r);
    writeFileSync(file, memory.slice(0, 3).join('\n') + '\n');
    await eventually(() => records(r).length === 3, 'the records once the file exists', r);
    const { code } = await interrupt(r, 'SIGTERM');
    expect(code).toBe(0);
  });

  it('stdin with --follow is read as usual; Ctrl-C ends it and the footer is printed', async () => {
    const child = spawnCli(['annotate', '--follow', '-']);
    children.push(child);
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    child.stdin.write(everything.slice(0, 12).join('\n') + '\n'); // stdin stays open
    const r = { child, out: () => out, err: () => '', exited: exited.then((code) => ({ code, signal: null })) };
    await eventually(() => /roots\/list/.test(out), 'the records from stdin', r);
    const { code } = await interrupt(r);
    expect(code).toBe(0);
    expect(out).toMatch(/unanswered at end of input: 1 request/);
  });
});

describe('stats --follow', () => {
  it('not a terminal: prints nothing while following, then one final table on Ctrl-C', async () => {
    const file = join(dir, 's.ndjson');
    writeFileSync(file, memory.slice(0, 10).join('\n') + '\n');
    const r = start(['stats', '--follow', file, '--log-level', 'debug']);
    await caughtUp(r, file);
    appendFileSync(file, memory.slice(10).join('\n') + '\n');
    await caughtUp(r, file); // every record counted, and nothing printed
    expect(r.out()).toBe('');
    const { code } = await interrupt(r);
    expect(code).toBe(0);
    expect(r.out().match(/Totals/g)).toHaveLength(1);
    expect(r.out()).not.toMatch(/\x1b\[/);
    const plain = await runCli(['stats', file]);
    expect(r.out()).toBe(plain.stdout);
  });

  it('-f json: the final statistics equal those of the finished file', async () => {
    const file = join(dir, 's.ndjson');
    writeFileSync(file, memory.slice(0, 20).join('\n') + '\n');
    const r = start(['stats', '-f', 'json', '--follow', file, '--log-level', 'debug']);
    await caughtUp(r, file);
    appendFileSync(file, memory.slice(20).join('\n') + '\n');
    await caughtUp(r, file);
    const { code } = await interrupt(r);
    expect(code).toBe(0);
    const live = JSON.parse(r.out());
    expect(live).toEqual(JSON.parse((await runCli(['stats', '-f', 'json', file])).stdout));
    expect(live.messages).toBe(memory.length - 4); // every line but the transport events
  });
});

describe('audit --follow', () => {
  it('Ctrl-C prints the report and exits 1 when findings reach --fail-on', async () => {
    const file = join(dir, 's.ndjson');
    writeFileSync(file, memory.slice(0, 10).join('\n') + '\n');
    const r = start(['audit', '-f', 'json', '--follow', file, '--log-level', 'debug']);
    await caughtUp(r, file);
    // An envelope cut short (a line that opens as one is a record the capture meant): a broken frame, not log text.
    appendFileSync(file, '{"ts":"2026-11-29T22:00:00.010Z","dir":"c2s","line":"{\\"jsonrpc\\":\n');
    await caughtUp(r, file); // the invalid line was read, and nothing printed
    expect(r.out()).toBe('');
    const { code } = await interrupt(r);
    expect(code).toBe(1);
    const report = JSON.parse(r.out());
    expect(report.summary.failed).toBe(true);
    expect(report.findings.map((f: { rule: string }) => f.rule)).toContain('invalid-frame');
  });

  it('exits 0 when nothing reaches --fail-on', async () => {
    const file = join(dir, 's.ndjson');
    writeFileSync(file, memory.join('\n') + '\n');
    const r = start(['audit', '-f', 'json', '--follow', file, '--log-level', 'debug']);
    await caughtUp(r, file);
    const { code } = await interrupt(r);
    expect(code).toBe(0);
    expect(JSON.parse(r.out()).summary.failed).toBe(false);
  });

  it('--out: the report file is written at the end, stdout stays empty', async () => {
    const file = join(dir, 's.ndjson');
    const report = join(dir, 'report.md');
    writeFileSync(file, memory.join('\n') + '\n');
    const r = start(['audit', '-f', 'markdown', '-o', report, '--follow', file, '--log-level', 'debug']);
    await caughtUp(r, file);
    const { code } = await interrupt(r);
    expect(code).toBe(0);
    expect(r.out()).toBe('');
    expect(readFileSync(report, 'utf8')).toMatch(/^#/);
  });
});

describe('--follow on a file that stays empty', () => {
  it.each([['annotate'], ['stats'], ['audit']])(
    '%s: at Ctrl-C, the one line that it held no message',
    async (command) => {
      const file = join(dir, 'empty.ndjson');
      writeFileSync(file, '');
      const r = start([command, '--follow', file, '--log-level', 'debug']);
      await caughtUp(r, file);
      const { code } = await interrupt(r);
      expect(code).toBe(0);
      expect(
        r
          .err()
          .split('\n')
          .filter((l) => l.startsWith('mcptrace:')),
      ).toEqual([`mcptrace: ${file}: empty, no MCP messages`]);
    },
  );
});

describe('--follow on several files and on a folder', () => {
  const sourceFiles = (r: Running) => new Set(records(r).map((x) => String(x.source).replace(/:\d+$/, '')));

  it('follows each file at once, every record tagged by its file; Ctrl-C ends them all', async () => {
    const a = join(dir, 'a.ndjson');
    const b = join(dir, 'b.ndjson');
    writeFileSync(a, everything.slice(0, 3).join('\n') + '\n');
    writeFileSync(b, memory.slice(0, 2).join('\n') + '\n');
    const r = start(['annotate', '-f', 'ndjson', '--no-body', '--follow', a, b]);
    await eventually(() => records(r).length === 5, 'the records already in both files', r);
    appendFileSync(b, memory.slice(2, 4).join('\n') + '\n');
    await eventually(
      () => records(r).filter((x) => String(x.source).startsWith(`${b}:`)).length === 4,
      'what was appended to the second file',
      r,
    );
    appendFileSync(a, everything.slice(3, 5).join('\n') + '\n');
    await eventually(
      () => records(r).filter((x) => String(x.source).startsWith(`${a}:`)).length === 5,
      'what was appended to the first file',
      r,
    );
    expect([...sourceFiles(r)].sort()).toEqual([a, b]);
    const { code } = await interrupt(r);
    expect(code).toBe(0);
  });

  it("follows a folder's logs, and a log that appears in it", async () => {
    const logs = join(dir, 'logs');
    mkdirSync(logs);
    const first = join(logs, 'first.ndjson');
    writeFileSync(first, everything.slice(0, 2).join('\n') + '\n');
    writeFileSync(join(logs, 'notes.md'), '# not a log\n');
    const r = start(['annotate', '-f', 'ndjson', '--no-body', '--follow', logs]);
    await eventually(() => records(r).length === 2, 'the records of the log already in the folder', r);
    const later = join(logs, 'later.ndjson');
    writeFileSync(later, memory.slice(0, 3).join('\n') + '\n');
    await eventually(
      () => records(r).filter((x) => String(x.source).startsWith(`${later}:`)).length === 3,
      'the records of the log that appeared',
      r,
    );
    appendFileSync(first, everything.slice(2, 3).join('\n') + '\n');
    await eventually(() => records(r).length === 6, 'what was appended to the first log', r);
    expect([...sourceFiles(r)].sort()).toEqual([later, first].sort());
    const { code } = await interrupt(r);
    expect(code).toBe(0);
  });
});

describe('audit --follow on a folder with no log yet', () => {
  it('waits for one, and the report at Ctrl-C holds what appeared', async () => {
    const logs = join(dir, 'later-logs');
    mkdirSync(logs);
    const r = start(['audit', '-f', 'json', '--follow', logs, '--log-level', 'debug']);
    await eventually(
      () => logLines(r).some((l) => l.msg === 'watching the folder' && l.input === logs),
      'the folder watched',
      r,
    );
    const file = join(logs, 'late.ndjson');
    writeFileSync(file, everything.join('\n') + '\n');
    await caughtUp(r, file);
    const { code } = await interrupt(r);
    expect(code === 0 || code === 1).toBe(true);
    const report = JSON.parse(r.out());
    expect(report.stats.messages).toBeGreaterThan(10);
  });
});

describe('--follow usage errors', () => {
  it.each([[['annotate', '--follow', '-', '-'], /stdin \(-\) can be read only once/]])(
    '%j → exit 2',
    async (args, message) => {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    },
  );
});

describe('annotate --follow: the file removed and created again', () => {
  it('notes the removal, then reads the new file as a new stream', async () => {
    const file = join(dir, 's.ndjson');
    writeFileSync(file, memory.slice(0, 3).join('\n') + '\n');
    const r = start(['annotate', '-f', 'ndjson', '--follow', file]);
    await eventually(() => records(r).length === 3, 'the first records', r);
    rmSync(file);
    await eventually(() => /was removed/.test(r.err()), 'the removal note', r);
    writeFileSync(file, memory.slice(0, 2).join('\n') + '\n');
    await eventually(() => records(r).length === 5, 'the records of the new file', r);
    expect(
      records(r)
        .slice(3)
        .map((x) => x.source),
    ).toEqual([`${file}:1`, `${file}:2`]);
    const { code } = await interrupt(r);
    expect(code).toBe(0);
  });
});

// The use case --follow is for: `mcptrace wrap --out FILE` in one terminal, `annotate --follow FILE` in another.
describe.skipIf(!existsSync(join(REPO_ROOT, 'dist', 'src', 'cli', 'wrap.js')))(
  'annotate --follow on a `wrap --out` capture',
  () => {
    it('shows each message of the wrapped session while it is going on', async () => {
      const server = join(dir, 'server.mjs');
      writeFileSync(
        server,
        `import readline from 'node:readline';
readline.createInterface({ input: process.stdin }).on('line', (l) => {
  const m = JSON.parse(l);
  if (m.id === undefined) return;
  const result = m.method === 'initialize' ? { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } : {};
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n');
});
`,
      );
      const capture = join(dir, 'capture.ndjson');
      const r = start(['annotate', '-f', 'ndjson', '--no-body', '--follow', capture]);
      await eventually(() => /waiting for it/.test(r.err()), 'the follower waiting for the capture', r);
      const wrap = spawnCli(['wrap', '--out', capture, '--', process.execPath, server]);
      children.push(wrap);
      wrap.stdout.resume();
      const wrapExit = new Promise<number | null>((resolve) => wrap.on('close', (c) => resolve(c)));
      const send = (m: object) => wrap.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n');
      const has = (pred: (x: Record<string, any>) => boolean) => () => records(r).some(pred);

      send({
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      });
      await eventually(
        has((x) => x.kind === 'response' && x.method === 'initialize'),
        'the initialize response, live',
        r,
      );
      send({ method: 'notifications/initialized' });
      send({ id: 1, method: 'ping' });
      await eventually(
        has((x) => x.kind === 'response' && x.method === 'ping' && x.dir === 's2c'),
        'the ping response, live',
        r,
      );
      expect(wrap.exitCode).toBeNull(); // the session is still going on
      wrap.stdin.end();
      expect(await wrapExit).toBe(0);
      await eventually(
        has((x) => x.kind === 'event' && x.event?.name === 'exit'),
        'the exit event',
        r,
      );

      const { code } = await interrupt(r);
      expect(code).toBe(0);
      const all = records(r);
      expect(all.filter((x) => x.kind === 'invalid')).toEqual([]);
      expect(all.map((x) => x.seq)).toEqual(all.map((_, i) => i + 1));
      expect(all.find((x) => x.kind === 'response' && x.method === 'ping')).toMatchObject({
        pair: expect.any(Number),
        session: '1',
      });
    });
  },
);
