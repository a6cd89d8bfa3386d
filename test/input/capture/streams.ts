// Hand-built StreamEvents for the HTTP reader's tests: a script of what each side sent, cut into chunks.
import { Buffer } from 'node:buffer';
import { httpFrames, type HttpReadOptions } from '../../../src/input/capture/http/http-frames.js';
import type { StreamEvent } from '../../../src/input/capture/http/stream-event.js';
import type { Frame } from '../../../src/types.js';

/** One step of a connection's script: bytes one side sent, bytes never captured, or the end. */
export type Step =
  | ['c2s' | 's2c', string | Uint8Array]
  | ['gap', 'c2s' | 's2c', number]
  | ['close', 'fin' | 'rst' | 'end-of-capture'];

/**
 * The events of one connection: `open`, then each step (data cut into `chunk`-byte pieces), timed 1 ms apart from
 * `t0`. Packets are numbered from `packet`.
 */
export function connection(
  conn: string,
  steps: Step[],
  opts: { chunk?: number; t0?: number; packet?: number; midstream?: boolean; port?: number } = {},
): StreamEvent[] {
  let ts = opts.t0 ?? Date.UTC(2026, 0, 1);
  let packet = opts.packet ?? 1;
  const out: StreamEvent[] = [
    {
      kind: 'open',
      conn,
      ts,
      client: { addr: '127.0.0.1', port: 50000 },
      server: { addr: '127.0.0.1', port: opts.port ?? 3001 },
      midstream: opts.midstream ?? false,
    },
  ];
  for (const s of steps) {
    ts += 1;
    if (s[0] === 'close') out.push({ kind: 'close', conn, ts, how: s[1] });
    else if (s[0] === 'gap') out.push({ kind: 'gap', conn, dir: s[1], ts, packet: packet++, bytes: s[2] });
    else {
      const bytes = typeof s[1] === 'string' ? Buffer.from(s[1]) : s[1];
      const size = opts.chunk ?? bytes.length;
      for (let i = 0; i < bytes.length; i += size)
        out.push({ kind: 'data', conn, dir: s[0], ts, packet: packet++, bytes: bytes.subarray(i, i + size) });
    }
  }
  return out;
}

/** The frames and notes of a list of events. */
export async function read(
  events: StreamEvent[],
  opts: Pick<HttpReadOptions, 'maxMessageBytes'> = {},
): Promise<{ frames: Frame[]; notes: string[] }> {
  const frames: Frame[] = [];
  const notes: string[] = [];
  async function* source() {
    yield* events;
  }
  for await (const f of httpFrames(source(), 'cap', { ...opts, status: { note: (_source, t) => notes.push(t) } }))
    frames.push(f);
  return { frames, notes };
}

/** A request with a body and Content-Length. */
export function post(body: string, headers: Record<string, string> = {}, path = '/mcp'): string {
  const h = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    ...headers,
    'Content-Length': String(Buffer.byteLength(body)),
  };
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:3001\r\n${Object.entries(h)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n${body}`;
}

/** A response with a body and Content-Length. */
export function reply(status: number, body: string | Uint8Array, headers: Record<string, string> = {}): Buffer {
  const b = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body);
  const h = { ...headers, 'Content-Length': String(b.length) };
  const head = `HTTP/1.1 ${status} ${status === 200 ? 'OK' : status === 202 ? 'Accepted' : 'Status'}\r\n${Object.entries(
    h,
  )
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head), b]);
}

/** A chunked response head (the body follows as `chunk(...)` pieces and `LAST_CHUNK`). */
export function chunkedHead(status: number, headers: Record<string, string>): string {
  return `HTTP/1.1 ${status} OK\r\n${Object.entries({ ...headers, 'Transfer-Encoding': 'chunked' })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
}

export function chunk(data: string | Uint8Array): Buffer {
  const b = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data);
  return Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
}

export const LAST_CHUNK = '0\r\n\r\n';

export const msg = (o: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', ...o });
