// When a filter matched nothing: the values it asked for that no record had, with the nearest ones records had
// (`method == tols/call`: tools/call). At most MAX_SEEN distinct values are kept per field.
import type { PipelineRecord } from '../types.js';
import type { Field, FieldContext } from './fields.js';
import type { Expr } from './parse.js';
import { nearest } from './suggest.js';

const MAX_SEEN = 10_000;

/** A value a filter compares a text field with (`==`, `in`). */
export interface Wanted {
  field: Field;
  value: string;
}

/** The text values an expression asks for by equality, outside a `not` (those the records should have). */
export function wantedValues(e: Expr): Wanted[] {
  switch (e.t) {
    case 'or':
    case 'and':
      return [...wantedValues(e.a), ...wantedValues(e.b)];
    case 'compare':
      return e.op === '==' && typeof e.value === 'string' && e.field.type === 'text'
        ? [{ field: e.field, value: e.value }]
        : [];
    case 'in':
      return e.field.type === 'text'
        ? e.values.filter((v) => typeof v === 'string').map((v) => ({ field: e.field, value: v }))
        : [];
    default:
      return [];
  }
}

export class SeenValues {
  private readonly seen = new Map<Field, Set<string>>();

  constructor(
    private readonly wanted: readonly Wanted[],
    private readonly ctx: FieldContext = {},
  ) {
    for (const w of wanted) this.seen.set(w.field, new Set());
  }

  observe(r: PipelineRecord): void {
    for (const [field, set] of this.seen) {
      if (set.size >= MAX_SEEN) continue;
      const v = field.get(r, null, this.ctx);
      for (const x of Array.isArray(v) ? v : [v]) if (typeof x === 'string') set.add(x);
    }
  }

  /** The values seen, per field name (what a `--jobs` worker sends; `add` takes them in the coordinator). */
  values(): [string, string[]][] {
    return [...this.seen].map(([field, set]) => [field.name, [...set]]);
  }

  add(values: readonly [string, readonly string[]][]): void {
    for (const [name, list] of values) {
      for (const [field, set] of this.seen)
        if (field.name === name) for (const v of list) if (set.size < MAX_SEEN) set.add(v);
    }
  }

  /** One line per value asked for that no record had: `no record has method tols/call; nearest: tools/call`. */
  unseen(): string[] {
    return this.wanted
      .filter((w) => !this.seen.get(w.field)!.has(w.value))
      .map((w) => {
        const near = nearest(w.value, this.seen.get(w.field)!);
        return `no record has ${w.field.name} ${w.value}${near.length ? `; the nearest that do: ${near.join(', ')}` : ''}`;
      });
  }
}
