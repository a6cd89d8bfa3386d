// Python's printed values, as the Python SDK's debug lines hold them: a bytes literal's escapes, and pydantic reprs.
//
// `Received JSON: b'{"id":1,…}'` prints the POST body with `repr(bytes)`; `Sending client message: root=JSONRPCRequest(
// method='ping', params=None, jsonrpc='2.0', id=1)` prints the message model. Both are read back here into the JSON
// the message was, so that the SDK's logs are read like any other (test/fixtures/hosts/python-sdk/SOURCES.md, Bodies).
import { Buffer } from 'node:buffer';
import { nestedDeeper } from './depth.js';

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = { '\\': 0x5c, "'": 0x27, '"': 0x22, n: 0x0a, r: 0x0d, t: 0x09, a: 0x07, b: 0x08, f: 0x0c, v: 0x0b };

/**
 * The text a bytes literal's content stands for (`\xNN`, `\n`, `\'` … escapes; the characters inside its quotes),
 * decoded as UTF-8; null when an escape is malformed. Characters that are not escaped are taken as they are.
 */
export function pythonBytes(content: string): string | null {
  if (!content.includes('\\')) return content;
  const out: number[] = [];
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i);
    if (c !== 0x5c) {
      if (c < 0x80) out.push(c);
      else {
        // Not written by repr(bytes), which escapes every byte above 0x7E: kept as its UTF-8.
        const cp = content.codePointAt(i)!;
        for (const b of Buffer.from(String.fromCodePoint(cp), 'utf8')) out.push(b);
        if (cp > 0xffff) i++;
      }
      continue;
    }
    const e = content[++i];
    if (e === undefined) return null;
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) out.push(simple);
    else if (e === 'x') {
      const n = parseInt(content.slice(i + 1, i + 3), 16);
      if (!/^[0-9a-fA-F]{2}$/.test(content.slice(i + 1, i + 3))) return null;
      out.push(n);
      i += 2;
    } else return null;
  }
  return Buffer.from(out).toString('utf8');
}

/** Values a repr holds: JSON values, plus `undefined` for what has no JSON form (`<… object at 0x…>`, `inf`). */
type Py = unknown;

/** Sets a member as JSON.parse does: `__proto__` is a member like any other, not the object's prototype. */
function put(obj: Record<string, Py>, key: string, value: Py): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** Nesting deeper than this is not read (a message nests far less). */
const MAX_DEPTH = 256;

class ReprParser {
  i = 0;
  constructor(private readonly s: string) {}

  fail(): never {
    throw new SyntaxError(`unreadable Python repr at ${this.i}`);
  }

  space(): void {
    while (this.s.charCodeAt(this.i) === 0x20) this.i++;
  }

  eat(c: string): boolean {
    this.space();
    if (this.s[this.i] !== c) return false;
    this.i++;
    return true;
  }

  expect(c: string): void {
    if (!this.eat(c)) this.fail();
  }

  /** `name=value name=value …` (pydantic's str of a model), or `name=value, …` inside a call, up to `close`. */
  fields(close: string | null, depth: number): Record<string, Py> {
    const obj: Record<string, Py> = {};
    for (;;) {
      this.space();
      if (close === null ? this.i >= this.s.length : this.s[this.i] === close) return obj;
      const name = /^[A-Za-z_]\w*/.exec(this.s.slice(this.i, this.i + 128))?.[0];
      if (name === undefined || this.s[this.i + name.length] !== '=') this.fail();
      this.i += name.length + 1;
      const v = this.value(depth + 1);
      // A model field that is None was not set: pydantic leaves it out of the JSON (exclude_none).
      if (v !== null && v !== undefined) put(obj, name, v);
      if (close !== null && !this.eat(',')) return obj;
    }
  }

  value(depth: number): Py {
    if (depth > MAX_DEPTH) this.fail();
    this.space();
    const c = this.s[this.i];
    if (c === "'" || c === '"') return this.string();
    if (c === 'b' && (this.s[this.i + 1] === "'" || this.s[this.i + 1] === '"')) {
      this.i++;
      return this.string();
    }
    if (c === '{') return this.dict(depth);
    if (c === '[' || c === '(') return this.list(c === '[' ? ']' : ')', depth);
    if (c === '<') return this.opaque();
    const num = /^-?(?:\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|inf|nan)/.exec(this.s.slice(this.i, this.i + 64))?.[0];
    if (num !== undefined) {
      this.i += num.length;
      const n = Number(num);
      return Number.isFinite(n) ? n : undefined;
    }
    const name = /^[A-Za-z_][\w.]*/.exec(this.s.slice(this.i, this.i + 256))?.[0];
    if (name === undefined) this.fail();
    this.i += name.length;
    if (this.s[this.i] === '(') return this.call(depth);
    if (name === 'True') return true;
    if (name === 'False') return false;
    if (name === 'None') return null;
    return this.fail();
  }

