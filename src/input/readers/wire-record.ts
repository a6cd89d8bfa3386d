// The record of a wire line as `wrap --out` writes it, read without parsing the envelope as an object.

/** A wire line's record: its time as written, its direction, the line (the message's text). */
interface WireRecord {
  ts: string;
  dir: 'c2s' | 's2c';
  line: string;
}

const HEAD = '{"ts":"';
const DIR = '","dir":"';
/** After the direction: `","line":"`, whose last quote opens the line's string. */
const LINE = '","line":"';

/**
 * `{"ts":"…","dir":"c2s","line":"…"}` exactly (no space, these three members in this order, nothing after: the form
 * `wrap` writes every wire line in), read as JSON.parse would read it, else null. The time may hold no escape (it never
 * does); the line's string is parsed alone, which checks it as JSON.parse checks the whole line: the rest of the line
 * is fixed text. Any other line (spaced, another member, a cut line's marks, the server's stderr, an event) is null:
 * the caller parses it. Parsing only the string skips building the envelope object and reading its fields.
 */
export function wireRecord(text: string): WireRecord | null {
  const n = text.length;
  if (!text.startsWith(HEAD) || text.charCodeAt(n - 1) !== 0x7d /* } */ || text.charCodeAt(n - 2) !== 0x22 /* " */)
    return null;
  const tsEnd = text.indexOf('"', HEAD.length);
  if (tsEnd < 0 || !text.startsWith(DIR, tsEnd)) return null;
  for (let i = HEAD.length; i < tsEnd; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x5c /* \ */) return null;
  }
  const d = tsEnd + DIR.length;
  const dir = text.startsWith('c2s', d) ? 'c2s' : text.startsWith('s2c', d) ? 's2c' : null;
  if (dir === null || !text.startsWith(LINE, d + 3)) return null;
  const open = d + 3 + LINE.length - 1;
  if (open >= n - 2) return null;
  let line: unknown;
  try {
    line = JSON.parse(text.slice(open, n - 1));
  } catch {
    return null;
  }
  return typeof line === 'string' ? { ts: text.slice(HEAD.length, tsEnd), dir, line } : null;
}
