// `export --to parquet --jobs N`: the rows made by workers, file by file and in pieces of one large file, give the
// dataset one thread writes, byte for byte (every part file of both tables, the same names), with the same stderr and
// exit code, where a cut holds and where it does not (the file read again whole, the rows already written left out).
// Most runs are in-process with the workers' work done in this thread (MCPTRACE_JOBS_IN_THREAD: the same tasks and
// messages, structured-cloned, the batches' buffers moved); the last test spawns the built CLI with worker threads.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp.js';
import { cutLogs, IN_THREAD, SAMPLES, SMALL, splitDebug, VIOLATIONS, type Said } from '../helpers/jobs-logs.js';

/** Every file under `dir`, by its path under it, with its bytes. */
function files(dir: string): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) {
      const path = join(e.parentPath, e.name);
      out[path.slice(dir.length + 1)] = readFileSync(path);
    }
  }
  return out;
}

let dir = '';
let n = 0;
beforeAll(() => {
  dir = tempDir('jobs-export-parquet');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Dataset {
  code: number | null;
  stderr: string;
  said: Said;
  files: Record<string, Buffer>;
}

/** `export --to parquet ARGS --run-id r1` into a new folder: the exit code, stderr (the folder's name as OUT), the files. */
async function exportTo(
  args: string[],
  env: Record<string, string>,
  run: typeof runMain = (a, o) => runMain(a, { env: { ...IN_THREAD, ...o?.env } }),
): Promise<Dataset> {
  const out = join(dir, `out-${++n}`);
  const r = await run(['export', '--to', 'parquet', '--out', out, '--run-id', 'r1', ...args], { env });
  const { rest, said } = splitDebug(r.stderr.split(out).join('OUT'));
  return { code: r.code, stderr: rest, said, files: files(out) };
}

/** Expects the dataset of each `--jobs` of `jobs` to be one thread's, byte for byte; returns what each run said. */
async function expectSame(args: string[], jobs: string[], env: Record<string, string> = {}): Promise<Said[]> {
  const base = await exportTo([...args, '--jobs', '1'], env);
  expect(Object.keys(base.files).length).toBeGreaterThan(1);
  const said: Said[] = [];
  for (const j of jobs) {
    const r = await exportTo([...args, '--jobs', j, '--log-level', 'debug'], env);
    expect(Object.keys(r.files).sort(), `${args.join(' ')} --jobs ${j}`).toEqual(Object.keys(base.files).sort());
    for (const [name, bytes] of Object.entries(base.files))
      expect(Buffer.compare(r.files[name]!, bytes), `${name}: --jobs ${j} against 1`).toBe(0);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: base.code, stderr: base.stderr });
    said.push(r.said);
  }
  return said;
}

describe('export --to parquet --jobs over files', () => {
  it('the samples and the rule fixtures: the same dataset with 1, 2 and 3 workers', async () => {
    const said = await expectSame([...SAMPLES, ...VIOLATIONS], ['2', '3']);
    expect(said.every((s) => s.pieces.length === 0)).toBe(true);
  });

  it('small row groups and files (rotated across the files), filters, and the rules set', async () => {
    await expectSame(['--row-group-rows', '7', '--file-rows', '40', ...SAMPLES, ...VIOLATIONS], ['2']);
    await expectSame(['--method', 'tools/call', '--where', 'isError or latency > 1ms', ...SAMPLES], ['2']);
    await expectSame(['--rule', 'schema-violation=off', ...VIOLATIONS], ['3']);
  });
});

describe('export --to parquet --jobs on one file cut into pieces', () => {
  let logs: ReturnType<typeof cutLogs>;
  beforeAll(() => {
    logs = cutLogs(dir);
  });

  it('raw NDJSON, envelope and transcript logs in pieces, alone and beside other files', async () => {
    for (const name of ['raw', 'envelope', 'transcript'] as const) {
      const said = await expectSame([logs[name]], ['2', '3'], SMALL);
      for (const s of said) {
        expect(s.pieces, name).toHaveLength(1);
        expect(s.pieces[0]!.length, name).toBeGreaterThan(3);
        expect(s.readWhole, name).toEqual([]);
      }
    }
    // Row groups and files that end inside pieces and span them.
    const [beside] = await expectSame(
      ['--row-group-rows', '50', '--file-rows', '120', SAMPLES[0]!, logs.raw, logs.transcript, SAMPLES[2]!],
      ['2'],
      SMALL,
    );
    expect(beside!.pieces).toHaveLength(2);
  });

  it('where a cut does not hold, the file read again whole gives the same dataset', async () => {
    const said = await expectSame([SAMPLES[2]!, logs.keyed, logs.reused], ['2'], SMALL);
    const [keyed, reused] = said[0]!.readWhole;
    expect(said[0]!.readWhole).toHaveLength(2);
    expect(keyed!.skip).toBeGreaterThan(0);
    expect(reused!.skip).toBeGreaterThan(0);
  });

  it("the first piece's rows are written as they are made, before its cut is known to hold", async () => {
    // The open values' first piece is the unit being written: its rows go out as they come, its tail held. Its cut
    // fails, and the file read again whole leaves out the rows the first piece wrote before its end.
    const [said] = await expectSame([logs.open], ['2'], SMALL);
    expect(said!.readWhole).toHaveLength(1);
    expect(said!.readWhole[0]!.skip).toBeGreaterThan(0);
  });

  it('without --jobs: one thread, however large the input (workers only when asked)', async () => {
    const base = await exportTo([logs.raw, '--jobs', '1'], {});
    const large = await exportTo([logs.raw, '--log-level', 'debug'], { ...SMALL, MCPTRACE_AUTO_JOBS_BYTES: '1000' });
    expect(large.files).toEqual(base.files);
    expect(large.said.pieces).toEqual([]);
    const asked = await exportTo([logs.raw, '--jobs', '2', '--log-level', 'debug'], SMALL);
    expect(asked.files).toEqual(base.files);
    expect(asked.said.pieces).toHaveLength(1);
  });

  it('in worker threads (the built CLI): the same bytes, the pieces said on stderr', async () => {
    const spawn = (a: readonly string[], o?: { env?: Record<string, string> }) => runCli([...a], o);
    const base = await exportTo([logs.transcript, logs.reused, '--jobs', '1'], {}, spawn);
    const r = await exportTo([logs.transcript, logs.reused, '--jobs', '2', '--log-level', 'debug'], SMALL, spawn);
    expect(r.said.pieces).toHaveLength(2);
    expect(r.said.readWhole).toHaveLength(1);
    expect(r.files).toEqual(base.files);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: base.code, stderr: base.stderr });
  });
});
