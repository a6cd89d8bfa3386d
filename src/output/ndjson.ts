// The annotated record (contract v2) as one NDJSON line, built from parts on the fast path.
import type { CapabilityRef, Finding, HttpInfo, PipelineRecord, RecordMark, TransportEvent } from '../types.js';
import { markText } from './mark-text.js';

export interface RecordOutputOptions {
  /** Include `message` (and `raw` on invalid, truncated and summary records). Off: both keys are left out entirely. */
  body: boolean;
}

const stringify = JSON.stringify as (s: string) => string;

/** Characters JSON.stringify would escape (or replace): control characters, quote, backslash, surrogates. */
const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/;

/** A string as JSON. Most strings here need no escaping: a regex test and two concatenations beat JSON.stringify. */
function str(s: string): string {
  return NEEDS_ESCAPE.test(s) ? stringify(s) : `"${s}"`;
}

/** JSON of strings from a small vocabulary (kinds, directions, methods, session keys), remembered; bounded. */
class JsonStrings {
  private readonly map = new Map<string, string>();
  constructor(private readonly limit: number) {}
  get(s: string): string {
    if (s.length > 200) return str(s);
    let j = this.map.get(s);
    if (j === undefined) {
      j = str(s);
      if (this.map.size >= this.limit) this.map.clear();
      this.map.set(s, j);
    }
    return j;
  }
}

const WORDS = new JsonStrings(4096);

/** A finite number as JSON, else `null` (JSON has no NaN/Infinity). `String(n)` equals JSON for finite n. */
function num(n: number | null): string {
  return n !== null && Number.isFinite(n) ? String(n) : 'null';
}

function idJson(id: string | number | null): string {
  if (id === null) return 'null';
  return typeof id === 'string' ? str(id) : num(id);
}

function nullableStr(s: string | null): string {
  return s === null ? 'null' : str(s);
}

function nullableWord(s: string | null): string {
  return s === null ? 'null' : WORDS.get(s);
}

function capabilityJson(c: CapabilityRef | null): string {
  if (c === null) return 'null';
  const neg = c.negotiated === null ? 'null' : c.negotiated ? 'true' : 'false';
  return `{"side":${WORDS.get(c.side)},"path":${WORDS.get(c.path)},"negotiated":${neg}}`;
}

function findingsJson(fs: readonly Finding[]): string {
  if (fs.length === 0) return '[]';
  let out = '[';
  for (let i = 0; i < fs.length; i++) {
    const f = fs[i]!;
    if (i > 0) out += ',';
    out += `{"rule":${WORDS.get(f.rule)},"severity":${WORDS.get(f.severity)},"message":${str(f.message)}}`;
  }
  return out + ']';
}

function eventJson(e: TransportEvent): string {
  return e.data === undefined ? `{"name":${str(e.name)}}` : `{"name":${str(e.name)},"data":${JSON.stringify(e.data)}}`;
}

function httpJson(h: HttpInfo): string {
  return (
    `{"method":${WORDS.get(h.method)},"path":${str(h.path)},"status":${num(h.status)},"contentType":${nullableWord(h.contentType)}` +
    `,"stream":${nullableWord(h.stream)},"eventId":${nullableStr(h.eventId)},"conn":${WORDS.get(h.conn)},"exchange":${num(h.exchange)}` +
    `,"protocolVersion":${nullableStr(h.protocolVersion)},"sessionId":${nullableStr(h.sessionId)},"accept":${nullableStr(h.accept)}` +
    `,"lastEventId":${nullableStr(h.lastEventId)}` +
    optionalHttpJson(h) +
    '}'
  );
}

/** The 2026-07-28 request headers, the answer's unasked session id, a framing conflict, each only when present (HttpInfo). */
function optionalHttpJson(h: HttpInfo): string {
  let out = '';
  if (h.mcpMethod !== undefined) out += `,"mcpMethod":${str(h.mcpMethod)}`;
  if (h.mcpName !== undefined) out += `,"mcpName":${str(h.mcpName)}`;
  if (h.mcpParams !== undefined) out += `,"mcpParams":${JSON.stringify(h.mcpParams)}`;
  if (h.answerSessionId !== undefined) out += `,"answerSessionId":${str(h.answerSessionId)}`;
  if (h.afterClientClose === true) out += ',"afterClientClose":true';
  if (h.lengthConflict !== undefined) out += `,"lengthConflict":${JSON.stringify(h.lengthConflict)}`;
  return out;
}

