// Lines of a log that are plain text (a banner, a stack trace, a TOML section): log lines, not broken messages.
//
// The rule (docs/formats.md): a line is plain text when it is readable text that does not look like JSON — its first
// character (after white space) is none of `{ [ ] } , "` (but bracketed tags before text, `[26682] …`, `[INFO] …`,
// `[MCP][datetime] …`, and a TOML or INI section alone on its line, `[mcp_servers.playwright]`, are text), the line is
// not a JSON number, `true`, `false` or `null` (optionally followed by `,`, `]` or `}`: a line of pretty-printed JSON),
// and it holds no control character but tab and ESC (terminal colours) and no U+FFFD (bytes that were not UTF-8).
// What a line that is not plain text is (a message, a broken one, a printed object) is the reader's to say
// (line-kind.ts for NDJSON and the text around envelopes).

/** Characters that start or continue JSON text: `{ [ ] } , "`. */
function startsLikeJson(c: number): boolean {
  return c === 0x7b || c === 0x5b || c === 0x5d || c === 0x7d || c === 0x2c || c === 0x22;
}

/** Readable text: no control character but tab and ESC, no replacement character. */
export function readable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x1b) || c === 0x7f || c === 0xfffd) return false;
  }
  return true;
}

/** A JSON scalar alone on its line, or as a line of pretty-printed JSON (`42,`, `null`, `true]`). */
const SCALAR_LINE = /^\s*(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)\s*(?:[,\]}]\s*)?$/;

/** What a bracketed tag holds: a number (a pid), or a name (`INFO`, `Local→Remote`, `mcp_servers.playwright`). */
const TAG = /^(?:\d+|[A-Za-z][^"[\]]*)$/;
/** A tag alone that is JSON: `[true]`, `[null]`. */
const LITERAL_TAG = /^(?:\d+|true|false|null)$/;

/**
 * Bracketed tags from `i`, which no JSON text starts with: `[26682] …` (a pid), `[INFO] …`, `[MCP][datetime] …`; text
 * must follow them, unless one of them is a name that is no JSON literal (a TOML or INI section: `[mcp_servers.x]`).
 */
function bracketTags(text: string, i: number): boolean {
  let named = false;
  let tags = 0;
  while (i < text.length && text.charCodeAt(i) === 0x5b) {
    const close = text.indexOf(']', i);
    if (close === -1) return false;
    const inner = text.slice(i + 1, close);
    if (!TAG.test(inner)) return false;
    if (!LITERAL_TAG.test(inner)) named = true;
    tags++;
    i = close + 1;
    while (i < text.length && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
  }
  return tags > 0 && (i < text.length || named);
}

/** A non-blank line that is plain text, not a message (see the rule above). */
export function isTextLine(text: string): boolean {
  let i = 0;
  while (i < text.length && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
  if (i === text.length || !readable(text)) return false;
  if (startsLikeJson(text.charCodeAt(i))) return bracketTags(text, i);
  return !SCALAR_LINE.test(text);
}
