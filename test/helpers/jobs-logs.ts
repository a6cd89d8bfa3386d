// What the `--jobs` output tests share: logs to cut into pieces (where the cuts hold and where they do not), and what a
// `--log-level debug` run said of its work.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { expect } from 'vitest';
import { corpusFiles } from './corpus.js';
import { writeLog } from './temp.js';

/** Every sample (the transcript twice), then every rule fixture's bad log. */
export const CORPUS = corpusFiles();
export const SAMPLES = CORPUS.filter((f) => f.startsWith('samples/'));
export const VIOLATIONS = CORPUS.filter((f) => !f.startsWith('samples/'));

/** The workers do their work in this thread (the same tasks and messages, structured-cloned, without threads). */
export const IN_THREAD = { MCPTRACE_JOBS_IN_THREAD: '1' };

/** A run's exit code and outputs (`file`: what it wrote to `--out`, when the test reads it back). */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  file?: string;
}

/**
 * Expects `run(ARGS)` with each `--jobs` of `jobs` to give what it gives with `--jobs 1`: stdout, `--out`'s file,
 * stderr (but for the debug lines, read into what each run said) and the exit code.
 */
export async function expectSameRuns(
  run: (args: string[], env: Record<string, string>) => Promise<Run>,
  args: string[],
  jobs: string[],
  env: Record<string, string> = {},
): Promise<Said[]> {
  const base = await run([...args, '--jobs', '1'], env);
  const said: Said[] = [];
  for (const j of jobs) {
    const r = await run([...args, '--jobs', j, '--log-level', 'debug'], env);
    const { rest, said: s } = splitDebug(r.stderr);
    // The workers read the inputs, not this thread (which says when it starts reading each).
    expect(r.stderr, `${args.join(' ')} --jobs ${j}`).not.toContain('"msg":"reading"');
    // Compared as a whole: a difference shows where it is.
    expect({ code: r.code, stderr: rest, stdout: r.stdout, file: r.file }, `${args.join(' ')} --jobs ${j}`).toEqual({
      code: base.code,
      stderr: base.stderr,
      stdout: base.stdout,
      file: base.file,
    });
    said.push(s);
  }
  return said;
}

/** Pieces of 4,000 bytes at least (for the tests' small logs). */
export const SMALL = { MCPTRACE_MIN_PIECE_BYTES: '4000' };

/** What a `--log-level debug` run said of its work: the pieces of each file cut, and each file read again whole. */
export interface Said {
  pieces: { start: number; firstLine: number }[][];
  readWhole: { skip: number }[];
}

