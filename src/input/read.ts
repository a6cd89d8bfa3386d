// The input stage's entry point: open a file or stdin, detect its format, and read it into frames.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Frame } from '../types.js';
import { detectInput, type DetectOptions, type InputFormat } from './detect.js';
import { EnvelopeReader } from './envelope.js';
import type { LineReader } from './frames.js';
import { readJsonDocument } from './json-document.js';
import { LineSplitter, type Chunk, type Line } from './lines.js';
import { NdjsonReader } from './ndjson.js';
import { TranscriptReader } from './transcript.js';

export interface ReadOptions {
  /** Display name of the input, copied to every frame (`-` for stdin). */
  file: string;
  /** Skip detection and read as this format. */
  format?: InputFormat;
  /** Told the format once it is known (detected or given), before the first frame. */
  onFormat?: (format: InputFormat) => void;
  detect?: DetectOptions;
}

/** A line reader for a line-based format. */
export function lineReader(format: Exclude<InputFormat, 'json'>, file: string): LineReader {
  switch (format) {
    case 'ndjson':
      return new NdjsonReader(file);
    case 'envelope':
      return new EnvelopeReader(file);
    case 'transcript':
      return new TranscriptReader(file);
  }
}

/**
 * Reads an input into frames, in input order. Each frame is yielded as soon as its last line has arrived:
 * the work per chunk is synchronous, and nothing waits for more input than the record needs (a live
 * `server | mcptrace annotate -` prints each message when its line ends). Never throws on bad input;
 * errors of the byte source itself (e.g. a read error) propagate.
 */
export async function* readFrames(input: AsyncIterable<Chunk>, opts: ReadOptions): AsyncGenerator<Frame> {
  let format = opts.format;
  let source = input;
  if (format === undefined) {
    const detected = await detectInput(input, opts.detect);
    format = detected.format;
    source = detected.input;
  }
  opts.onFormat?.(format);
  if (format === 'json') {
    yield* readJsonDocument(source, opts.file);
    return;
  }
  const reader = lineReader(format, opts.file);
  const splitter = new LineSplitter();
  const lines: Line[] = [];
  const out: Frame[] = [];
  for await (const chunk of source) {
    splitter.push(chunk, lines);
    for (let i = 0; i < lines.length; i++) reader.line(lines[i], out);
    lines.length = 0;
    for (let i = 0; i < out.length; i++) yield out[i];
    out.length = 0;
  }
  splitter.end(lines);
  for (const l of lines) reader.line(l, out);
  reader.end(out);
  yield* out;
}

/** A byte stream for a path: a file read stream, or stdin for `-`. */
export function openInput(path: string, opts: { highWaterMark?: number } = {}): Readable {
  if (path === '-') return process.stdin;
  return createReadStream(path, { highWaterMark: opts.highWaterMark ?? 256 * 1024 });
}
