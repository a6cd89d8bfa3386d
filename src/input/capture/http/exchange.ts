// One HTTP request and its response as the MCP reader sees them, whether read from packets, a HAR entry or a curl transcript.
import type { Peers } from '../../../types.js';
import type { TimeValue } from '../../shared/time.js';

/** When something was read: the time (epoch ms) and the packet number (a HAR entry's line) that completed it. */
export interface At {
  ts: number;
  /** Becomes the record's `line`: the 1-based packet number in a capture, the entry's first line in a HAR file. */
  packet: number;
  /**
   * The time as the input wrote it, when it is no epoch time: a curl transcript's `--trace-time` clock, or no time at
   * all (`NO_TIME`). It is the record's time then, and `ts` is not read.
   */
  time?: TimeValue;
}

/** Header names in lower case; a repeated header's values joined with `, ` (RFC 9110 §5.3). */
type Headers = ReadonlyMap<string, string>;

export interface Exchange {
  /** `tcp/N`, or a HAR entry's connection. */
  conn: string;
  method: string;
  /** The request target as sent (path and query). */
  path: string;
  reqHeaders: Headers;
  /** The request's HTTP version (`1.1`, `2`), when the reader knows it. */
  version?: string;
  /** The connection's ends, when the reader knows them. */
  peers?: Peers;
  /** Set when the response's head is read. */
  status: number | null;
  resHeaders: Headers | null;
}

/**
 * Why a body ended before its end: the connection closed, the capture ended, packets were lost, the HAR has no body, or
 * its header fields give it no length (`unframed`: RFC 9112 §6.3).
 */
export type CutReason = 'close' | 'end-of-capture' | 'lost' | 'not-captured' | 'unframed';

interface Cut {
  reason: CutReason;
  /** Bytes of the body read (before decoding). */
  read: number;
  /** Bytes the framing announced (Content-Length), when it did. */
  expected: number | null;
}

/** Where the decoding of a body stopped: a layer of its codings gave more than `--max-message-bytes`. */
export interface DecodeOver {
  /** The body's codings as applied (`gzip, br`). */
  codings: string;
  /** The layer that passed the limit, counted in the order they are undone (1: the last applied), of `layers`. */
  layer: number;
  layers: number;
  /** The bytes that layer had decoded when it was stopped (more than the limit: how much more is not known). */
  bytes: number;
  /** The limit held for each piece of a stream (an SSE body), not for the whole body. */
  perPiece: boolean;
}

/** How a body ended: whole (`cut` null) or not, and whether its Content-Encoding could be undone. */
export interface BodyEnd {
  cut: Cut | null;
  /** The body could not be decoded: an unknown coding, or corrupt compressed data. */
  decodeError: string | null;
  /** Decoding stopped at the message limit (a compression bomb, or a body too large): what was kept is its start. */
  decodeOver?: DecodeOver | null;
}

/** Trouble on a direction outside any one body: bytes missing between messages, framing lost, framing found again. */
export type StreamNotice =
  | { kind: 'gap'; bytes: number }
  | { kind: 'lost'; why: string }
  /** Framing found again after `skipped` bytes (`resumed`), or the stream ended while lost (the rest was skipped). */
  | { kind: 'skipped'; bytes: number; resumed: boolean };

/**
 * What the HTTP layer tells the MCP layer, in capture order. Bodies come decoded (chunked framing and
 * Content-Encoding removed), in pieces as they were read; `end` calls say whether the body was whole.
 */
export interface ExchangeSink {
  /** `--max-message-bytes`: the largest message kept, and what no layer of a body's decoding may give more than. */
  readonly maxBytes: number;
  request(x: Exchange, at: At): void;
  requestBody(x: Exchange, bytes: Uint8Array, at: At): void;
  requestEnd(x: Exchange, at: At, end: BodyEnd): void;
  /** The response's head: `x.status` and `x.resHeaders` are set. */
  response(x: Exchange, at: At): void;
  responseBody(x: Exchange, bytes: Uint8Array, at: At): void;
  responseEnd(x: Exchange, at: At, end: BodyEnd): void;
  /** `bytes` of a body were never captured; the body goes on after them (its framing allowed the jump). */
  gap(x: Exchange, dir: 'c2s' | 's2c', bytes: number, at: At): void;
  /**
   * The client closed the connection (its FIN) before this exchange's answer ended: what the server sends of it after
   * reached a client that had gone (2026-07-28 Streamable HTTP: closing the response stream cancels the request).
   */
  clientClosed(x: Exchange, at: At): void;
  /** A request that got no response before its connection ended (or whose response was lost). */
  unanswered(x: Exchange, at: At, reason: CutReason): void;
  /** Trouble on one direction of a connection outside any body. */
  notice(conn: string, dir: 'c2s' | 's2c', n: StreamNotice, at: At): void;
}

/** The media type of a Content-Type value, lower case, without parameters (`text/event-stream; charset=utf-8` → `text/event-stream`). */
export function mediaType(value: string | undefined): string | null {
  if (value === undefined) return null;
  const t = value.split(';', 1)[0]!.trim().toLowerCase();
  return t === '' ? null : t;
}

/** Headers from http-parser-js's flat `[name, value, name, value …]` list. */
export function headerMap(flat: readonly string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const k = flat[i]!.toLowerCase();
    const prior = m.get(k);
    m.set(k, prior === undefined ? flat[i + 1]! : `${prior}, ${flat[i + 1]!}`);
  }
  return m;
}
