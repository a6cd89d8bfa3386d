// How an HTTP/1.1 message's body is delimited by its header fields (RFC 9112 §6.3), and the conflicts between them that
// request smuggling relies on: two readers of one stream that disagree on where a message ends.
import type { LengthConflict } from '../../../types.js';

/**
 * How a body is read: chunked, a length, until the connection closes, none, or not at all (`unknown`: its length
 * cannot be determined; `why` says so).
 */
type BodyLength =
  | { by: 'chunked' }
  | { by: 'length'; bytes: number }
  | { by: 'close' }
  | { by: 'none' }
  | { by: 'unknown'; why: string };

/** The codings of a Transfer-Encoding value, in the order applied, lower case. */
function codings(value: string): string[] {
  return value
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '');
}

/** A Content-Length: one decimal number, or a list of the same one (RFC 9110 §8.6); else null. */
function contentLength(value: string): number | null {
  const values = new Set(value.split(',').map((v) => v.trim()));
  const [only] = values;
  return values.size === 1 && /^\d+$/.test(only!) ? Number(only) : null;
}

/**
 * RFC 9112 §6.3, for a message that may have a body (the parser knows those that have none: the answer to a HEAD, a
 * 1xx, 204 or 304): a Transfer-Encoding overrides a Content-Length; one whose last coding is not chunked makes a
 * response read until the connection closes, and a request's length undeterminable (a server answers 400 and closes
 * the connection); a Content-Length that is not one number is undeterminable too. With neither, a request has no
 * body and a response is read until close.
 */
export function bodyLength(headers: ReadonlyMap<string, string>, request: boolean): BodyLength {
  const te = headers.get('transfer-encoding');
  const cl = headers.get('content-length');
  if (te !== undefined) {
    if (codings(te).at(-1) === 'chunked') return { by: 'chunked' };
    if (!request) return { by: 'close' };
    return {
      by: 'unknown',
      why: `its Transfer-Encoding (${te}) does not end in chunked: the request's length cannot be determined (RFC 9112 §6.3)`,
    };
  }
  if (cl !== undefined) {
    const n = contentLength(cl);
    return n !== null
      ? { by: 'length', bytes: n }
      : { by: 'unknown', why: `its Content-Length (${cl}) is not one length (RFC 9112 §6.3)` };
  }
  return request ? { by: 'none' } : { by: 'close' };
}

/**
 * A request's framing fields in conflict: a Transfer-Encoding beside a Content-Length (HTTP reads the body as chunked,
 * a reader that honours the Content-Length ends it elsewhere), or one whose last coding is not chunked (no length at
 * all). Either is a request smuggling signature; null when the fields agree.
 */
export function lengthConflict(headers: ReadonlyMap<string, string>): LengthConflict | null {
  const te = headers.get('transfer-encoding');
  if (te === undefined) return null;
  const cl = headers.get('content-length') ?? null;
  const chunked = codings(te).at(-1) === 'chunked';
  if (chunked && cl === null) return null;
  return { transferEncoding: te, contentLength: cl, readAs: chunked ? 'chunked' : 'unknown' };
}
