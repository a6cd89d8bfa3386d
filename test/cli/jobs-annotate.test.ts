// `annotate --jobs N`: the records' output of `-f ndjson` and `-f json` made by workers, file by file and in pieces of
// one large file, is byte for byte one thread's: stdout, stderr and the exit code, where a cut holds and where it does
// not (the file read again whole, the output of the pieces already written left out). Most runs are in-process with the
// workers' work done in this thread (MCPTRACE_JOBS_IN_THREAD: the same tasks and messages, structured-cloned, chunks'
// buffers moved); the last tests spawn the built CLI with real worker threads.
import { availableParallelism } from 'node:os';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../helpers/cli.js';
import { corpusFiles } from '../helpers/corpus.js';
import { runMain } from '../helpers/in-process.js';
import { tempDir, writeLog } from '../helpers/temp.js';

/** Every sample (the transcript twice), then every rule fixture's bad log. */
const CORPUS = corpusFiles();
const SAMPLES = CORPUS.filter((f) => f.startsWith('samples/'));
const VIOLATIONS = CORPUS.filter((f) => !f.startsWith('samples/'));
const TRANSCRIPT_VIOLATIONS = VIOLATIONS.filter((f) => f.endsWith('.txt'));

const IN_THREAD = { MCPTRACE_JOBS_IN_THREAD: '1' };
/** Pieces of 4,000 bytes at least (for the tests' small logs). */
const SMALL = { MCPTRACE_MIN_PIECE_BYTES: '4000' };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** What a `--log-level debug` run said of its work: the pieces of each file cut, and each file read again whole. */
interface Said {
  pieces: { start: number; firstLine: number }[][];
  readWhole: { skip: number }[];
}

/** stderr without the debug lines (JSON, as stderr is no terminal), and what those said. */
function split(stderr: string): { rest: string; said: Said } {
  const lines = stderr.split('\n');
  const debug = lines.filter((l) => l.startsWith('{"level":'));
  const parsed = debug.map((l) => JSON.parse(l) as { msg: string; pieces?: []; skip?: number });
  return {
    rest: lines.filter((l) => !l.startsWith('{"level":')).join('\n'),
    said: {
      pieces: parsed.filter((l) => l.msg === 'reading in pieces').map((l) => l.pieces!),
      readWhole: parsed
        .filter((l) => l.msg === 'a cut did not hold: reading the file whole')
        .map((l) => ({ skip: l.skip! })),
    },
  };
}

async function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return runMain(args, { env: { ...IN_THREAD, ...env } });
}

/** Expects `annotate ARGS` with each `--jobs` of `jobs` to give one thread's stdout, stderr and exit code. */
async function expectSame(args: string[], jobs: string[], env: Record<string, string> = {}): Promise<Said[]> {
  const base = await run(['annotate', ...args, '--jobs', '1'], env);
  const said: Said[] = [];
  for (const j of jobs) {
    const r = await run(['annotate', ...args, '--jobs', j, '--log-level', 'debug'], env);
    const { rest, said: s } = split(r.stderr);
    // The workers read the inputs, not this thread (which says when it starts reading each).
    expect(r.stderr).not.toContain('"msg":"reading"');
    // Compared as a whole: a difference shows where it is.
    expect({ code: r.code, stderr: rest, stdout: r.stdout }, `${args.join(' ')} --jobs ${j}`).toEqual({
      code: base.code,
      stderr: base.stderr,
      stdout: base.stdout,
    });
    said.push(s);
  }
  return said;
}

