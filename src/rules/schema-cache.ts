// A bounded memo of schema verdicts by message text, so repeated payloads (handshakes, tool lists) are parsed once.
//
// The verdict of a message depends only on its text and its scope (kind, method, session revision, task flag), so
// equal texts in one scope give equal verdicts. The JSON-RPC id is cut out of the text when it sits where it can
// only be a top-level member (the first member, after `"jsonrpc":"2.0"`, or the last member), so a response repeated
// under another id still hits; how it was cut is part of the scope, so texts cut differently never compare equal.
//
// Lookup cost must stay far below a zod parse even on a miss, and small beside the rest of the check on a hit: the
// text is not hashed whole (see VerdictCache).

/** Bounds (principle 5: memory does not grow with input): entries, and characters of text held. */
const CACHE_MAX_ENTRIES = 2_048;
const CACHE_MAX_CHARS = 8_000_000;

/** How `keyText` cut the id out: none, the last member, the first member, the member after `"jsonrpc":"2.0"`. */
const CUT = { none: 0, last: 1, first: 2, afterJsonrpc: 3 } as const;
type Cut = (typeof CUT)[keyof typeof CUT];

/**
 * What a verdict is keyed on: the part of the message text from `start` to `end` — the whole text, or the text with a
 * top-level id cut out — and how it was cut.
 */
interface TextKey {
  cut: Cut;
  start: number;
  end: number;
}

export function keyText(text: string, id: string | number | null): TextKey {
  const n = text.length;
  if (id === null) return { cut: CUT.none, start: 0, end: n };
  const idText = typeof id === 'number' ? String(id) : JSON.stringify(id);
  // `…,"id":<id>}`: the member before the closing brace of the top-level object.
  const at = n - idText.length - 7;
  if (at > 0 && text.charCodeAt(n - 1) === 125 && text.startsWith(',"id":', at) && text.startsWith(idText, at + 6)) {
    return { cut: CUT.last, start: 0, end: at };
  }
  // `{"id":<id>,…` and `{"jsonrpc":"2.0","id":<id>,…`: the first or second member of the top-level object.
  const head = text.startsWith('{"jsonrpc":"2.0",', 0) ? 17 : 1;
  if (
    text.startsWith('"id":', head) &&
    text.startsWith(idText, head + 5) &&
    text.charCodeAt(head + 5 + idText.length) === 44
  ) {
    return { cut: head === 1 ? CUT.first : CUT.afterJsonrpc, start: head + 6 + idText.length, end: n };
  }
  return { cut: CUT.none, start: 0, end: n };
}

/** Characters at the end of a key that the fingerprint reads in full (ids, tokens, statuses often sit there). */
const TAIL_CHARS = 24;

/**
 * A 32-bit fingerprint of `text` from `start` to `end`: its length, about 40 characters spread over it, and its last
 * `TAIL_CHARS`. Texts that differ only between the sampled characters share a fingerprint; the cache tells them
 * apart by comparing the texts.
 */
export function fingerprint(text: string, start: number, end: number): number {
  const n = end - start;
  let h = n | 0;
  const step = n > 320 ? (n >> 5) + 1 : 8;
  for (let i = start; i < end; i += step) h = Math.imul(h ^ text.charCodeAt(i), 0x9e3779b1);
  for (let i = Math.max(end - TAIL_CHARS, start); i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x85ebca6b);
  return h ^ (h >>> 15);
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
  /** The bucket holding it (entries of one scope and fingerprint), for eviction. */
  home: Entry<V>[];
  /** The map holding the bucket, and the bucket's key there: an emptied bucket is removed from it. */
  byFingerprint: Map<number, Entry<V>[]>;
  fingerprint: number;
  /** Its index in the insertion-order ring. */
  slot: number;
}

/** Revisions kept per method; more (from a crafted log) start that method's entries afresh. */
const MAX_REVISIONS = 16;

/** Texts of one scope and fingerprint kept at most (the oldest of them is dropped for a new one). */
export const BUCKET_MAX = 64;

/**
 * Verdicts by scope and text. Lookups walk maps keyed by strings the record already holds (method, revision: their
 * hashes are computed once per string), then the scope's flags, then the text's fingerprint; the texts with that
 * fingerprint (one, nearly always) are compared with the message text's key (a slice: no copy), a native memory
 * compare. The text is never hashed whole: V8 hashes every character of a string
 * used as a Map key, which costs several times what the fingerprint and one compare cost. Texts of one shape that
 * differ in a few characters (progress notifications of different requests) may share a fingerprint: they are
 * entries of one bucket, up to `BUCKET_MAX` of them. Eviction is first in, first out: cheap, and enough for repeated
 * payloads.
 */
