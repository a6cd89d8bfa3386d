// Reads Node's util.inspect output of a parsed JSON value (what `console.log('label:', message)` prints) back into it.
//
// util.inspect writes JavaScript literal syntax, not JSON: unquoted keys, strings in '…' (or "…" or `…` to avoid
// escapes), long strings split into `'…\n' +` pieces, and it cuts: objects nested deeper than `depth` become
// `[Object]` / `[Array]`, arrays past 100 items end `... N more items`, strings past 10,000 characters end
// `... N more characters`. A cut value is read as far as it survives (each placeholder a string) and flagged `cut`.
// Node's lib/internal/util/inspect.js (formatValue, strEscape, formatList) is the grammar.
import { MAX_NESTING } from '../../shared/depth.js';
import type { LiteralValue } from '../bodies.js';
import { hexAfter, LiteralCursor, NotLiteral } from './literal-cursor.js';
import { setOwn } from '../../../util/own.js';

const isQuote = (c: number): boolean => c === 0x27 /* ' */ || c === 0x22 /* " */ || c === 0x60; /* ` */
const NUMBER = /-?(?:Infinity|NaN|\d+(?:\.\d+)?(?:e[+-]?\d+)?)n?/y;
const WORD = /[A-Za-z_$][\w$]*/y;
/** `... 3 more items`, `... 1 more item`, `... 120 more characters`: what inspect left out. */
const MORE = /\.\.\. \d+ more (?:items?|characters?|propert(?:y|ies))/y;
/** A placeholder for a value inspect did not print: `[Object]`, `[Array]`, `[Circular *1]`, `[Function: f]`. */
const PLACEHOLDER = /\[[A-Za-z][^\]\n]*\]/y;
/** Prefixes inspect writes before a value: `<ref *1> `, `[Object: null prototype] `. */
const PREFIX = /<ref \*\d+> |\[Object: null prototype\] /y;
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

/** The value util.inspect printed as `text`, and whether it cut any of it; null when the text is not such output. */
export function readInspect(text: string): LiteralValue | null {
  const r = new Reader(text);
  try {
    const value = r.value(0);
    r.space();
    return r.i === text.length ? { value, cut: r.cut } : null;
  } catch (err) {
    if (err instanceof NotLiteral) return null;
    throw err;
  }
}

class Reader extends LiteralCursor {
  cut = false;

  value(depth: number): unknown {
    if (depth > MAX_NESTING) throw new NotLiteral();
    this.space();
    while (this.sticky(PREFIX) !== null);
    const c = this.s.charCodeAt(this.i);
    if (c === 0x7b /* { */) return this.object(depth);
    if (c === 0x5b /* [ */) {
      const placeholder = this.sticky(PLACEHOLDER);
      if (placeholder !== null) {
        this.cut = true;
        return placeholder;
      }
      return this.array(depth);
    }
    if (isQuote(c)) return this.strings();
    const n = this.sticky(NUMBER);
    if (n !== null) return Number(n.endsWith('n') ? n.slice(0, -1) : n);
    const w = this.sticky(WORD);
    if (w === 'true' || w === 'false') return w === 'true';
    if (w === 'null' || w === 'undefined') return null;
    throw new NotLiteral();
  }

  /** `{ key: value, … }`; `undefined` members are left out (JSON has none). */
  private object(depth: number): Record<string, unknown> {
    this.i++;
    const out: Record<string, unknown> = {};
    this.items(0x7d /* } */, () => {
      if (this.more()) return;
      const key = this.key();
      this.space();
      if (!this.eat(0x3a /* : */)) throw new NotLiteral();
      this.space();
      const undef = this.s.startsWith('undefined', this.i);
      const v = this.value(depth + 1);
      if (!undef) setOwn(out, key, v);
    });
    return out;
  }

  private array(depth: number): unknown[] {
    this.i++;
    const out: unknown[] = [];
    this.items(0x5d /* ] */, () => {
      if (!this.more()) out.push(this.value(depth + 1));
    });
    return out;
  }

  /** A key: an identifier, a quoted string, or `['__proto__']` (how inspect shows an own `__proto__`). */
  private key(): string {
    const c = this.s.charCodeAt(this.i);
    if (isQuote(c)) return this.string();
    if (c === 0x5b && isQuote(this.s.charCodeAt(this.i + 1))) {
      this.i++;
      const k = this.string();
      if (!this.eat(0x5d)) throw new NotLiteral();
      return k;
    }
    const w = this.sticky(WORD);
    if (w === null) throw new NotLiteral();
    return w;
  }

  /** A string, and the pieces `+` joins to it; a `... N more characters` after it marks it cut. */
  private strings(): string {
    let out = this.string();
    for (;;) {
      const at = this.i;
      this.space();
      if (!this.eat(0x2b /* + */)) {
        this.i = at;
        break;
      }
      this.space();
      out += this.string();
    }
    this.more();
    return out;
  }

  private string(): string {
    const s = this.s;
    const q = s.charCodeAt(this.i);
    if (!isQuote(q)) throw new NotLiteral();
    let out = '';
    let from = ++this.i;
    for (; this.i < s.length; this.i++) {
      const c = s.charCodeAt(this.i);
      if (c === q) {
        out += s.slice(from, this.i++);
        return out;
      }
      if (c === 0x0a) break; // inspect escapes line breaks: a string never spans lines
      if (c !== 0x5c /* \ */) continue;
      out += s.slice(from, this.i);
      out += this.escape();
      from = this.i + 1;
    }
    throw new NotLiteral();
  }

  /** The escape at `\` (this.i), leaving this.i on its last character. */
  private escape(): string {
    const s = this.s;
    const e = s.charAt(++this.i);
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) return simple;
    if (e === 'x') return this.hex(2);
    if (e === 'u') {
      if (s.charAt(this.i + 1) !== '{') return this.hex(4);
      const end = s.indexOf('}', this.i);
      const cp = end < 0 ? NaN : parseInt(s.slice(this.i + 2, end), 16);
      if (!Number.isInteger(cp) || cp > 0x10ffff) throw new NotLiteral();
      this.i = end;
      return String.fromCodePoint(cp);
    }
    if (e === '') throw new NotLiteral();
    return e;
  }

  private hex(n: number): string {
    const c = hexAfter(this.s, this.i, n);
    this.i += n;
    return String.fromCharCode(c);
  }

  /** `... N more items` (or characters, properties): marks the value cut. */
  private more(): boolean {
    if (this.sticky(MORE) === null) return false;
    this.cut = true;
    return true;
  }
}

/**
 * Finds where an inspect body that may span several lines ends: bracket depth outside strings, like JsonExtent, with
 * inspect's three quotes. Strings never span lines (inspect escapes line breaks), so string state ends with each line.
 */
export class InspectExtent {
  private depth = 0;

  scan(text: string, from = 0): number {
    let depth = this.depth;
    const n = text.length;
    for (let i = from; i < n; i++) {
      const c = text.charCodeAt(i);
      if (isQuote(c)) {
        for (i++; i < n; i++) {
          const d = text.charCodeAt(i);
          if (d === 0x5c) i++;
          else if (d === c) break;
        }
      } else if (c === 0x7b || c === 0x5b) depth++;
      else if ((c === 0x7d || c === 0x5d) && --depth <= 0) {
        this.depth = 0;
        return i + 1;
      }
    }
    this.depth = depth;
    return -1;
  }
}
