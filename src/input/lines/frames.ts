// Shared frame builders and the line-reader contract that every line-based format reader implements.
import { Buffer } from 'node:buffer';
import type { Direction, Frame, MessageSummary, TransportEvent } from '../../types.js';
import { MAX_NESTING, nestedDeeper, nestingDetail } from '../shared/depth.js';
import type { Line } from './lines.js';
import { NO_TIME, type TimeValue } from '../shared/time.js';

/** Where a record sits in its input. */
export interface Position {
  file: string;
  line: number;
  lines: number;
}

/** Context a frame inherits from the log around it. */
export interface FrameContext {
  time?: TimeValue;
  dir?: Direction;
  session?: string | null;
  /** The host's name for the server (`Frame.server`). */
  server?: string;
}

/**
 * A line-based reader: a pure, synchronous state machine. `line` is called for every physical line in order
 * (blank ones included, so numbering stays right) and appends the frames it completes to `out`.
 */
export interface LineReader {
  line(line: Line, out: Frame[]): void;
  end(out: Frame[]): void;
}

export const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8');

/** A message frame carrying its wire text. */
export function textFrame(at: Position, text: string, bytes: number, ctx: FrameContext = {}): Frame {
  const time = ctx.time ?? NO_TIME;
  const frame: Frame = {
    file: at.file,
    line: at.line,
    lines: at.lines,
    ts: time.ts,
    tsMs: time.tsMs,
    dir: ctx.dir ?? 'unknown',
    session: ctx.session ?? null,
    text,
    bytes,
  };
  if (ctx.server !== undefined) frame.server = ctx.server;
  return frame;
}

/**
 * A message frame carrying an already-parsed value, with its compact JSON as text (serialised once here for its size:
 * the sinks that need the JSON copy it rather than serialise it again).
 */
export function valueFrame(at: Position, value: unknown, ctx: FrameContext = {}): Frame {
  const json = JSON.stringify(value) as string | undefined;
  return json === undefined ? textlessFrame(at, value, ctx) : compactFrame(at, value, json, utf8Length(json), ctx);
}

/** A message frame of a parsed value and its compact JSON (`json`, JSON.stringify's form of it, `bytes` long in UTF-8). */
export function compactFrame(at: Position, value: unknown, json: string, bytes: number, ctx: FrameContext = {}): Frame {
  const frame = textFrame(at, json, bytes, ctx);
  frame.value = value;
  frame.compact = true;
  return frame;
}

/** A value JSON cannot write (undefined): no text, no size. */
function textlessFrame(at: Position, value: unknown, ctx: FrameContext): Frame {
  const frame = textFrame(at, '', 0, ctx);
  frame.text = null;
  frame.value = value;
  return frame;
}

/**
 * A pretty-printed message: the text as logged (lines joined with `\n`), the parsed value so that decode
 * does not parse it again, and the size of its compact form — the bytes it takes on the wire, not in the log.
 * Text that is not valid JSON keeps its logged size and no value; decode reports it.
 */
export function parsedTextFrame(at: Position, text: string, ctx: FrameContext = {}): Frame {
  if (nestedDeeper(text)) return tooDeepFrame(at, text, ctx);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return textFrame(at, text, utf8Length(text), ctx);
  }
  const frame = textFrame(at, text, utf8Length(JSON.stringify(value)), ctx);
  frame.value = value;
  return frame;
}

/** A transport event frame: no message text, no bytes. */
export function eventFrame(at: Position, event: TransportEvent, ctx: FrameContext = {}): Frame {
  const frame = textFrame(at, '', 0, ctx);
  frame.text = null;
  frame.event = event;
  return frame;
}

/** A log line (or group of lines) that is not an MCP message: decode makes it a `log` record (no bytes, no body). */
export function logFrame(at: Position, level: string | null, text: string, ctx: FrameContext = {}): Frame {
  const frame = textFrame(at, '', 0, ctx);
  frame.text = null;
  frame.log = { level, text };
  return frame;
}

