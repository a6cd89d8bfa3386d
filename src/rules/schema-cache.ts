// A bounded memo of schema verdicts by message text, so repeated payloads (handshakes, tool lists) are parsed once.
//
// The verdict of a message depends only on its text and its scope (kind, method, session revision, task flag), so
// equal texts in one scope give equal verdicts. The JSON-RPC id is cut out of the text when it sits where it can
// only be a top-level member (the first member, after `"jsonrpc":"2.0"`, or the last member), so a response repeated
// under another id still hits; how it was cut is part of the scope, so texts cut differently never compare equal.
//
// Lookup cost must stay far below a zod parse even on a miss: no string is built, the text is sampled (O(1) in its
// size), and only a hit reads the whole text (to confirm it).

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

const SAMPLES = 32;

/** A 32-bit hash of the length and at most 32 characters spread over the text (the first and last included). */
export function sampleHash(text: string): number {
  const n = text.length;
  let h = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  if (n <= SAMPLES) {
    for (let i = 0; i < n; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  } else {
    const step = ((n - 1) / (SAMPLES - 1)) | 0;
    for (let i = 0; i < n; i += step) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ text.charCodeAt(n - 1), 0x01000193);
  }
  return h >>> 0;
}

/** Where a verdict applies: the message's method, its session's revision, and small flags (kind, cut, task). */
export interface VerdictScope {
  method: string;
  revision: string | null;
  /** A small integer (< 64) packing the record kind, the id cut of `keyText` and the task flag. */
  flags: number;
}

interface Entry<V> {
  flags: number;
  text: string;
  value: V;
  /** The map holding it and its key there, for eviction. */
  home: Map<number, Entry<V>>;
  key: number;
}

/**
 * Verdicts by scope and text. Lookups walk maps keyed by strings the record already holds (method, revision: their
 * hashes are computed once per string) and then by a sampled hash of the text, so a lookup costs the same for any
 * text size and builds no string; a hit is confirmed by comparing the whole text, and a colliding text replaces the
 * entry (a miss, never a wrong hit). Eviction is first in, first out: cheap, and enough for repeated payloads.
 */
export class VerdictCache<V> {
  private readonly byMethod = new Map<string, Map<string | null, Map<number, Entry<V>>>>();
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
    const e = this.byMethod.get(scope.method)?.get(scope.revision)?.get(keyOf(scope.flags, text));
    return e !== undefined && e.flags === scope.flags && e.text === text ? e.value : undefined;
  }

  set(scope: VerdictScope, text: string, value: V): void {
    if (text.length > this.maxChars / 4) return;
    let byRevision = this.byMethod.get(scope.method);
    if (!byRevision) this.byMethod.set(scope.method, (byRevision = new Map()));
    let home = byRevision.get(scope.revision);
    if (!home) byRevision.set(scope.revision, (home = new Map()));
    const key = keyOf(scope.flags, text);
    const old = home.get(key);
    if (old !== undefined) this.drop(old);
    const e: Entry<V> = { flags: scope.flags, text, value, home, key };
    home.set(key, e);
    this.order[(this.head + this.count) % (this.maxEntries + 1)] = e;
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
    if (e.home.get(e.key) === e) e.home.delete(e.key);
    this.chars -= e.text.length;
    if (counted) {
      // Its ring slot stays until it comes round; mark it empty so it is not dropped twice.
      const i = this.order.indexOf(e);
      if (i >= 0) this.order[i] = undefined;
    }
  }
}

/** A small-integer map key from the flags and the sampled hash of the text. */
function keyOf(flags: number, text: string): number {
  return (sampleHash(text) ^ Math.imul(flags + 1, 0x9e3779b1)) & 0x3fffffff;
}
