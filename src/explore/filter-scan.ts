// The filter line: an expression of the --where language (src/filter/) parsed, its mistake with the column it starts
// at, and the scan that keeps the rows it matches, each with its pair (as annotate --where shows them), a bounded
// number of rows per step so that the screen stays live while a million records are read back.
import { FilterError } from '../filter/error.js';
import { compile, type Predicate } from '../filter/evaluate.js';
import type { FieldContext } from '../filter/fields.js';
import { parseFilter } from '../filter/parse.js';
import type { PipelineRecord } from '../types.js';
import { grown } from '../util/grown.js';
import type { RecordIndex } from './record-index.js';

type Query =
  | { ok: true; source: string; predicate: Predicate }
  | { ok: false; source: string; message: string; column: number };

/** `ctx`: what the view knows besides the record (the tag each session is shown with, which `session` takes). */
export function parseQuery(source: string, ctx?: FieldContext): Query {
  try {
    return { ok: true, source, predicate: compile(parseFilter(source), ctx) };
  } catch (err) {
    if (!(err instanceof FilterError)) throw err;
    return { ok: false, source, message: err.message, column: err.column };
  }
}

export class FilterScan {
  /** Rows kept (1), by row; grown with the index. */
  private kept = new Uint8Array(1024);
  /** Rows read so far: the scan goes on as the index grows (`--follow`). */
  private scanned = 0;
  private cache: Uint32Array | null = new Uint32Array(0);

  constructor(
    readonly query: Query & { ok: true },
    private readonly index: RecordIndex,
    private readonly read: (row: number) => PipelineRecord,
  ) {}

  /** Whether every row of the index has been read. */
  get done(): boolean {
    return this.scanned >= this.index.count;
  }

  get progress(): { scanned: number; of: number } {
    return { scanned: this.scanned, of: this.index.count };
  }

  /** Reads up to `budget` more rows; returns how many it read. */
  step(budget: number): number {
    const end = Math.min(this.index.count, this.scanned + budget);
    if (this.kept.length < this.index.count)
      this.kept = grown(this.kept, Math.max(this.index.count, this.kept.length * 2));
    const from = this.scanned;
    for (let row = from; row < end; row++) {
      const r = this.read(row);
      const pair = this.index.pair(row);
      const isAnswer = r.kind === 'response' || r.kind === 'error';
      const request = isAnswer && pair >= 0 && pair < row ? this.read(pair) : null;
      if (this.query.predicate(r, request)) {
        this.kept[row] = 1;
        // A match is shown with its pair: an answer with its request, a request with its answer once it comes.
        if (pair >= 0) this.kept[pair] = 1;
      } else if (isAnswer && pair >= 0 && pair < row && this.kept[pair] === 1 && r.kind !== 'request') {
        // The answer of a request that matched.
        this.kept[row] = 1;
      }
    }
    this.scanned = end;
    if (end > from) this.cache = null;
    return end - from;
  }

  /** The rows kept so far, in order. */
  rows(): Uint32Array {
    if (this.cache !== null) return this.cache;
    let n = 0;
    for (let row = 0; row < this.scanned; row++) n += this.kept[row]!;
    const out = new Uint32Array(n);
    let i = 0;
    for (let row = 0; row < this.scanned; row++) if (this.kept[row] === 1) out[i++] = row;
    return (this.cache = out);
  }
}
