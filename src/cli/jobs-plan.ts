// What a `--jobs N` run gives its workers: each file whole, or a large NDJSON, envelope or transcript file in pieces
// (docs/performance.md, "Many files, or one large file"), or nothing (the run stays in one thread).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { inputContent } from '../input/files/content.js';
import { detectInput, type InputFormat } from '../input/detect.js';
import { linePieceStream, type Piece } from '../input/lines/pieces.js';
import { cutRule, isCutFormat, type CutFormat } from '../session/cuts.js';

/** What one worker task reads: a file, or a piece of one (in a format that can be cut). */
export interface Unit {
  file: string;
  /** Files read one after the other as this input, `file` last (a folder's log and its rotations); absent for one file. */
  parts?: string[];
  piece?: Piece & { format: CutFormat };
  /** Its size in bytes, when known (a file that cannot be read, or read with its rotations: unknown). */
  bytes?: number;
}

/**
 * Smallest piece a file is cut into: 32 MiB (or `usual`), or `MCPTRACE_MIN_PIECE_BYTES` from `env` (the tests cut
 * small files).
 */
export function minPieceBytes(env: NodeJS.ProcessEnv, usual = 32 * 1024 * 1024): number {
  return Number(env.MCPTRACE_MIN_PIECE_BYTES) || usual;
}

/** Input size from which a run that does not say `--jobs` uses more cores: 256 MiB, or `MCPTRACE_AUTO_JOBS_BYTES` (tests). */
function autoJobsBytes(env: NodeJS.ProcessEnv): number {
  return Number(env.MCPTRACE_AUTO_JOBS_BYTES) || 256 * 1024 * 1024;
}

/** The most workers a run takes without `--jobs` (each holds its own state: memory grows with them). */
const AUTO_JOBS_MAX = 4;

/**
 * The workers of a run that does not say `--jobs`: one per core, at most `AUTO_JOBS_MAX`, when the files named hold
 * `autoJobsBytes` or more together and the machine has two cores or more; else 1. Below that size a worker does not
 * pay for its start-up and the reading that finds the cuts (1.14 × at 100 MB, 1.58 × at 1 GB on two cores:
 * docs/performance.md). Whether the run can use them is still `parallelPlan`'s to say.
 */
export async function defaultJobs(
  inputs: readonly { name: string; files: readonly string[] }[],
  env: NodeJS.ProcessEnv,
  cores = availableParallelism(),
): Promise<number> {
  if (cores < 2 || inputs.some((i) => i.name === '-')) return 1;
  const enough = autoJobsBytes(env);
  let total = 0;
  for (const file of inputs.flatMap((i) => i.files)) {
    try {
      total += (await stat(file)).size;
    } catch {
      // the reader reports it
    }
    if (total >= enough) return Math.min(cores, AUTO_JOBS_MAX);
  }
  return 1;
}

interface PlanOptions {
  /** Smallest piece a file is cut into (`minPieceBytes`); default 32 MiB. */
  minPieceBytes?: number;
  follow?: boolean;
  session?: string[];
  /** `--where`: one that reads the session field runs in one thread too (a session's tag, `s2`, is numbered over the whole run). */
  where?: string;
  inputFormat?: InputFormat;
  maxMessageBytes?: number;
  /**
   * Cut every file that can be cut into pieces of about `minPieceBytes`, however many workers there are (annotate: a
   * piece's output waits, whole, for the pieces before it to be written, so pieces stay small), and cut a single
   * file even with one worker's worth of pieces.
   */
  bySize?: boolean;
}

/** The work of a `--jobs` run, file by file: the units of each (the file, or its pieces), and how many at most. */
export interface Plan {
  maxUnits: number;
  /** Every file's units, once all are known (the pieces of a file cut are found by reading it up to its last cut). */
  make(): Promise<Unit[][]>;
  /**
   * The units in input order, each as soon as it is known (a piece when the cut that ends it is found), with whether
   * it is its file's last: a unit can start while the plan reads on.
   */
  units(): AsyncGenerator<{ unit: Unit; last: boolean }>;
}

/**
 * The work of a `--jobs N` run, or null when it runs in one thread: N below 2, stdin, `--follow`, a filter on
 * sessions (`--session`, or `session` in `--where`: a tag is the whole run's, not a worker's), or a single file too small to cut or in a format that is not cut. The plan is made by `runParallel` while the
 * workers start (cutting a file reads it up to its last cut); `annotate` takes its units as it finds them.
 */
