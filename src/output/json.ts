// The annotated record as a plain object, and the whole `--format json` document built from records.
import type { AnnotatedRecord, OpenRequest, PipelineRecord, RecordMark, SessionInfo } from '../types.js';
import { marksWithText, type RecordOutputOptions } from './ndjson.js';

/** A contract record without wire details; `message`/`raw` are absent when `body` is off. */
export type JsonRecord = Omit<AnnotatedRecord, 'message' | 'marks'> & {
  message?: unknown;
  marks?: (RecordMark & { text: string })[];
};

export interface JsonDocument {
  records: JsonRecord[];
  sessions: SessionInfo[];
  /** Requests never answered at end of input; `cancelled: true` marks those that were cancelled. */
  unanswered: OpenRequest[];
}

/**
 * The same field set and key order as `recordToNdjson`: seq … findings, server, format, revision, truncated, summary,
 * level, text, lines, raw, event, batch, http, chain, inputs, operation, marks, message.
 * Nested contract objects are copied so later mutation of the pipeline record cannot leak in.
 */
export function recordToJson(r: PipelineRecord, opts: RecordOutputOptions): JsonRecord {
  const o: JsonRecord = {
    seq: r.seq,
    source: r.source,
    session: r.session,
    ts: r.ts,
    dir: r.dir,
    dirInferred: r.dirInferred,
    kind: r.kind,
    id: r.id,
    method: r.method,
    primitive: r.primitive,
    feature: r.feature,
    phase: r.phase,
    capability:
      r.capability === null
        ? null
        : { side: r.capability.side, path: r.capability.path, negotiated: r.capability.negotiated },
    pair: r.pair,
    latencyMs: r.latencyMs,
    bytes: r.bytes,
    findings: r.findings.map((f) => ({ rule: f.rule, severity: f.severity, message: f.message })),
    server: r.server ?? null,
    format: r.format ?? null,
    revision: r.revision ?? null,
  };
  if (r.truncated) o.truncated = true;
  if (r.summary) o.summary = true;
  if (r.kind === 'log') {
    o.level = r.level ?? null;
    o.text = r.text ?? '';
    o.lines = r.lines ?? 1;
  } else if (r.text !== undefined) o.text = r.text; // a message read from inside a line: the rest of it
  if (opts.body && r.raw !== undefined) o.raw = r.raw;
  if (r.event !== undefined)
    o.event = r.event.data === undefined ? { name: r.event.name } : { name: r.event.name, data: r.event.data };
  if (r.batch !== undefined) o.batch = { index: r.batch.index, size: r.batch.size };
  if (r.http !== undefined) o.http = { ...r.http };
  if (r.chain !== undefined) o.chain = { first: r.chain.first, round: r.chain.round };
  if (r.inputs !== undefined)
    o.inputs = r.inputs.map((i) => ({ ...i, capability: i.capability === null ? null : { ...i.capability } }));
  if (r.operation !== undefined) o.operation = { ...r.operation };
  if (r.marks !== undefined) o.marks = marksWithText(r.marks);
  if (opts.body) o.message = r.message === undefined ? null : r.message;
  return o;
}

/**
 * `{ records, sessions, unanswered }` for `--format json`. The CLI serialises it (JSON.stringify with its
 * own indent). `unanswered` holds every open request, cancelled ones included (flagged by `cancelled`).
 */
export function jsonDocument(
  records: Iterable<PipelineRecord>,
  sessions: readonly SessionInfo[],
  open: readonly OpenRequest[],
  opts: RecordOutputOptions,
): JsonDocument {
  const out: JsonRecord[] = [];
  for (const r of records) out.push(recordToJson(r, opts));
  return { records: out, sessions: sessions.map((s) => ({ ...s })), unanswered: open.map((o) => ({ ...o })) };
}