/** stderr without the debug lines (JSON, as stderr is no terminal), and what those said. */
export function splitDebug(stderr: string): { rest: string; said: Said } {
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

/**
 * Logs written to `dir` that cut into many small pieces (`SMALL`). Cuts that hold: `raw` (real sessions, unkeyed, each
 * followed by a rule fixture's bad raw log), `envelope`, `transcript`. Cuts that do not: `keyed` (a session key with a
 * record early and one late), `reused` (a session name used again at the end: only the last cut fails), `open` (a
 * value left open before every session break: the first cut fails), `mixed` (the broken transcript and the rule
 * fixtures' bad ones between sessions).
 */
export function cutLogs(
  dir: string,
): Record<'raw' | 'envelope' | 'keyed' | 'transcript' | 'mixed' | 'reused' | 'open', string> {
  const sample = readFileSync('samples/everything.ndjson', 'utf8');
  const badRaw = VIOLATIONS.filter((f) => f.endsWith('.ndjson') && !f.endsWith('.envelope.ndjson')).slice(0, 8);
  const captures = [
    'samples/everything.envelope.ndjson',
    'samples/memory.envelope.ndjson',
    'test/fixtures/secrets/secrets.envelope.ndjson',
  ].map((f) => readFileSync(f, 'utf8'));
  const ping =
    '{"ts":"2026-11-30T01:00:00.000Z","session":"k1","dir":"c2s","line":"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"method\\":\\"ping\\"}"}';
  const transcript = readFileSync('samples/everything.transcript.txt', 'utf8');
  let n = 0;
  const session = (name = `everything-${++n}`) =>
    transcript.replace('=== session everything ===', `=== session ${name} ===`);
  const bad = VIOLATIONS.filter((f) => f.endsWith('.txt')).map(
    (f) => `=== session ${f.split('/').at(-2)} ===\n${readFileSync(f, 'utf8')}`,
  );
  return {
    raw: writeLog(dir, 'sessions.ndjson', [sample, ...badRaw.flatMap((f) => [readFileSync(f, 'utf8'), sample])]),
    envelope: writeLog(dir, 'clean.envelope.ndjson', [...captures, ...captures, ...captures]),
    keyed: writeLog(dir, 'keyed.envelope.ndjson', [...captures, ping, ...captures, ...captures, ping]),
    transcript: writeLog(
      dir,
      'clean.txt',
      Array.from({ length: 6 }, () => session()),
    ),
    mixed: writeLog(dir, 'mixed.txt', [
      session(),
      session(),
      readFileSync('test/fixtures/broken/broken.transcript.txt', 'utf8'),
      session(),
      ...bad,
      session(),
    ]),
    reused: writeLog(dir, 'reused.txt', [
      session('again'),
      session(),
      session(),
      session(),
      session(),
      session('again'),
    ]),
    open: writeLog(
      dir,
      'open.txt',
      Array.from({ length: 6 }, () => `${session()}[00:13:40.000] <- {\n  "jsonrpc": "2.0",\n`),
    ),
  };
}

/**
 * Expects a run of `args` without `--jobs` (and `--log-level debug`) to take workers when the input is large
 * (`MCPTRACE_AUTO_JOBS_BYTES` below its size: its one file said cut in pieces, when the machine has two cores) and one
 * thread when it is not, with one thread's output either way. `run`: a run with the test's environment and `env`.
 */
export async function expectAutoJobs(
  run: (
    args: string[],
    env?: Record<string, string>,
  ) => Promise<{ code: number | null; stdout: string; stderr: string }>,
  args: string[],
): Promise<void> {
  const auto = Math.min(availableParallelism(), 4);
  const base = await run(args);
  const large = await run([...args, '--log-level', 'debug'], { ...SMALL, MCPTRACE_AUTO_JOBS_BYTES: '100000' });
  expect({ code: large.code, stdout: large.stdout }).toEqual({ code: base.code, stdout: base.stdout });
  expect(splitDebug(large.stderr).said.pieces).toHaveLength(auto > 1 ? 1 : 0);
  const small = await run([...args, '--log-level', 'debug'], { ...SMALL, MCPTRACE_AUTO_JOBS_BYTES: '100000000' });
  expect({ code: small.code, stdout: small.stdout }).toEqual({ code: base.code, stdout: base.stdout });
  expect(splitDebug(small.stderr).said.pieces).toEqual([]);
}

/** A sample, then the logs whose cuts do not hold (`cutLogs`): `keyed`, `reused`, `open`, `mixed`. */
export function notHolding(logs: ReturnType<typeof cutLogs>): string[] {
  return [SAMPLES[2]!, logs.keyed, logs.reused, logs.open, logs.mixed];
}

/**
 * Expects a run of `notHolding` to have read each of the four logs again whole: the keyed session's second record is
 * far from its first; the reused name is in the last piece only, so the pieces before it were written and their
 * records are left out of the second reading (`skip`); the first piece of the open values ends cut off.
 */
export function expectWholeReads(said: Said): void {
  const [keyed, reused, open] = said.readWhole;
  expect(said.readWhole).toHaveLength(4);
  expect(keyed!.skip).toBeGreaterThan(0);
  expect(reused!.skip).toBeGreaterThan(0);
  expect(open!.skip).toBe(0);
}
