// The HTTP side's entry: a capture's TCP streams (StreamEvents) read as HTTP/1.1 and MCP, into frames.
import { Buffer } from 'node:buffer';
import type { Frame, Peers } from '../../../types.js';
import type { Status } from '../../../util/status.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../../lines/lines.js';
import { connectionKind, connectionName, someOf, type ConnectionKind } from './connection-kind.js';
import type { At } from './exchange.js';
import { HttpConnection } from './http-connection.js';
import { McpHttp } from './mcp-http.js';
import type { Endpoint, StreamEvent } from './stream-event.js';

/** Bytes of the first side's first data that judge a connection (an HTTP request line's start, a TLS record head, the HTTP/2 preface). */
const HEAD_BYTES = 24;

export interface HttpReadOptions {
  /** `--max-message-bytes`: the largest body or SSE event kept whole (default 16 MiB). */
  maxMessageBytes?: number;
  /**
   * The run's status channel, told about the capture after the last frame: one line per kind of connection that gave no
   * records (TLS, HTTP/2, not HTTP, HTTP that carried no MCP). Each names the connections (a few) and, for TLS, how to
   * capture plaintext instead.
   */
  status?: Status;
  /** Told, after the last frame, how many connections were of each kind (one that never carried a byte is in none). */
  onConnections?: (kinds: ConnectionKinds) => void;
}

/** Connections by what they carried: MCP over HTTP/1.1, HTTP without MCP (`quiet`), TLS, HTTP/2, anything else. */
export type ConnectionKinds = Record<'mcp' | 'quiet' | 'tls' | 'h2' | 'other', number>;

interface Conn {
  name: string;
  midstream: boolean;
  kind: ConnectionKind | null;
  /** Until the kind is known: the events held, and the first bytes of the side that spoke first. */
  early: (StreamEvent & { kind: 'data' | 'gap' })[];
  /** Gaps before any byte of the connection was read: told once it is known to be HTTP. */
  lead: (StreamEvent & { kind: 'gap' })[];
  head: Buffer;
  firstDir: 'c2s' | 's2c' | null;
  http: HttpConnection | null;
  /** The last packet of the connection: a `close` has none of its own. */
  packet: number;
  /** Its ends, when the capture showed its opening. */
  peers: Peers | null;
}

/**
 * Reads StreamEvents (in capture order) into frames, one batch per event that completed any. Each connection is
 * judged by its first bytes (connection-kind.ts); HTTP/1.1 ones are read by an HttpConnection whose exchanges McpHttp
 * turns into frames. Connections that are not read, or carried no MCP, are told to `status` at the end, never as records.
 */
