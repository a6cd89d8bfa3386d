// Decode stage: turns a frame into JSON-RPC messages (kind, id, method), one per batch element.
import { Buffer } from 'node:buffer';
import { nestedDeeper, nestingDetail } from '../input/shared/depth.js';
import type { Frame, Kind } from '../types.js';
import { salvage } from './salvage.js';

/** A JSON-RPC message (or an event, or an unreadable record) as read from one frame. */
export interface Decoded {
  frame: Frame;
  kind: Kind;
  id: string | number | null;
  method: string | null;
  /** The parsed message; null for invalid records and events. */
  message: unknown;
  /** Single-line JSON text of the message that sinks may copy verbatim, else null. */
  text: string | null;
  bytes: number;
  /** Set on `invalid`, truncated and summary records: the text as logged, which could not be read whole. */
  raw?: string;
  /** The log cut the message (`Frame.truncated`), or gave only its summary (`Frame.summary`): no body. */
  noBody?: 'truncated' | 'summary';
  /** Why the record is invalid or malformed: reported by the framing rules. */
  problem?: { rule: ProblemRule; detail: string };
  batch?: { index: number; size: number };
  /**
   * An id that JSON-RPC accepts but MCP does not: `null` on a request (basic/index.mdx §Requests: "the ID MUST NOT
   * be null"), or a number that is not an integer (schema `RequestId` = string | integer). Reported by the
   * `null-request-id` and `non-integer-id` rules, not as `invalid-jsonrpc`.
   */
  idProblem?: 'null' | 'non-integer';
}

/** The rules that report a record decode could not read (or read only in part). */
type ProblemRule = 'invalid-json' | 'invalid-frame' | 'invalid-jsonrpc' | 'oversized';

const hasOwn = Object.hasOwn;

/** Decode one frame. A batch (JSON array) yields one Decoded per element. */
export function decodeFrame(frame: Frame): Decoded[] {
  const out: Decoded[] = [];
  decodeFrameTo(frame, out);
  return out;
}

/** `decodeFrame` appending to `out` (the hot path: no array per frame). */
export function decodeFrameTo(frame: Frame, out: Decoded[]): void {
  if (frame.event) {
    out.push({ frame, kind: 'event', id: null, method: null, message: null, text: null, bytes: frame.bytes });
    return;
  }
  if (frame.log) {
    out.push({ frame, kind: 'log', id: null, method: null, message: null, text: null, bytes: 0 });
    return;
  }
  if (frame.summary) {
    const s = frame.summary;
    out.push({
      frame,
      kind: s.kind,
      id: s.id,
      method: s.method,
      message: null,
      text: null,
      bytes: frame.bytes,
      raw: frame.text ?? '',
      noBody: 'summary',
    });
    return;
  }
  if (frame.truncated) {
    out.push(truncated(frame));
    return;
  }
  if (frame.error !== undefined) {
    out.push(invalid(frame, frame.text ?? '', frame.oversized ? 'oversized' : 'invalid-frame', frame.error));
    return;
  }
  let value: unknown = frame.value;
  if (value === undefined) {
    const text = frame.text ?? '';
    // JSON.parse copes with any depth, but what the pipeline does with the value afterwards may not.
    if (nestedDeeper(text)) {
      out.push(invalid(frame, text, 'oversized', nestingDetail()));
      return;
    }
    try {
      value = JSON.parse(text);
    } catch (err) {
      out.push(invalid(frame, text, 'invalid-json', `not valid JSON: ${(err as Error).message}`));
      return;
    }
  }
  if (Array.isArray(value)) {
    for (const d of decodeBatch(frame, value)) out.push(d);
    return;
  }
  // Text the sinks may copy as the message's JSON: a line's own, or a value's compact JSON whatever lines it spans.
  const text =
    frame.text !== null && (frame.lines <= 1 || frame.compact === true) && !frame.text.includes('\n')
      ? frame.text
      : null;
  out.push(classify(frame, value, text, frame.bytes));
}