export class VerdictCache<V> {
  private readonly byMethod = new Map<string, Map<string | null, Map<number, Entry<V>[]>[]>>();
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

  /** Revisions held, over all methods (for tests: bounded per method). */
  get revisions(): number {
    let n = 0;
    for (const byRevision of this.byMethod.values()) n += byRevision.size;
    return n;
  }

  /** Buckets held (for tests: they go when their last entry goes). */
  get buckets(): number {
    let n = 0;
    for (const byRevision of this.byMethod.values())
      for (const byFlags of byRevision.values()) for (const m of byFlags) n += m?.size ?? 0;
    return n;
  }

  /** The verdict of `text` from `start` to `end` (default: the whole text) in this scope. */
  get(scope: VerdictScope, text: string, start = 0, end = text.length): V | undefined {
    const byFingerprint = this.byMethod.get(scope.method)?.get(scope.revision)?.[scope.flags];
    if (byFingerprint === undefined) return undefined;
    const bucket = byFingerprint.get(fingerprint(text, start, end));
    if (bucket === undefined) return undefined;
    // A slice costs a small object; comparing it with `===` is a native memory compare (`startsWith` with an offset
    // compares character by character, several times slower).
    const body = start === 0 && end === text.length ? text : text.slice(start, end);
    // Newest first: a payload repeated lately is likelier to come again.
    for (let i = bucket.length - 1; i >= 0; i--) {
      const e = bucket[i]!;
      if (e.text === body) return e.value;
    }
    return undefined;
  }

  set(scope: VerdictScope, text: string, value: V, start = 0, end = text.length): void {
    const length = end - start;
    if (length > this.maxChars / 4) return;
    let byRevision = this.byMethod.get(scope.method);
    if (!byRevision) this.byMethod.set(scope.method, (byRevision = new Map()));
    let byFlags = byRevision.get(scope.revision);
    if (!byFlags) {
      // Revisions come from the log (a crafted one may claim a new one per session): past a few, start afresh. The
      // entries left behind go out of the ring in time, harmlessly.
      if (byRevision.size >= MAX_REVISIONS) byRevision.clear();
      byRevision.set(scope.revision, (byFlags = []));
    }
    const byFingerprint = (byFlags[scope.flags] ??= new Map());
    const fp = fingerprint(text, start, end);
    let home = byFingerprint.get(fp);
    if (!home) byFingerprint.set(fp, (home = []));
    const body = start === 0 && end === text.length ? text : text.slice(start, end);
    for (const old of home) {
      if (old.text === body) {
        this.drop(old);
        break;
      }
    }
    if (home.length >= BUCKET_MAX) this.drop(home[0]!);
    // A drop that emptied the bucket took it out of the map: put it back for the new entry.
    if (byFingerprint.get(fp) !== home) byFingerprint.set(fp, home);
    const slot = (this.head + this.count) % (this.maxEntries + 1);
    const e: Entry<V> = { text: body, value, home, byFingerprint, fingerprint: fp, slot };
    home.push(e);
    this.order[slot] = e;
    this.count++;
    this.chars += length;
    while (this.count > 0 && (this.count > this.maxEntries || this.chars > this.maxChars)) {
      const oldest = this.order[this.head];
      this.order[this.head] = undefined;
      this.head = (this.head + 1) % (this.maxEntries + 1);
      this.count--;
      if (oldest) this.drop(oldest, false);
    }
  }

  /** Removes an entry from its bucket; `counted`: it is still counted in the ring (replaced, not evicted). */
  private drop(e: Entry<V>, counted = true): void {
    const i = e.home.indexOf(e);
    if (i >= 0) {
      e.home.splice(i, 1);
      this.chars -= e.text.length;
      // Unique texts would otherwise leave one empty bucket each behind: the maps stay as bounded as the entries.
      if (e.home.length === 0 && e.byFingerprint.get(e.fingerprint) === e.home) e.byFingerprint.delete(e.fingerprint);
    }
    // Its ring slot stays until it comes round (and is counted until then); mark it empty so it is not dropped twice.
    if (counted && this.order[e.slot] === e) this.order[e.slot] = undefined;
  }
}
