// The input stage's entry point: open a file or stdin, detect its format, and read it into frames.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Frame } from '../types.js';
import type { Status } from '../util/status.js';
import { detectInput, opensDocument, type DetectOptions, type Detection, type InputFormat } from './detect.js';
import { formatNamed } from './formats/index.js';
import type { DocumentReader, OpenContext } from './formats/types.js';
import type { LineReader } from './lines/frames.js';
import type { DocumentSummary } from './json/json-paths.js';
import { DEFAULT_MAX_MESSAGE_BYTES, LineSplitter, type Chunk, type Line } from './lines/lines.js';
import {
  foundIn,
  frameWeight,
  HELD_CHARS,
  KEPT_BYTES,
  otherReadingHint,
  otherReadingNote,
  otherReadings,
  readsEvents,
  type Found,
} from './other-readings.js';

export interface ReadOptions {
  /** Display name of the input, copied to every frame (`-` for stdin). */
  file: string;
  /** Skip detection and read as this format. */
  format?: InputFormat;
  /** Told the format once it is known (detected or given), before the first frame. */
  onFormat?: (format: InputFormat) => void;
  /** Told what detection chose and every dialect's score, when the format was detected (before `onFormat`). */
  onDetect?: (detection: Detection) => void;
  /** Told, after the last frame, how many physical lines the input held (the last line's number, for a piece). */
  onEnd?: (info: { lines: number }) => void;
  /**
   * The run's status channel (src/util/status.ts), told about the input as `file`: after the last frame, lines that
   * summarise what a capture held but gave no records (connections that are TLS, HTTP/2 or not HTTP, HTTP traffic that
   * carried no MCP: src/input/capture/), and another reading that finds messages where the detected one found none.
   */
  status?: Status;
  /** Told, after the last frame of a JSON document, where its records were read and what it held besides (json-paths.ts). */
  onDocument?: (summary: DocumentSummary) => void;
  detect?: DetectOptions;
  /**
   * The input again from its start (a file opened anew): when the detected format finds no message in it, other
   * readings are tried on it (other-readings.ts). Without it (stdin, --follow) the input is read once, and a note names
   * a reading that finds messages in its start.
   */
  reread?: () => AsyncIterable<Chunk>;
  /**
   * `--max-message-bytes`: the longest line or record held whole (default 16 MiB). A longer one becomes an `invalid`
   * record that keeps its start (rule `oversized`), so memory stays bounded on any input.
   */
  maxMessageBytes?: number;
  /** A piece of a file read on its own (`--jobs`): the number of its first line; no byte order mark is looked for. */
  firstLine?: number;
  /**
   * A piece of a file read on its own: the days (in ms) the whole file has counted at the piece's first clock time
   * (`HH:MM:SS`, which counts days from the file's first one), so that the piece reads its clock times as the file does.
   */
  clockOffset?: number;
}

/**
 * A line reader for a line-based format (a format read as one document or as HTTP traffic has none); `maxBytes` is the
 * message size limit it names and applies to records.
 */
export function lineReader(
  format: InputFormat,
  file: string,
  maxBytes = DEFAULT_MAX_MESSAGE_BYTES,
  clockOffset = 0,
): LineReader {
  const open = formatNamed(format).open;
  if (!('lines' in open)) throw new Error(`${format} is not read by lines`);
  return open.lines({ file, maxBytes, clockOffset });
}

/**
 * Reads an input into frames, in input order. Each frame is yielded as soon as its last line has arrived:
 * the work per chunk is synchronous, and nothing waits for more input than the record needs (a live
 * `server | mcptrace annotate -` prints each message when its line ends). Never throws on bad input;
 * errors of the byte source itself (e.g. a read error) propagate.
 */
export async function* readFrames(input: AsyncIterable<Chunk>, opts: ReadOptions): AsyncGenerator<Frame> {
  for await (const batch of readFrameBatches(input, opts)) yield* batch;
}

/**
 * The frames of an input, one batch per chunk read: every frame whose last line is in the chunk, in order. This
 * is the hot path's form of `readFrames`: one await per chunk rather than one per frame (a 256 KiB chunk holds
 * hundreds of messages). A batch is never empty; the array is the caller's to keep. A detected format that finds no
 * message in the input gives way to another reading that does (other-readings.ts).
 */
