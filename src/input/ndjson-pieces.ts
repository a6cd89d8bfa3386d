// Where a raw NDJSON file can be cut into pieces that read, each on its own, as they read in the whole file (`--jobs`
// on one large file).
//
// A raw NDJSON log is one stream whose sessions follow one another: an `initialize` request after any record starts
// a new session and retires the one before (src/session/tracker.ts), and nothing but the run's numbering carries
// over from one session to the next. The NDJSON reader keeps no state between lines. So a piece that starts at an
// `initialize` request line, read with the file's line numbers, gives the records, findings and statistics the whole
// file gives there, once its seqs and session numbers are moved into the run's (src/cli/jobs.ts). The line must be
// one the decode stage takes for that request: a JSON object, not a batch, within the nesting and size bounds, with
// `"method": "initialize"` and an id.
import { open } from 'node:fs/promises';
import { nestedDeeper } from './depth.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from './lines.js';

/** A byte range of a file read on its own: `[start, end)`, its first line's number. */
export interface Piece {
  start: number;
  /** Infinity for the last piece: it is read to the end of the file, as the whole file would be (it may have grown). */
  end: number;
  firstLine: number;
}

export interface PieceOptions {
  /** Pieces wanted (at most). */
  parts: number;
  /** No piece smaller than this (bytes): below it the work of a worker does not pay for itself. */
  minBytes: number;
  /** `--max-message-bytes`: a longer line is not a message, so not a place to cut. */
  maxMessageBytes?: number;
}

const BLOCK = 1024 * 1024;
const LF = 0x0a;
const INITIALIZE = Buffer.from('"initialize"');

/**
 * The pieces of a raw NDJSON file of `size` bytes: about equal, each but the first starting at an `initialize`
 * request line at or after its share's start. One piece (the whole file) when the file is too small to cut or has
 * no such line where a cut is wanted. Reads the file once, counting lines.
 */
export async function ndjsonPieces(path: string, size: number, opts: PieceOptions): Promise<Piece[]> {
  const parts = Math.min(opts.parts, Math.floor(size / Math.max(1, opts.minBytes)));
  if (parts < 2) return [{ start: 0, end: Infinity, firstLine: 1 }];
  const maxLine = opts.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const cuts: { start: number; firstLine: number }[] = [];
  const wantAt = (k: number) => Math.floor((size * k) / parts);
  const fh = await open(path, 'r');
  try {
    let carry = Buffer.alloc(0); // the incomplete line at the end of the last block
    let carryAt = 0; // its offset in the file
    let line = 1;
    let pos = 0;
    while (cuts.length < parts - 1) {
      const block = Buffer.allocUnsafe(BLOCK);
      const { bytesRead } = await fh.read(block, 0, BLOCK, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      const buf = carry.length > 0 ? Buffer.concat([carry, block.subarray(0, bytesRead)]) : block.subarray(0, bytesRead);
      const base = carryAt;
      let start = 0;
      // The next `"initialize"` in the block at or after `start` (-1: none), found once per occurrence.
      let next = -2;
      for (let nl = buf.indexOf(LF); nl !== -1; start = nl + 1, nl = buf.indexOf(LF, start), line++) {
        const at = base + start;
        if (at < wantAt(cuts.length + 1)) continue;
        if (next !== -1 && next < start) next = buf.indexOf(INITIALIZE, start);
        if (next === -1 || next >= nl) continue;
        if (nl - start <= maxLine && isInitializeRequest(buf.toString('utf8', start, nl))) {
          cuts.push({ start: at, firstLine: line });
          if (cuts.length === parts - 1) break;
        }
      }
      carry = Buffer.from(buf.subarray(start));
      carryAt = base + start;
      if (cuts.length === parts - 1) break;
    }
  } finally {
    await fh.close();
  }
  const starts = [{ start: 0, firstLine: 1 }, ...cuts];
  return starts.map((c, i) => ({ start: c.start, end: i + 1 < starts.length ? starts[i + 1]!.start : Infinity, firstLine: c.firstLine }));
}

/** Whether a line is what decode takes for an `initialize` request (a trailing `\r` is JSON whitespace). */
export function isInitializeRequest(text: string): boolean {
  if (nestedDeeper(text)) return false;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return false;
  }
  return v !== null && typeof v === 'object' && !Array.isArray(v) && (v as { method?: unknown }).method === 'initialize' && Object.hasOwn(v, 'id');
}
