// The filter language's grammar (recursive descent): `or` binds loosest, then `and`, then `not`; a comparison is a
// field, an operator and a value; a value is read as the field's type (durations, sizes, times, a vocabulary).
import { FilterError } from './error.js';
import { FIELD_BY_NAME, FIELDS, type Field } from './fields.js';
import { tokenize, type Token } from './lexer.js';
import { nearest } from './suggest.js';
import { timeParts, type TimeParts } from './time.js';
import { UNIT_NAMES, unitOf } from './units.js';
import { contractValue } from './vocabularies.js';

export type Value = string | number | boolean | TimeParts;
export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export type Expr =
  | { t: 'or' | 'and'; a: Expr; b: Expr }
  | { t: 'not'; x: Expr }
  /** The field alone: the record has it (a true boolean, a value, a non-empty list). */
  | { t: 'has'; field: Field }
  | { t: 'compare'; field: Field; op: CompareOp; value: Value; at: number }
  | { t: 'in'; field: Field; values: Value[]; at: number }
  /** `~`: a regular expression (`/re/flags`, anywhere in the value) or a glob (the whole value). */
  | { t: 'match'; field: Field; re: RegExp }
  /** `field contains TEXT`; with no field, the text anywhere in the record's body. */
  | { t: 'contains'; field: Field | null; text: string };

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'contains', 'matches']);
const ORDERED = new Set(['number', 'duration', 'size', 'time']);

