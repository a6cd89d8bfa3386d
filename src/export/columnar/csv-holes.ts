// A row as CSV (csv.ts) made by an `export --to csv --jobs` worker: its text with the worker's own numbers, and where
// they are, so that the coordinator puts the run's numbers there without reading the row (src/cli/jobs-output.ts).
// Which columns hold such numbers is data on the column (`renumber`, columns.ts), not a list of names here.
import { ORDINAL_HOLE, SEQ_HOLE } from '../../output/record-holes.js';
import type { QuotedRefs } from '../../rules/record-ref.js';
import type { Finding } from '../../types.js';
import type { Column } from './columns.js';
import { csvField, csvValue } from './csv.js';

const stringify = JSON.stringify as (s: string) => string;

/**
 * `csvRow(columns, row)` in the worker's numbering. Pushes onto `holes`, four numbers each as `recordHoles` does, where
 * the text holds a number the run gives: `start, end` (in characters of the text), its kind (`SEQ_HOLE`,
 * `ORDINAL_HOLE`) and its value. `unkeyed`: the prefix of unkeyed sessions' keys (such a key is written as its number);
 * `refs`: the record references a finding's message quotes (the worker's engine keeps them).
 */
export function csvRowHoles<T>(
  columns: readonly Column<T>[],
  row: T,
  unkeyed: string,
  refs: (f: Finding) => QuotedRefs | undefined,
  holes: number[],
): string {
  let out = '';
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i]!;
    if (i > 0) out += ',';
    const v = c.get(row);
    if (c.renumber === undefined || v === null || v === undefined) out += csvValue(c as Column<unknown>, v);
    else if (c.renumber === 'seq') {
      const s = String(v);
      holes.push(out.length, out.length + s.length, SEQ_HOLE, v as number);
      out += s;
    } else if (c.renumber === 'session') out += sessionField(v as string, unkeyed, out.length, holes);
    else out += findingsField(c as Column<unknown>, v as Finding[], refs, out.length, holes);
  }
  return out + '\r\n';
}

/** A text ending in a session key (`session`, `session_uid`): an unkeyed one's number is a hole. */
function sessionField(v: string, unkeyed: string, at: number, holes: number[]): string {
  const k = v.indexOf(unkeyed);
  if (k === -1) return csvField(v);
  const n = v.slice(k + unkeyed.length);
  return quoted(v.slice(0, k) + n, [k, k + n.length, ORDINAL_HOLE, Number(n)], at, holes);
}

/**
 * The findings as JSON text (`JSON.stringify` of the list, as csv.ts writes it), the seqs their messages quote holes.
 * Each finding is a flat object of strings: `,"message":` in its JSON is the key (a quote inside a string is escaped).
 */
function findingsField(
  c: Column<unknown>,
  findings: Finding[],
  refs: (f: Finding) => QuotedRefs | undefined,
  at: number,
  holes: number[],
): string {
  if (!findings.some((f) => refs(f) !== undefined)) return csvValue(c, findings);
  const local: number[] = [];
  let text = '[';
  for (let i = 0; i < findings.length; i++) {
    const f = findings[i]!;
    if (i > 0) text += ',';
    const s = JSON.stringify(f);
    const q = refs(f);
    if (q !== undefined) {
      const start = s.indexOf(',"message":') + ',"message":'.length;
      if (!s.startsWith(stringify(f.message), start)) throw new Error(`csv row: a finding's message not found`);
      let pos = text.length + start + 1;
      for (let j = 0; j < q.seqs.length; j++) {
        pos += stringify(q.parts[j]!).length - 2;
        const n = String(q.seqs[j]!);
        if (!s.startsWith(n, pos - text.length)) throw new Error(`csv row: expected ${n} at ${pos}`);
        local.push(pos, pos + n.length, SEQ_HOLE, q.seqs[j]!);
        pos += n.length;
      }
    }
    text += s;
  }
  return quoted(`${text}]`, local, at, holes);
}

/**
 * `text` as a CSV field at `at` in the row, its holes (`local`, in order, in characters of `text`) moved to their place
 * in the row: past the opening quote and every quote doubled before them when the field is quoted.
 */
function quoted(text: string, local: number[], at: number, holes: number[]): string {
  const field = csvField(text);
  const open = field === text ? 0 : 1;
  let doubled = 0;
  let from = 0;
  for (let i = 0; i < local.length; i += 4) {
    const start = local[i]!;
    if (open === 1)
      for (let q = text.indexOf('"', from); q !== -1 && q < start; q = text.indexOf('"', q + 1)) doubled++;
    from = start;
    const shift = at + open + doubled;
    holes.push(start + shift, local[i + 1]! + shift, local[i + 2]!, local[i + 3]!);
  }
  return field;
}