function decodeBatch(frame: Frame, items: unknown[]): Decoded[] {
  if (items.length === 0) {
    // JSON-RPC 2.0 §6: an empty array is an Invalid Request.
    return [
      invalid(
        frame,
        frame.text ?? '[]',
        'invalid-jsonrpc',
        'empty batch: an empty array is not a valid JSON-RPC message',
      ),
    ];
  }
  return items.map((item, index) => {
    const d = classify(frame, item, null, Buffer.byteLength(JSON.stringify(item) ?? ''));
    d.batch = { index, size: items.length };
    return d;
  });
}

/**
 * A message the log cut: kind, id and method from what survives of its start and end. A cut the host made is not a
 * broken message: no problem is reported. When neither end shows the kind, the record is `invalid`, still without one.
 */
function truncated(frame: Frame): Decoded {
  const text = frame.text ?? '';
  const cut = frame.truncated!;
  const s = salvage(text.slice(0, cut.head), text.slice(cut.tail));
  return {
    frame,
    kind: s.kind ?? 'invalid',
    id: s.id,
    method: s.method,
    message: null,
    text: null,
    bytes: frame.bytes,
    raw: text,
    noBody: 'truncated',
  };
}

function invalid(frame: Frame, raw: string, rule: ProblemRule, detail: string): Decoded {
  return {
    frame,
    kind: 'invalid',
    id: null,
    method: null,
    message: null,
    text: null,
    bytes: frame.bytes,
    raw,
    problem: { rule, detail },
  };
}

/** Classify a parsed value as request, notification, response or error (basic/index.mdx §Messages). */
function classify(frame: Frame, value: unknown, text: string | null, bytes: number): Decoded {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const raw = text ?? JSON.stringify(value) ?? String(value);
    return invalid(frame, raw, 'invalid-jsonrpc', `not a JSON-RPC message: a ${describe(value)}, not an object`);
  }
  const msg = value as Record<string, unknown>;
  const rawId = hasOwn(msg, 'id') ? msg.id : undefined;
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  const d: Decoded = { frame, kind: 'invalid', id, method: null, message: value, text, bytes };
  // Most messages have no problem: the list is made on the first one.
  let problems: string[] | null = null;
  const problem = (p: string) => (problems ??= []).push(p);
  if (msg.jsonrpc !== '2.0')
    problem(
      hasOwn(msg, 'jsonrpc') ? `"jsonrpc" is ${JSON.stringify(msg.jsonrpc)}, not "2.0"` : 'missing "jsonrpc": "2.0"',
    );
  if (typeof msg.method === 'string') {
    d.method = msg.method;
    d.kind = hasOwn(msg, 'id') ? 'request' : 'notification';
    if (hasOwn(msg, 'result') || hasOwn(msg, 'error'))
      problem('a request or notification must not carry "result" or "error"');
  } else if (hasOwn(msg, 'result') || hasOwn(msg, 'error')) {
    d.kind = hasOwn(msg, 'error') ? 'error' : 'response';
    if (hasOwn(msg, 'result') && hasOwn(msg, 'error')) problem('a response must not set both "result" and "error"');
    if (d.kind === 'error') for (const p of errorObjectProblems(msg.error)) problem(p);
  } else {
    const raw = text ?? JSON.stringify(value);
    return invalid(frame, raw, 'invalid-jsonrpc', 'not a JSON-RPC message: no "method", "result" or "error"');
  }
  if (rawId !== undefined && rawId !== null && id === null)
    problem(`id must be a string or an integer, not a ${describe(rawId)}`);
  if (rawId === null && d.kind === 'request') d.idProblem = 'null';
  else if (typeof rawId === 'number' && !Number.isInteger(rawId)) d.idProblem = 'non-integer';
  if (problems !== null) d.problem = { rule: 'invalid-jsonrpc', detail: (problems as string[]).join('; ') };
  return d;
}

function errorObjectProblems(error: unknown): string[] {
  if (error === null || typeof error !== 'object' || Array.isArray(error))
    return ['"error" must be an object with "code" and "message"'];
  const e = error as Record<string, unknown>;
  const out: string[] = [];
  if (!Number.isInteger(e.code)) out.push('error "code" must be an integer');
  if (typeof e.message !== 'string') out.push('error "message" must be a string');
  return out;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}
