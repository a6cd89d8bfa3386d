// Reading stdin (`-` and no file), live streaming (records printed as lines arrive) and an early-closed stdout. The
// process's stdin and stdout are the subject: the built executable runs, its stdin and stdout pipes; what a file gives,
// to compare with, comes from an in-process run (test/helpers/in-process.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { parseNdjson, REPO_ROOT, runCli, spawnCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

const sample = (name: string) => readFileSync(join(REPO_ROOT, 'samples', name), 'utf8');
const withSource = (stdout: string, from: string, to: string) =>
  stdout.replaceAll(`"source":"${from}:`, `"source":"${to}:`);

describe('stdin', () => {
  it.each(['everything.envelope.ndjson', 'everything.ndjson', 'everything.transcript.txt', 'everything.json'])(
    '`annotate -f ndjson -` and `annotate -f ndjson` (no file) read %s from stdin; source is -:line',
    async (name) => {
      const input = sample(name);
      const [file, dash, none] = await Promise.all([
        runMain(['annotate', '-f', 'ndjson', `samples/${name}`]),
        runCli(['annotate', '-f', 'ndjson', '-'], { input }),
        runCli(['annotate', '-f', 'ndjson'], { input }),
      ]);
      for (const r of [file, dash, none]) expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      expect(parseNdjson(dash.stdout).length).toBeGreaterThan(100);
      expect(dash.stdout).toBe(withSource(file.stdout, `samples/${name}`, '-'));
      expect(none.stdout).toBe(dash.stdout);
    },
  );

  it('stats reads stdin too', async () => {
    const [file, dash] = await Promise.all([
      runMain(['stats', '-f', 'json', 'samples/memory.envelope.ndjson']),
      runCli(['stats', '-f', 'json', '-'], { input: sample('memory.envelope.ndjson') }),
    ]);
    expect(dash.code).toBe(0);
    const a = JSON.parse(file.stdout);
    const b = JSON.parse(dash.stdout);
    expect(b.sessions[0].file).toBe('-');
    b.sessions[0].file = a.sessions[0].file;
    expect(b).toEqual(a);
  });

  it('empty stdin: no records, exit 0, and one line saying it held no message', async () => {
    const r = await runCli(['annotate', '-f', 'ndjson', '-'], { input: '' });
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 0,
      stdout: '',
      stderr: 'mcptrace: -: empty, no MCP messages\n',
    });
  });

  it('a file and stdin in one run: `annotate FILE -` reads both, in that order', async () => {
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}\n';
    const r = await runCli(['annotate', '-f', 'ndjson', 'samples/memory.envelope.ndjson', '-'], { input: ping });
    expect(r.code).toBe(0);
    const rs = parseNdjson(r.stdout);
    expect(rs.at(-1)).toMatchObject({ source: '-:1', kind: 'request', method: 'ping' });
    expect(rs.filter((x) => x.source.startsWith('samples/'))).toHaveLength(47);
  });
});

describe('live streaming: each record is printed when its line arrives, not at end of input', () => {
  let child: ChildProcessWithoutNullStreams | null = null;
  afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    child = null;
  });

  /** Collects the child's stdout from now on (attach before anything is written). */
  function collect(c: ChildProcessWithoutNullStreams): { text: string } {
    const out = { text: '' };
    c.stdout.on('data', (b: Buffer) => (out.text += b.toString('utf8')));
    return out;
  }

  /** Resolves with the first `n` complete lines of `out` once they are there; rejects after `ms`. */
  function linesArrive(
    c: ChildProcessWithoutNullStreams,
    n: number,
    ms: number,
    out: { text: string },
  ): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const lines = out.text.split('\n');
        if (lines.length <= n) return;
        c.stdout.off('data', check);
        clearTimeout(timer);
        resolve(lines.slice(0, n));
      };
      const timer = setTimeout(() => {
        c.stdout.off('data', check);
        reject(
          new Error(
            `only ${out.text.split('\n').length - 1} of ${n} lines within ${ms} ms while stdin stayed open; got: ${out.text.slice(0, 300)}`,
          ),
        );
      }, ms);
      c.stdout.on('data', check);
      check();
    });
  }

  const exited = (c: ChildProcessWithoutNullStreams) =>
    new Promise<number | null>((resolve) => c.on('close', (code) => resolve(code)));

  it.each([
    ['raw NDJSON', 'everything.ndjson', 1, 'initialize'],
    ['envelope NDJSON', 'everything.envelope.ndjson', 2, 'initialize'],
    ['transcript (one-line records)', 'everything.transcript.txt', 76, 'notifications/tools/list_changed'],
  ])('%s', async (_label, name, upTo, lastMethod) => {
    const lines = sample(name).split('\n');
    const c = (child = spawnCli(['annotate', '-f', 'ndjson', '-']));
    const err: string[] = [];
    c.stderr.on('data', (b: Buffer) => err.push(b.toString()));
    const done = exited(c);
    const out = collect(c);
    // The first `upTo` lines, stdin left open: the records they hold must come out now.
    c.stdin.write(lines.slice(0, upTo).join('\n') + '\n');
    const wantFirst = name === 'everything.transcript.txt' ? 6 : upTo;
    const first = (await linesArrive(c, wantFirst, 10_000, out)).map((l) => JSON.parse(l));
    expect(first.map((r) => r.seq)).toEqual(first.map((_, i) => i + 1));
    expect(first.at(-1)).toMatchObject({ method: lastMethod, source: `-:${upTo}` });
    // Nothing beyond what was written: the next line's record appears only after it is written.
    const next = lines[upTo];
    c.stdin.write(next + '\n');
    const more = (await linesArrive(c, wantFirst + 1, 10_000, out)).map((l) => JSON.parse(l));
    expect(more.at(-1)!.source).toBe(`-:${upTo + 1}`);
    c.stdin.end();
    expect(await done).toBe(0);
    expect(err.join('')).toBe('');
  });

  it('text output is streamed as well', async () => {
    const lines = sample('everything.ndjson').split('\n');
    const c = (child = spawnCli(['annotate', '-']));
    const done = exited(c);
    const out = collect(c);
    c.stdin.write(lines[0] + '\n');
    const first = await linesArrive(c, 2, 10_000, out); // the session title, then the record
    expect(first[0]).toMatch(/session 1/);
    expect(first[1]).toMatch(/#1 .*req 0 .*initialize/);
    c.stdin.end(lines[1] + '\n');
    expect(await done).toBe(0);
    expect(out.text).toMatch(/res 0 .*initialize/);
  });
});

describe('stdout closed early (`mcptrace … | head -1`)', () => {
  // Many copies of the sample, so the CLI is still writing when the reader goes away.
  const files = Array.from({ length: 40 }, () => 'samples/everything.envelope.ndjson');

  it.each([[['annotate']], [['annotate', '-f', 'ndjson']], [['annotate', '-f', 'json']], [['stats', '-f', 'json']]])(
    '%j: ends quietly, without a stack trace',
    async (args) => {
      const c = spawnCli([...args, ...files]);
      c.stdin.end();
      let err = '';
      let got = 0;
      c.stderr.on('data', (b: Buffer) => (err += b.toString()));
      c.stdout.once('data', (b: Buffer) => {
        got = b.length;
        c.stdout.destroy();
      });
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        c.on('close', (x, s) => resolve([x, s])),
      );
      expect(got).toBeGreaterThan(0);
      expect(err).not.toMatch(/^\s+at\s/m);
      expect(err).not.toMatch(/EPIPE|Error/);
      expect(err).toBe('');
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    },
    60_000,
  );
});
