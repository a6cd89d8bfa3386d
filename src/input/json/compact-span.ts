// A member's value copied out of a line JSON.parse has accepted, when the line writes it exactly as JSON.stringify would.

/**
 * A reader that parsed a line (an envelope holding a message as an object) needs the message's JSON text: for its size
 * (`bytes`, the compact form's) and for the sinks that copy it (`annotate --format ndjson` writes it verbatim, the
 * diagnosis quotes it, the schema cache keys on it). Re-serialising the parsed value costs about what parsing it
 * did; the text is already in the line. These functions find it there, without validating (JSON.parse has), and
 * give it only when it is byte for byte what `JSON.stringify` of the parsed value gives: no whitespace, the escapes
 * JSON.stringify writes and no others, numbers in their shortest form, no key twice in an object (JSON.parse keeps
 * the last, JSON.stringify writes one), no key that JSON.stringify would move (an integer-like key comes first).
 * Anything else gives null and the caller serialises as before: the output never depends on which way was taken.
 */

/** Objects with more keys than this are not checked for a repeated key: null (rare; the caller serialises). */
const MAX_KEYS = 64;

/** Starts of the keys of the open objects, their ends: one shared stack (the reader is synchronous), `keyTop` high. */
const keyStarts: number[] = [];
const keyEnds: number[] = [];
let keyTop = 0;
/** The next backslash of the text at or after where the walk is (-1: none), searched again only once passed. */
let backslashAt = -1;

/**
 * The value of the top-level member `key` (raw, no escapes) of the object `text` (text JSON.parse accepted) as
 * JSON.stringify would write it, else null: not an object, no such member, an escaped key at the top level (it
 * might decode to `key`), or a value not in compact form (see above). A key given twice: the last one, as JSON.parse.
 */
export function compactMember(text: string, key: string): string | null {
  const n = text.length;
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x7b /* { */) return null;
  i = skipSpace(text, i + 1);
  let backslash = text.indexOf('\\');
  let start = -1;
  let end = -1;
  while (i < n && text.charCodeAt(i) === 0x22 /* " */) {
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return null;
    if (backslash >= 0 && backslash < i) backslash = text.indexOf('\\', i);
    // A key with an escape may name the member (`"m\u0065ssage"`): which value JSON.parse kept is not known.
    if (backslash >= 0 && backslash < keyEnd) return null;
    const isKey = keyEnd - i - 2 === key.length && text.startsWith(key, i + 1);
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a /* : */) return null;
    i = skipSpace(text, i + 1);
    let next = -1;
    if (isKey) {
      keyTop = 0;
      backslashAt = backslash;
      next = compactEnd(text, i);
      start = next < 0 ? -1 : i;
      end = next;
    }
    if (next < 0) next = skipValue(text, i);
    if (next < 0) return null;
    i = skipSpace(text, next);
    if (text.charCodeAt(i) === 0x2c /* , */) i = skipSpace(text, i + 1);
    else break;
  }
  return start < 0 ? null : text.slice(start, end);
}

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i;
    i++;
  }
}

/** Just past the closing quote of the string opening at `i`: the first quote not escaped by an odd run of backslashes. */
function stringEnd(text: string, i: number): number {
  for (;;) {
    const q = text.indexOf('"', i + 1);
    if (q < 0) return -1;
    let b = q - 1;
    while (text.charCodeAt(b) === 0x5c /* \ */) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    i = q;
  }
}

/** Just past the value starting at `i` (valid JSON: brackets balance outside strings), or -1. */
function skipValue(text: string, i: number): number {
  const n = text.length;
  let depth = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i) - 1;
      if (i < 0) return -1;
      if (depth === 0) return i + 1;
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (--depth === 0) return i + 1;
      if (depth < 0) return i;
    } else if (depth === 0 && (c === 0x2c || c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d)) return i;
  }
  return depth === 0 ? n : -1;
}

/**
 * Just past the value starting at `i` when it is written as JSON.stringify writes it, else -1. `text` is JSON that
 * JSON.parse accepted, so only the form is checked, not the syntax.
 */
function compactEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x22 /* " */) return compactStringEnd(text, i);
  if (c === 0x7b /* { */) return compactObjectEnd(text, i);
  if (c === 0x5b /* [ */) {
    i++;
    if (text.charCodeAt(i) === 0x5d /* ] */) return i + 1;
    for (;;) {
      i = compactEnd(text, i);
      if (i < 0) return -1;
      const d = text.charCodeAt(i);
      if (d === 0x5d) return i + 1;
      if (d !== 0x2c /* , */) return -1;
      i++;
    }
  }
  if (c === 0x74 /* t */) return text.startsWith('true', i) ? i + 4 : -1;
  if (c === 0x66 /* f */) return text.startsWith('false', i) ? i + 5 : -1;
  if (c === 0x6e /* n */) return text.startsWith('null', i) ? i + 4 : -1;
  return compactNumberEnd(text, i);
}

