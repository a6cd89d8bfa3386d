// How 2026-07-28 mirrors a value into a header (streamable-http.mdx §Value Encoding): which values must travel Base64
// encoded, and what a `=?base64?…?=` sentinel carries.
import { isUtf8 } from 'node:buffer';

/** Why a value must travel Base64-encoded (§Value Encoding). */
type Unsafe =
  | 'non-ASCII characters'
  | 'a control character'
  | 'leading or trailing whitespace'
  | 'the form of a sentinel';

// §Value Encoding: "=?base64?{Base64EncodedValue}?=": "These markers are case-sensitive and MUST appear exactly as shown
// (lowercase)".
const PREFIX = '=?base64?';
const SUFFIX = '?=';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Why `v` cannot travel as a plain header value, or null when it can. seps/2243-http-standardization.md §Value Encoding
 * (the rules the spec's "non-ASCII characters, control characters, or has leading/trailing whitespace" summarises):
 * leading or trailing space or tab; a character outside 0x20–0x7E; a control character (0x00–0x1F, 0x7F, tab included);
 * and "any plain-ASCII value that matches the sentinel pattern".
 */
export function unsafeReason(v: string): Unsafe | null {
  if (/^[ \t]|[ \t]$/.test(v)) return 'leading or trailing whitespace';
  if (/[^\x00-\x7f]/.test(v)) return 'non-ASCII characters';
  if (/[\x00-\x1f\x7f]/.test(v)) return 'a control character';
  if (v.startsWith(PREFIX) && v.endsWith(SUFFIX)) return 'the form of a sentinel';
  return null;
}

/** A header value that uses the sentinel, or looks meant to (markers in another case, a prefix without its suffix). */
export function sentinelLike(v: string): boolean {
  return v.toLowerCase().startsWith(PREFIX);
}

/** The value a sentinel carries, or why it is malformed (§Value Encoding: Base64 "of the UTF-8 representation"). */
export function decodeSentinel(v: string): { value: string } | { why: string } {
  if (!v.startsWith(PREFIX)) return { why: `the markers MUST be lower case (${PREFIX}…${SUFFIX})` };
  if (!v.endsWith(SUFFIX) || v.length < PREFIX.length + SUFFIX.length) return { why: `it does not end with ${SUFFIX}` };
  const b64 = v.slice(PREFIX.length, v.length - SUFFIX.length);
  if (!BASE64.test(b64)) return { why: 'what is between the markers is not Base64' };
  const bytes = Buffer.from(b64, 'base64');
  if (!isUtf8(bytes)) return { why: 'it does not decode to UTF-8' };
  return { value: bytes.toString('utf8') };
}
