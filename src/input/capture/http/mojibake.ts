// UTF-8 text that a recorder decoded as Windows-1252 (`–` saved as `â€“`), turned back into what was sent.
import { Buffer, isUtf8 } from 'node:buffer';

/** Windows-1252's characters at 0x80–0x9F (WHATWG Encoding: index windows-1252); the five holes map to themselves. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const BYTE_OF = new Map<number, number>([...CP1252_HIGH].map((c, i) => [c.codePointAt(0)!, 0x80 + i]));

/**
 * Chromium decodes a body whose Content-Type names no charset as Windows-1252 when DevTools (and so a HAR) reads it,
 * though an SSE stream is always UTF-8 (WHATWG HTML §9.2.6) and so is JSON (RFC 8259 §8.1). When every character of
 * `text` is one byte in Windows-1252, some are above 0x7F, and those bytes are valid UTF-8, the text was such a
 * misreading: the bytes are decoded again as UTF-8. Any other text is returned as it is.
 */
export function undoCp1252(text: string): string {
  let high = false;
  const bytes = Buffer.allocUnsafe(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes[i] = c;
    else {
      const b = c <= 0xff && (c >= 0xa0 || !BYTE_OF.has(c)) ? c : BYTE_OF.get(c);
      if (b === undefined) return text;
      bytes[i] = b;
      high = true;
    }
  }
  return high && isUtf8(bytes) ? bytes.toString('utf8') : text;
}
