// `export --to csv --jobs N`: the records table's rows made by workers, file by file and in pieces of one large file,
// are byte for byte one thread's: stdout (or the --out file), stderr and the exit code, where a cut holds and where it
// does not (the file read again whole, the rows of the pieces already written left out). The run's numbers in the
// rows (seq, pair, chain_first, unkeyed sessions in session and session_uid, the seqs finding messages quote) are put
// in by the coordinator. Most runs are in-process with the workers' work done in this thread
// (MCPTRACE_JOBS_IN_THREAD); the last test spawns the built CLI with real worker threads.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
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
  VIOLATIONS,
} from '../helpers/jobs-logs.js';
import { tempDir } from '../helpers/temp.js';

let dir = '';
let logs: ReturnType<typeof cutLogs>;
beforeAll(() => {
  dir = tempDir('jobs-export');
  logs = cutLogs(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `export --to csv ARGS` with a fixed run id; with `--out`, the file's text is read back. */
async function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const r: Run = await runMain(['export', '--to', 'csv', '--run-id', 'run-1', ...args], {
    env: { ...IN_THREAD, ...env },
  });
  const out = args.indexOf('--out');
  if (out !== -1) r.file = readFileSync(args[out + 1]!, 'utf8');
  return r;
}

/** Expects `export --to csv ARGS` with each `--jobs` of `jobs` to give one thread's output, stderr and exit code. */
function expectSame(args: string[], jobs: string[], env: Record<string, string> = {}): Promise<Said[]> {
  return expectSameRuns(run, args, jobs, env);
}

describe('export --to csv --jobs over files', () => {
  it('the samples and the rule fixtures are the same with 1, 2 and 3 workers, to stdout and to --out', async () => {
    const said = await expectSame([...SAMPLES, ...VIOLATIONS], ['2', '3']);
    expect(said.every((s) => s.pieces.length === 0)).toBe(true);
    await expectSame(['--out', join(dir, 'out.csv'), ...SAMPLES, ...VIOLATIONS], ['2']);
  });

  it('the rows hold the run numbers: seqs go on from file to file, unkeyed sessions are numbered over the run', async () => {
    const { stdout } = await run(['--jobs', '2', 'samples/everything.ndjson', 'samples/everything.ndjson']);
    const rows = stdout.split('\r\n').filter((l) => /^\d+,/.test(l));
    const half = rows.length / 2;
    expect(rows[half]!.startsWith(`${half + 1},samples/everything.ndjson:1,2,`)).toBe(true);
    expect(rows[half]!.endsWith(',run-1,run-1/2')).toBe(true);
  });

  it('with filters (a pair selected, the note when nothing matched), and with the rules set', async () => {
    await expectSame(['--where', 'isError or latency > 1ms', ...SAMPLES], ['2']);
    await expectSame(['--out', join(dir, 'filtered.csv'), '--method', 'tools/cal', ...SAMPLES], ['2']);
    await expectSame(['--rule', 'schema-violation=off', ...VIOLATIONS], ['3']);
  });

  it('the sessions table: the traffic of each session added up over the workers, the keys in the run numbering', async () => {
    const said = await expectSame(['--table', 'sessions', ...SAMPLES, ...VIOLATIONS], ['2', '3']);
    expect(said.every((s) => s.pieces.length === 0)).toBe(true);
    await expectSame(
      ['--table', 'sessions', '--out', join(dir, 'sessions.csv'), '--kind', 'request', ...SAMPLES],
      ['2'],
    );
  });

  it('session filters stay in one thread', async () => {
    for (const args of [
      ['--session', '1', ...SAMPLES],
      ['--where', 'session == "everything"', ...SAMPLES],
    ]) {
      const r = await run([...args, '--jobs', '2', '--log-level', 'debug']);
      expect(r.stderr).toContain('"msg":"reading"');
      expect(r.stdout).toBe((await run(args)).stdout);
    }
  });
});

describe('export --to csv --jobs on one file cut into pieces', () => {
  it('raw NDJSON, envelope and transcript logs in pieces, alone and beside other files', async () => {
    for (const name of ['raw', 'envelope', 'transcript'] as const) {
      for (const table of ['records', 'sessions']) {
        const said = await expectSame(['--table', table, logs[name]], ['2', '3'], SMALL);
        for (const s of said) {
          expect(s.pieces, name).toHaveLength(1);
          // Cut by size, whatever the workers: many pieces, each small.
          expect(s.pieces[0]!.length, name).toBeGreaterThan(3);
          expect(s.readWhole, name).toEqual([]);
        }
      }
    }
    const [beside] = await expectSame(
      ['--out', join(dir, 'beside.csv'), SAMPLES[0]!, logs.raw, logs.transcript, SAMPLES[2]!],
      ['2'],
      SMALL,
    );
    expect(beside!.pieces).toHaveLength(2);
  });

  it('where a cut does not hold, the file read again whole gives the same rows', async () => {
    const whole = notHolding(logs);
    const [sessions] = await expectSame(['--table', 'sessions', ...whole], ['2'], SMALL);
    expectWholeReads(sessions!);
    const [records] = await expectSame(['--out', join(dir, 'whole.csv'), ...whole], ['2'], SMALL);
    expectWholeReads(records!);
  });

  it('without --jobs: workers when the input is large (MCPTRACE_AUTO_JOBS_BYTES), one thread when it is not', async () => {
    await expectAutoJobs(run, [logs.raw]);
  });

  it('in worker threads (the built CLI): the same bytes, the pieces said on stderr', async () => {
    const cli = (args: string[], env: Record<string, string>) =>
      runCli(['export', '--to', 'csv', '--run-id', 'run-1', ...args], { env });
    const [said] = await expectSameRuns(cli, [logs.raw, logs.reused], ['2'], SMALL);
    expect(said!.pieces).toHaveLength(2);
    expect(said!.readWhole).toHaveLength(1);
  });
});
