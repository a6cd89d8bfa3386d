// Finds where a JSON value that may span several lines ends: bracket depth outside strings, line by line.

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
    // A plain charCodeAt loop: faster than regex jumps on lines made of many short strings.
    let depth = this.depth;
    const n = text.length;
    for (let i = from; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22 /* " */) {
        for (i++; i < n; i++) {
          const d = text.charCodeAt(i);
          if (d === 0x5c /* \ */) i++;
          else if (d === 0x22) break;
        }
      } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
        depth++;
      } else if ((c === 0x7d /* } */ || c === 0x5d) /* ] */ && --depth <= 0) {
        this.depth = 0;
        return i + 1;
      }
    }
    this.depth = depth;
    return -1;
  }
}
