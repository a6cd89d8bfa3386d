// The HTTP/1.1 exchanges in TCP streams a relay recorded, parsed with http-parser-js alone (not mcptrace's reader): what one side of a proxy sent and got.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { HTTPParser } from 'http-parser-js';
import type { StreamEvent } from '../../src/input/capture/http/stream-event.js';

export interface HttpMessage {
  /** `POST /mcp` for a request, `200` for a response. */
  line: string;
  /** The header fields as sent: `[name, value]`, names spelled as sent, in order. */
  headers: [string, string][];
  /** The body with its transfer framing (chunks) removed. */
  body: Buffer;
  /** The message ended (false: its connection closed, or the recording stopped, inside it). */
  complete: boolean;
}

export interface HttpExchange {
  conn: string;
  request: HttpMessage;
  response: HttpMessage | null;
}

/** Every exchange of every connection, requests paired with responses in order (no pipelining in these tests). */
export function httpExchanges(events: readonly StreamEvent[]): HttpExchange[] {
  const conns = new Map<string, { c2s: Buffer[]; s2c: Buffer[] }>();
  for (const e of events) {
    if (e.kind !== 'data') continue;
    let c = conns.get(e.conn);
    if (c === undefined) conns.set(e.conn, (c = { c2s: [], s2c: [] }));
    c[e.dir].push(Buffer.from(e.bytes));
  }
  const out: HttpExchange[] = [];
  for (const [conn, c] of conns) {
    const requests = parse('REQUEST', Buffer.concat(c.c2s));
    const responses = parse('RESPONSE', Buffer.concat(c.s2c));
    requests.forEach((request, i) => out.push({ conn, request, response: responses[i] ?? null }));
  }
  return out;
}

function parse(type: 'REQUEST' | 'RESPONSE', bytes: Buffer): HttpMessage[] {
  const out: HttpMessage[] = [];
  let current: HttpMessage | null = null;
  let parts: Buffer[] = [];
  const p = new HTTPParser(type);
  p[HTTPParser.kOnHeadersComplete] = (info) => {
    const headers: [string, string][] = [];
    for (let i = 0; i + 1 < info.headers.length; i += 2) headers.push([info.headers[i]!, info.headers[i + 1]!]);
    const line =
      type === 'REQUEST' ? `${HTTPParser.methods[info.method as number]} ${info.url}` : String(info.statusCode);
    current = { line, headers, body: Buffer.alloc(0), complete: false };
    parts = [];
    out.push(current);
  };
  p[HTTPParser.kOnBody] = (chunk: Buffer, offset: number, length: number) => {
    parts.push(Buffer.from(chunk.subarray(offset, offset + length)));
  };
  p[HTTPParser.kOnMessageComplete] = () => {
    current!.body = Buffer.concat(parts);
    current!.complete = true;
  };
  p.execute(bytes);
  p.finish();
  const last = out[out.length - 1] as HttpMessage | undefined;
  if (last !== undefined && !last.complete) last.body = Buffer.concat(parts);
  return out;
}

export const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

/**
 * The SSE events of a body as the raw text of each (the blocks between blank lines: priming events with empty data
 * included, which an SSE parser does not dispatch); the last block unterminated when the stream was cut.
 */
export function sseBlocks(body: Buffer): string[] {
  const blocks = body.toString('utf8').split(/\r\n\r\n|\n\n|\r\r/);
  if (blocks[blocks.length - 1] === '') blocks.pop();
  return blocks;
}

/** A header's value (the first with that name, any case). */
export function header(m: HttpMessage, name: string): string | undefined {
  return m.headers.find(([n]) => n.toLowerCase() === name)?.[1];
}
