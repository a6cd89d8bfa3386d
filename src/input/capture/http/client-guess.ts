// Which side opened a connection whose handshake the capture missed: the first bytes say it when they are a request or an answer.

/** Starts of what only a client sends first: HTTP/1.x request lines, the HTTP/2 connection preface. */
const CLIENT_STARTS = [
  'GET ',
  'POST ',
  'PUT ',
  'DELETE ',
  'HEAD ',
  'OPTIONS ',
  'PATCH ',
  'CONNECT ',
  'TRACE ',
  'PRI * HTTP/2.0',
].map((s) => Buffer.from(s, 'latin1'));
/** Starts of what only a server sends: an HTTP/1.x status line. */
const SERVER_STARTS = ['HTTP/1.'].map((s) => Buffer.from(s, 'latin1'));
/** A TLS handshake record (content type 22, version 3.x) and the handshake types that say the side. */
const TLS_HANDSHAKE = 0x16;
const CLIENT_HELLO = 1;
const SERVER_HELLO = 2;

const startsWith = (data: Buffer, starts: Buffer[]) =>
  starts.some((s) => data.length >= s.length && data.compare(s, 0, s.length, 0, s.length) === 0);

/** `client` when `data` (the first bytes a side sent) is what a client sends first, `server` when a server's, else null. */
export function sideOfFirstBytes(data: Buffer): 'client' | 'server' | null {
  if (startsWith(data, CLIENT_STARTS)) return 'client';
  if (startsWith(data, SERVER_STARTS)) return 'server';
  if (data.length >= 6 && data[0] === TLS_HANDSHAKE && data[1] === 3) {
    if (data[5] === CLIENT_HELLO) return 'client';
    if (data[5] === SERVER_HELLO) return 'server';
  }
  return null;
}
