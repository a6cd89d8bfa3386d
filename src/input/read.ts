// The input stage's entry point: open a file or stdin, detect its format, and read it into frames.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Frame } from '../types.js';
import { detectInput, opensDocument, type DetectOptions, type Detection, type InputFormat } from './detect.js';
import { formatNamed } from './formats/index.js';
import type { DocumentReader, OpenContext } from './formats/types.js';
import type { LineReader } from './frames.js';
import type { DocumentSummary } from './json-paths.js';
import { DEFAULT_MAX_MESSAGE_BYTES, LineSplitter, type Chunk, type Line } from './lines.js';

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
   * Told, after the last frame, lines that summarise what a capture held but gave no records: connections that are
   * TLS, HTTP/2 or not HTTP, and HTTP traffic that carried no MCP (src/input/capture/).
   */
  onNote?: (text: string) => void;
  /** Told, after the last frame of a JSON document, where its records were read and what it held besides (json-paths.ts). */
  onDocument?: (summary: DocumentSummary) => void;
  detect?: DetectOptions;
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
export function lineReader(format: InputFormat, file: string, maxBytes = DEFAULT_MAX_MESSAGE_BYTES, clockOffset = 0): LineReader {
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
 * hundreds of messages). A batch is never empty; the array is the caller's to keep.
 */
export async function* readFrameBatches(input: AsyncIterable<Chunk>, opts: ReadOptions): AsyncGenerator<Frame[]> {
  let format = opts.format;
  let source = input;
  if (format === undefined) {
    const { input: replayed, ...detected } = await detectInput(input, opts.detect);
    format = detected.format;
    source = replayed;
    opts.onDetect?.(detected);
  }
  opts.onFormat?.(format);
  const ctx: OpenContext = {
    file: opts.file,
    maxBytes: opts.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    clockOffset: opts.clockOffset ?? 0,
    onNote: opts.onNote,
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
  const splitter = new LineSplitter({ maxLineBytes: ctx.maxBytes, firstLine: opts.firstLine, atFileStart: opts.firstLine === undefined });
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
async function* documentBatches(doc: DocumentReader, source: AsyncIterable<Chunk>, opts: ReadOptions): AsyncGenerator<Frame[]> {
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
