// For the tests of `--jobs` on pieces: logs made to be cut (with MCPTRACE_MIN_PIECE_BYTES small), clean ones whose cuts
// hold and ones where a cut does not (a keyed session spanning the cuts, a session name used again, values left open),
// the environment that cuts them small, and what a run's debug lines said of its pieces. (main has the same in
// test/helpers/jobs-logs.ts since this branch began: `cutLogs`, `splitDebug`; this file goes when they meet.)
import { readFileSync } from 'node:fs';
import { corpusFiles } from './corpus.js';
import { writeLog } from './temp.js';

/** The workers' work done in this thread (the same tasks and messages, cloned), for in-process runs. */
export const IN_THREAD = { MCPTRACE_JOBS_IN_THREAD: '1' };
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

export interface CutLogs {
  /** Real sessions one after another, each followed by one of the rule fixtures' bad raw logs (the first eight). */
  raw: string;
  envelope: string;
  /** A session named by a key with a record early and one late: it spans the cuts; read whole. */
  keyed: string;
  transcript: string;
  /** With the broken transcript and the rule fixtures' bad ones between sessions: some cuts do not hold. */
  mixed: string;
  /** A session name used again at the end: the last piece's cut does not hold, the pieces before it were written. */
  reused: string;
  /** A value left open before every session break: the first cut does not hold. */
  open: string;
}

/** Writes the logs into `dir`; returns their paths. */
export function writeCutLogs(dir: string): CutLogs {
  const violations = corpusFiles().filter((f) => !f.startsWith('samples/'));
  const sample = readFileSync('samples/everything.ndjson', 'utf8');
  const badRaw = violations.filter((f) => f.endsWith('.ndjson') && !f.endsWith('.envelope.ndjson')).slice(0, 8);
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
  const bad = violations
    .filter((f) => f.endsWith('.txt'))
    .map((f) => `=== session ${f.split('/').at(-2)} ===\n${readFileSync(f, 'utf8')}`);
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