/** A record's marks as the JSON outputs carry them: each with its sentence (`text`) after its fields. */
export function marksWithText(marks: readonly RecordMark[]): (RecordMark & { text: string })[] {
  return marks.map((m) => ({ ...m, text: markText(m) }));
}

/**
 * The message value: the logged wire text verbatim when the reader gave it (it is the exact JSON text of
 * this one message, so copying it is both faster and more faithful than re-serialising), else the parsed
 * value serialised. A text with a line break would break NDJSON framing, so it falls back too.
 */
function messageJson(r: PipelineRecord): string {
  const text = r.wire.text;
  if (text !== null && text.indexOf('\n') === -1 && text.indexOf('\r') === -1) return text;
  return JSON.stringify(r.message) ?? 'null';
}

/**
 * One JSON line (no trailing newline) with the contract fields in contract order: seq … findings, `server`, `format`,
 * `revision`, then `truncated`, `summary` (when set), `level`, `text`, `lines` (log records), `raw` (invalid, truncated
 * and summary records), `event` (transport events), `batch` (batch members), `http` (HTTP traffic), `chain` (the records of a
 * modern request, its retries and answers, and a subscription's stream), `inputs` (an `input_required` result's input
 * requests), `operation` (the terminal answer of a chain of several rounds), `marks` (a failure where it shows:
 * annotate), then `message`.
 */
export function recordToNdjson(r: PipelineRecord, opts: RecordOutputOptions): string {
  const head = recordToNdjsonHead(r, opts);
  return opts.body ? head + recordMessageJson(r) + '}' : head + '}';
}

/**
 * The line of `recordToNdjson` up to its message value: it ends with `"message":` when `opts.body` is on (the
 * message JSON and `}` follow), else it is the whole line but its final `}`. For writers that copy the message text
 * into their output without building the line as one string first.
 */
export function recordToNdjsonHead(r: PipelineRecord, opts: RecordOutputOptions): string {
  let out =
    `{"seq":${num(r.seq)},"source":${str(r.source)},"session":${WORDS.get(r.session)},"ts":${nullableStr(r.ts)}` +
    `,"dir":${WORDS.get(r.dir)},"dirInferred":${r.dirInferred ? 'true' : 'false'},"kind":${WORDS.get(r.kind)}` +
    `,"id":${idJson(r.id)},"method":${nullableWord(r.method)},"primitive":${nullableWord(r.primitive)}` +
    `,"feature":${nullableWord(r.feature)},"phase":${WORDS.get(r.phase)},"capability":${capabilityJson(r.capability)}` +
    `,"pair":${num(r.pair)},"latencyMs":${num(r.latencyMs)},"bytes":${num(r.bytes)}` +
    `,"findings":${findingsJson(r.findings)},"server":${nullableWord(r.server ?? null)},"format":${nullableWord(r.format ?? null)}` +
    `,"revision":${nullableWord(r.revision ?? null)}`;
  if (r.truncated) out += ',"truncated":true';
  if (r.summary) out += ',"summary":true';
  if (r.kind === 'log')
    out += `,"level":${nullableWord(r.level ?? null)},"text":${str(r.text ?? '')},"lines":${num(r.lines ?? 1)}`;
  else if (r.text !== undefined) out += `,"text":${str(r.text)}`; // a message read from inside a line: the rest of it
  if (opts.body && r.raw !== undefined) out += `,"raw":${str(r.raw)}`;
  if (r.event !== undefined) out += `,"event":${eventJson(r.event)}`;
  if (r.batch !== undefined) out += `,"batch":{"index":${num(r.batch.index)},"size":${num(r.batch.size)}}`;
  if (r.http !== undefined) out += `,"http":${httpJson(r.http)}`;
  if (r.chain !== undefined) out += `,"chain":{"first":${num(r.chain.first)},"round":${num(r.chain.round)}}`;
  if (r.inputs !== undefined) out += `,"inputs":${JSON.stringify(r.inputs)}`;
  if (r.operation !== undefined) out += `,"operation":${JSON.stringify(r.operation)}`;
  if (r.marks !== undefined) out += `,"marks":${JSON.stringify(marksWithText(r.marks))}`;
  return opts.body ? out + ',"message":' : out;
}

/** The message value of the line: see `messageJson`. */
export function recordMessageJson(r: PipelineRecord): string {
  return messageJson(r);
}
