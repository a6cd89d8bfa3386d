// The fields a filter expression names, as data: each one's type and how it is read from an annotated record
// (docs/reference/record.md; docs/filter.md lists them).
import type { PipelineRecord } from '../types.js';
import { timeParts, type TimeParts } from './time.js';
import { FILTER_VOCABULARIES } from './vocabularies.js';

type FieldType = 'text' | 'enum' | 'number' | 'duration' | 'size' | 'time' | 'bool';

export type FieldValue = string | number | boolean | TimeParts | null;

export interface Field {
  name: string;
  type: FieldType;
  /** For `enum`: the values and their short forms. */
  vocabulary?: Readonly<Record<string, readonly string[]>>;
  describe: string;
  /**
   * The record's value; an array when the record has several (any of them may match); null when it has none.
   * `request`: an answer's request, when it is known (a tool call's answer has its tool).
   */
  get(r: PipelineRecord, request?: PipelineRecord | null, ctx?: FieldContext): FieldValue | FieldValue[];
}

/** What a run knows besides the record: the tag each session is shown with (`s2`), given from all the records read. */
export interface FieldContext {
  sessionTag?(key: string): string;
}

/** The object at `key` of a message, when the message is an object with an object there. */
function part(r: PipelineRecord, key: 'params' | 'result' | 'error'): Record<string, unknown> | null {
  const m = r.message;
  if (m === null || typeof m !== 'object' || Array.isArray(m)) return null;
  const v = (m as Record<string, unknown>)[key];
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** A session's key, and its tag when the run gives one that differs (either matches). */
function sessionValues(key: string, ctx: FieldContext | undefined): string | string[] {
  const tag = ctx?.sessionTag?.(key);
  return tag === undefined || tag === '' || tag === key ? key : [key, tag];
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * `params.<key>` of a request or notification whose method is one of `methods` (or starts with a prefix ending in `/`);
 * on an answer, its request's.
 */
function param(
  key: string,
  methods: readonly string[],
): (r: PipelineRecord, request?: PipelineRecord | null) => string | null {
  return (r0, request) => {
    const r = isAnswer(r0) && request ? request : r0;
    if (r.method === null || (r.kind !== 'request' && r.kind !== 'notification')) return null;
    const m = r.method;
    return methods.some((x) => (x.endsWith('/') ? m.startsWith(x) : m === x)) ? text(part(r, 'params')?.[key]) : null;
  };
}

const isAnswer = (r: PipelineRecord): boolean => r.kind === 'response' || r.kind === 'error';
const isErrorResult = (r: PipelineRecord): boolean => r.kind === 'response' && part(r, 'result')?.isError === true;

/** The answer's outcome: `error` (a JSON-RPC error), `isError` (a tool's failed result), else `ok`. */
function status(r: PipelineRecord): string | null {
  if (!isAnswer(r)) return null;
  return r.kind === 'error' ? 'error' : isErrorResult(r) ? 'isError' : 'ok';
}

export const FIELDS: readonly Field[] = [
  { name: 'seq', type: 'number', describe: "the record's number", get: (r) => r.seq },
  { name: 'source', type: 'text', describe: 'file:line the record was read at', get: (r) => r.source },
  {
    name: 'session',
    type: 'text',
    describe: 'the session key, or the tag the transcript shows it with (`s2`)',
    get: (r, _q, ctx) => sessionValues(r.session, ctx),
  },
  { name: 'server', type: 'text', describe: "the host's name for the server", get: (r) => r.server },
  { name: 'format', type: 'text', describe: 'the reader (ndjson, envelope, a dialect …)', get: (r) => r.format },
  {
    name: 'revision',
    type: 'text',
    describe: 'the protocol revision the message was sent under',
    get: (r) => r.revision,
  },
  {
    name: 'kind',
    type: 'enum',
    vocabulary: FILTER_VOCABULARIES.kind,
    describe: 'request, response, error, notification, invalid, event, log',
    get: (r) => r.kind,
  },
  { name: 'dir', type: 'enum', vocabulary: FILTER_VOCABULARIES.dir, describe: 'c2s, s2c, unknown', get: (r) => r.dir },
  {
    name: 'phase',
    type: 'enum',
    vocabulary: FILTER_VOCABULARIES.phase,
    describe: 'initialization, operation, shutdown',
    get: (r) => r.phase,
  },
  {
    name: 'primitive',
    type: 'enum',
    vocabulary: FILTER_VOCABULARIES.primitive,
    describe: 'tools, resources, prompts … or a base feature (ping, progress …)',
    get: (r) => (r.feature !== null ? [r.primitive ?? 'unknown', r.feature] : (r.primitive ?? 'unknown')),
  },
  { name: 'method', type: 'text', describe: "the method (an answer has its request's)", get: (r) => r.method },
  { name: 'id', type: 'text', describe: 'the JSON-RPC id, as text', get: (r) => (r.id === null ? null : String(r.id)) },
  {
    name: 'tool',
    type: 'text',
    describe: 'the tool a tools/call names (on its answer too)',
    get: param('name', ['tools/call']),
  },
  {
    name: 'resource',
    type: 'text',
    describe: 'the URI a resources/… request (and its answer) or notification names',
    get: param('uri', ['resources/', 'notifications/resources/']),
  },
  {
    name: 'prompt',
    type: 'text',
    describe: 'the prompt a prompts/get names (on its answer too)',
    get: param('name', ['prompts/get']),
  },
  {
    name: 'capability',
    type: 'text',
    describe: 'the capability the message needs (tools, resources.subscribe …)',
    get: (r) => r.capability?.path ?? null,
  },
  {
    name: 'status',
    type: 'text',
    describe: "an answer's outcome: ok, error (JSON-RPC), isError (a failed tool result)",
    get: status,
  },
  {
    name: 'ok',
    type: 'bool',
    describe: 'an answer that is neither an error nor an isError result',
    get: (r) => (isAnswer(r) ? status(r) === 'ok' : null),
  },
  {
    name: 'isError',
    type: 'bool',
    describe: 'a result with isError: true',
    get: (r) => (r.kind === 'response' ? isErrorResult(r) : null),
  },
  {
    name: 'error.code',
    type: 'number',
    describe: "a JSON-RPC error's code",
    get: (r) => {
      const c = part(r, 'error')?.code;
      return typeof c === 'number' ? c : null;
    },
  },
  {
    name: 'error.message',
    type: 'text',
    describe: "a JSON-RPC error's message",
    get: (r) => text(part(r, 'error')?.message),
  },
  { name: 'latency', type: 'duration', describe: "an answer's time since its request", get: (r) => r.latencyMs },
  { name: 'bytes', type: 'size', describe: "the message's size on the wire", get: (r) => r.bytes },
  { name: 'time', type: 'time', describe: 'when it was logged', get: (r) => (r.ts === null ? null : timeParts(r.ts)) },
  {
    name: 'finding',
    type: 'text',
    describe: "a finding's message (alone: the record has findings)",
    get: (r) => r.findings.map((f) => f.message),
  },
  { name: 'rule', type: 'text', describe: "a finding's rule id", get: (r) => r.findings.map((f) => f.rule) },
  {
    name: 'severity',
    type: 'enum',
    vocabulary: { error: [], warning: [], info: [] },
    describe: "a finding's severity",
    get: (r) => r.findings.map((f) => f.severity),
  },
  { name: 'pair', type: 'number', describe: 'the seq of the paired request or answer', get: (r) => r.pair },
  {
    name: 'batch',
    type: 'bool',
    describe: 'the message was one element of a batch',
    get: (r) => r.batch !== undefined,
  },
  { name: 'truncated', type: 'bool', describe: 'the log cut the message', get: (r) => r.truncated === true },
  { name: 'level', type: 'text', describe: "a log line's level", get: (r) => r.level ?? null },
  { name: 'text', type: 'text', describe: "a log line's text", get: (r) => r.text ?? null },
  { name: 'event', type: 'text', describe: "a transport event's name", get: (r) => r.event?.name ?? null },
  { name: 'body', type: 'text', describe: "the message's JSON text (or the line as logged)", get: body },
  { name: 'http.method', type: 'text', describe: "the HTTP request's method", get: (r) => r.http?.method ?? null },
  { name: 'http.path', type: 'text', describe: "the HTTP request's target", get: (r) => r.http?.path ?? null },
  { name: 'http.status', type: 'number', describe: "the HTTP response's status", get: (r) => r.http?.status ?? null },
  {
    name: 'http.session',
    type: 'text',
    describe: 'the Mcp-Session-Id the request sent',
    get: (r) => r.http?.sessionId ?? null,
  },
  {
    name: 'http.exchange',
    type: 'number',
    describe: "the HTTP exchange's number",
    get: (r) => r.http?.exchange ?? null,
  },
];

/** The record's message as text: as it was read when it was kept, else as JSON; the line as logged for the others. */
export function body(r: PipelineRecord): string | null {
  if (r.wire.text !== null) return r.wire.text;
  if (r.message !== null && r.message !== undefined) return JSON.stringify(r.message);
  return r.raw ?? r.text ?? null;
}

export const FIELD_BY_NAME: ReadonlyMap<string, Field> = new Map(FIELDS.map((f) => [f.name, f]));
