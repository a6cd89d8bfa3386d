// A filter expression as a predicate over annotated records. A record without the field never matches a comparison
// on it (`tool != x` selects tools/call requests only); a field with several values (a record's findings) matches
// when any of them does.
import type { PipelineRecord } from '../types.js';
import { body, type Field, type FieldContext, type FieldValue } from './fields.js';
import type { CompareOp, Expr, Value } from './parse.js';
import { compareTimes, type TimeParts } from './time.js';

/** `request`: the answer's request, when it is known. */
export type Predicate = (r: PipelineRecord, request?: PipelineRecord | null) => boolean;

/** `ctx`: what the run knows besides the record (the sessions' tags). */
export function compile(e: Expr, ctx: FieldContext = {}): Predicate {
  switch (e.t) {
    case 'or': {
      const [a, b] = [compile(e.a, ctx), compile(e.b, ctx)];
      return (r, q) => a(r, q) || b(r, q);
    }
    case 'and': {
      const [a, b] = [compile(e.a, ctx), compile(e.b, ctx)];
      return (r, q) => a(r, q) && b(r, q);
    }
    case 'not': {
      const x = compile(e.x, ctx);
      return (r, q) => !x(r, q);
    }
    case 'has':
      return (r, q) => values(e.field, r, q, ctx).some((v) => v !== false && v !== '');
    case 'compare': {
      const { field, op, value } = e;
      if (op === '!=')
        return (r, q) => {
          const vs = values(field, r, q, ctx);
          return vs.length > 0 && !vs.some((v) => compare(v, value) === 0);
        };
      return (r, q) => values(field, r, q, ctx).some((v) => holds(op, compare(v, value)));
    }
    case 'in': {
      const { field, values: set } = e;
      return (r, q) => values(field, r, q, ctx).some((v) => set.some((w) => compare(v, w) === 0));
    }
    case 'match': {
      const { field, re } = e;
      return (r, q) => values(field, r, q, ctx).some((v) => typeof v === 'string' && re.test(v));
    }
    case 'contains': {
      const { field, text } = e;
      if (field === null) return (r) => bodyContains(r, text);
      return (r, q) => values(field, r, q, ctx).some((v) => typeof v === 'string' && v.includes(text));
    }
  }
}

/** The field's values on the record, none when it has none. */
function values(
  field: Field,
  r: PipelineRecord,
  request: PipelineRecord | null | undefined,
  ctx: FieldContext,
): FieldValue[] {
  const v = field.get(r, request, ctx);
  if (Array.isArray(v)) return v.filter((x) => x !== null);
  return v === null ? [] : [v];
}

/** -1, 0, 1; null when the two cannot be compared. */
function compare(v: FieldValue, w: Value): number | null {
  if (typeof v === 'number' && typeof w === 'number') return Math.sign(v - w);
  if (typeof v === 'string' && typeof w === 'string') return v === w ? 0 : null;
  if (typeof v === 'boolean' && typeof w === 'boolean') return v === w ? 0 : null;
  if (typeof v === 'object' && v !== null && typeof w === 'object') return compareTimes(v, w as TimeParts);
  return null;
}

function holds(op: CompareOp, c: number | null): boolean {
  if (c === null) return false;
  switch (op) {
    case '==':
      return c === 0;
    case '!=':
      return c !== 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
  }
}

/**
 * `contains TEXT` alone: the text in the message's body as logged, or in one of its strings as decoded (a tool's
 * text with its newlines and quotes as they read, not as JSON escapes them).
 */
function bodyContains(r: PipelineRecord, text: string): boolean {
  const logged = body(r);
  if (logged?.includes(text)) return true;
  return r.message !== null && typeof r.message === 'object' && someString(r.message, (s) => s.includes(text));
}

function someString(v: unknown, test: (s: string) => boolean): boolean {
  if (typeof v === 'string') return test(v);
  if (Array.isArray(v)) return v.some((x) => someString(x, test));
  if (v !== null && typeof v === 'object') return Object.entries(v).some(([k, x]) => test(k) || someString(x, test));
  return false;
}