  /** `Model(field=value, …)` → an object of its fields; `AnyUrl('…')` (one value, no name) → that value. */
  call(depth: number): Py {
    this.i++; // (
    this.space();
    if (/^[A-Za-z_]\w*=(?!=)/.test(this.s.slice(this.i, this.i + 130))) {
      const obj = this.fields(')', depth);
      this.expect(')');
      return obj;
    }
    const items = this.list(')', depth, true);
    return Array.isArray(items) && items.length === 1 ? items[0] : items;
  }

  list(close: string, depth: number, opened = false): Py[] {
    if (!opened) this.i++;
    const out: Py[] = [];
    while (!this.eat(close)) {
      const v = this.value(depth + 1);
      out.push(v === undefined ? null : v);
      if (!this.eat(',')) {
        this.expect(close);
        break;
      }
    }
    return out;
  }

  dict(depth: number): Record<string, Py> {
    this.i++;
    const obj: Record<string, Py> = {};
    while (!this.eat('}')) {
      const k = this.value(depth + 1);
      this.expect(':');
      const v = this.value(depth + 1);
      put(obj, typeof k === 'string' ? k : String(k), v === undefined ? null : v);
      if (!this.eat(',')) {
        this.expect('}');
        break;
      }
    }
    return obj;
  }

  /** A str (or bytes) literal: `'…'` or `"…"` with Python's escapes. */
  string(): string {
    const q = this.s[this.i]!;
    let out = '';
    let from = ++this.i;
    for (;;) {
      const c = this.s[this.i];
      if (c === undefined) this.fail();
      if (c === q) break;
      if (c !== '\\') {
        this.i++;
        continue;
      }
      out += this.s.slice(from, this.i);
      const e = this.s[this.i + 1];
      if (e === undefined) this.fail();
      const hex = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
      if (hex > 0) {
        const digits = this.s.slice(this.i + 2, this.i + 2 + hex);
        if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== hex) this.fail();
        out += String.fromCodePoint(parseInt(digits, 16));
        this.i += 2 + hex;
      } else {
        const simple = SIMPLE_ESCAPES[e];
        out += simple === undefined ? `\\${e}` : String.fromCharCode(simple);
        this.i += 2;
      }
      from = this.i;
    }
    out += this.s.slice(from, this.i);
    this.i++;
    return out;
  }

  /** `<starlette.requests.Request object at 0x…>`: no JSON form. */
  opaque(): undefined {
    let depth = 0;
    for (; this.i < this.s.length; this.i++) {
      const c = this.s[this.i];
      if (c === '<') depth++;
      else if (c === '>' && --depth === 0) {
        this.i++;
        return undefined;
      }
    }
    return this.fail();
  }
}

/**
 * The JSON-RPC message a pydantic repr or str prints, or null when the text is not one this reads: `root=JSONRPC…(…)`
 * (SDK 1.x), `SessionMessage(message=JSONRPCMessage(root=…), metadata=…)` (1.8+), or the bare fields of SDK 2.x's str
 * (`method='tools/list' params=None jsonrpc='2.0' id=3`). The wrappers are unwrapped to the object with `jsonrpc`.
 */
export function pydanticMessage(text: string): Record<string, unknown> | null {
  const t = text.trim();
  const p = new ReprParser(t);
  let v: Py;
  try {
    v = /^[A-Za-z_]\w*=/.test(t) ? p.fields(null, 0) : p.value(0);
    p.space();
    if (p.i !== t.length) return null;
  } catch {
    return null;
  }
  for (let depth = 0; depth < 4 && v !== null && typeof v === 'object' && !Array.isArray(v); depth++) {
    const o = v as Record<string, unknown>;
    if (o.jsonrpc !== undefined) return o;
    v = o.root ?? o.message;
  }
  return null;
}

/**
 * A message body Python printed: `python-bytes` (a bytes literal's content: the JSON's text, and its value when it is
 * JSON) or `pydantic` (a repr: the message's value and its compact JSON). `error` when it cannot be read back.
 */
export function pythonBody(form: 'python-bytes' | 'pydantic', body: string): { text: string; value?: unknown } | { error: string } {
  if (form === 'pydantic') {
    const value = pydanticMessage(body);
    return value === null ? { error: 'a Python repr that is not a JSON-RPC message mcptrace reads' } : { text: JSON.stringify(value), value };
  }
  const text = pythonBytes(body);
  if (text === null) return { error: 'a bytes literal with a malformed escape' };
  if (nestedDeeper(text)) return { text };
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    return { text };
  }
}
