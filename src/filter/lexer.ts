// The tokens of a filter expression: words, quoted strings, numbers with units, times, regular expressions, operators.
import { FilterError } from './error.js';

export type Token =
  | { t: 'word'; v: string; at: number }
  | { t: 'string'; v: string; at: number }
  | { t: 'number'; v: number; unit: string; text: string; at: number }
  | { t: 'time'; v: string; at: number }
  | { t: 'regex'; source: string; flags: string; at: number }
  | { t: 'op'; v: string; at: number }
  | { t: 'end'; at: number };

/** Longest first: `==` before `=`, `!=` and `!~` before `!`. */
const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '!~', '<', '>', '=', '~', '!', '(', ')', '{', '}', ','];

const ISO = /^\d{4}-\d\d-\d\d(?:T\d\d?:\d\d(?::\d\d(?:[.,]\d+)?)?)?(?:Z|[+-]\d\d:?\d\d)?(?![\w:])/;
const CLOCK = /^\d\d?:\d\d(?::\d\d(?:[.,]\d+)?)?(?![\w:])/;
const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?([A-Za-zµ]*)/;
/** A word: a field name, a keyword or a bare value (`tools/call`, `tools/*`, `base:lifecycle`, `/mcp`). */
const WORD = /^[A-Za-z_*/?→←][\w.\-/*?:@$[\]]*/;
const REGEX = /^\/((?:\\.|[^/\\])*)\/([a-z]*)/;

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const rest = src.slice(i);
    const prev = out[out.length - 1];
    // After `~` (or `matches`) a slash opens a regular expression; anywhere else it is part of a word (`/mcp`).
    if (
      c === '/' &&
      ((prev?.t === 'op' && (prev.v === '~' || prev.v === '!~')) ||
        (prev?.t === 'word' && prev.v.toLowerCase() === 'matches'))
    ) {
      const m = REGEX.exec(rest);
      if (!m) throw new FilterError('a regular expression is not closed: end it with /', i);
      out.push({ t: 'regex', source: m[1]!, flags: m[2]!, at: i });
      i += m[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      const { value, end } = quoted(src, i);
      out.push({ t: 'string', v: value, at: i });
      i = end;
      continue;
    }
    const time = ISO.exec(rest) ?? CLOCK.exec(rest);
    if (time) {
      out.push({ t: 'time', v: time[0], at: i });
      i += time[0].length;
      continue;
    }
    const num = /^-?\d/.test(rest) ? NUMBER.exec(rest) : null;
    if (num) {
      const unit = num[1]!;
      out.push({ t: 'number', v: Number(num[0].slice(0, num[0].length - unit.length)), unit, text: num[0], at: i });
      i += num[0].length;
      continue;
    }
    const word = WORD.exec(rest);
    if (word) {
      out.push({ t: 'word', v: word[0], at: i });
      i += word[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (op) {
      out.push({ t: 'op', v: op, at: i });
      i += op.length;
      continue;
    }
    throw new FilterError(`unexpected ${JSON.stringify(c)}`, i);
  }
  out.push({ t: 'end', at: src.length });
  return out;
}

/** A string in double or single quotes from `start`; `\` escapes the next character (`\n`, `\t` as in JSON). */
function quoted(src: string, start: number): { value: string; end: number } {
  const q = src[start]!;
  let value = '';
  for (let i = start + 1; i < src.length; i++) {
    const c = src[i]!;
    if (c === q) return { value, end: i + 1 };
    if (c === '\\' && i + 1 < src.length) {
      const n = src[++i]!;
      value += n === 'n' ? '\n' : n === 't' ? '\t' : n;
    } else value += c;
  }
  throw new FilterError(`a string is not closed: end it with ${q}`, start);
}
