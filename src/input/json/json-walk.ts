// Streams a JSON document's tokens to the records it holds, wherever it keeps them, holding at most one value in memory.
//
// Containers the walker goes through (the top-level array, a list under a CONTAINER_KEY, a transcript's turns) are
// *levels*: only their path and current key are kept. Every object met at a level is read whole (bounded like any
// element) and searched when it ends (json-find.ts). It is split into levels itself, its finished members searched at
// once, when it turns out to be a container: a record ends inside it and nothing read so far makes it a record itself
// (then a live document gives each message as soon as it ends), it opens a list under a CONTAINER_KEY at the top, or it
// grows past `maxBytes` (then memory stays bounded on a document of any size). What is not a record is skipped and
// accounted (json-paths.ts).
import { Assembler } from 'stream-json/core/assembler.js';
import { CONTAINER_KEYS, Finder, isMessageEnvelope, isPlainMessage, type Context, type Found } from './json-find.js';
import { CappedElement, tokenSize } from './json-element.js';
import { childPath, type DocumentPaths } from './json-paths.js';
import { splitsOnOverflow, splitsOnRecord } from './json-split.js';
import type { Token } from './json-tokens.js';
import { isPlainObject } from '../../util/own.js';

/** A value that is not a record of the document: one not assembled (over a bound), or a scalar at the top. */
interface Problem {
  kind: 'oversized' | 'too-deep' | 'top-scalar';
  /** The start of the value (compact JSON), or the scalar. */
  text: string;
  /** Characters of the value (compact JSON, roughly). */
  size: number;
  line: number;
  lines: number;
  /** A top-level scalar's token type (`string`, `number`, `null`, `true`, `false`). */
  what?: string;
}

export type Walked = Found | Problem;

/** A container gone through: its children are list elements (`list`) or free values. */
interface Level {
  array: boolean;
  list: boolean;
  /** The top-level object: an array under one of its CONTAINER_KEYS is a list. */
  root: boolean;
  path: string;
  key: string | null;
  /** An array's elements' path (`path[*]`), made once. */
  elems: string;
}

/** A level: the path of its elements (an array) or of its current key's value is made once per array, per key of an object. */
function level(array: boolean, list: boolean, root: boolean, path: string, key: string | null): Level {
  return { array, list, root, path, key, elems: array ? childPath(path, null) : '' };
}

/** The value being read whole. `open`: not yet known to be one record (its containers' positions are kept). */
interface Value {
  el: CappedElement;
  start: number;
  ctx: Context;
  path: string;
  root: boolean;
  open: boolean;
  /** The depth of a message being read inside the value (0: none): its own containers need no position, nothing in it is split off. */
  sealed: number;
}

interface WalkLimits {
  maxBytes: number;
  maxDepth: number;
  headBytes: number;
}

const SCALAR_KIND: Record<string, string> = {
  stringValue: 'string',
  numberValue: 'number',
  nullValue: 'null',
  trueValue: 'boolean',
  falseValue: 'boolean',
};

export class DocumentWalker {
  private readonly levels: Level[] = [];
  private v: Value | null = null;
  /** Positions of the containers of the value being read (cleared when it ends: a Map, not a WeakMap, which costs the GC). */
  private readonly positions = new Map<object, { line: number; end: number; size: number }>();
  private readonly finder: Finder;

  constructor(
    private readonly limits: WalkLimits,
    /** Where the tokens come from: `line` is that of the next token. */
    private readonly at: { readonly line: number },
    private readonly paths: DocumentPaths,
    private readonly out: { push(w: Walked): unknown },
    isEntry: ((o: Record<string, unknown>) => boolean) | null = null,
  ) {
    this.finder = new Finder(paths, out, isEntry);
  }

  /** No value is being read (the raw text read so far belongs to no record). */
  get idle(): boolean {
    return this.v === null;
  }