/**
 * A message the log cut in the middle: `text` as logged (cut mark included), `text.slice(0, head)` and
 * `text.slice(tail)` what survives; `bytes` the real size when the log gives it (else the size of what survives).
 */
export function truncatedFrame(
  at: Position,
  text: string,
  cut: { head: number; tail: number },
  bytes: number | null,
  ctx: FrameContext = {},
): Frame {
  const kept = utf8Length(text.slice(0, cut.head)) + utf8Length(text.slice(cut.tail));
  const frame = textFrame(at, text, bytes !== null && bytes >= kept ? bytes : kept, ctx);
  frame.truncated = { head: cut.head, tail: cut.tail };
  return frame;
}

/** A message the log gave only a summary of (`method="tools/call" id=7`): `text` is the summary as logged. */
export function summaryFrame(at: Position, text: string, summary: MessageSummary, ctx: FrameContext = {}): Frame {
  const frame = textFrame(at, text, 0, ctx);
  frame.summary = { kind: summary.kind, id: summary.id, method: summary.method };
  return frame;
}

/** A framing problem: the raw text is kept so nothing is lost; decode turns it into an `invalid` record. */
export function errorFrame(at: Position, raw: string, error: string, ctx: FrameContext = {}): Frame {
  const frame = textFrame(at, raw, utf8Length(raw), ctx);
  frame.error = error;
  return frame;
}

/**
 * A line a capture kept only the start of (`wrap --max-line`: `"truncated":true,"bytes":N`): an `invalid-frame`
 * record holding the kept text, with the line's true size as `bytes` (it is what went over the wire).
 */
export function cutLineFrame(at: Position, kept: string, bytes: number | null, ctx: FrameContext = {}): Frame {
  const keptBytes = utf8Length(kept);
  const size = bytes !== null && bytes >= keptBytes ? bytes : keptBytes;
  const frame = errorFrame(
    at,
    kept,
    `line of ${bytes === null ? 'unknown size' : `${size} bytes`} cut to its first ${keptBytes} in the capture (--max-line)`,
    ctx,
  );
  frame.bytes = size;
  return frame;
}

/**
 * A record over `--max-message-bytes`: only its start is kept as raw text, `bytes` is its full size. Decode turns
 * it into an `invalid` record reported by the `oversized` rule. `what` names the record (`line`, `record` …).
 */
export function oversizedFrame(
  at: Position,
  head: string,
  bytes: number,
  limit: number,
  what = 'line',
  ctx: FrameContext = {},
): Frame {
  return overLimitFrame(
    at,
    head,
    bytes,
    `${what} of ${bytes} bytes is larger than --max-message-bytes (${limit}): only its first ${utf8Length(head)} bytes are kept`,
    ctx,
  );
}

/** An oversized record whose `detail` says what the limit stopped (a body whose decoding stopped there). */
export function overLimitFrame(
  at: Position,
  head: string,
  bytes: number,
  detail: string,
  ctx: FrameContext = {},
): Frame {
  const frame = errorFrame(at, head, detail, ctx);
  frame.bytes = bytes;
  frame.oversized = true;
  return frame;
}

/** A record whose JSON nests deeper than MAX_NESTING: kept as raw text, reported by the `oversized` rule. */
export function tooDeepFrame(at: Position, raw: string, ctx: FrameContext = {}, limit = MAX_NESTING): Frame {
  const frame = errorFrame(at, raw, nestingDetail(limit), ctx);
  frame.oversized = true;
  return frame;
}

/** Event names are compared in one spelling: lower case, words joined by `-` (`stdin_closed` → `stdin-closed`). */
export function normaliseEventName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** Runs a line reader over an async stream of lines: the thin wrapper around the pure core. */
export async function* readLines(lines: AsyncIterable<Line>, reader: LineReader): AsyncGenerator<Frame> {
  const out: Frame[] = [];
  for await (const line of lines) {
    reader.line(line, out);
    for (let i = 0; i < out.length; i++) yield out[i];
    out.length = 0;
  }
  reader.end(out);
  yield* out;
}
