// The shape of an entry of the format registry (index.ts): one input format, what writes it, how detection tells it and
// how it is read. Detection (../detect.ts), reading (../read.ts), `mcptrace formats` and `--input-format` loop over the
// entries; an entry holds no control flow of detection or reading, only its own part of each.
import type { Frame } from '../../types.js';
import type { Status } from '../../util/status.js';
import type { DialectFamily } from '../dialects/types.js';
import type { LineReader } from '../lines/frames.js';
import type { DocumentSummary } from '../json/json-paths.js';
import type { Chunk } from '../lines/lines.js';

/** Who writes a format: the generic formats, mcptrace's own, HTTP traffic, a dialect's family, another tool's capture. */
type FormatFamily = 'generic' | 'mcptrace' | 'http' | DialectFamily | 'tool-capture';

/**
 * How `mcptrace formats` lists a family: with the formats (`format`), or with the dialects, another program's own log or
 * capture read from data (dialects/, tool-captures/).
 */
export const FAMILY_KINDS: Readonly<Record<FormatFamily, 'format' | 'dialect'>> = {
  generic: 'format',
  mcptrace: 'format',
  http: 'format',
  host: 'dialect',
  bridge: 'dialect',
  sdk: 'dialect',
  'tool-capture': 'dialect',
};

/**
 * A format's part of detection, by the stage of detection that tells it (../detect.ts runs the stages in this order):
 * - `bytes`: the input's first `bytes` bytes, before any line is cut (a binary format);
 * - `line`: a line that no other log writes decides at once, whatever came before it;
 * - `shape`: a record's keys have the shape the tool writes (tool-captures/recognise.ts reads the dialect's layout);
 * - `verdict`: the line classifier names it (classifyLine: mcptrace's own and the generic formats);
 * - `score`: scored on its lines with the other text-log dialects (dialects/scorer.ts), or told by its JSON entries' keys;
 * - `start`: the start of the input (its first 4 KiB of text) makes an input that the lines took for `json` or
 *   `ndjson` this format (a document whose first line says nothing of what it is).
 */
export type FormatDetect =
  | { by: 'bytes'; bytes: number; test(head: Uint8Array): boolean }
  | { by: 'line'; test(text: string): boolean }
  | { by: 'shape' }
  | { by: 'verdict' }
  | { by: 'score' }
  | { by: 'start'; test(text: string): boolean };

/** What a format's reader is told of the input it reads. */
export interface OpenContext {
  /** Display name of the input, copied to every frame (`-` for stdin). */
  file: string;
  /** The longest line or record held whole (`--max-message-bytes`). */
  maxBytes: number;
  /** A piece of a file read on its own (`--jobs`): the days (in ms) the whole file counted before its first clock time. */
  clockOffset: number;
  /** The run's status channel: told about `file`, after the last frame, what the input held but gave no records (HTTP traffic). */
  status?: Status;
  /** Told, after the last frame, how many physical lines the input held (by a format that cuts its own lines). */
  onEnd?: (info: { lines: number }) => void;
}

/** A reader of one JSON document as it streams in. */
export interface DocumentReader {
  push(chunk: Chunk, out: Frame[]): void;
  end(out: Frame[]): void;
  /** Physical lines read so far. */
  readonly lines: number;
  /** Where the document's records were read and what it held besides (a generic JSON document's reader tells). */
  readonly document?: DocumentSummary;
}

/**
 * How a format is read:
 * - `lines`: the lines ../lines.ts cuts, given one by one to its reader; `document`, when the same log has a form of
 *   one JSON document too (Dialect.entries), reads a whole input that opens as a JSON document instead;
 * - `document`: one JSON document, streamed;
 * - `batches`: a reader of its own over the input's chunks (HTTP traffic, read as exchanges).
 */
export type FormatOpen =
  | { lines(ctx: OpenContext): LineReader; document?(ctx: OpenContext): DocumentReader }
  | { document(ctx: OpenContext): DocumentReader }
  | { batches(input: AsyncIterable<Chunk>, ctx: OpenContext): AsyncIterable<Frame[]> };

export interface FormatEntry<Name extends string = string> {
  /** The `--input-format` name. */
  name: Name;
  family: FormatFamily;
  /** What writes it, for `mcptrace formats` and docs. */
  title: string;
  /** One real-looking line holding a `tools/list` request (or a host's line that starts a server), for `mcptrace formats`. */
  example: string;
  detect: FormatDetect;
  open: FormatOpen;
}