/** The expression's tree; throws a FilterError at the column of the first mistake. */
export function parseFilter(src: string): Expr {
  const p = new Parser(tokenize(src));
  if (p.peek().t === 'end')
    throw new FilterError('the expression is empty: write a field, e.g. method == tools/call', 0);
  const e = p.or();
  const rest = p.peek();
  if (rest.t !== 'end') throw new FilterError(`expected and, or or the end, not ${shown(rest)}`, rest.at);
  return e;
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(): Token {
    return this.tokens[this.i]!;
  }

  private next(): Token {
    return this.tokens[this.i++]!;
  }

  /** The next token is this keyword or operator: consumed. */
  private take(...spellings: string[]): boolean {
    const tok = this.peek();
    const v = tok.t === 'word' ? tok.v.toLowerCase() : tok.t === 'op' ? tok.v : null;
    if (v === null || !spellings.includes(v) || (tok.t === 'word' && !KEYWORDS.has(v))) return false;
    this.i++;
    return true;
  }

  or(): Expr {
    let a = this.and();
    while (this.take('or', '||')) a = { t: 'or', a, b: this.and() };
    return a;
  }

  private and(): Expr {
    let a = this.not();
    while (this.take('and', '&&')) a = { t: 'and', a, b: this.not() };
    return a;
  }

  private not(): Expr {
    if (this.take('not', '!')) return { t: 'not', x: this.not() };
    return this.primary();
  }

  private primary(): Expr {
    const tok = this.peek();
    if (this.take('(')) {
      const e = this.or();
      const close = this.peek();
      if (!this.take(')'))
        throw new FilterError(`expected ) to close the ( at column ${tok.at + 1}, not ${shown(close)}`, close.at);
      return e;
    }
    if (this.take('contains')) return { t: 'contains', field: null, text: this.text() };
    if (tok.t !== 'word' || KEYWORDS.has(tok.v.toLowerCase()))
      throw new FilterError(
        `expected a field (${FIELDS.slice(6, 12)
          .map((f) => f.name)
          .join(', ')} …), not ${shown(tok)}`,
        tok.at,
      );
    this.i++;
    const field = FIELD_BY_NAME.get(tok.v);
    if (!field) {
      const near = nearest(
        tok.v,
        FIELDS.map((f) => f.name),
      );
      throw new FilterError(
        `no field ${tok.v}${near.length ? `; did you mean ${near.join(', ')}?` : ' (docs/filter.md lists them)'}`,
        tok.at,
      );
    }
    const op = this.peek();
    if (this.take('contains')) return { t: 'contains', field, text: this.text() };
    if (this.take('~', 'matches')) return { t: 'match', field, re: this.pattern(field) };
    if (this.take('!~')) return { t: 'not', x: { t: 'match', field, re: this.pattern(field) } };
    if (this.take('not')) {
      if (!this.take('in')) throw new FilterError(`expected in after not, not ${shown(this.peek())}`, this.peek().at);
      return { t: 'not', x: this.inSet(field, op.at) };
    }
    if (this.take('in')) return this.inSet(field, op.at);
    if (op.t === 'op' && ['==', '=', '!=', '<', '<=', '>', '>='].includes(op.v)) {
      this.i++;
      const cmp: CompareOp = op.v === '=' ? '==' : (op.v as CompareOp);
      if (cmp !== '==' && cmp !== '!=' && !ORDERED.has(field.type)) {
        throw new FilterError(
          `${op.v} compares numbers, durations, sizes and times; ${field.name} is ${field.type === 'enum' ? 'one of a list' : field.type === 'bool' ? 'true or false' : 'text'}`,
          op.at,
        );
      }
      return { t: 'compare', field, op: cmp, value: this.value(field), at: op.at };
    }
    return { t: 'has', field };
  }

  private inSet(field: Field, at: number): Expr {
    const open = this.peek();
    if (!this.take('{')) throw new FilterError(`expected { after in, not ${shown(open)}`, open.at);
    const values: Value[] = [];
    do values.push(this.value(field));
    while (this.take(','));
    const close = this.peek();
    if (!this.take('}')) throw new FilterError(`expected , or } in the set, not ${shown(close)}`, close.at);
    return { t: 'in', field, values, at };
  }

  /** A quoted string or a bare word, as text. */
  private text(): string {
    const tok = this.next();
    if (tok.t === 'string' || tok.t === 'word' || tok.t === 'time') return tok.v;
    if (tok.t === 'number') return tok.text;
    throw new FilterError(`expected text, not ${shown(tok)}`, tok.at);
  }

  /** After `~`: `/re/flags` as is; a glob (`tools/*`, `"get-*"`) as a whole-value regular expression. */
  private pattern(field: Field): RegExp {
    const tok = this.peek();
    if (tok.t === 'regex') {
      this.i++;
      try {
        return new RegExp(tok.source, tok.flags);
      } catch (err) {
        throw new FilterError(`not a regular expression: ${(err as Error).message}`, tok.at);
      }
    }
    if (field.type !== 'text' && field.type !== 'enum')
      throw new FilterError(`~ matches text; ${field.name} is a ${field.type}`, tok.at);
    return globToRegExp(this.text());
  }

  /** One value, read as the field's type. */
  private value(field: Field): Value {
    const tok = this.next();
    const wrong = (what: string): never => {
      throw new FilterError(`${field.name} is ${what}, not ${shown(tok)}`, tok.at);
    };
    switch (field.type) {
      case 'text':
        if (tok.t === 'string' || tok.t === 'word' || tok.t === 'time') return tok.v;
        if (tok.t === 'number') return tok.text;
        return wrong('text');
      case 'enum': {
        if (tok.t !== 'string' && tok.t !== 'word') return wrong(`one of ${Object.keys(field.vocabulary!).join(', ')}`);
        const v = contractValue(field.vocabulary!)(tok.v);
        if (v !== undefined) return v;
        const near = nearest(tok.v, Object.keys(field.vocabulary!));
        throw new FilterError(
          `${field.name} is never ${tok.v}; ${near.length ? `did you mean ${near.join(', ')}?` : `it is one of ${Object.keys(field.vocabulary!).join(', ')}`}`,
          tok.at,
        );
      }
      case 'bool':
        if (tok.t === 'word' && (tok.v === 'true' || tok.v === 'false')) return tok.v === 'true';
        return wrong('true or false');
      case 'number':
        if (tok.t === 'number' && tok.unit === '') return tok.v;
        return wrong('a number');
      case 'duration':
      case 'size': {
        const example = field.type === 'duration' ? '500ms, 2s' : '10kB, 1MB';
        if (tok.t !== 'number') return wrong(`a ${field.type} (${example})`);
        if (tok.unit === '') return tok.v;
        const unit = unitOf(tok.unit);
        if (unit?.kind === field.type) return tok.v * unit.factor;
        throw new FilterError(
          `${field.name} is a ${field.type}: ${tok.unit} is no unit of one (${UNIT_NAMES[field.type].join(', ')})`,
          tok.at,
        );
      }
      case 'time': {
        const parts = tok.t === 'time' || tok.t === 'string' ? timeParts(tok.v) : null;
        return parts ?? wrong('a time (10:32, 10:32:05.5, 2026-11-30, 2026-11-30T10:32:00Z)');
      }
    }
  }
}

/** `*` any text, `?` one character, `[…]` one of; the rest as written; the whole value must match. */
function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else if (c === '[' && glob.indexOf(']', i + 1) > i + 1) {
      const end = glob.indexOf(']', i + 1);
      re += `[${glob
        .slice(i + 1, end)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\')}]`;
      i = end;
    } else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 's');
}

function shown(tok: Token): string {
  switch (tok.t) {
    case 'end':
      return 'the end';
    case 'string':
      return JSON.stringify(tok.v);
    case 'number':
      return tok.text;
    case 'regex':
      return `/${tok.source}/${tok.flags}`;
    default:
      return tok.v;
  }
}
