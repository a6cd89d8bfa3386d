// JSON string escaping from UTF-8 bytes straight to UTF-8 bytes, so a capture record needs no decode and re-encode.

/** Bytes an escape takes at most per input byte (`\u001f`): room to reserve before `escapeJsonBytes`. */
export const MAX_ESCAPE_GROWTH = 6;

const HEX = '0123456789abcdef';
/** The escape of each byte that needs one (as JSON.stringify writes it), else undefined. */
const ESCAPES: (number[] | undefined)[] = Array.from({ length: 256 }, (_, b) => {
  const short: Record<number, string> = { 8: 'b', 9: 't', 10: 'n', 12: 'f', 13: 'r', 34: '"', 92: '\\' };
  if (short[b] !== undefined) return [0x5c, short[b].charCodeAt(0)];
  if (b < 0x20) return [...`\\u00${HEX[b >> 4]}${HEX[b & 15]}`].map((c) => c.charCodeAt(0));
  return undefined;
});
const PLAIN = Uint8Array.from(ESCAPES, (e) => (e === undefined ? 1 : 0));

/**
 * Writes the body of the JSON string (without its quotes) of the text that `src` holds as valid UTF-8 into
 * `dst` at `at`, and returns the offset after it; `dst` must have `MAX_ESCAPE_GROWTH × src.length` bytes of
 * room there. The bytes are those of `JSON.stringify(src.toString('utf8'))` without the quotes: only `"`,
 * `\` and control characters are escaped (U+2028, U+2029 and DEL are not, as JSON.stringify leaves them),
 * and valid UTF-8 cannot hold the lone surrogates JSON.stringify would escape. Not for invalid UTF-8.
 */
export function escapeJsonBytes(src: Uint8Array, dst: Uint8Array, at: number): number {
  for (let i = 0; i < src.length; i++) {
    const b = src[i];
    if (PLAIN[b] === 1) {
      dst[at++] = b;
      continue;
    }
    const e = ESCAPES[b]!;
    for (let k = 0; k < e.length; k++) dst[at++] = e[k];
  }
  return at;
}
