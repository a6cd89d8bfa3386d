// The `records` table: one row per annotated record, the record contract (docs/reference/record.md) flattened.
import type { Column, Table } from './columns.js';
import type { RecordRow } from './record-row.js';

type C = Column<RecordRow>;

const errorCode = (m: unknown): unknown => {
  const code = (m as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'number' && Number.isSafeInteger(code) ? code : null;
};

/**
 * In order; names are the contract's in snake_case (`latencyMs` → `latency_ms`), nested objects flattened with their
 * name as prefix (`capability.side` → `capability_side`). Derived columns (not contract fields) say so.
 */
const COLUMNS: readonly C[] = [
  {
    name: 'seq',
    stats: true,
    type: 'int64',
    required: true,
    doc: '1-based position of the record in the export run',
    get: (x) => x.r.seq,
  },
  {
    name: 'source',
    long: true,
    type: 'string',
    required: true,
    doc: "`file:line` of the record's first line",
    get: (x) => x.r.source,
  },
  { name: 'session', stats: true, type: 'string', required: true, doc: 'session key', get: (x) => x.r.session },
  {
    name: 'ts',
    long: true,
    type: 'string',
    doc: 'the time as the log gave it (ISO 8601 or a clock time), null when none',
    get: (x) => x.r.ts,
  },
  {
    name: 'time',
    stats: true,
    type: 'timestamp',
    doc: 'derived: `ts` as a UTC instant (milliseconds) when it holds a date; a time without zone is read as UTC',
    get: (x) => x.time,
  },
  { name: 'dir', stats: true, type: 'string', required: true, doc: '`c2s`, `s2c` or `unknown`', get: (x) => x.r.dir },
  { name: 'dir_inferred', type: 'bool', required: true, doc: '`dirInferred`', get: (x) => x.r.dirInferred },
  {
    name: 'kind',
    stats: true,
    type: 'string',
    required: true,
    doc: '`request`, `response`, `error`, `notification`, `invalid`, `event`, `log`',
    get: (x) => x.r.kind,
  },
  {
    name: 'id',
    long: true,
    type: 'string',
    doc: 'the JSON-RPC id as text (`7`, `abc`); see `id_type`',
    get: (x) => (x.r.id === null ? null : String(x.r.id)),
  },
  {
    name: 'id_type',
    type: 'string',
    doc: '`number` or `string`: what the id was on the wire (`1` and `"1"` differ); null when no id',
    get: (x) => (x.r.id === null ? null : typeof x.r.id),
  },
  {
    name: 'method',
    stats: true,
    type: 'string',
    doc: "the method (a response's or error's is its request's)",
    get: (x) => x.r.method,
  },
  {
    name: 'primitive',
    type: 'string',
    doc: '`tools`, `resources`, `prompts`, `roots`, `sampling`, `elicitation`, `base`',
    get: (x) => x.r.primitive,
  },
  {
    name: 'feature',
    type: 'string',
    doc: 'for `base`: `lifecycle`, `ping`, `progress`, `cancellation`, `logging`, `completion`, `tasks`',
    get: (x) => x.r.feature,
  },
  {
    name: 'phase',
    stats: true,
    type: 'string',
    required: true,
    doc: '`initialization`, `operation`, `shutdown`',
    get: (x) => x.r.phase,
  },
  {
    name: 'capability_side',
    type: 'string',
    doc: '`capability.side` (`server`, `client`); null when the message needs no capability',
    get: (x) => x.r.capability?.side ?? null,
  },
  {
    name: 'capability_path',
    type: 'string',
    doc: '`capability.path` (`resources.subscribe` …)',
    get: (x) => x.r.capability?.path ?? null,
  },
  {
    name: 'capability_negotiated',
    type: 'bool',
    doc: '`capability.negotiated`; null when the handshake was not seen',
    get: (x) => x.r.capability?.negotiated ?? null,
  },
  { name: 'pair', stats: true, type: 'int64', doc: '`seq` of the paired request or response', get: (x) => x.r.pair },
  {
    name: 'latency_ms',
    stats: true,
    type: 'double',
    doc: '`latencyMs`: on an answer, time since its request',
    get: (x) => x.r.latencyMs,
  },
  {
    name: 'bytes',
    stats: true,
    type: 'int64',
    required: true,
    doc: "UTF-8 size of the message's wire text",
    get: (x) => x.r.bytes,
  },
  {
    name: 'findings',
    type: 'findings',
    required: true,
    doc: 'list of `{rule, severity, message}` (empty when none)',
    get: (x) => x.r.findings,
  },
  {
    name: 'server',
    stats: true,
    type: 'string',
    doc: "the host's name for the server, null when the log never says",
    get: (x) => x.r.server ?? null,
  },
  { name: 'format', type: 'string', doc: 'the reader that produced the record', get: (x) => x.r.format ?? null },
  {
    name: 'revision',
    stats: true,
    type: 'string',
    doc: "the revision the message was sent under (a modern request's own `_meta` version), null when not known",
    get: (x) => x.r.revision ?? null,
  },
  {
    name: 'truncated',
    type: 'bool',
    required: true,
    doc: 'the log cut the message (`truncated`; false when absent)',
    get: (x) => x.r.truncated === true,
  },
  {
    name: 'summary',
    type: 'bool',
    required: true,
    doc: 'the log gave only a summary of the message (`summary`; false when absent)',
    get: (x) => x.r.summary === true,
  },
  { name: 'level', type: 'string', doc: 'log records: the level as written', get: (x) => x.r.level ?? null },
  {
    name: 'text',
    long: true,
    type: 'string',
    doc: 'log records: the text',
    get: (x) => (x.r.kind === 'log' ? (x.r.text ?? '') : null),
  },
  {
    name: 'lines',
    type: 'int32',
    doc: 'log records: the physical lines the text spans',
    get: (x) => (x.r.kind === 'log' ? (x.r.lines ?? 1) : null),
  },
  {
    name: 'raw',
    long: true,
    type: 'string',
    doc: 'the text as logged, on invalid, truncated and summary records',
    get: (x) => x.r.raw ?? null,
  },
  { name: 'event_name', type: 'string', doc: 'transport events: `event.name`', get: (x) => x.r.event?.name ?? null },
  {
    name: 'event_data',
    long: true,
    type: 'json',
    doc: 'transport events: `event.data` as JSON text',
    get: (x) => (x.r.event?.data === undefined ? null : JSON.stringify(x.r.event.data)),
  },
  { name: 'batch_index', type: 'int32', doc: '`batch.index` of a batch member', get: (x) => x.r.batch?.index ?? null },
  { name: 'batch_size', type: 'int32', doc: '`batch.size` of a batch member', get: (x) => x.r.batch?.size ?? null },
  {
    name: 'http_method',
    type: 'string',
    doc: '`http.method` (records read from HTTP traffic; null otherwise, and then every `http_` column is null)',
    get: (x) => x.r.http?.method ?? null,
  },
  { name: 'http_path', type: 'string', doc: '`http.path`', get: (x) => x.r.http?.path ?? null },
  { name: 'http_status', type: 'int32', doc: '`http.status`', get: (x) => x.r.http?.status ?? null },
  { name: 'http_content_type', type: 'string', doc: '`http.contentType`', get: (x) => x.r.http?.contentType ?? null },
  { name: 'http_stream', type: 'string', doc: '`http.stream` (`post`, `get`)', get: (x) => x.r.http?.stream ?? null },
  { name: 'http_event_id', long: true, type: 'string', doc: '`http.eventId`', get: (x) => x.r.http?.eventId ?? null },
  { name: 'http_conn', type: 'string', doc: '`http.conn`', get: (x) => x.r.http?.conn ?? null },
  { name: 'http_exchange', type: 'int64', doc: '`http.exchange`', get: (x) => x.r.http?.exchange ?? null },
  {
    name: 'http_protocol_version',
    type: 'string',
    doc: '`http.protocolVersion`',
    get: (x) => x.r.http?.protocolVersion ?? null,
  },
  { name: 'http_session_id', type: 'string', doc: '`http.sessionId`', get: (x) => x.r.http?.sessionId ?? null },
  { name: 'http_accept', type: 'string', doc: '`http.accept`', get: (x) => x.r.http?.accept ?? null },
  { name: 'http_last_event_id', type: 'string', doc: '`http.lastEventId`', get: (x) => x.r.http?.lastEventId ?? null },
  {
    name: 'http_mcp_method',
    type: 'string',
    doc: '`http.mcpMethod` (2026-07-28 `Mcp-Method` header; null when absent)',
    get: (x) => x.r.http?.mcpMethod ?? null,
  },
  {
    name: 'http_mcp_name',
    type: 'string',
    doc: '`http.mcpName` (`Mcp-Name` header)',
    get: (x) => x.r.http?.mcpName ?? null,
  },
  {
    name: 'http_mcp_params',
    type: 'json',
    doc: '`http.mcpParams` (the `Mcp-Param-*` headers) as JSON text',
    get: (x) => (x.r.http?.mcpParams === undefined ? null : JSON.stringify(x.r.http.mcpParams)),
  },
  {
    name: 'http_answer_session_id',
    type: 'string',
    doc: "`http.answerSessionId` (an answer's unasked `Mcp-Session-Id`)",
    get: (x) => x.r.http?.answerSessionId ?? null,
  },
  {
    name: 'chain_first',
    type: 'int64',
    doc: '`chain.first`: seq of the first request of the modern operation the record belongs to (null for legacy records)',
    get: (x) => x.r.chain?.first ?? null,
  },
  {
    name: 'chain_round',
    type: 'int32',
    doc: '`chain.round`: the leg of that operation (1 for the first request and its answer)',
    get: (x) => x.r.chain?.round ?? null,
  },
  {
    name: 'target',
    stats: true,
    type: 'string',
    doc: "derived: the tool or prompt name or resource URI the request is about; an answer has its request's",
    get: (x) => x.target,
  },
  {
    name: 'error_code',
    stats: true,
    type: 'int64',
    doc: 'derived: `error.code` of an error record',
    get: (x) => (x.r.kind === 'error' ? errorCode(x.r.message) : null),
  },
  {
    name: 'tool_error',
    type: 'bool',
    doc: 'derived: a response whose result has `isError: true` (a tool that failed)',
    get: (x) =>
      x.r.kind === 'response'
        ? (x.r.message as { result?: { isError?: unknown } } | null)?.result?.isError === true
        : null,
  },
  {
    name: 'message',
    long: true,
    type: 'json',
    required: true,
    doc: 'the JSON-RPC message as JSON text (`null` for records without one)',
    get: (x) => x.message,
  },
  // Schema version 2: which run wrote the row, so that one dataset holds many runs (`seq` and `session` are a run's own).
  {
    name: 'run_id',
    stats: true,
    type: 'string',
    required: true,
    doc: 'the export run that wrote the row (`20261201T191500Z-9f3a1c2e`: its UTC start and 32 random bits); `(run_id, seq)` is unique in a dataset',
    get: (x) => x.run,
  },
  {
    name: 'session_uid',
    stats: true,
    type: 'string',
    required: true,
    doc: "derived: `run_id/session`, the session's identifier across runs (`sessions.session_uid`)",
    get: (x) => x.uid,
  },
];

export const RECORDS: Table<RecordRow> = { name: 'records', columns: COLUMNS };
