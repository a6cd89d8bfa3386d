// Finds where a JSON value that may span several lines ends: bracket depth outside strings, line by line.

const OUTSIDE = /["{}[\]]/g;
const INSIDE = /["\\]/g;

/**
 * A small scanner, not a parser: it counts `{[` and `}]` outside strings (escapes handled) and reports the
 * index just past the bracket that closes the value. It never re-reads text it has seen. JSON strings
 * cannot span lines, so string state ends with each line; invalid JSON is the decode stage's business.
 */
export class JsonExtent {
  private depth = 0;

  /** True while the value is open (a bracket seen and not yet closed). */
  get open(): boolean {
    return this.depth > 0;
  }

  /**
   * Scans one line (from `from`). Returns the index just past the character that completes the value, or
   * -1 when the value continues on a later line. The first call must start at an opening `{` or `[`.
   */
  scan(text: string, from = 0): number {
    let i = from;
    for (;;) {
      OUTSIDE.lastIndex = i;
      const m = OUTSIDE.exec(text);
      if (!m) return -1;
      i = m.index + 1;
      const c = text.charCodeAt(m.index);
      if (c === 0x22) {
        i = this.skipString(text, i);
        if (i < 0) return -1;
      } else if (c === 0x7b || c === 0x5b) {
        this.depth++;
      } else if (--this.depth <= 0) {
        this.depth = 0;
        return i;
      }
    }
  }

  /** Index just past the closing quote of a string whose body starts at `i`, or -1 at end of line. */
  private skipString(text: string, i: number): number {
    for (;;) {
      INSIDE.lastIndex = i;
      const m = INSIDE.exec(text);
      if (!m) return -1;
      if (text.charCodeAt(m.index) === 0x22) return m.index + 1;
      i = m.index + 2; // a backslash escapes the next character (\uXXXX's digits are harmless)
    }
  }
}
