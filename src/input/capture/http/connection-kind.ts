// What a TCP connection speaks, from its first bytes: HTTP/1.1, TLS, HTTP/2, or something else.
import type { Endpoint } from './stream-event.js';

export type ConnectionKind = 'http' | 'tls' | 'h2' | 'other';

/** The HTTP/2 client connection preface (RFC 9113 §3.4). */
const H2_PREFACE = 'PRI * HTTP/2.0\r\n';
const REQUEST_LINE = /^[A-Z][A-Z-]{1,15} \S/;

/**
 * Judges a connection by the first bytes either side sent. A TLS record starts with its content type (0x16 handshake,
 * 0x17 application data, 0x15 alert) and version major 3 (RFC 8446 §5.1): a ClientHello is `16 03 0x`. HTTP/2 with
 * prior knowledge opens with its preface; HTTP/1.1 with a request line (or, in a capture that starts mid-connection, a
 * status line). An HTTP/2 server may speak first, before the client's preface is captured: its own preface is a
 * SETTINGS frame. A midstream connection's first bytes may be inside a message: it is read as HTTP unless they are TLS.
 */
export function connectionKind(bytes: Uint8Array, dir: 'c2s' | 's2c', midstream: boolean): ConnectionKind {
  if (
    bytes.length >= 2 &&
    (bytes[0] === 0x16 || (midstream && (bytes[0] === 0x17 || bytes[0] === 0x15))) &&
    bytes[1] === 0x03
  )
    return 'tls';
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64)).toString('latin1');
  if (
    head.startsWith(H2_PREFACE) ||
    (head.length < H2_PREFACE.length && H2_PREFACE.startsWith(head) && head.startsWith('PRI '))
  )
    return 'h2';
  if (dir === 's2c' && h2Settings(bytes)) return 'h2';
  if (midstream) return 'http';
  if (dir === 'c2s' ? REQUEST_LINE.test(head) : head.startsWith('HTTP/1.')) return 'http';
  return 'other';
}

/**
 * An HTTP/2 server's connection preface: a SETTINGS frame (type 4) without flags on stream 0, its payload 6-byte settings
 * (RFC 9113 §3.4, §6.5). Node's http2 server sends it as soon as it accepts the connection.
 */
function h2Settings(b: Uint8Array): boolean {
  if (b.length < 9 || b[3] !== 0x04 || b[4] !== 0x00 || (b[5]! & 0x7f) !== 0 || b[6] !== 0 || b[7] !== 0 || b[8] !== 0)
    return false;
  return ((b[0]! << 16) | (b[1]! << 8) | b[2]!) % 6 === 0;
}

/** `tcp/3 127.0.0.1:50412 → 127.0.0.1:3001`: a connection as the notes name it. */
export function connectionName(conn: string, client: Endpoint | null, server: Endpoint | null): string {
  if (client === null || server === null) return conn;
  return `${conn} ${endpoint(client)} → ${endpoint(server)}`;
}

function endpoint(e: Endpoint): string {
  return e.addr.includes(':') ? `[${e.addr}]:${e.port}` : `${e.addr}:${e.port}`;
}

/** A list of names for a one-line note: the first few, then how many more. */
export function someOf(names: readonly string[], total: number, shown = 5): string {
  const list = names.slice(0, shown).join(', ');
  return total > shown ? `${list}, and ${total - shown} more` : list;
}
