// HAR 1.2 entries read as HTTP exchanges: request and response bodies as the browser or tool recorded them.
import { Buffer } from 'node:buffer';
import type { Frame } from '../../../types.js';
import type { Status } from '../../../util/status.js';
import { errorFrame, oversizedFrame } from '../../lines/frames.js';
import { DEFAULT_MAX_MESSAGE_BYTES, type Chunk } from '../../lines/lines.js';
import { someOf } from '../http/connection-kind.js';
import { headerMap, type At, type Exchange } from '../http/exchange.js';
import { HarDocument, type HarEntry } from './har-document.js';
import { McpHttp } from '../http/mcp-http.js';
import { undoCp1252 } from '../http/mojibake.js';

interface HarReadOptions {
  file: string;
  maxMessageBytes?: number;
  /** The run's status channel, told about `file` after the last frame: a line naming the entries that carried no MCP (page loads, assets …). */
  status?: Status;
  /** Told, after the last frame, how many lines the file held. */
  onEnd?: (info: { lines: number }) => void;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** `[{name, value}]` headers as the HTTP layer keeps them. */
function headersOf(v: unknown): Map<string, string> {
  const flat: string[] = [];
  if (Array.isArray(v))
    for (const h of v) if (typeof obj(h)?.name === 'string') flat.push(String(h.name), String(h.value ?? ''));
  return headerMap(flat);
}

function targetOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

/**
 * A recorded body's bytes: `text` as is, or base64-decoded when `encoding` says so; null when not recorded. The text of
 * an SSE or JSON body with no charset is repaired when the recorder misread its UTF-8 (mojibake.ts).
 */
function bodyOf(holder: Obj | null, type: string | undefined): Buffer | null {
  if (holder === null || typeof holder.text !== 'string') return null;
  if (holder.encoding === 'base64') return Buffer.from(holder.text, 'base64');
  const utf8Always =
    type !== undefined &&
    /^(?:text\/event-stream|application\/(?:[\w.+-]+\+)?json)\s*(?:;(?![^]*charset)|$)/i.test(type);
  return Buffer.from(utf8Always ? undoCp1252(holder.text) : holder.text, 'utf8');
}

/** `har/<connection>` when the entry names its connection (Chrome does), else `entry/<n>`. */
function connOf(e: Obj, index: number): string {
  return typeof e.connection === 'string' && e.connection !== '' ? `har/${e.connection}` : `entry/${index + 1}`;
}

/**
 * One entry told to the MCP layer as an exchange. Times: the request at `startedDateTime`; the response's head after the
 * timings up to its first byte (blocked, dns, connect, send, wait); its body, SSE events included, when the entry ended
 * (`startedDateTime + time`): a HAR does not time each event. A body HAR did not keep (`text` absent, or `size` -1 as
 * for a stream still open when it was saved) is an `http-body-not-captured` event.
 */
function readEntry(mcp: McpHttp, e: Obj, index: number, line: number): void {
  const req = obj(e.request);
  const res = obj(e.response);
  if (req === null) return;
  const started = Date.parse(String(e.startedDateTime ?? ''));
  const t0 = Number.isNaN(started) ? 0 : started;
  const timings = obj(e.timings) ?? {};
  const toHead = ['blocked', 'dns', 'connect', 'send', 'wait'].reduce(
    (n, k) => n + Math.max(0, num(timings[k]) ?? 0),
    0,
  );
  const at: At = { ts: t0, packet: line };
  const headAt: At = { ts: t0 + toHead, packet: line };
  const endAt: At = { ts: t0 + Math.max(toHead, num(e.time) ?? 0), packet: line };
  const conn = connOf(e, index);
  const x: Exchange = {
    conn,
    method: String(req.method ?? '?'),
    path: targetOf(String(req.url ?? '?')),
    reqHeaders: headersOf(req.headers),
    ...harVersion(req.httpVersion),
    status: null,
    resHeaders: null,
  };
  mcp.request(x, at);
  const post = obj(req.postData);
  const sent = bodyOf(post, req.headers === undefined ? undefined : headersOf(req.headers).get('content-type'));
  if (sent !== null && sent.length > 0) mcp.requestBody(x, sent, at);
  else if (post !== null) mcp.notCaptured(x, at, 'request', num(req.bodySize));
  mcp.requestEnd(x, at, { cut: null, decodeError: null });
  const status = num(res?.status) ?? 0;
  if (res === null || status === 0) {
    // Chrome writes status 0 for a request that got no answer (failed, cancelled, or pending when saved).
    mcp.unanswered(x, at, 'not-captured');
    return;
  }
  x.status = status;
  x.resHeaders = headersOf(res.headers);
  mcp.response(x, headAt);
  const content = obj(res.content);
  const got = bodyOf(content, x.resHeaders.get('content-type'));
  const size = num(content?.size);
  if (got !== null && got.length > 0) mcp.responseBody(x, got, endAt);
  else if (got === null && size !== 0 && status !== 202 && status !== 204 && x.method !== 'HEAD')
    mcp.notCaptured(x, endAt, 'response', size);
  mcp.responseEnd(x, endAt, { cut: null, decodeError: null });
}

/** The frames of a HAR file, a batch per chunk read. */
export async function* readHarBatches(chunks: AsyncIterable<Chunk>, opts: HarReadOptions): AsyncGenerator<Frame[]> {
  const maxBytes = opts.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const doc = new HarDocument(maxBytes);
  const mcp = new McpHttp(opts.file, maxBytes);
  const entries: HarEntry[] = [];
  const read = (): Frame[] => {
    const out: Frame[] = [];
    for (const en of entries) {
      const at = { file: opts.file, line: en.line, lines: 1 };
      if (en.overflow !== null) out.push(oversizedFrame(at, en.overflow.head, en.overflow.size, maxBytes, 'HAR entry'));
      else {
        const e = obj(en.value);
        if (e === null) out.push(errorFrame(at, JSON.stringify(en.value) ?? '', 'a HAR entry is an object'));
        else {
          readEntry(mcp, e, en.index, en.line);
          // A connection the entry names may carry later entries: its session is kept for a request that names none.
          const conn = connOf(e, en.index);
          mcp.release(conn, conn.startsWith('har/'));
        }
      }
      for (const f of mcp.take()) out.push(f);
    }
    entries.length = 0;
    return out;
  };
  for await (const chunk of chunks) {
    doc.push(chunk, entries);
    const out = read();
    if (out.length > 0) yield out;
  }
  doc.end(entries);
  const out = read();
  const end = { file: opts.file, line: doc.lines, lines: 1 };
  if (doc.error !== null) out.push(errorFrame(end, '', doc.error));
  else if (!doc.sawEntries) out.push(errorFrame(end, '', 'not a HAR document: no "log": {"entries": [...]}'));
  if (out.length > 0) yield out;
  if (opts.status && mcp.nonMcpCount > 0) {
    const n = mcp.nonMcpCount;
    opts.status.note(
      opts.file,
      `${n} HAR ${n === 1 ? 'entry' : 'entries'} carried no MCP message (${someOf(
        mcp.nonMcp.map((x) => x.what),
        n,
      )}).`,
    );
  }
  opts.onEnd?.({ lines: doc.lines });
}

/** A HAR request's `httpVersion` (`HTTP/1.1`, `http/2.0`, `h2`, `h3`) as `network.protocol.version` writes it (`1.1`, `2`, `3`). */
function harVersion(v: unknown): { version?: string } {
  const m = typeof v === 'string' ? /^(?:https?\/)?h?(\d)(?:\.(\d))?$/i.exec(v.trim()) : null;
  if (m === null) return {};
  return { version: m[1] === '1' ? `1.${m[2] ?? '1'}` : m[1]! };
}
