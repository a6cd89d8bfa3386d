// Where a record's JSON line (ndjson and json, `recordToNdjsonHead` or `recordToJson`) prints the numbers an
// `annotate --jobs` worker cannot know: its seq, its pair, the first seq of its chain and operation, an unkeyed
// session's number, and the seqs its findings' messages quote. The worker writes the line with its own numbers and
// says where they are; the coordinator puts the run's numbers there without reading the line (src/cli/jobs-output.ts).
import type { QuotedRefs } from '../rules/record-ref.js';
import type { Finding, PipelineRecord } from '../types.js';

/** A seq (moved by the records before the piece) or an unkeyed session's number (moved by the sessions before it). */
export const SEQ_HOLE = 0;
export const ORDINAL_HOLE = 1;

const stringify = JSON.stringify as (s: string) => string;

/**
 * Pushes onto `holes`, four numbers each, where `head` holds a number to put back: `start, end` (the worker's text
 * for it is `head[start, end)`), its kind (`SEQ_HOLE`, `ORDINAL_HOLE`) and its value in the worker's numbering. The holes of `head`, the line up to its message (the message, which is the log's text, comes last and is not
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
  holes: number[],
): void {
  expectAt(head, 0, '{"seq":');
  let at = numberHole(holes, head, 7, r.seq);
  if (r.session.startsWith(unkeyed)) {
    const key = sessionJson(r.session);
    const start = head.indexOf(',"session":', at) + ',"session":'.length;
    expectAt(head, start, key);
    // Between its quotes, which stay.
    const end = start + key.length - 1;
    holes.push(start + 1, end, ORDINAL_HOLE, Number(r.session.slice(unkeyed.length)));
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
}

/** A seq at `start`: its digits are read there (no string made) and must be `value`. */
function numberHole(holes: number[], head: string, start: number, value: number): number {
  let end = start;
  let n = 0;
  for (let c = head.charCodeAt(end); c >= 48 && c <= 57; c = head.charCodeAt(++end)) n = n * 10 + (c - 48);
  if (end === start || n !== value) throw new Error(`record line: expected ${value} at ${start}`);
  holes.push(start, end, SEQ_HOLE, value);
  return end;
}

function lastHole(holes: number[], head: string, key: string, value: number, after: number): number {
  const at = head.lastIndexOf(key);
  if (at < after) throw new Error(`record line: ${key} not found where expected`);
  return numberHole(holes, head, at + key.length, value);
}

/** The last session key's JSON (records of a session come together). */
let lastKey = '';
let lastJson = '""';

function sessionJson(key: string): string {
  if (key !== lastKey) {
    lastKey = key;
    lastJson = stringify(key);
  }
  return lastJson;
}

/** The line's layout is the contract's: a line that does not have `text` at `at` is a bug, not a log's doing. */
function expectAt(head: string, at: number, text: string): void {
  if (!head.startsWith(text, at)) throw new Error(`record line: expected ${text} at ${at}`);
}