export async function* readFrameBatches(input: AsyncIterable<Chunk>, opts: ReadOptions): AsyncGenerator<Frame[]> {
  if (opts.format !== undefined) {
    opts.onFormat?.(opts.format);
    yield* readAs(input, opts.format, opts);
    return;
  }
  const { input: replayed, ...detected } = await detectInput(input, opts.detect);
  opts.onDetect?.(detected);
  const others = opts.firstLine === undefined ? otherReadings(detected) : [];
  if (others.length === 0) {
    opts.onFormat?.(detected.format);
    yield* readAs(replayed, detected.format, opts);
  } else if (opts.reread === undefined) yield* readOnce(replayed, detected.format, others, opts);
  else yield* readOrReread(replayed, detected.format, others, opts.reread, opts);
}

/** Options for a reading whose ending is told later (or never): what it tells at its end is queued in `told`. */
function held(opts: ReadOptions, told: (() => void)[] | null): ReadOptions {
  const later = <A extends unknown[]>(f: ((...a: A) => void) | undefined) =>
    f && ((...a: A) => void told?.push(() => f(...a)));
  const status = opts.status;
  return {
    ...opts,
    status: status && { note: (source, text, kind) => void told?.push(() => status.note(source, text, kind)) },
    onEnd: later(opts.onEnd),
    onDocument: later(opts.onDocument),
  };
}

/**
 * An input that can be read again (a file): the detected reading's frames are held until one is a message, and then
 * given on; when it ends with none, each other reading is tried from the start until one finds a message, and that one
 * is read, with a note. A detected reading that found its host's events (connections, exits) gives way only to another
 * host's reading: the plain line reading would lose them, so a note names it instead. At most HELD_CHARS of frames are
 * held: past them the reading goes on only to see whether it finds a message, and the input is read again. So an input
 * is read at most MAX_OTHER_READINGS + 2 times.
 */
async function* readOrReread(
  source: AsyncIterable<Chunk>,
  detected: InputFormat,
  others: readonly InputFormat[],
  reread: () => AsyncIterable<Chunk>,
  opts: ReadOptions,
): AsyncGenerator<Frame[]> {
  const told: (() => void)[] = [];
  let hold: Frame[][] | null = [];
  let weight = 0;
  let found: Found = 'nothing';
  let streaming = false;
  let again = false;
  for await (const batch of readAs(source, detected, held(opts, told))) {
    if (streaming) {
      yield batch;
      continue;
    }
    found = foundIn(batch, found);
    if (found === 'message') {
      if (hold === null) {
        // Found after the held frames were let go: the reading stops here and starts again.
        again = true;
        break;
      }
      opts.onFormat?.(detected);
      yield* hold;
      hold = null;
      streaming = true;
      yield batch;
      continue;
    }
    if (hold !== null) for (let i = 0; i < batch.length; i++) weight += frameWeight(batch[i]!);
    if (hold !== null && weight <= HELD_CHARS) hold.push(batch);
    else hold = null;
  }
  if (again) {
    opts.onFormat?.(detected);
    yield* readAs(reread(), detected, opts);
    return;
  }
  if (streaming) {
    for (const t of told) t();
    return;
  }
  for (const other of others) {
    if ((await firstFound(reread(), other, opts)) !== 'message') continue;
    if (found === 'event' && !readsEvents(other)) {
      opts.status?.note(opts.file, otherReadingHint(detected, other, true));
      break;
    }
    opts.status?.note(opts.file, otherReadingNote(detected, other));
    opts.onFormat?.(other);
    yield* readAs(reread(), other, opts);
    return;
  }
  opts.onFormat?.(detected);
  if (hold === null) {
    yield* readAs(reread(), detected, opts);
    return;
  }
  yield* hold;
  for (const t of told) t();
}

/**
 * An input read once (stdin, a growing file): read as detected, as it comes; its first KEPT_BYTES are kept, and when it
 * ends with no message, the other readings are tried on them, and one that finds a message is named in a note.
 */
