// XML 1.0 escaping for untrusted text: markup characters as references, characters XML cannot carry made visible.

/**
 * Characters an XML 1.0 document cannot contain (§2.2 Char: only #x9 #xA #xD, #x20–#xD7FF, #xE000–#xFFFD,
 * #x10000–#x10FFFF are allowed): C0 controls other than tab, LF and CR, lone surrogates, U+FFFE and U+FFFF.
 * Also DEL and C1 (#x7F–#x9F), which §2.2 allows but discourages and which terminals act on when a CI
 * log prints the report. They are replaced by a visible escape (`\x1b`, `\ud800`) rather than dropped,
 * so the reader can see something was there. The line/paragraph separators and bidi controls are made
 * visible too, as for the terminal (ARCHITECTURE.md principle 7): they can make a report read differently from the log.
 */
const NOT_XML =
  /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function visible(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0x7f ? '\\x' + code.toString(16).padStart(2, '0') : '\\u' + code.toString(16).padStart(4, '0');
}

/** Text content: `&` `<` `>` as entities (so `]]>` cannot appear either), CR as a reference (a parser would turn it into LF). */
export function xmlText(s: string): string {
  return s
    .replace(NOT_XML, visible)
    .replace(/[&<>\r]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#13;'));
}

/**
 * An attribute value (for a double-quoted attribute): as text, plus `"` and `'`, and tab, LF and CR as
 * character references, which attribute-value normalisation (§3.3.3) would otherwise turn into spaces.
 */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/["'\t\n]/g, (c) =>
    c === '"' ? '&quot;' : c === "'" ? '&apos;' : c === '\t' ? '&#9;' : '&#10;',
  );
}
