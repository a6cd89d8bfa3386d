// The first element of a JSON document, for detection: the keys of its first object, read line by line until they tell.
import { Tokenizer } from './json-tokens.js';

/**
 * Fed the document's lines from its first one: the keys of the first element (of a top-level array) or of the first
 * top-level object, once that object has ended, or as soon as its first key is not `wanted` (then no form can match and
 * detection need not wait: a message's `jsonrpc`, a document's `session` stop it at once). An empty set when the first
 * element is not an object or the text is not JSON.
 */
export class JsonHead {
  private readonly tok = new Tokenizer({ jsonStreaming: true });
  private depth = 0;
  /** The depth of the first element's members: 1 in a top-level object, 2 in an object inside a top-level array. */
  private at = 0;
  private readonly keys = new Set<string>();

  constructor(private readonly wanted: ReadonlySet<string>) {}

  /** Feeds one line; the keys once they tell, else null (read more). */
  line(text: string): ReadonlySet<string> | null {
    let tokens;
    try {
      tokens = this.tok.write(`${text}\n`);
    } catch {
      return new Set();
    }
    for (const t of tokens) {
      const name = t.name;
      if (name === 'startObject' || name === 'startArray') {
        this.depth++;
        if (this.at === 0) {
          if (name === 'startObject') this.at = this.depth;
          else if (this.depth > 1) return new Set(); // the first element is an array
        }
      } else if (name === 'endObject' || name === 'endArray') {
        if (this.depth-- === this.at || this.depth === 0) return this.keys;
      } else if (name === 'keyValue') {
        if (this.depth !== this.at) continue;
        if (this.keys.size === 0 && !this.wanted.has(t.value)) return this.keys;
        this.keys.add(t.value);
      } else if (this.at === 0) return new Set(); // a scalar comes first
    }
    return null;
  }
}
