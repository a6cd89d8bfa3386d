// tshark's reading of the HTTP in a capture, turned into JSON-RPC messages by the test alone: the independent check of mcptrace's.
import { Buffer } from 'node:buffer';
import { tshark } from './tcpdump.js';

/** One JSON-RPC message as tshark's decoding of a capture shows it. */
export interface TsharkMessage {
  /** The frame that completed the HTTP message holding it (for a response, its last body frame). */
  frame: number;
  /** `tcp.stream`, 0-based in order of the connections' first packets. */
  stream: number;
  dir: 'c2s' | 's2c';
  /** The exchange's Mcp-Session-Id: the request's header, else the one its response assigned. */
  session: string | null;
  /** The exchange's request method; the response's status (null on a request); the body's media type. */
  method: string;
  status: number | null;
  contentType: string | null;
  message: unknown;
}

type Obj = Record<string, any>;
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** `name: value\r\n` lines (one, or an array with `--no-duplicate-keys`) as lower-case names. */
function headers(lines: string | string[] | undefined): Map<string, string> {
  const m = new Map<string, string>();
  for (const l of list(lines)) {
    const at = l.indexOf(':');
    if (at > 0) m.set(l.slice(0, at).trim().toLowerCase(), l.slice(at + 1).trim());
  }
  return m;
}

/** A `_raw` field: `[hex, offset, length, mask, type]`, or several of them. */
function rawBytes(raw: unknown): Buffer | null {
  if (!Array.isArray(raw)) return null;
  const first = Array.isArray(raw[0]) ? raw[0] : raw;
  return typeof first[0] === 'string' ? Buffer.from(first[0], 'hex') : null;
}

/**
 * The data of each SSE event of a body whose type is absent or `message` and whose data is not empty (WHATWG HTML
 * §9.2.6, read here by hand: lines end at LF, CR LF or CR; `data:` lines joined with LF; one space after the colon dropped).
 */
export function sseData(body: string): string[] {
  const out: string[] = [];
  for (const block of body.split(/\r\n\r\n|\n\n|\r\r/)) {
    const data: string[] = [];
    let type = 'message';
    for (const line of block.split(/\r\n|\n|\r/)) {
      const m = /^([^:]*)(?::(.*))?$/.exec(line)!;
      const value = (m[2] ?? '').replace(/^ /, '');
      if (m[1] === 'data') data.push(value);
      else if (m[1] === 'event') type = value;
    }
    if (data.length > 0 && type === 'message' && data.join('\n') !== '') out.push(data.join('\n'));
  }
  return out;
}

interface HttpMessage {
  frame: number;
  stream: number;
  request: boolean;
  method: string | null;
  status: number | null;
  /** For a response, the frame of its request. */
  other: number | null;
  headers: Map<string, string>;
  body: Buffer | null;
}

/** Every HTTP message tshark decodes in the capture (`-d tcp.port==PORT,http`: the server's port read as HTTP, bodies reassembled). */
async function httpMessages(file: string, port: number): Promise<HttpMessage[]> {
  const out = await tshark([
    '-r',
    file,
    '-o',
    'http.desegment_body:TRUE',
    '-o',
    'http.desegment_headers:TRUE',
    '-d',
    `tcp.port==${port},http`,
    '-Y',
    'http',
    '-T',
    'json',
    '-x',
    '--no-duplicate-keys',
    '-J',
    'frame tcp http',
  ]);
  const messages: HttpMessage[] = [];
  for (const p of JSON.parse(out) as Obj[]) {
    const l = p._source.layers as Obj;
    const frame = Number(list(l.frame['frame.number'])[0]);
    const stream = Number(list(l.tcp['tcp.stream'])[0]);
    for (const h of list(l.http as Obj | Obj[])) {
      // The first line's subtree holds the method or the status code.
      const first = Object.values(h).find(
        (v): v is Obj =>
          typeof v === 'object' &&
          v !== null &&
          !Array.isArray(v) &&
          ('http.request.method' in v || 'http.response.code' in v),
      );
      if (first === undefined) continue;
      const request = 'http.request.method' in first;
      messages.push({
        frame,
        stream,
        request,
        method: request ? String(first['http.request.method']) : null,
        status: request ? null : Number(first['http.response.code']),
        other: request || h['http.request_in'] === undefined ? null : Number(list(h['http.request_in'])[0]),
        headers: headers(h[request ? 'http.request.line' : 'http.response.line']),
        body: rawBytes(h['http.file_data_raw']),
      });
    }
  }
  return messages;
}

/**
 * The JSON-RPC messages of a capture as tshark decodes its HTTP: request bodies (a message or a batch) c2s; response
 * bodies s2c, `application/json` parsed, `text/event-stream` split into events by `sseData`. A body that is not JSON
 * is left out (none is expected in the captures of the tests).
 */
export async function tsharkMessages(file: string, port: number): Promise<TsharkMessage[]> {
  const http = await httpMessages(file, port);
  const requests = new Map(http.filter((m) => m.request).map((m) => [m.frame, m]));
  // A response names its request's frame (a request names its response's only in a two-pass run).
  const responses = new Map(http.filter((m) => !m.request && m.other !== null).map((m) => [m.other!, m]));
  const out: TsharkMessage[] = [];
  for (const m of http) {
    const req = m.request ? m : m.other !== null ? requests.get(m.other) : undefined;
    const res = m.request ? responses.get(m.frame) : m;
    const session = req?.headers.get('mcp-session-id') ?? res?.headers.get('mcp-session-id') ?? null;
    const contentType = m.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? null;
    if (m.body === null || m.body.length === 0) continue;
    const text = m.body.toString('utf8');
    const texts = contentType === 'text/event-stream' ? sseData(text) : [text];
    for (const t of texts) {
      let value: unknown;
      try {
        value = JSON.parse(t);
      } catch {
        continue;
      }
      for (const message of Array.isArray(value) ? value : [value]) {
        out.push({
          frame: m.frame,
          stream: m.stream,
          dir: m.request ? 'c2s' : 's2c',
          session,
          method: req?.method ?? '?',
          status: m.status,
          contentType,
          message,
        });
      }
    }
  }
  return out;
}
