// The frame an HTTP body makes: its message, or an invalid record that keeps what was read and says what broke.
import type { Frame } from '../../../types.js';
import {
  errorFrame,
  overLimitFrame,
  oversizedFrame,
  textFrame,
  utf8Length,
  type FrameContext,
  type Position,
} from '../../lines/frames.js';
import type { TimeValue } from '../../shared/time.js';
import type { At, BodyEnd, CutReason, DecodeOver } from './exchange.js';
import type { BoundedBody } from './http-body.js';

interface BodyRead {
  text: string;
  /** The text parsed, when it is JSON. */
  value: unknown;
  body: BoundedBody;
  end: BodyEnd;
  /** Bytes of the body the capture lost (crossed by the framing). */
  gap: number;
  what: 'request' | 'response';
  maxBytes: number;
  /** Bytes of an oversized body's start kept as its raw text. */
  keep: number;
}

/**
 * A message frame from a whole body; an undecoded, cut or gapped body is an error frame keeping its text, an oversized
 * one (`text` not read) keeping its start.
 */
export function bodyFrame(at: Position, ctx: FrameContext, b: BodyRead): Frame {
  const { text, body, end, what } = b;
  // Over the limit, the record keeps the body's start as its raw text (4 KiB, as an oversized line does).
  if (end.decodeOver) {
    const head = body.text(b.keep);
    return overLimitFrame(
      at,
      head,
      end.decodeOver.bytes,
      `${decodeOverText(`HTTP ${what} body`, end.decodeOver, b.maxBytes)}; only its first ${utf8Length(head)} bytes are kept`,
      ctx,
    );
  }
  if (body.over) return oversizedFrame(at, body.text(b.keep), body.size, b.maxBytes, `HTTP ${what} body`, ctx);
  if (end.decodeError !== null) return errorFrame(at, text, `HTTP ${what} body not decoded: ${end.decodeError}`, ctx);
  if (end.cut !== null) {
    const of = end.cut.expected !== null ? ` of ${end.cut.expected}` : '';
    return errorFrame(
      at,
      text,
      `HTTP ${what} body cut: ${end.cut.read}${of} bytes read, ${cutText(end.cut.reason, 'body')}; the part read is kept`,
      ctx,
    );
  }
  if (b.gap > 0)
    return errorFrame(
      at,
      text,
      `capture gap: ${b.gap} bytes of this HTTP ${what} body were not captured (dropped packets); the rest is kept`,
      ctx,
    );
  const f = textFrame(at, text, body.size, ctx);
  if (b.value !== undefined) f.value = b.value;
  return f;
}

/**
 * What a body's decoding stopped at the limit says (`what`: the body or stream): the layer of its codings that passed
 * it. The message may be larger still: decoding went no further.
 */
export function decodeOverText(what: string, over: DecodeOver, limit: number): string {
  const of = over.perPiece ? `a piece of the ${what} decodes` : `${what} decodes`;
  const where = over.layers === 1 ? '' : ` in layer ${over.layer} of ${over.layers}`;
  return `${of} to more than --max-message-bytes (${limit}) (Content-Encoding ${over.codings}): decoding stopped${where} after ${over.bytes} bytes`;
}

/** The body passed the message limit: as read, or as decoded (its decoding stopped there). */
export function overLimit(body: BoundedBody, end: BodyEnd): boolean {
  return body.over || Boolean(end.decodeOver);
}

/** Why a body or stream ended early, for a finding's text. */
export function cutText(reason: CutReason, what: string): string {
  switch (reason) {
    case 'close':
      return `the connection closed before the ${what} ended`;
    case 'end-of-capture':
      return `the capture ended before the ${what} did`;
    case 'lost':
      return 'packets were lost where the HTTP framing could not be crossed';
    case 'not-captured':
      return `the ${what} was not captured`;
    case 'unframed':
      return `its header fields give it no length (RFC 9112 §6.3)`;
  }
}

/** The last time made into ISO 8601: the records of one packet (an SSE stream's events) share it. */
let lastTime: TimeValue = { ts: '', tsMs: NaN };

/** A packet's time as a frame's `ts` and `tsMs` (`At.time` as it is, when set). */
export function time(at: At): TimeValue {
  if (at.time !== undefined) return at.time;
  if (at.ts !== lastTime.tsMs) lastTime = { ts: new Date(at.ts).toISOString(), tsMs: at.ts };
  return lastTime;
}
