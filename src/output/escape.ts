// Neutralise control characters from log content before it reaches a terminal (ARCHITECTURE.md principle 7).
//
// A log is untrusted input: raw ESC/CSI/OSC sequences in it could clear the screen, move the cursor,
// set the window title or write hyperlinks. Every string that came from a log passes through
// escapeTerminal before any text sink prints it; only our own colour codes are emitted raw.

export { truncate, displayWidth, padEnd, padStart, fit } from './width.js';

/**
 * Characters shown escaped: all of C0 (U+0000–U+001F, including tab and newline, which would break
 * line-based layout), DEL, C1 (U+0080–U+009F: 8-bit CSI U+009B and OSC U+009D act like ESC sequences on
 * some terminals), the line/paragraph separators, and the bidi embedding/override/isolate controls,
 * which can make displayed text read differently from what was logged ("Trojan Source", CVE-2021-42574).
 * Escaping ESC itself defuses every ESC sequence: what follows it is printable text.
 */
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_GLOBAL = new RegExp(UNSAFE.source, 'g');

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeChar(c: string): string {
  const named = NAMED[c];
  if (named !== undefined) return named;
  const code = c.charCodeAt(0);
  // C0 and DEL as \xHH (the familiar `\x1b`); the rest as \uHHHH (`\u009b`).
  return code <= 0x7f ? '\\x' + code.toString(16).padStart(2, '0') : '\\u' + code.toString(16).padStart(4, '0');
}

/** `s` with every terminal control character replaced by a visible escape (`\x1b`, `\u009b`, `\n` …). */
export function escapeTerminal(s: string): string {
  return UNSAFE.test(s) ? s.replace(UNSAFE_GLOBAL, escapeChar) : s;
}

/** Characters JSON.stringify leaves raw that a terminal may still act on: DEL, C1, line separators, bidi controls. */
const JSON_UNSAFE = /[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const JSON_UNSAFE_GLOBAL = new RegExp(JSON_UNSAFE.source, 'g');

/**
 * JSON text made safe to show on a terminal: the characters above, which can only occur inside its strings, become
 * `\u` escapes of four hex digits. The JSON value is unchanged (C0 controls are escaped by every JSON serialiser already).
 */
export function escapeJsonForTerminal(json: string): string {
  return JSON_UNSAFE.test(json)
    ? json.replace(JSON_UNSAFE_GLOBAL, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
    : json;
}
