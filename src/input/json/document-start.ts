// Whether text that opens like a JSON document (a first line `{` or `[` that does not close) is one, for detection: a
// lone `{` is as often a JS object a server printed into a text log (`{ port: 3000, … }`) as a document's start.
import { CONTAINER_KEYS } from './json-find.js';
import { isBlank } from '../lines/lines.js';
import { Tokenizer } from './json-tokens.js';

/** Top-level keys of a pretty-printed message: a document of messages (or one message) starts with them. */
const MESSAGE_START_KEYS: ReadonlySet<string> = new Set(['jsonrpc', 'method']);

/**
 * Fed the lines from the one that opens the value: a JSON document when its start names a JSON-RPC member (`jsonrpc`
 * anywhere, `method` at the top), or holds an array under a records key (`"messages": [`), or its first value ends and
 * nothing but another JSON value (or the input's end) follows; not one as soon as the text is no JSON (`port: 3000,`)
 * or a line of text follows the value. Undecided when detection stops: a document (a large one whose first
 * member fills the lines detection reads).
 */
export class DocumentStart {
  private readonly tok = new Tokenizer({ jsonStreaming: true });
  private depth = 0;
  private lastKey: string | null = null;
  private ended = false;

  /** Feeds one line: true (a document), false (no document), null (read more). */
  line(text: string): boolean | null {
    if (this.ended) return isBlank(text) ? null : /^\s*[[{]/.test(text);
    let tokens;
    try {
      tokens = this.tok.write(`${text}\n`);
    } catch {
      return false;
    }
    for (const t of tokens) {
      if (t.name === 'startObject' || t.name === 'startArray') {
        if (this.depth === 1 && t.name === 'startArray' && this.lastKey !== null && CONTAINER_KEYS.has(this.lastKey))
          return true;
        this.depth++;
      } else if (t.name === 'endObject' || t.name === 'endArray') {
        if (--this.depth === 0) this.ended = true;
      } else if (t.name === 'keyValue') {
        if (t.value === 'jsonrpc' || (this.depth === 1 && MESSAGE_START_KEYS.has(t.value as string))) return true;
        if (this.depth === 1) this.lastKey = t.value as string;
      }
    }
    return null;
  }
}