export async function* httpFrameBatches(
  events: AsyncIterable<StreamEvent>,
  file: string,
  opts: HttpReadOptions = {},
): AsyncGenerator<Frame[]> {
  const mcp = new McpHttp(file, opts.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  const conns = new Map<string, Conn>();
  // Connections that gave no records, by kind: counted, the first few named (a capture may hold millions).
  const judged: Record<Exclude<ConnectionKind, 'http'> | 'quiet', Tally> = {
    tls: tally(),
    h2: tally(),
    other: tally(),
    quiet: tally(),
  };
  let mcpConns = 0;
  const connOf = (
    id: string,
    client: Endpoint | null = null,
    server: Endpoint | null = null,
    midstream = false,
  ): Conn => {
    let c = conns.get(id);
    if (c === undefined) {
      c = {
        name: connectionName(id, client, server),
        midstream,
        kind: null,
        early: [],
        lead: [],
        head: Buffer.alloc(0),
        firstDir: null,
        http: null,
        packet: 0,
        peers: client && server && { client, server },
      };
      conns.set(id, c);
    }
    return c;
  };
  /** The connection's kind is known: an HTTP one gets its reader, and what was held is read. */
  const judge = async (id: string, c: Conn) => {
    c.kind = c.head.length > 0 ? connectionKind(c.head, c.firstDir!, c.midstream) : 'other';
    if (c.kind === 'http') {
      c.http = new HttpConnection(id, mcp, c.midstream, c.peers ?? undefined);
      for (const g of c.lead) mcp.notice(id, g.dir, { kind: 'gap', bytes: g.bytes }, { ts: g.ts, packet: g.packet });
    } else count(judged[c.kind], c.name);
    const held = c.early;
    c.early = [];
    for (const ev of held) {
      const p = feed(c, ev);
      if (p !== undefined) await p;
    }
  };
  /** Bytes or a gap to the connection's reader: awaited only when it decodes a compressed body. */
  const feed = (c: Conn, ev: StreamEvent & { kind: 'data' | 'gap' }): Promise<void> | void => {
    if (c.http === null) return;
    const at: At = { ts: ev.ts, packet: ev.packet };
    return ev.kind === 'data' ? c.http.data(ev.dir, ev.bytes, at) : c.http.gap(ev.dir, ev.bytes, at);
  };
  const close = async (id: string, c: Conn, ts: number, atEnd: boolean) => {
    if (c.kind === null && c.early.length > 0) await judge(id, c);
    if (c.http !== null) {
      await c.http.close({ ts, packet: c.packet }, atEnd);
      const r = mcp.release(id);
      // Joined midway and never showed an HTTP message: not read as HTTP at all.
      if (!c.http.framed) count(judged.other, c.name);
      else if (!r.mcp) count(judged.quiet, r.what === null ? id : `${id}: ${r.what}`);
      else mcpConns++;
    }
    conns.delete(id);
  };
  let lastTs = 0;
  for await (const ev of events) {
    lastTs = ev.ts;
    if (ev.kind === 'open') {
      connOf(ev.conn, ev.client, ev.server, ev.midstream);
      continue;
    }
    const c = connOf(ev.conn);
    if (ev.kind === 'close') {
      await close(ev.conn, c, ev.ts, ev.how === 'end-of-capture');
    } else if (ev.kind === 'half-close') {
      // The client closed while an answer may be open: what the server sends after is told as such (a connection not
      // yet read as HTTP has no exchange to tell it of).
      if (ev.dir === 'c2s' && c.http !== null) c.http.clientClosed({ ts: ev.ts, packet: ev.packet });
    } else {
      c.packet = ev.packet;
      if (c.kind !== null) {
        const p = feed(c, ev);
        if (p !== undefined) await p;
      } else if (ev.kind === 'gap' && c.early.length === 0) {
        // Nothing of the connection read yet: the first bytes seen are past what a gap hides, as if midstream.
        c.midstream = true;
        c.lead.push(ev);
      } else {
        // Held until judged: a copy, as the packet side may reuse its buffers once the event is read.
        c.early.push(ev.kind === 'data' ? { ...ev, bytes: Uint8Array.from(ev.bytes) } : ev);
        if (ev.kind === 'data' && ev.bytes.length > 0) {
          c.firstDir ??= ev.dir;
          if (ev.dir === c.firstDir && c.head.length < HEAD_BYTES)
            c.head = Buffer.concat([c.head, ev.bytes]).subarray(0, HEAD_BYTES);
          // Judged once the first side has sent a line (or enough bytes), or the other side speaks.
          if (ev.dir !== c.firstDir || c.head.length >= HEAD_BYTES || c.head.includes(0x0a)) await judge(ev.conn, c);
        }
      }
    }
    const out = mcp.take();
    if (out.length > 0) yield out;
  }
  for (const [id, c] of [...conns]) await close(id, c, lastTs, true);
  const out = mcp.take();
  if (out.length > 0) yield out;
  if (opts.status) for (const line of notes(judged)) opts.status.note(file, line);
  opts.onConnections?.({
    mcp: mcpConns,
    quiet: judged.quiet.n,
    tls: judged.tls.n,
    h2: judged.h2.n,
    other: judged.other.n,
  });
}

/** `httpFrameBatches` one frame at a time. */
export async function* httpFrames(
  events: AsyncIterable<StreamEvent>,
  file: string,
  opts: HttpReadOptions = {},
): AsyncGenerator<Frame> {
  for await (const batch of httpFrameBatches(events, file, opts)) yield* batch;
}

interface Tally {
  n: number;
  names: string[];
}

const tally = (): Tally => ({ n: 0, names: [] });

function count(t: Tally, name: string): void {
  t.n++;
  if (t.names.length < 5) t.names.push(name);
}

/** One line per kind of connection that gave no records. */
function notes(judged: Record<'tls' | 'h2' | 'other' | 'quiet', Tally>): string[] {
  const lines: string[] = [];
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  const { tls, h2, other, quiet } = judged;
  if (tls.n > 0) {
    lines.push(
      `${n(tls.n, 'connection is', 'connections are')} TLS, encrypted and not read (${someOf(tls.names, tls.n)}). ` +
        `To read ${tls.n === 1 ? 'its' : 'their'} MCP traffic, capture it in plaintext: run \`mcptrace proxy --target https://SERVER/PATH --out FILE\` and point the client at the URL it prints, or capture on the loopback side of the TLS terminator.`,
    );
  }
  if (h2.n > 0) {
    lines.push(
      `${n(h2.n, 'connection speaks', 'connections speak')} HTTP/2, which is not read (${someOf(h2.names, h2.n)}): mcptrace reads HTTP/1.1. ` +
        'Capture through `mcptrace proxy --target URL --out FILE` (it speaks HTTP/1.1 to both sides), or have the client use HTTP/1.1.',
    );
  }
  if (other.n > 0)
    lines.push(
      `${n(other.n, 'connection is', 'connections are')} not HTTP and not read (${someOf(other.names, other.n)}).`,
    );
  if (quiet.n > 0)
    lines.push(
      `${n(quiet.n, 'HTTP connection', 'HTTP connections')} carried no MCP message (${someOf(quiet.names, quiet.n)}).`,
    );
  return lines;
}
