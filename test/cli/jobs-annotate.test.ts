// `annotate --jobs N`: the records' output of `-f ndjson` and `-f json` made by workers, file by file and in pieces of
// one large file, is byte for byte one thread's: stdout, stderr and the exit code, where a cut holds and where it does
// not (the file read again whole, the output of the pieces already written left out). Most runs are in-process with the
// workers' work done in this thread (MCPTRACE_JOBS_IN_THREAD: the same tasks and messages, structured-cloned, chunks'
// buffers moved); the last tests spawn the built CLI with real worker threads.
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import {
  cutLogs,
  expectAutoJobs,
  expectSameRuns,
  expectWholeReads,
  IN_THREAD,
  notHolding,
  type Run,
  SAMPLES,
  type Said,
  SMALL,
  splitDebug as split,
  VIOLATIONS,
} from '../helpers/jobs-logs.js';
import { tempDir, writeLog } from '../helpers/temp.js';

async function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return runMain(args, { env: { ...IN_THREAD, ...env } });
}

/** Expects `annotate ARGS` with each `--jobs` of `jobs` to give one thread's stdout, stderr and exit code. */
function expectSame(args: string[], jobs: string[], env: Record<string, string> = {}): Promise<Said[]> {
  return expectSameRuns(run, ['annotate', ...args], jobs, env);
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
  let logs: ReturnType<typeof cutLogs>;
  beforeAll(() => {
    logs = cutLogs(dir);
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
      const [said] = await expectSame([...format, ...notHolding(logs)], ['2'], SMALL);
      expectWholeReads(said!);
    });

    it(`${format.join(' ')}: the first piece's output is written as it is read, before its cut is known to hold`, async () => {
      // The run's first unit is the first piece of the open values: it is the one being written, so its records' output
      // goes out as it comes. Its end (the value left open) is held until its cut is checked, which fails: the file read
      // again whole leaves out the records the first piece wrote before its end, which it could not have known to be
      // the whole file's if it had waited for its end (a piece written whole once it has ended would leave out none).
      for (const name of ['open', 'mixed', 'keyed'] as const) {
        const [said] = await expectSame([...format, logs[name]!], ['2'], SMALL);
        expect(said!.pieces, name).toHaveLength(1);
        const whole = said!.readWhole;
        expect(whole, name).toHaveLength(1);
        if (name === 'open') expect(whole[0]!.skip, name).toBeGreaterThan(0);
      }
    });
  }

  it('without --jobs: workers when the input is large (MCPTRACE_AUTO_JOBS_BYTES), one thread when it is not', async () => {
    await expectAutoJobs(run, ['annotate', '-f', 'ndjson', logs.raw!]);
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