  token(t: Token): void {
    if (this.v !== null) {
      this.valueToken(this.v, t);
      return;
    }
    const levels = this.levels;
    const lv = levels.length === 0 ? null : levels[levels.length - 1]!;
    switch (t.name) {
      case 'keyValue':
        lv!.key = t.value;
        return;
      case 'endObject':
      case 'endArray':
        levels.pop();
        return;
      case 'startArray':
        if (lv === null) levels.push(level(true, true, false, '$', null));
        else if (lv.array && lv.list)
          this.begin(t, 'list', lv.elems, false); // a batch
        else if (levels.length < this.limits.maxDepth)
          levels.push(level(true, lv.root && CONTAINER_KEYS.has(lv.key!), false, pathIn(lv), null));
        else {
          // Arrays nested past the bound are not gone through (no level per depth): the value is reported too deep.
          this.begin(t, 'free', pathIn(lv), false);
          this.v!.el.drop('depth');
        }
        return;
      case 'startObject':
        if (lv === null) this.begin(t, 'list', '$', true);
        else this.begin(t, lv.array && lv.list ? 'list' : 'free', pathIn(lv), false);
        return;
      default: {
        const value =
          t.name === 'numberValue'
            ? Number(t.value)
            : t.name === 'stringValue'
              ? t.value
              : t.name === 'nullValue'
                ? null
                : t.name === 'trueValue';
        if (lv === null) {
          const text = JSON.stringify(value);
          this.out.push({
            kind: 'top-scalar',
            text,
            size: text.length,
            line: this.at.line,
            lines: 1,
            what: t.name.replace('Value', ''),
          });
        } else if (lv.array && lv.list) {
          this.out.push({ value, kind: 'value', path: lv.elems, line: this.at.line, lines: 1 });
          this.paths.found(lv.elems);
        } else this.paths.skip(pathIn(lv), SCALAR_KIND[t.name] ?? 'value');
      }
    }
  }

  private begin(t: Token, ctx: Context, path: string, root: boolean): void {
    // A batch in a list is one record: nothing in it is split off.
    const open = !(ctx === 'list' && t.name === 'startArray');
    this.v = { el: this.element(null), start: this.at.line, ctx, path, root, open, sealed: 0 };
    this.valueToken(this.v, t);
  }

  private valueToken(v: Value, t: Token): void {
    const el = v.el;
    const asm = el.asm;
    if (asm === null || el.size + tokenSize(t) > this.limits.maxBytes) {
      // Past the bound: split (json-split.ts) and read on in pieces, or kept as one oversized record (the element keeps
      // only its start and counts the rest).
      const j = asm !== null && v.open ? splitsOnOverflow(asm) : 0;
      if (j > 0) {
        this.split(v, j);
        this.token(t);
      } else if (el.consume(t)) this.dropped(v);
      return;
    }
    const name = t.name;
    const opens = name === 'startObject' || name === 'startArray';
    let closing: unknown = null;
    let parentKey: unknown = null;
    if (name === 'endObject' || name === 'endArray') {
      const depth = el.depth - 1;
      if (v.open && (v.sealed === 0 || v.sealed === depth + 1)) {
        if (v.sealed !== 0) v.sealed = 0;
        closing = asm.current;
        const at = this.positions.get(closing as object);
        if (at !== undefined) at.end = this.at.line;
        parentKey = asm.stack.length > 0 ? asm.stack[asm.stack.length - 1] : null;
      }
    }
    const done = el.consume(t);
    if (el.overflow !== null) return; // nested past the depth bound
    if (done) {
      this.complete(v, asm.current);
      return;
    }
    if (!v.open) return;
    if (opens) {
      // The value's own start is `v.start`: only the containers inside it are placed.
      if (el.depth > 1 && v.sealed === 0)
        this.positions.set(asm.current as object, { line: this.at.line, end: this.at.line, size: el.size - 1 });
      // The top-level object's list under a CONTAINER_KEY: read element by element, as it always was.
      if (v.root && el.depth === 2 && name === 'startArray' && CONTAINER_KEYS.has(asm.stack[1] as string))
        this.split(v, 2);
    } else if (name === 'keyValue') {
      // A message: what its params quote stays in it.
      if (t.value === 'jsonrpc') {
        if (el.depth === 1) v.open = false;
        else if (v.sealed === 0) v.sealed = el.depth;
      }
    } else if (
      isPlainObject(closing) &&
      (isPlainMessage(closing) || isMessageEnvelope(closing)) &&
      splitsOnRecord(asm, parentKey, closing)
    ) {
      this.split(v, asm.stack.length / 2 + 1);
    }
  }

