// A bounded memo of schema verdicts by message text, so repeated payloads (handshakes, tool lists) are parsed once.
//
// The verdict of a message depends only on its text and its scope (kind, method, session revision, task flag), so
// equal texts in one scope give equal verdicts. The JSON-RPC id is cut out of the text when it sits where it can
// only be a top-level member (the first member, after `"jsonrpc":"2.0"`, or the last member), so a response repeated
// under another id still hits; how it was cut is part of the scope, so texts cut differently never compare equal.
//
// Lookup cost must stay far below a zod parse even on a miss: no string is built, and the text is hashed natively
// (V8 hashes a string once, at a fraction of what parsing it costs).

/** Bounds (principle 5: memory does not grow with input): entries, and characters of text held. */
export const CACHE_MAX_ENTRIES = 2_048;
export const CACHE_MAX_CHARS = 8_000_000;

/** How `keyText` cut the id out: none, the last member, the first member, the member after `"jsonrpc":"2.0"`. */
export const CUT = { none: 0, last: 1, first: 2, afterJsonrpc: 3 } as const;
export type Cut = (typeof CUT)[keyof typeof CUT];

/** What a verdict is keyed on: the message text with a top-level id cut out (a slice: no copy), and how it was cut. */
export function keyText(text: string, id: string | number | null): { cut: Cut; body: string } {
  if (id === null) return { cut: CUT.none, body: text };
  const idText = typeof id === 'number' ? String(id) : JSON.stringify(id);
  const n = text.length;
  // `…,"id":<id>}`: the member before the closing brace of the top-level object.
  const at = n - idText.length - 7;
  if (at > 0 && text.charCodeAt(n - 1) === 125 && text.startsWith(',"id":', at) && text.startsWith(idText, at + 6)) {
    return { cut: CUT.last, body: text.slice(0, at) };
  }
  // `{"id":<id>,…` and `{"jsonrpc":"2.0","id":<id>,…`: the first or second member of the top-level object.
  const head = text.startsWith('{"jsonrpc":"2.0",', 0) ? 17 : 1;
  if (text.startsWith('"id":', head) && text.startsWith(idText, head + 5) && text.charCodeAt(head + 5 + idText.length) === 44) {
    return { cut: head === 1 ? CUT.first : CUT.afterJsonrpc, body: text.slice(head + 6 + idText.length) };
  }
  return { cut: CUT.none, body: text };
}

/** Where a verdict applies: the message's method, its session's revision, and small flags (kind, cut, task). */
export interface VerdictScope {
  method: string;
  revision: string | null;
  /** A small integer (< 64) packing the record kind, the id cut of `keyText` and the task flag. */
  flags: number;
}

interface Entry<V> {
  text: string;
  value: V;
  /** The map holding it, for eviction. */
  home: Map<string, Entry<V>>;
  /** Its index in the insertion-order ring. */
  slot: number;
}

/**
 * Verdicts by scope and text. Lookups walk maps keyed by strings the record already holds (method, revision: their
 * hashes are computed once per string), then the scope's flags, then the text itself: V8 hashes a string natively,
 * once, so a lookup builds no string and costs about as much as reading the text, and a hit is confirmed by the map's
 * own comparison. Messages of one shape that differ in a few characters (progress notifications of different
 * requests) are different keys and do not push each other out. Eviction is first in, first out: cheap, and enough for
 * repeated payloads.
 */
export class VerdictCache<V> {
  private readonly byMethod = new Map<string, Map<string | null, Map<string, Entry<V>>[]>>();
  /** Entries in insertion order (a ring: `head` is the oldest). */
  private readonly order: (Entry<V> | undefined)[] = [];
  private head = 0;
  private count = 0;
  private chars = 0;

  constructor(
    private readonly maxEntries = CACHE_MAX_ENTRIES,
    private readonly maxChars = CACHE_MAX_CHARS,
  ) {}

  get size(): number {
    return this.count;
  }

  get(scope: VerdictScope, text: string): V | undefined {
    return this.byMethod.get(scope.method)?.get(scope.revision)?.[scope.flags]?.get(text)?.value;
  }

  set(scope: VerdictScope, text: string, value: V): void {
    if (text.length > this.maxChars / 4) return;
    let byRevision = this.byMethod.get(scope.method);
    if (!byRevision) this.byMethod.set(scope.method, (byRevision = new Map()));
    let byFlags = byRevision.get(scope.revision);
    if (!byFlags) byRevision.set(scope.revision, (byFlags = []));
    const home = (byFlags[scope.flags] ??= new Map());
    const old = home.get(text);
    if (old !== undefined) this.drop(old);
    const slot = (this.head + this.count) % (this.maxEntries + 1);
    const e: Entry<V> = { text, value, home, slot };
    home.set(text, e);
    this.order[slot] = e;
    this.count++;
    this.chars += text.length;
    while (this.count > 0 && (this.count > this.maxEntries || this.chars > this.maxChars)) {
      const oldest = this.order[this.head];
      this.order[this.head] = undefined;
      this.head = (this.head + 1) % (this.maxEntries + 1);
      this.count--;
      if (oldest) this.drop(oldest, false);
    }
  }

  /** Removes an entry from its map; `counted`: it is still counted in the ring (replaced, not evicted). */
  private drop(e: Entry<V>, counted = true): void {
    if (e.home.get(e.text) === e) e.home.delete(e.text);
    this.chars -= e.text.length;
    // Its ring slot stays until it comes round (and is counted until then); mark it empty so it is not dropped twice.
    if (counted && this.order[e.slot] === e) this.order[e.slot] = undefined;
  }
}