export async function parallelPlan(
  inputs: readonly { name: string; files: readonly string[] }[],
  jobs: number | undefined,
  opts: PlanOptions,
): Promise<Plan | null> {
  const n = jobs ?? 1;
  if (
    n < 2 ||
    inputs.length === 0 ||
    inputs.some((i) => i.name === '-') ||
    opts.follow ||
    (opts.session && opts.session.length > 0) ||
    readsSession(opts.where)
  )
    return null;
  const files = inputs.map((i) => i.name);
  const minBytes = opts.minPieceBytes ?? minPieceBytes({});
  // A log read with its rotations is read whole.
  const cuts = await Promise.all(inputs.map((i) => (i.files.length > 1 ? null : cuttable(i.name, opts, minBytes))));
  if (files.length === 1 && cuts[0] === null) return null;
  // Files enough to keep every worker busy are not cut (a piece costs its start-up and a read of the file to find it).
  const partsOf = (c: { size: number } | null) =>
    c === null ? 1 : opts.bySize ? Math.max(1, Math.floor(c.size / minBytes)) : Math.ceil(n / files.length);
  const maxUnits = cuts.reduce<number>((sum, c) => sum + partsOf(c), 0);
  async function* units(): AsyncGenerator<{ unit: Unit; last: boolean }> {
    for (const [i, file] of files.entries()) {
      const c = cuts[i];
      if (c !== null) {
        // A piece is given when the next is found (the last piece given whole is the file itself).
        let held: Piece | null = null;
        for await (const piece of linePieceStream(file, c.size, {
          parts: partsOf(c),
          minBytes,
          maxMessageBytes: opts.maxMessageBytes,
          ...cutRule(c.format),
        })) {
          if (held !== null) yield { unit: pieceUnit(file, held, c), last: false };
          held = piece;
        }
        if (held !== null && held.start > 0) {
          yield { unit: pieceUnit(file, held, c), last: true };
          continue;
        }
      }
      const chain = inputs[i]!.files.length > 1 ? { parts: [...inputs[i]!.files] } : {};
      const bytes = inputs[i]!.files.length > 1 ? {} : { bytes: c?.size ?? (await sizeOf(file)) };
      yield { unit: { file, ...chain, ...bytes }, last: true };
    }
  }
  const make = async () => {
    const plan: Unit[][] = [];
    let group: Unit[] = [];
    for await (const { unit, last } of units()) {
      group.push(unit);
      if (last) {
        plan.push(group);
        group = [];
      }
    }
    return plan;
  };
  return { maxUnits, make, units };
}

/** A piece of a file cut, as a unit. */
function pieceUnit(file: string, piece: Piece, c: { size: number; format: CutFormat }): Unit {
  return { file, piece: { ...piece, format: c.format }, bytes: Math.min(piece.end, c.size) - piece.start };
}

/** A file's size; undefined when it cannot be read (the worker reports it). */
async function sizeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).size;
  } catch {
    return undefined;
  }
}

/** The size and format of a file large enough to cut, in a format that can be cut; null for any other (or one that cannot be read). */
async function cuttable(
  file: string,
  opts: PlanOptions,
  minBytes: number,
): Promise<{ size: number; format: CutFormat } | null> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    return null; // the worker reports it
  }
  if (size < 2 * minBytes) return null;
  const format = opts.inputFormat ?? (await formatOf(file));
  return format !== null && isCutFormat(format) ? { size, format } : null;
}

/**
 * The format detection gives a file (it reads the file's start only); null when no line decided it: a piece read in
 * the fallback format would not read text lines as the whole file does (they are log lines only then). Null too for a
 * compressed file (its pieces would be cut in the compressed bytes) and one that is no log.
 */
async function formatOf(file: string): Promise<InputFormat | null> {
  const stream = createReadStream(file, { highWaterMark: 64 * 1024 });
  try {
    let plain = true;
    const detected = await detectInput(inputContent(stream, { onMagic: () => (plain = false) }));
    return plain && detected.conclusive ? detected.format : null;
  } finally {
    stream.destroy();
  }
}

/** Whether an expression may read the `session` field (the word outside `http.session`; in a quoted value too, which only costs the threads). */
function readsSession(where: string | undefined): boolean {
  return where !== undefined && /(^|[^\w.])session\b/.test(where);
}
