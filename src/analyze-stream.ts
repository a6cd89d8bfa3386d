// The streaming edge of the pipeline: bytes in, annotated records out as soon as each line is read.
import {
  Analyzer,
  type AnalysisSummary,
  type AnalyzerOptions,
  type InputAnalysis,
  type InputSummary,
} from './analyzer.js';
import { followSegments, readFrameBatches, type FollowOptions, type ReadOptions } from './input/index.js';
import { inputContent } from './input/files/content.js';
import { JoinedParts, type InputPart } from './input/files/joined.js';
import type { PipelineRecord } from './types.js';

/** What an input that has ended held, for a library caller (the CLI reads it from the run's status, `RunStatus.inputEnd`). */
type OnInputEnd = (input: InputSummary) => void;

/** What an input is read from: a byte stream, or files read one after the other as one stream (a log's rotations, oldest first). */
export type InputBytes = AsyncIterable<Buffer | Uint8Array | string> | readonly InputPart[];

/**
 * An input's bytes, or a way to open them (a file): one that can be opened again is read again from its start when its
 * detected format finds no message in it (src/input/other-readings.ts).
 */
export type InputSource = InputBytes | (() => InputBytes);

/**
 * The frames of one input, read as the analyzer's options say (format, message size bound), a chunk's worth at a time.
 * The input is told its format when it is known, and ended with the number of lines read. A whole input is read as its
 * content (decompressed, or nothing when it is no log: src/input/files/content.ts); a piece of a file (`at.firstLine`) as it
 * is. Files read as one input are joined (src/input/files/joined.ts): one detection, sessions that run on from one file to the
 * next, and every frame with its own file and line.
 */
async function* frameBatches(
  analyzer: Analyzer,
  input: InputAnalysis,
  source: InputSource,
  file: string,
  at: Pick<ReadOptions, 'firstLine' | 'clockOffset'> = {},
  onEnd?: OnInputEnd,
) {
  const bytes = typeof source === 'function' ? source() : source;
  // A file read whole (not a piece, not rotations joined) can be read again, its content as it was read the first time.
  const reread =
    typeof source === 'function' && at.firstLine === undefined && !isParts(bytes)
      ? () => inputContent(source() as AsyncIterable<Buffer | Uint8Array | string>)
      : undefined;
  let lines: number | undefined;
  const unread: string[] = [];
  const { status } = analyzer;
  let content: AsyncIterable<Buffer | Uint8Array | string>;
  let joined: JoinedParts | null = null;
  if (isParts(bytes)) {
    // A file of several that is no log is said so, as a note on it; the input is unread only when all are.
    joined = new JoinedParts(bytes, (part) => ({
      status,
      file: part.file,
      onUnread: (why) => {
        unread.push(why);
        if (bytes.length > 1) status.note(part.file, why);
      },
    }));
    content = joined.bytes();
  } else
    content =
      at.firstLine === undefined ? inputContent(bytes, { status, file, onUnread: (why) => unread.push(why) }) : bytes;
  for await (const frames of readFrameBatches(content, {
    file,
    format: analyzer.opts.inputFormat,
    maxMessageBytes: analyzer.opts.maxMessageBytes,
    reread,
    ...at,
    onFormat: (f) => input.setFormat(f),
    onDetect: analyzer.opts.onDetect && ((d) => analyzer.opts.onDetect!(file, d)),
    status,
    onDocument: analyzer.opts.onDocument && ((s) => analyzer.opts.onDocument!(file, s)),
    onEnd: (info) => {
      lines = info.lines;
    },
  })) {
    if (joined) for (let i = 0; i < frames.length; i++) joined.place(frames[i]!);
    yield frames;
  }
  const whole = unread.length > 0 && unread.length === (isParts(bytes) ? bytes.length : 1);
  const summary = input.end(whole ? undefined : lines, whole ? unread[0] : undefined);
  status.inputEnd?.(summary);
  onEnd?.(summary);
}

function isParts(bytes: InputBytes): bytes is readonly InputPart[] {
  return Array.isArray(bytes);
}

/** Reads, frames and annotates one byte stream (a file or stdin) of a run; `onEnd` is told what it held, as the run's status is. */
export async function* analyzeStream(
  analyzer: Analyzer,
  bytes: AsyncIterable<Buffer | Uint8Array | string>,
  file = '-',
  onEnd?: OnInputEnd,
): AsyncGenerator<PipelineRecord> {
  const input = analyzer.input(file);
  // Frame by frame: a record is annotated only when it is asked for, so a consumer that reads the analyzer's
  // state (the text transcript's session headers, under --follow) sees it as of that record.
  for await (const frames of frameBatches(analyzer, input, bytes, file, {}, onEnd)) {
    for (let i = 0; i < frames.length; i++) yield* input.push(frames[i]);
  }
}

/**
 * `analyzeStream` one batch at a time: the records of every frame completed by one chunk of input. The hot path
 * uses this form, so that the cost of an await is paid per chunk, not per message. The analyzer's state is that
 * after the whole batch.
 */
export async function* analyzeStreamBatches(
  analyzer: Analyzer,
  bytes: InputSource,
  file = '-',
  at: Pick<ReadOptions, 'firstLine' | 'clockOffset'> = {},
): AsyncGenerator<PipelineRecord[]> {
  const input = analyzer.input(file);
  for await (const frames of frameBatches(analyzer, input, bytes, file, at)) {
    const out: PipelineRecord[] = [];
    for (let i = 0; i < frames.length; i++) input.pushTo(frames[i], out);
    if (out.length > 0) yield out;
  }
}

/**
 * `analyzeStream` for a synchronous consumer: `onRecord` gets each record as soon as its frame is annotated (the
 * analyzer's state is then what `analyzeStream` shows at that record), and the generator yields once per chunk read,
 * so that the consumer waits (for its output, say) once per chunk, not once per record through async generators.
 */
export async function* analyzeStreamEach(
  analyzer: Analyzer,
  bytes: InputSource,
  file: string,
  onRecord: (r: PipelineRecord) => void,
): AsyncGenerator<void> {
  const input = analyzer.input(file);
  const out: PipelineRecord[] = [];
  for await (const frames of frameBatches(analyzer, input, bytes, file)) {
    for (let i = 0; i < frames.length; i++) {
      out.length = 0;
      input.pushTo(frames[i]!, out);
      for (let j = 0; j < out.length; j++) onRecord(out[j]!);
    }
    yield;
  }
}

/**
 * Follows a growing file (`--follow`) until `opts.signal` fires. Each segment of it (the file up to a
 * truncation or a replacement) is read as its own input: a new format detection, new sessions, and the
 * requests left open in the segment before are reported unanswered at the end, like those of any input.
 */
export async function* analyzeFollow(
  analyzer: Analyzer,
  path: string,
  opts: FollowOptions & { file?: string; onEnd?: OnInputEnd },
): AsyncGenerator<PipelineRecord> {
  for await (const segment of followSegments(path, { status: analyzer.status, ...opts })) {
    yield* analyzeStream(analyzer, segment.chunks, opts.file ?? path, opts.onEnd);
  }
}

/** Annotates a whole stream and collects the records and the end-of-input summary. */
export async function analyze(
  bytes: AsyncIterable<Buffer | Uint8Array | string>,
  opts: AnalyzerOptions & { file?: string } = {},
): Promise<{ records: PipelineRecord[] } & AnalysisSummary> {
  const a = new Analyzer(opts);
  const records: PipelineRecord[] = [];
  for await (const r of analyzeStream(a, bytes, opts.file ?? '-')) records.push(r);
  return { records, ...a.summary() };
}
