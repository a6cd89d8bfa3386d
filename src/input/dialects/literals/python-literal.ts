// Reads what Python loggers print of a message: a pydantic model's repr or str back into the message's JSON value,
// and a bytes literal (`b'{"jsonrpc":…}'`) back into its UTF-8 text. One reader for every Python-ish log (the Python
// SDK's, mcp-proxy's, FastMCP's: test/fixtures/hosts/python-sdk/SOURCES.md, Bodies).
//
// A model prints as `Name(field=value, …)` (repr) or `field=value field=value` (str, a root model's `root=…`); its
// values are Python literals: '…' strings (or "…" when the text has a `'`), True/False/None, numbers, dicts, lists,
// tuples, and `<… object at 0x…>` for what has no literal. The SDK sends a model with `exclude_none`: a field that is
// None is absent from the wire, so it is left out here; a root model (`JSONRPCMessage(root=…)`) is its root. A dict's
// None stays null: it was on the wire.
import { Buffer } from 'node:buffer';
import { MAX_NESTING } from '../../shared/depth.js';
import type { LiteralValue } from '../bodies.js';
import { hexAfter, LiteralCursor, NotLiteral } from './literal-cursor.js';
import { setOwn } from '../../../util/own.js';

const NUMBER = /-?(?:(?:inf|nan)(?![\w.])|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)/y;
const NAME = /[A-Za-z_][\w.]*/y;
/** `field=` at the start of a keyword argument (not `==`). */
const KEYWORD = /([A-Za-z_]\w*)=(?!=)/y;
const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  n: 10,
  r: 13,
  t: 9,
  a: 7,
  b: 8,
  f: 12,
  v: 11,
  '\\': 92,
  "'": 39,
  '"': 34,
};

/**
 * The JSON value of a pydantic model's str or repr (or of any Python literal); null when the text is not one. A value
 * with no JSON form (`inf`, `<… object at 0x…>`) is left out of a model and null in a dict or list; the whole text
 * being one is null.
 */
export function readPythonRepr(text: string): LiteralValue | null {
  const t = text.trim();
  const r = new Reader(t);
  try {
    KEYWORD.lastIndex = 0;
    // The str form of a model: `a=1 b='x'`, fields separated by spaces.
    const value = KEYWORD.test(t) ? r.fields(0, -1) : r.value(0);
    r.space();
    return r.i === t.length && value !== undefined ? { value, cut: false } : null;
  } catch (err) {
    if (err instanceof NotLiteral) return null;
    throw err;
  }
}

/**
 * The JSON-RPC message a pydantic repr or str prints, or null when the text is not one this reads: `root=JSONRPC…(…)`
 * (SDK 1.x), `SessionMessage(message=JSONRPCMessage(root=…), metadata=…)` (1.8+), or the bare fields of SDK 2.x's str
 * (`method='tools/list' params=None jsonrpc='2.0' id=3`). The wrappers are unwrapped to the object with `jsonrpc`.
 */
export function pydanticMessage(text: string): Record<string, unknown> | null {
  let v = readPythonRepr(text)?.value;
  for (let depth = 0; depth < 4 && typeof v === 'object' && v !== null && !Array.isArray(v); depth++) {
    const o = v as Record<string, unknown>;
    if (o.jsonrpc !== undefined) return o;
    v = o.root ?? o.message;
  }
  return null;
}

/**
 * The text a Python bytes literal holds, decoded as UTF-8: `b'…'` / `b"…"`, or only what is between its quotes (a
 * marker that cut a frame's payload out of the literal, escapes still as repr wrote them); null when an escape is
 * malformed.
 */
export function readPythonBytes(text: string): string | null {
  const q = text.charCodeAt(1);
  const wrapped =
    text.charCodeAt(0) === 0x62 /* b */ &&
    (q === 0x27 || q === 0x22) &&
    text.length >= 3 &&
    text.charCodeAt(text.length - 1) === q;
  try {
    return bytesOf(wrapped ? text.slice(2, -1) : text, true);
  } catch (err) {
    if (err instanceof NotLiteral) return null;
    throw err;
  }
}

/**
 * The inside of a string or bytes literal, escapes undone. Bytes: every escape is a byte and the bytes are read as
 * UTF-8 (a character repr would have escaped, above 0x7E, is taken as its own UTF-8: a console re-encoded it); a str:
 * `\xNN`, `\uNNNN`, `\UNNNNNNNN` are code points. Python keeps an unknown escape of a str as it is; repr(bytes) writes
 * none, so a bytes body with one is not what it wrote.
 */