let dir = '';
beforeAll(() => {
  dir = tempDir('jobs-annotate');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FORMATS = [
  ['-f', 'ndjson'],
  ['-f', 'json'],
];

describe('annotate --jobs over files', () => {
  for (const format of FORMATS) {
    it(`${format.join(' ')} on the samples and the rule fixtures is the same with 1, 2 and 3 workers`, async () => {
      const said = await expectSame([...format, ...SAMPLES, ...VIOLATIONS], ['2', '3']);
      expect(said.every((s) => s.pieces.length === 0)).toBe(true);
    });
  }

  it('without bodies, with filters (a pair selected, the note when nothing matched), and with the rules set', async () => {
    await expectSame(['-f', 'json', '--no-body', ...SAMPLES], ['2']);
    await expectSame(['-f', 'ndjson', '--where', 'isError or latency > 1ms', ...SAMPLES], ['2']);
    await expectSame(['-f', 'json', '--method', 'tools/cal', ...SAMPLES], ['2']);
    await expectSame(['-f', 'ndjson', '--no-logs', '--rule', 'schema-violation=off', ...VIOLATIONS], ['3']);
  });

  it('text stays in one thread (its columns depend on every record before), and so does a redacted output', async () => {
    for (const args of [
      ['annotate', ...SAMPLES],
      ['annotate', '-f', 'ndjson', '--redact', ...SAMPLES],
    ]) {
      const r = await run([...args, '--jobs', '2', '--log-level', 'debug']);
      expect(r.stderr).toContain('"msg":"reading"');
      expect(r.stdout).toBe((await run(args)).stdout);
    }
  });
});

describe('annotate --jobs on one file cut into pieces', () => {
  const logs: Record<string, string> = {};
  beforeAll(() => {
    const sample = readFileSync('samples/everything.ndjson', 'utf8');
    // Real sessions one after another, each followed by one of the rule fixtures' bad raw logs (the first eight).
    const badRaw = VIOLATIONS.filter((f) => f.endsWith('.ndjson') && !f.endsWith('.envelope.ndjson')).slice(0, 8);
    logs.raw = writeLog(dir, 'sessions.ndjson', [sample, ...badRaw.flatMap((f) => [readFileSync(f, 'utf8'), sample])]);
    const captures = [
      'samples/everything.envelope.ndjson',
      'samples/memory.envelope.ndjson',
      'test/fixtures/secrets/secrets.envelope.ndjson',
    ].map((f) => readFileSync(f, 'utf8'));
    logs.envelope = writeLog(dir, 'clean.envelope.ndjson', [...captures, ...captures, ...captures]);
    // A session named by a key with a record early and one late: it spans the cuts; read whole.
    const ping =
      '{"ts":"2026-11-30T01:00:00.000Z","session":"k1","dir":"c2s","line":"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"method\\":\\"ping\\"}"}';
    logs.keyed = writeLog(dir, 'keyed.envelope.ndjson', [...captures, ping, ...captures, ...captures, ping]);
    const transcript = readFileSync('samples/everything.transcript.txt', 'utf8');
    let n = 0;
    const session = (name = `everything-${++n}`) =>
      transcript.replace('=== session everything ===', `=== session ${name} ===`);
    const bad = TRANSCRIPT_VIOLATIONS.map((f) => `=== session ${f.split('/').at(-2)} ===\n${readFileSync(f, 'utf8')}`);
    logs.transcript = writeLog(
      dir,
      'clean.txt',
      Array.from({ length: 6 }, () => session()),
    );
    // With the broken transcript and the rule fixtures' bad ones between them: some pieces end in a record their end
    // cut off (an open value), so a cut does not hold.
    logs.mixed = writeLog(dir, 'mixed.txt', [
      session(),
      session(),
      readFileSync('test/fixtures/broken/broken.transcript.txt', 'utf8'),
      session(),
      ...bad,
      session(),
    ]);
    // A session name used again at the end: the pieces before the last are the whole file's and are written; the last
    // one's cut does not hold, and the file read again whole leaves out the records already written.
    logs.reused = writeLog(dir, 'reused.txt', [
      session('again'),
      session(),
      session(),
      session(),
      session(),
      session('again'),
    ]);
    // A value left open before every session break: the first cut does not hold.
    logs.open = writeLog(
      dir,
      'open.txt',
      Array.from({ length: 6 }, () => `${session()}[00:13:40.000] <- {\n  "jsonrpc": "2.0",\n`),
    );
  });

  for (const format of FORMATS) {
    it(`${format.join(' ')}: raw NDJSON, envelope and transcript logs in pieces, alone and beside other files`, async () => {
      for (const name of ['raw', 'envelope', 'transcript']) {
        const said = await expectSame([...format, logs[name]!], ['2', '3'], SMALL);
        for (const s of said) {
          expect(s.pieces, name).toHaveLength(1);
          // Cut by size, whatever the workers: many pieces, each small.
          expect(s.pieces[0]!.length, name).toBeGreaterThan(3);
          expect(s.readWhole, name).toEqual([]);
        }
      }
      const [beside] = await expectSame(
        [...format, SAMPLES[0]!, logs.raw!, logs.transcript!, SAMPLES[2]!],
        ['2'],
        SMALL,
      );
      expect(beside!.pieces).toHaveLength(2);
    });

    it(`${format.join(' ')}: where a cut does not hold, the file read again whole gives the same output`, async () => {
      const said = await expectSame(
        [...format, SAMPLES[2]!, logs.keyed!, logs.reused!, logs.open!, logs.mixed!],
        ['2'],
        SMALL,
      );
      const [keyed, reused, open] = said[0]!.readWhole;
      expect(said[0]!.readWhole).toHaveLength(4);
      // The keyed session's second record is far from its first; the reused name is in the last piece only, so the
      // pieces before it were written and their records are left out of the second reading; the first piece of the
      // open values ends cut off.
      expect(keyed!.skip).toBeGreaterThan(0);
      expect(reused!.skip).toBeGreaterThan(0);
      expect(open!.skip).toBe(0);
    });

    it(`${format.join(' ')}: the first piece's output is written as it is read, before its cut is known to hold`, async () => {
      // The run's first unit is the first piece of the open values: it is the one being written, so its records' output
      // goes out as it comes. Its end (the value left open) is held until its cut is checked, which fails: the file read
      // again whole leaves out the records the first piece wrote before its end, which it could not have known to be
      // the whole file's if it had waited for its end (a piece written whole once it has ended would leave out none).
      for (const name of ['open', 'mixed', 'keyed']) {
        const [said] = await expectSame([...format, logs[name]!], ['2'], SMALL);
        expect(said!.pieces, name).toHaveLength(1);
        const whole = said!.readWhole;
        expect(whole, name).toHaveLength(1);
        if (name === 'open') expect(whole[0]!.skip, name).toBeGreaterThan(0);
      }
    });
  }

  it('without --jobs: workers when the input is large (MCPTRACE_AUTO_JOBS_BYTES), one thread when it is not', async () => {
    const auto = Math.min(availableParallelism(), 4);
    const args = ['annotate', '-f', 'ndjson', logs.raw!];
    const base = await run(args);
    const large = await run([...args, '--log-level', 'debug'], { ...SMALL, MCPTRACE_AUTO_JOBS_BYTES: '100000' });
    expect({ code: large.code, stdout: large.stdout }).toEqual({ code: base.code, stdout: base.stdout });
    expect(split(large.stderr).said.pieces).toHaveLength(auto > 1 ? 1 : 0);
    const small = await run([...args, '--log-level', 'debug'], { ...SMALL, MCPTRACE_AUTO_JOBS_BYTES: '100000000' });
    expect({ code: small.code, stdout: small.stdout }).toEqual({ code: base.code, stdout: base.stdout });
    expect(split(small.stderr).said.pieces).toEqual([]);
  });

  it('in worker threads (the built CLI): a reader that goes away ends the run, its exit code 0', async () => {
    // Output enough to fill the pipe many times over: the run is still writing (its workers analysing pieces) when
    // stdout closes, and EPIPE must end it (the test times out if a worker kept the process alive).
    const sample = readFileSync('samples/everything.ndjson', 'utf8');
    const big = writeLog(
      dir,
      'big.ndjson',
      Array.from({ length: 400 }, () => sample),
    );
    const child = spawnCli(['annotate', '-f', 'ndjson', '--jobs', '2', big], {
      env: { MCPTRACE_MIN_PIECE_BYTES: '100000' },
    });
    child.stdin.end();
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b));
    let first = '';
    child.stdout.once('data', (b: Buffer) => {
      first = b.toString('utf8');
      child.stdout.destroy();
    });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (c, s) => resolve([c, s])),
    );
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    expect(first.startsWith('{"seq":1,')).toBe(true);
  });

  it('in worker threads (the built CLI): the same bytes, the pieces said on stderr', async () => {
    for (const format of FORMATS) {
      const base = await runCli(['annotate', ...format, logs.transcript!, logs.reused!]);
      const r = await runCli(
        ['annotate', ...format, '--jobs', '2', '--log-level', 'debug', logs.transcript!, logs.reused!],
        {
          env: SMALL,
        },
      );
      const { rest, said } = split(r.stderr);
      expect(said.pieces).toHaveLength(2);
      expect(said.readWhole).toHaveLength(1);
      expect({ code: r.code, stderr: rest, stdout: r.stdout }).toEqual({
        code: base.code,
        stderr: base.stderr,
        stdout: base.stdout,
      });
    }
  });
});
