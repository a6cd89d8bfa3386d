// Record references in rule data: the seq of another record a finding points at, which `--jobs` renumbers.
//
// A rule that quotes another record puts `ref(seq)` in its data (a field typed `RecordRef`) and names that field in
// its message template like any other (`#{previousSeq}`). The engine, when asked to (`--jobs` workers), finds the references in the data as it reports
// and cuts them out of the message (`quotedRefs`); the coordinator puts them back in the run's numbering
// (`withSeqs`). No rule lists which fields hold seqs: a reference is a reference by its type.

/** The seq of another record, in rule data. Printed as the number (`#{previousSeq}` in a message template). */
export class RecordRef {
  constructor(readonly seq: number) {}
  toString(): string {
    return String(this.seq);
  }
}

/** A reference to record `seq`. */
export const ref = (seq: number): RecordRef => new RecordRef(seq);

/**
 * A message with the record references it quotes cut out: it reads `parts[0] + seqs[0] + parts[1] + …`. Plain data
 * (a worker sends it to the coordinator beside the finding).
 */
export interface QuotedRefs {
  parts: string[];
  seqs: number[];
}

/** Where a reference is, while the message is made again to find it: it prints as a mark no log text makes. */
class Hole extends RecordRef {
  constructor(readonly index: number) {
    super(Number.NaN);
  }
  override toString(): string {
    return `\u0000${this.index}\u0000`;
  }
}

const HOLE = /\u0000(\d+)\u0000/;

/**
 * The record references `message` (made by `render` from `data`) quotes, or null when it quotes none. The message is
 * made again with each reference printed as a mark; a message that does not come out the same with the seqs put back
 * (a rule that printed a reference some other way) quotes none that can be moved.
 */
export function quotedRefs<D>(message: string, render: (data: D) => string, data: D): QuotedRefs | null {
  const refs: number[] = [];
  const marked = withHoles(data, refs);
  if (refs.length === 0) return null;
  const pieces = render(marked as D).split(HOLE);
  if (pieces.length === 1) return null;
  const parts: string[] = [];
  const seqs: number[] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) parts.push(pieces[i]!);
    else seqs.push(refs[Number(pieces[i])]!);
  }
  const out = { parts, seqs };
  return withSeqs(out, (n) => n) === message ? out : null;
}

/** The message with its quoted references moved by `seq`. */
export function withSeqs(q: QuotedRefs, seq: (n: number) => number): string {
  let out = q.parts[0]!;
  for (let i = 0; i < q.seqs.length; i++) out += String(seq(q.seqs[i]!)) + q.parts[i + 1]!;
  return out;
}

/** A copy of `v` with each reference a hole (its seq pushed onto `refs`); `v` itself when it holds none. */
function withHoles(v: unknown, refs: number[]): unknown {
  if (v instanceof RecordRef) return new Hole(refs.push(v.seq) - 1);
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out = v.map((x) => withHoles(x, refs));
    return out.some((x, i) => x !== v[i]) ? out : v;
  }
  if (Object.getPrototypeOf(v) !== Object.prototype) return v;
  let out: Record<string, unknown> | null = null;
  for (const [k, x] of Object.entries(v)) {
    const y = withHoles(x, refs);
    if (y !== x) (out ??= { ...v })[k] = y;
  }
  return out ?? v;
}