function bytesOf(inside: string, bytes: boolean): string {
  if (!inside.includes('\\')) return inside;
  const out: number[] = [];
  let str = '';
  const put = (cp: number) => {
    if (bytes) out.push(cp);
    else str += String.fromCodePoint(cp);
  };
  for (let i = 0; i < inside.length; i++) {
    const c = inside.charCodeAt(i);
    if (c !== 0x5c) {
      if (!bytes) str += inside.charAt(i);
      else if (c < 0x80) out.push(c);
      else {
        const cp = inside.codePointAt(i)!;
        for (const b of Buffer.from(String.fromCodePoint(cp), 'utf8')) out.push(b);
        if (cp > 0xffff) i++;
      }
      continue;
    }
    const e = inside.charAt(++i);
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) put(simple);
    else if (e === 'x' || (!bytes && (e === 'u' || e === 'U'))) {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const cp = hexAfter(inside, i, n);
      if (cp > 0x10ffff) throw new NotLiteral();
      put(cp);
      i += n;
    } else if (e >= '0' && e <= '7') {
      const m = /^[0-7]{1,3}/.exec(inside.slice(i, i + 3))![0];
      const cp = parseInt(m, 8);
      if (bytes && cp > 0xff) throw new NotLiteral();
      put(cp);
      i += m.length - 1;
    } else if (e === '' || bytes) throw new NotLiteral();
    else {
      put(0x5c);
      put(e.charCodeAt(0));
    }
  }
  return bytes ? Buffer.from(out).toString('utf8') : str;
}

class Reader extends LiteralCursor {
  /** A literal at this.i: its JSON value, or undefined for one with no JSON form. */
  value(depth: number): unknown {
    if (depth > MAX_NESTING) throw new NotLiteral();
    this.space();
    const s = this.s;
    const c = s.charCodeAt(this.i);
    if (c === 0x7b /* { */) return this.dict(depth);
    if (c === 0x5b /* [ */) return this.list(depth, 0x5d);
    if (c === 0x28 /* ( */) return this.list(depth, 0x29);
    if (c === 0x3c /* < */) return this.opaque();
    if (c === 0x27 || c === 0x22) return this.string(false);
    if (
      (c === 0x62 /* b */ || c === 0x42) &&
      (s.charCodeAt(this.i + 1) === 0x27 || s.charCodeAt(this.i + 1) === 0x22)
    ) {
      this.i++;
      return this.string(true);
    }
    const n = this.sticky(NUMBER);
    if (n !== null) return n.endsWith('inf') || n.endsWith('nan') ? undefined : Number(n);
    const name = this.sticky(NAME);
    if (name === 'True' || name === 'False') return name === 'True';
    if (name === 'None') return null;
    if (name !== null && this.eat(0x28)) return this.fields(depth, 0x29);
    throw new NotLiteral();
  }

  /**
   * A model's fields up to `close` (`)`; -1: the end of the text, the str form, fields separated by spaces): an
   * object without its None fields, or its root for a root model; a call with one positional argument
   * (`AnyUrl('…')`) is that argument.
   */
  fields(depth: number, close: number): unknown {
    const out: Record<string, unknown> = {};
    const positional: unknown[] = [];
    this.items(close, () => {
      const key = this.sticky(KEYWORD);
      const v = this.value(depth + 1);
      if (key === null) positional.push(v ?? null);
      else if (v !== null && v !== undefined) setOwn(out, key.slice(0, -1), v);
    });
    const keys = Object.keys(out);
    if (keys.length === 0 && positional.length === 1) return positional[0];
    if (keys.length === 1 && keys[0] === 'root' && positional.length === 0) return out.root;
    return out;
  }

  private dict(depth: number): unknown {
    this.i++;
    const out: Record<string, unknown> = {};
    this.items(0x7d /* } */, () => {
      const key = this.value(depth + 1);
      this.space();
      if (!this.eat(0x3a /* : */)) throw new NotLiteral();
      setOwn(out, typeof key === 'string' ? key : String(key), this.value(depth + 1) ?? null);
    });
    return out;
  }

  private list(depth: number, close: number): unknown[] {
    this.i++;
    const out: unknown[] = [];
    this.items(close, () => out.push(this.value(depth + 1) ?? null));
    return out;
  }

  /** A '…' or "…" literal at this.i: its text (a bytes literal's read as UTF-8). */
  private string(bytes: boolean): string {
    const s = this.s;
    const q = s.charCodeAt(this.i);
    const from = this.i + 1;
    let j = from;
    for (; j < s.length; j++) {
      const c = s.charCodeAt(j);
      if (c === 0x5c) j++;
      else if (c === q) break;
    }
    if (j >= s.length) throw new NotLiteral();
    this.i = j + 1;
    return bytesOf(s.slice(from, j), bytes);
  }

  /** `<starlette.requests.Request object at 0x…>`: an object with no literal, so no JSON form. */
  private opaque(): undefined {
    let depth = 0;
    for (; this.i < this.s.length; this.i++) {
      const c = this.s.charCodeAt(this.i);
      if (c === 0x3c) depth++;
      else if (c === 0x3e && --depth === 0) {
        this.i++;
        return undefined;
      }
    }
    throw new NotLiteral();
  }
}