async function* readOnce(
  source: AsyncIterable<Chunk>,
  detected: InputFormat,
  others: readonly InputFormat[],
  opts: ReadOptions,
): AsyncGenerator<Frame[]> {
  const kept: Chunk[] = [];
  let size = 0;
  let found: Found = 'nothing';
  async function* keep(): AsyncGenerator<Chunk> {
    for await (const c of source) {
      if (size < KEPT_BYTES && found !== 'message') {
        kept.push(c);
        size += typeof c === 'string' ? c.length : c.byteLength;
      }
      yield c;
    }
  }
  opts.onFormat?.(detected);
  const told: (() => void)[] = [];
  for await (const batch of readAs(keep(), detected, held(opts, told))) {
    if (found !== 'message' && (found = foundIn(batch, found)) === 'message') kept.length = 0;
    yield batch;
  }
  if (found !== 'message') {
    for (const other of others) {
      if ((await firstFound(replayChunks(kept), other, opts)) !== 'message') continue;
      opts.status?.note(opts.file, otherReadingHint(detected, other, false));
      break;
    }
  }
  for (const t of told) t();
}

async function* replayChunks(chunks: readonly Chunk[]): AsyncGenerator<Chunk> {
  yield* chunks;
}

/** What a reading finds, read only until it finds a message; it tells nothing. */
async function firstFound(source: AsyncIterable<Chunk>, format: InputFormat, opts: ReadOptions): Promise<Found> {
  let found: Found = 'nothing';
  for await (const batch of readAs(source, format, held(opts, null))) {
    found = foundIn(batch, found);
    if (found === 'message') break;
  }
  return found;
}

/** The frames of an input read as `format`, as it comes. */
async function* readAs(source: AsyncIterable<Chunk>, format: InputFormat, opts: ReadOptions): AsyncGenerator<Frame[]> {
  const ctx: OpenContext = {
    file: opts.file,
    maxBytes: opts.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    clockOffset: opts.clockOffset ?? 0,
    status: opts.status,
    onEnd: opts.onEnd,
  };
  const open = formatNamed(format).open;
  if ('batches' in open) {
    yield* open.batches(source, ctx);
    return;
  }
  if (!('lines' in open)) {
    yield* documentBatches(open.document(ctx), source, opts);
    return;
  }
  if (open.document !== undefined && opts.firstLine === undefined) {
    // A log with a form of one JSON document too (Dialect.entries) is read as one when the input opens as one.
    const opened = await opensDocument(source);
    source = opened.input;
    if (opened.document) {
      yield* documentBatches(open.document(ctx), source, opts);
      return;
    }
  }
  const reader = open.lines(ctx);
  const splitter = new LineSplitter({
    maxLineBytes: ctx.maxBytes,
    firstLine: opts.firstLine,
    atFileStart: opts.firstLine === undefined,
  });
  const lines: Line[] = [];
  for await (const chunk of source) {
    splitter.push(chunk, lines);
    const out: Frame[] = [];
    for (let i = 0; i < lines.length; i++) reader.line(lines[i], out);
    lines.length = 0;
    if (out.length > 0) yield out;
  }
  splitter.end(lines);
  const out: Frame[] = [];
  for (const l of lines) reader.line(l, out);
  reader.end(out);
  if (out.length > 0) yield out;
  opts.onEnd?.({ lines: splitter.lines });
}

/** The frames of an input read as one JSON document, one batch per chunk that completed any. */
async function* documentBatches(
  doc: DocumentReader,
  source: AsyncIterable<Chunk>,
  opts: ReadOptions,
): AsyncGenerator<Frame[]> {
  for await (const chunk of source) {
    const out: Frame[] = [];
    doc.push(chunk, out);
    if (out.length > 0) yield out;
  }
  const out: Frame[] = [];
  doc.end(out);
  if (out.length > 0) yield out;
  if (opts.onDocument !== undefined) {
    const summary = doc.document;
    if (summary !== undefined) opts.onDocument(summary);
  }
  opts.onEnd?.({ lines: doc.lines });
}

/** A byte stream for a path: a file read stream, or stdin for `-`. */
export function openInput(path: string, opts: { highWaterMark?: number } = {}): Readable {
  if (path === '-') return process.stdin;
  return createReadStream(path, { highWaterMark: opts.highWaterMark ?? 256 * 1024 });
}
