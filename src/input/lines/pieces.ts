// Where a line-based log file can be cut into pieces, each read on its own (`--jobs` on one large file): at lines a
// caller's test accepts (src/session/cuts.ts says which lines keep every session whole), with the file's line
// numbers, so that each piece reads as it does in the whole file.
import { open } from 'node:fs/promises';
import { DEFAULT_MAX_MESSAGE_BYTES } from './lines.js';
import { ClockTimeline } from '../shared/time.js';

/** A byte range of a file read on its own: `[start, end)`, its first line's number. */
export interface Piece {
  start: number;
  /** Infinity for the last piece: it is read to the end of the file, as the whole file would be (it may have grown). */
  end: number;
  firstLine: number;
  /**
   * The days (ms) the whole file has counted by the piece's first clock time (`HH:MM:SS`), as far as the clock times
   * sampled on the way tell (`PieceOptions.timeOf`); the piece's worker reports what shows whether it was right.
   */
  clockOffset?: number;
}

export interface PieceOptions {
  /** Pieces wanted (at most). */
  parts: number;
  /** No piece smaller than this (bytes): below it the work of a worker does not pay for itself. */
  minBytes: number;
  /** `--max-message-bytes`: a longer line is not a message, so not a place to cut. */
  maxMessageBytes?: number;
  /** Texts one of which a line must hold to be tested (found with `Buffer.indexOf`, so most lines are not decoded). */
  needles: readonly string[];
  /** Whether a piece may start at this line (its text, without the line ending). */
  cutAt(text: string): boolean;
  /**
   * The time a line's record has, read from the line's start (its first `HEAD_BYTES` bytes), or null. Given for the
   * formats whose clock times count days: the days counted by each cut are then worked out from the clock times of
   * the first lines of each block read and of the first lines after each cut.
   */
  timeOf?(head: string): string | null;
}

/** How much of a line's start `timeOf` is given. */
const HEAD_BYTES = 96;
/** Lines looked at for a time at the start of each block, and after a cut. */
const SAMPLE_LINES = 16;

const BLOCK = 1024 * 1024;
const LF = 0x0a;

/**
 * The pieces of a file of `size` bytes: about equal, each but the first starting at a line `cutAt` accepts at or
 * after its share's start. One piece (the whole file) when the file is too small to cut or has no such line where a
 * cut is wanted. Reads the file up to the last cut, counting lines.
 */
export async function linePieces(path: string, size: number, opts: PieceOptions): Promise<Piece[]> {
  const pieces: Piece[] = [];
  for await (const p of linePieceStream(path, size, opts)) pieces.push(p);
  return pieces;
}

/**
 * `linePieces` one piece at a time, each as soon as the cut that ends it is found (the last at the end of the
 * search), so that a piece can be read while the file is searched further on.
 */
export async function* linePieceStream(path: string, size: number, opts: PieceOptions): AsyncGenerator<Piece> {
  const parts = Math.min(opts.parts, Math.floor(size / Math.max(1, opts.minBytes)));
  if (parts < 2) {
    yield { start: 0, end: Infinity, firstLine: 1 };
    return;
  }
  const maxLine = opts.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const needles = opts.needles.map((n) => Buffer.from(n));
  const cuts: { start: number; firstLine: number; clockOffset?: number }[] = [];
  // With `timeOf`: the clock times sampled on the way, counting days as a reader does, and the cut whose first clock
  // time is still to come (looked for on up to SAMPLE_LINES lines from the cut line on; none: the days counted so far).
  const timeOf = opts.timeOf;
  const clock = new ClockTimeline();
  let sampleLeft = 0;
  let waiting: (typeof cuts)[number] | null = null;
  const settle = () => {
    if (waiting !== null) waiting.clockOffset = clock.offset;
    waiting = null;
  };
  const sample = (buf: Buffer, start: number, end: number) => {
    const time = timeOf!(buf.toString('utf8', start, Math.min(end, start + HEAD_BYTES)));
    if (time === null || clock.read(time) === null) sampleLeft--;
    else {
      sampleLeft = 0;
      settle();
    }
  };
  const done = () => cuts.length === parts - 1 && (waiting === null || sampleLeft <= 0);
  const wantAt = (k: number) => Math.floor((size * k) / parts);
  const fh = await open(path, 'r');
  try {
    let carry = Buffer.alloc(0); // the incomplete line at the end of the last block
    let carryAt = 0; // its offset in the file
    let line = 1;
    let pos = 0;
    while (!done()) {
      const block = Buffer.allocUnsafe(BLOCK);
      const { bytesRead } = await fh.read(block, 0, BLOCK, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      const buf =
        carry.length > 0 ? Buffer.concat([carry, block.subarray(0, bytesRead)]) : block.subarray(0, bytesRead);
      const base = carryAt;
      let start = 0;
      // The next needle in the block at or after `start` (-1: none), found once per occurrence.
      let next = -2;
      if (timeOf !== undefined && waiting === null) sampleLeft = SAMPLE_LINES;
      for (let nl = buf.indexOf(LF); nl !== -1; start = nl + 1, nl = buf.indexOf(LF, start), line++) {
        const at = base + start;
        if (cuts.length < parts - 1 && at >= wantAt(cuts.length + 1)) {
          if (next !== -1 && next < start) next = firstOf(buf, needles, start);
          if (next !== -1 && next < nl && nl - start <= maxLine && opts.cutAt(buf.toString('utf8', start, nl))) {
            settle();
            const cut = { start: at, firstLine: line };
            // The piece before it is known whole: its start's days were settled by now (`settle`).
            yield piece(cuts.at(-1) ?? { start: 0, firstLine: 1 }, at);
            cuts.push(cut);
            if (timeOf !== undefined) {
              waiting = cut;
              sampleLeft = SAMPLE_LINES;
            }
          }
        }
        if (sampleLeft > 0) sample(buf, start, nl);
        if (done()) break;
      }
      carry = Buffer.from(buf.subarray(start));
      carryAt = base + start;
    }
  } finally {
    await fh.close();
  }
  settle();
  yield piece(cuts.at(-1) ?? { start: 0, firstLine: 1 }, Infinity);
}

/** The piece from a cut (or the file's start) to `end`. */
function piece(c: { start: number; firstLine: number; clockOffset?: number }, end: number): Piece {
  return {
    start: c.start,
    end,
    firstLine: c.firstLine,
    ...(c.clockOffset !== undefined && c.clockOffset !== 0 ? { clockOffset: c.clockOffset } : {}),
  };
}

/** Where the first of `needles` is in `buf` from `from` on; -1 when none is. */
function firstOf(buf: Buffer, needles: readonly Buffer[], from: number): number {
  let first = -1;
  for (const n of needles) {
    const at = buf.indexOf(n, from);
    if (at !== -1 && (first === -1 || at < first)) first = at;
  }
  return first;
}
