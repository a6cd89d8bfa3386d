// Bounds JSON nesting: a value nested deeper would overflow the stack of recursive code (JSON.stringify, schema checks).

/**
 * Deepest bracket nesting a message may have. JSON.parse itself copes with any depth, but JSON.stringify and the
 * schema check recurse per level and overflow the stack at a few thousand; real MCP messages (JSON Schemas included)
 * stay far below a hundred.
 */
export const MAX_NESTING = 1000;

/**
 * True when JSON text nests `{`/`[` deeper than `limit` (brackets inside strings do not count). Text too short to
 * reach the limit (each level takes two characters) is not scanned, so the cost falls on long messages only.
 */
export function nestedDeeper(text: string, limit = MAX_NESTING): boolean {
  const n = text.length;
  if (n <= 2 * limit || !opensMoreThan(text, limit)) return false;
  let depth = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Jump to the closing quote: one not preceded by an odd run of backslashes.
      for (;;) {
        const q = text.indexOf('"', i + 1);
        if (q < 0) return false;
        let b = q - 1;
        while (text.charCodeAt(b) === 0x5c /* \ */) b--;
        i = q;
        if ((q - 1 - b) % 2 === 0) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * True when the text has more than `limit` opening brackets: fewer cannot nest deeper than `limit`. Counted with
 * `indexOf` (a native search), which is far cheaper than the character loop of `nestedDeeper` on long messages
 * (tool lists, resource contents), which have long strings and few brackets.
 */
function opensMoreThan(text: string, limit: number): boolean {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let i = text.indexOf(bracket); i >= 0; i = text.indexOf(bracket, i + 1)) if (++count > limit) return true;
  }
  return false;
}

/** The finding detail for a value nested too deeply. */
export function nestingDetail(limit = MAX_NESTING): string {
  return `JSON nested more than ${limit} levels deep: not read as a message`;
}