function compactObjectEnd(text: string, i: number): number {
  i++;
  if (text.charCodeAt(i) === 0x7d /* } */) return i + 1;
  const base = keyTop;
  for (;;) {
    if (text.charCodeAt(i) !== 0x22) return -1;
    const d = text.charCodeAt(i + 1);
    // JSON.stringify writes integer-like keys first, in numeric order: a key opening with a digit may have moved.
    if (d >= 0x30 && d <= 0x39) return -1;
    const keyEnd = compactStringEnd(text, i);
    if (keyEnd < 0 || repeatsKey(text, base, i, keyEnd)) return -1;
    keyStarts[keyTop] = i;
    keyEnds[keyTop++] = keyEnd;
    if (text.charCodeAt(keyEnd) !== 0x3a /* : */) return -1;
    i = compactEnd(text, keyEnd + 1);
    if (i < 0) return -1;
    const e = text.charCodeAt(i);
    if (e === 0x7d) {
      keyTop = base;
      return i + 1;
    }
    if (e !== 0x2c) return -1;
    i++;
  }
}

/** The key at `start`…`end` is one the object (its keys from `base` on the stack) already has; or there are too many to tell. */
function repeatsKey(text: string, base: number, start: number, end: number): boolean {
  const len = end - start;
  if (keyTop - base >= MAX_KEYS) return true;
  for (let k = base; k < keyTop; k++) {
    const s = keyStarts[k]!;
    if (keyEnds[k]! - s !== len) continue;
    let j = 1;
    while (j < len - 1 && text.charCodeAt(s + j) === text.charCodeAt(start + j)) j++;
    if (j === len - 1) return true;
  }
  return false;
}

/**
 * Just past the string opening at `i` when its escapes are those JSON.stringify writes (`\"`, `\\`, `\b`, `\f`, `\n`,
 * `\r`, `\t`, and `\u00xx` in lower-case hex for the other control characters), else -1. A lone surrogate, which
 * JSON.stringify escapes, cannot be in text decoded from UTF-8; a caller with other text checks for it.
 */
function compactStringEnd(text: string, i: number): number {
  let from = i + 1;
  let q = text.indexOf('"', from);
  for (;;) {
    if (q < 0) return -1;
    if (backslashAt >= 0 && backslashAt < from) backslashAt = text.indexOf('\\', from);
    const b = backslashAt;
    if (b < 0 || b > q) return q + 1;
    const e = text.charCodeAt(b + 1);
    if (e === 0x75 /* u */) {
      if (!isControlEscape(text, b + 2)) return -1;
      from = b + 6;
    } else {
      // " \ b f n r t
      if (e !== 0x22 && e !== 0x5c && e !== 0x62 && e !== 0x66 && e !== 0x6e && e !== 0x72 && e !== 0x74) return -1;
      from = b + 2;
    }
    if (q < from) q = text.indexOf('"', from);
  }
}

/** The four hex digits at `i` are JSON.stringify's `\u00xx` for a control character without a short escape. */
function isControlEscape(text: string, i: number): boolean {
  if (text.charCodeAt(i) !== 0x30 || text.charCodeAt(i + 1) !== 0x30) return false;
  const hi = text.charCodeAt(i + 2);
  const lo = text.charCodeAt(i + 3);
  const low = lo >= 0x30 && lo <= 0x39 ? lo - 0x30 : lo >= 0x61 && lo <= 0x66 ? lo - 0x61 + 10 : -1;
  if (low < 0 || (hi !== 0x30 && hi !== 0x31)) return false;
  const code = (hi - 0x30) * 16 + low;
  // \b \t \n \f \r have short forms.
  return code !== 8 && code !== 9 && code !== 10 && code !== 12 && code !== 13;
}

/** Just past the number at `i` when it is written as `String(Number(token))` writes it (JSON.stringify's form), else -1. */
function compactNumberEnd(text: string, i: number): number {
  const n = text.length;
  let j = i;
  if (text.charCodeAt(j) === 0x2d /* - */) j++;
  const digits = j;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (c < 0x30 || c > 0x39) break;
    j++;
  }
  const c = j < n ? text.charCodeAt(j) : 0;
  const plain = c !== 0x2e /* . */ && c !== 0x65 /* e */ && c !== 0x45; /* E */
  // A short integer without a leading zero (and not -0) is its own shortest form.
  if (
    plain &&
    j > digits &&
    j - digits <= 15 &&
    (text.charCodeAt(digits) !== 0x30 || (j - digits === 1 && digits === i))
  )
    return j;
  while (j < n) {
    const d = text.charCodeAt(j);
    if (!((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === 0x2d)) break;
    j++;
  }
  const token = text.slice(i, j);
  const v = Number(token);
  return Number.isFinite(v) && String(v) === token ? j : -1;
}