  /**
   * Makes the value's first `j` open containers levels: their finished members are searched now, and the container
   * open below them (if any) is the value read whole from here, with what it holds so far.
   */
  private split(v: Value, j: number): void {
    const asm = v.el.asm!;
    const chain: unknown[] = [];
    const keys: (string | null)[] = [];
    for (let i = 0; i < asm.stack.length; i += 2) {
      chain.push(asm.stack[i]);
      keys.push(asm.stack[i + 1] as string | null);
    }
    chain.push(asm.current);
    keys.push(asm.key);
    let path = v.path;
    for (let i = 0; i < j; i++) {
      const o = chain[i] as object;
      const array = Array.isArray(o);
      const list = array && i === 1 && v.root && CONTAINER_KEYS.has(keys[0]!);
      const lv = level(array, list, !array && i === 0 && v.root, path, array ? null : keys[i]!);
      this.finder.children(o, list ? 'list' : 'free', path, this.positions.get(o)?.line ?? v.start, this.positions);
      this.levels.push(lv);
      path = pathIn(lv);
    }
    if (j === chain.length) {
      this.v = null;
      this.positions.clear();
      return;
    }
    const next = chain[j] as Record<string, unknown>;
    const at = this.positions.get(next)!;
    const rest = new Assembler();
    rest.stack = asm.stack.slice(2 * j);
    rest.current = asm.current;
    rest.key = asm.key;
    rest.done = false;
    const parent = this.levels[this.levels.length - 1]!;
    const ctx: Context = parent.array && parent.list ? 'list' : 'free';
    const sealed = v.sealed > j + 1 ? v.sealed - j : 0;
    const el = this.element({ asm: rest, depth: chain.length - j, size: v.el.size - at.size });
    this.v = { el, start: at.line, ctx, path, root: false, open: !Object.hasOwn(next, 'jsonrpc'), sealed };
  }

  /** A value read whole, within the bounds (`from`: the part of a split value that is read on). */
  private element(from: { asm: Assembler; depth: number; size: number } | null): CappedElement {
    return new CappedElement(this.limits.maxBytes, this.limits.maxDepth, this.limits.headBytes, from);
  }

  /** A value over a bound (not assembled: only its start was kept) has ended. */
  private dropped(v: Value): void {
    this.v = null;
    this.positions.clear();
    const el = v.el;
    this.out.push({
      kind: el.overflow === 'bytes' ? 'oversized' : 'too-deep',
      text: el.head,
      size: el.size,
      line: v.start,
      lines: this.at.line - v.start + 1,
    });
    this.paths.found(v.path);
  }

  private complete(v: Value, value: unknown): void {
    this.v = null;
    if (!v.open) {
      this.out.push({ value, kind: 'value', path: v.path, line: v.start, lines: this.at.line - v.start + 1 });
      this.paths.found(v.path);
    } else {
      this.finder.find(value, v.ctx, v.path, v.start, this.at.line, this.positions);
      if (this.positions.size > 0) this.positions.clear();
    }
  }
}

/** The path of the value a level's current key (or element) holds. */
function pathIn(lv: Level): string {
  return lv.array ? lv.elems : childPath(lv.path, lv.key);
}
