// Where a record's JSON line (ndjson and json, `recordToNdjsonHead` or `recordToJson`) prints the numbers an
// `annotate --jobs` worker cannot know: its seq, its pair, the first seq of its chain and operation, an unkeyed
// session's number, and the seqs its findings' messages quote. The worker writes the line without them and says where
// they go; the coordinator puts the run's numbers there without reading the line (src/cli/jobs-output.ts).
import type { QuotedRefs } from '../rules/record-ref.js';
import type { Finding, PipelineRecord } from '../types.js';

/** A seq (moved by the records before the piece) or an unkeyed session's number (moved by the sessions before it). */
export const SEQ_HOLE = 0;
export const ORDINAL_HOLE = 1;

/** One number to put back: `[start, end)` of the line holds the worker's own text for it. */
export interface Hole {
  start: number;
  end: number;
  kind: typeof SEQ_HOLE | typeof ORDINAL_HOLE;
  value: number;
}

const stringify = JSON.stringify as (s: string) => string;

/**
 * The holes of `head`, the line up to its message (the message, which is the log's text, comes last and is not
 * looked at), in order. Each key is found by its text: before the key, the line holds only keys of the contract and
 * JSON strings, in which a quote is escaped, so the first `,"pair":` after the seq is the key's. The chain and the
 * operation come after values of any shape (an event's data, HTTP parameters) and before keys of the contract and
 * strings only (inputs, operation, marks): they are the last of their text. `unkeyed`: the prefix of unkeyed
 * sessions' keys; `refs`: the record references a finding's message quotes (the worker's engine keeps them).
 */
export function recordHoles(
  head: string,
  r: PipelineRecord,
  unkeyed: string,
  refs: (f: Finding) => QuotedRefs | undefined,
): Hole[] {
  const holes: Hole[] = [];
  const seq = String(r.seq);
  expectAt(head, 0, '{"seq":');
  holes.push({ start: 7, end: 7 + seq.length, kind: SEQ_HOLE, value: r.seq });
  let at = 7 + seq.length;
  if (r.session.startsWith(unkeyed)) {
    const key = stringify(r.session);
    const start = head.indexOf(',"session":', at) + ',"session":'.length;
    expectAt(head, start, key);
    // Between its quotes, which stay.
    const end = start + key.length - 1;
    holes.push({ start: start + 1, end, kind: ORDINAL_HOLE, value: Number(r.session.slice(unkeyed.length)) });
    at = end;
  }
  if (r.pair !== null) {
    const start = head.indexOf(',"pair":', at) + ',"pair":'.length;
    at = numberHole(holes, head, start, r.pair);
  }
  for (const f of r.findings) {
    const start = head.indexOf(',"message":', at) + ',"message":'.length;
    const q = refs(f);
    if (q === undefined) {
      at = start;
      continue;
    }
    expectAt(head, start, stringify(f.message));
    let pos = start + 1;
    for (let i = 0; i < q.seqs.length; i++) {
      pos += stringify(q.parts[i]!).length - 2;
      pos = numberHole(holes, head, pos, q.seqs[i]!);
    }
    at = pos;
  }
  if (r.chain !== undefined) at = lastHole(holes, head, ',"chain":{"first":', r.chain.first, at);
  if (r.operation !== undefined) lastHole(holes, head, ',"operation":{"first":', r.operation.first, at);
  return holes;
}

function numberHole(holes: Hole[], head: string, start: number, value: number): number {
  const text = String(value);
  expectAt(head, start, text);
  holes.push({ start, end: start + text.length, kind: SEQ_HOLE, value });
  return start + text.length;
}

function lastHole(holes: Hole[], head: string, key: string, value: number, after: number): number {
  const at = head.lastIndexOf(key);
  if (at < after) throw new Error(`record line: ${key} not found where expected`);
  return numberHole(holes, head, at + key.length, value);
}

/** The line's layout is the contract's: a line that does not have `text` at `at` is a bug, not a log's doing. */
function expectAt(head: string, at: number, text: string): void {
  if (!head.startsWith(text, at)) throw new Error(`record line: expected ${text} at ${at}`);
}
