// The data that flows between pipeline stages: frames from input, and annotated records (output contract v2).

/** Message direction on the wire. */
export type Direction = 'c2s' | 's2c' | 'unknown';

/**
 * One framed record from an input reader: a message (as raw text or already-parsed value),
 * or a transport event. Readers never throw on bad input: they emit a frame with `error`.
 */
export interface Frame {
  /** Display name of the input: a file path, or `-` for stdin. */
  file: string;
  /** 1-based physical line of the record's first line in its input. */
  line: number;
  /** Number of physical lines the record spans (≥ 1; 0 only for records with no text of their own). */
  lines: number;
  /** Time as written in the log, normalised to ISO 8601 when possible; `null` when absent. */
  ts: string | null;
  /** Milliseconds for latency arithmetic (epoch ms, or ms since midnight / log start for clock-only logs). */
  tsMs: number | null;
  /** Direction as read from the log; `unknown` when the format has none (raw NDJSON). */
  dir: Direction;
  /** Session id carried by the log (envelope `session`, transcript session break), else null. */
  session: string | null;
  /**
   * The message's wire text exactly as logged (one JSON-RPC message or batch); for a parsed value (`value`), its
   * compact JSON (`compact`); null for events and the like.
   */
  text: string | null;
  /**
   * `text` is `value` as JSON.stringify writes it (serialised, or copied from the log when it wrote it so): sinks may
   * copy it as the message's JSON, however many lines the record spans.
   */
  compact?: true;
  /** Already-parsed message (JSON documents, envelopes holding an object, transcript records: parsed by the reader); undefined when only `text` is known. */
  value?: unknown;
  /** UTF-8 size of the message's wire text. */
  bytes: number;
  /** A transport event (stdin closed, process exit, session start …) instead of a message. */
  event?: TransportEvent;
  /** A framing problem found by the reader (bad envelope, unterminated pretty-printed JSON …). */
  error?: string;
  /**
   * With `error`: the record broke a size limit (`--max-message-bytes`, or JSON nesting deeper than the reader allows);
   * `text` holds only what was kept of it and `bytes` is its full size. Reported by the `oversized` rule.
   */
  oversized?: true;
  /**
   * A line of the log that is not an MCP message (host chatter, a server's stderr, a banner, a traceback): `text` and
   * `value` are null/absent, `bytes` is 0, and `lines` counts every physical line it spans. Decode makes it a `log`
   * record; it never changes a session's phase, pairing, handshake or capabilities and is never an error.
   */
  log?: LogLine;
  /**
   * The log cut the message (`HEAD...[N chars truncated]...TAIL`): `text` is the message as logged, cut marker
   * included, and `text.slice(0, head)` and `text.slice(tail)` are what survives of its start and end (`tail` is
   * `text.length` when nothing of the end survives). Decode reads kind, id and method from those (decode/salvage.ts),
   * never an `invalid-json` error. `bytes` is the message's real size when the log gives it, else what survives.
   */
  truncated?: { head: number; tail: number };
  /**
   * The log gave only a summary of the message (`method="tools/call" id=7`): no body. `text` is the summary as logged;
   * `bytes` is 0 (the wire size is not known). The record pairs, times and sets the phase like a full message.
   */
  summary?: MessageSummary;
  /**
   * A message read from inside a line of a log (after a label, escaped in a quoted value, in a field of a JSON log
   * record): the rest of the line, which the record keeps as its `text`. Absent when the line held the message alone.
   */
  context?: string;
  /** The host's name for the server (a Claude Desktop `[NAME]` bracket, a VS Code channel), when the log gives it. */
  server?: string;
  /** Read from HTTP traffic (a packet capture, a HAR file): the exchange and stream that carried the record. */
  http?: HttpInfo;
  /** Read from HTTP traffic: where the exchange went, beside the record contract (`WireInfo.http`). */
  httpWire?: HttpWire;
  /**
   * Messages the log never holds, as its format knows (a process that logs only what it receives): the session stage
   * takes them for missing from the log, not from the wire (src/session/not-logged.ts). Set on message frames.
   */
  notLogged?: NotLogged;
}

/** What one side sends, by kind: requests, answers (responses and errors) or notifications. */
export type MessageClass = 'requests' | 'answers' | 'notifications';

/** Messages a log does not hold, by the side that sends them: `{ server: ['requests', 'answers', 'notifications'] }`. */
export type NotLogged = Partial<Record<Side, readonly MessageClass[]>>;

/**
 * Where an HTTP record travelled (record contract v2, docs/reference/record.md): the request that opened the
 * exchange, the response's status, the body that carried the message and, for SSE, the event's id.
 */
export interface HttpInfo {
  /** The request's method (`POST`, `GET`, `DELETE` …). */
  method: string;
  /** The request's target as sent (path and query). */
  path: string;
  /** The response's status; null on a request's own record (its body is read before the answer) and when none came. */
  status: number | null;
  /** The media type of the body that carried the record (request's for c2s, response's for s2c), without parameters; null when none. */
  contentType: string | null;
  /** `post`: the record came in a POST or its answer; `get`: on a GET's SSE stream; null for other methods. */
  stream: 'post' | 'get' | null;
  /** The SSE event's `id`, when the record came in an event that had one. */
  eventId: string | null;
  /** The connection: `tcp/N` in a packet capture (numbered in order of appearance), the HAR entry's connection. */
  conn: string;
  /**
   * The exchange: the request's 1-based number among the HTTP requests of its input, in the order they were read.
   * Every record of one request and its answer (the body, the SSE events, the status) has it; null on what the reader
   * reports about a connection rather than an exchange (a capture gap between messages).
   */
  exchange: number | null;
  // The request's MCP headers as read (null when the request had none): what the transport rules check.
  /** `MCP-Protocol-Version` (2025-06-18 on: the negotiated revision, on every request after `initialize`). */
  protocolVersion: string | null;
  /** `Mcp-Session-Id`: the session the client named (the record's `session` may come from its connection instead). */
  sessionId: string | null;
  /** `Accept`. */
  accept: string | null;
  /** `Last-Event-ID`: the GET resumes a stream after this SSE event id. */
  lastEventId: string | null;
  // 2026-07-28 (basic/transports/streamable-http.mdx §Request Metadata): the body's fields mirrored into headers. Absent
  // (not null) when the request had none, so that records of earlier revisions are as they were.
  /** `Mcp-Method`: the body's `method`, as sent. */
  mcpMethod?: string;
  /** `Mcp-Name`: the body's `params.name` or `params.uri`, as sent (a `=?base64?…?=` value is kept encoded). */
  mcpName?: string;
  /** The `Mcp-Param-{Name}` headers, by `{Name}` in lower case (header names are case-insensitive), values as sent. */
  mcpParams?: Record<string, string>;
  /**
   * The answer's `Mcp-Session-Id` when the request named no session and was no `initialize` (a session assigned, or
   * one kept, outside the handshake); on the answer's records only. Absent otherwise: the session an `initialize`
   * answer assigns, or one the request named, is the record's `session`.
   */
  answerSessionId?: string;
  /**
   * `true` on an answer's records that reached the wire after the client closed the connection (its FIN, in a packet
   * capture): sent to a client that had given the answer up (2026-07-28: a cancellation). Absent otherwise.
   */
  afterClientClose?: true;
  /**
   * The request's framing fields conflict (RFC 9112 §6.3), a request smuggling signature: a Transfer-Encoding beside a
   * Content-Length, or one whose last coding is not chunked. Absent when they agree.
   */
  lengthConflict?: LengthConflict;
}

/** A request's Transfer-Encoding and Content-Length that do not give it one length (HttpInfo.lengthConflict). */
export interface LengthConflict {
  /** `Transfer-Encoding` as sent. */
  transferEncoding: string;
  /** `Content-Length` as sent; null when it had none. */
  contentLength: string | null;
  /**
   * How HTTP reads the body: `chunked` (the Transfer-Encoding overrides the Content-Length, which a reader that
   * honours it disagrees with), or `unknown` (its last coding is not chunked: no length, a server answers 400).
   */
  readAs: 'chunked' | 'unknown';
}

/** A log line (or a group of lines, e.g. a traceback) that is not an MCP message. */
export interface LogLine {
  /** The level as the log wrote it (`info`, `warning`, `ERROR` …), else null. */
  level: string | null;
  /** The text after the reader's prefix (time, level …); the lines of a group joined with `\n`. */
  text: string;
}

/** What a summary line says of a message: enough to pair and time it. */
export interface MessageSummary {
  kind: 'request' | 'response' | 'error' | 'notification';
  id: string | number | null;
  /** The method of a request or notification; null on a response or error (pairing gives it). */
  method: string | null;
}

export interface TransportEvent {
  /** Normalised event name, e.g. `start`, `stdin-closed`, `stdout-closed`, `exit`, `close`, `session`. */
  name: string;
  /** Any extra fields the log gave (exit code, signal, command, pid …). */
  data?: Record<string, unknown>;
}

export type Kind = 'request' | 'response' | 'error' | 'notification' | 'invalid' | 'event' | 'log';
export type Primitive = 'tools' | 'resources' | 'prompts' | 'roots' | 'sampling' | 'elicitation' | 'base';
export type Feature =
  | 'lifecycle'
  | 'ping'
  | 'progress'
  | 'cancellation'
  | 'logging'
  | 'completion'
  | 'tasks'
  | 'discovery'
  | 'subscriptions';
export type Phase = 'initialization' | 'operation' | 'shutdown';
export type Side = 'client' | 'server';
/** How a message was sent: `legacy` (2025-11-25 and earlier, the `initialize` handshake) or `modern` (2026-07-28 on, version and capabilities per request). */
export type Era = 'legacy' | 'modern';
export type Severity = 'error' | 'warning' | 'info';

export interface CapabilityRef {
  side: Side;
  path: string;
  /** `null` when the handshake that declares this side's capabilities was not seen. */
  negotiated: boolean | null;
}

export interface Finding {
  rule: string;
  severity: Severity;
  message: string;
}

/**
 * The annotated record: output contract version 2 (see docs/reference/record.md). Version 2 adds, without
 * changing a version-1 field: kind `log`; `server` and `format` on every record; `truncated`, `summary` only when
 * set; `level`, `text`, `lines` on log records; `raw` also on truncated and summary records; `http` on records read
 * from HTTP traffic.
 */
export interface AnnotatedRecord {
  seq: number;
  source: string;
  session: string;
  ts: string | null;
  dir: Direction;
  dirInferred: boolean;
  kind: Kind;
  id: string | number | null;
  method: string | null;
  primitive: Primitive | null;
  feature: Feature | null;
  phase: Phase;
  capability: CapabilityRef | null;
  pair: number | null;
  latencyMs: number | null;
  bytes: number;
  findings: Finding[];
  /** The host's name for the server: from the record's line, else the session's (null when the log never says). */
  server: string | null;
  /** The reader that produced the record (`ndjson`, `envelope`, `transcript`, `json`, a dialect); null when unknown. */
  format: string | null;
  /**
   * The revision this message was sent under (v2): a modern request's own `_meta` protocolVersion (a response's is its
   * request's), else the session's revision (the negotiated one, else the one `initialize` asked for); null when not known.
   */
  revision: string | null;
  message: unknown;
  /** Present (true) only when the log cut the message: kind, id and method come from what survives; `message` is null. */
  truncated?: true;
  /** Present (true) only when the log gave only a summary of the message: `message` is null. */
  summary?: true;
  /**
   * Log records: the level as written (null when none), the text, and the physical lines it spans. A message read from
   * inside a line of a log has `text` too: the rest of its line (the label before it, the fields around it).
   */
  level?: string | null;
  text?: string;
  lines?: number;
  /** The text as logged, on records whose message could not be read whole: invalid, truncated and summary records. */
  raw?: string;
  /** Present on transport events only. */
  event?: TransportEvent;
  /** Present when the message was one element of a JSON-RPC batch. */
  batch?: { index: number; size: number };
  /** Present on records read from HTTP traffic (v2): the exchange and stream that carried it. */
  http?: HttpInfo;
  /**
   * Present on the legs of a multi round-trip request (v2): `first` is the seq of the chain's first request, `round`
   * the leg's number (1 for the first request and its answer, 2 for the first retry …).
   */
  chain?: { first: number; round: number };
  /**
   * Present on an `input_required` result (v2): the input requests it embeds, by key, each with its primitive and the
   * client capability it needs, checked against the triggering request's own `_meta` clientCapabilities.
   */
  inputs?: InputRequestRef[];
  /**
   * Present on the terminal answer of a modern request that took more than one round (v2): the whole logical operation,
   * from its first request to this answer, split into server time (the sum of the legs' latencies) and client time (the
   * gaps between an answer that asked for a retry and the retry: user input, sampling). Times are null when the log
   * has none.
   */
  operation?: {
    first: number;
    rounds: number;
    latencyMs: number | null;
    serverMs: number | null;
    clientMs: number | null;
  };
  /**
   * Present (annotate, v2) on a record where a failure shows as it is read: the server's end under the host, a
   * timeout, a line on the server's stdout that is no message, a failed start (src/diagnose/marks.ts).
   */
  marks?: RecordMark[];
}

/**
 * A failure a record shows where it happens, named by the cause the diagnosis reports it under (docs/causes/). Only
 * the fields that apply are present.
 */
export interface RecordMark {
  cause: 'server-exited' | 'spawn-failed' | 'initialize-timeout' | 'request-timeout' | 'stdout-pollution';
  /** What it does to its session: `failed` (it cannot do its work) or `degraded`. */
  impact: 'failed' | 'degraded';
  /** server-exited: the handshake was not done. */
  beforeInitialize?: boolean;
  /** server-exited: the operation requests still open. */
  open?: number;
  /** server-exited: the process's exit code, when the log gives it. */
  exitCode?: number;
  /** Timeouts: the request given up on (`initialize`, `tools/call search`). */
  request?: string;
  /** Timeouts: how long it was open, in milliseconds, when the log's times tell. */
  openMs?: number;
}

/** One input request embedded in an `input_required` result (2026-07-28 basic/patterns/mrtr.mdx). */
export interface InputRequestRef {
  /** Its key in `inputRequests` (the retry answers under the same key). */
  key: string;
  /** `elicitation/create`, `sampling/createMessage`, `roots/list`, or what the server wrote (null: none). */
  method: string | null;
  primitive: Primitive | null;
  /** `negotiated` is whether the triggering request declared it (false when it declared no capabilities). */
  capability: CapabilityRef | null;
}

/** Where a record came from on the wire; carried beside the contract fields, never printed as such. */
export interface WireInfo {
  file: string;
  line: number;
  lines: number;
  tsMs: number | null;
  /** The message's own JSON text when it can be copied verbatim into output (single line), else null. */
  text: string | null;
  /** Records read from HTTP traffic: where the exchange went. */
  http?: HttpWire;
}

/**
 * What an HTTP reader knows of an exchange's connection beyond the record contract (not printed; the OTLP export's
 * `server.address`, `server.port` and `network.protocol.version`).
 */
export interface HttpWire {
  /** The request's `Host` (`:authority` in an HTTP/2 HAR entry) as sent, `host[:port]`; null when it had none. */
  host: string | null;
  /** The HTTP version the exchange was sent in (`1.1`, `1.0`, `2`), when the reader knows it. */
  version: string | null;
  /** The connection's two ends, when the reader saw them open (a packet capture). */
  peers?: Peers;
}

/** One end of a TCP connection. */
export interface Endpoint {
  /** An IPv4 dotted quad or an IPv6 address as `inet_ntop` writes it. */
  addr: string;
  port: number;
}

/** A connection's ends: `client` opened it, `server` accepted it. */
export interface Peers {
  client: Endpoint;
  server: Endpoint;
}

/** A record as it flows through the pipeline: the contract fields plus wire details for sinks. */
export interface PipelineRecord extends AnnotatedRecord {
  wire: WireInfo;
  /**
   * Beside the contract (never printed): `true` on a response or error the session stage found answering no request
   * the log holds, the one definition the `orphan-response` rule and the stats' orphan counts share (session/orphan.ts).
   */
  orphan?: true;
}

/** What the session stage knows about one session; sinks read it for headers and per-session stats. */
export interface SessionInfo {
  key: string;
  /** Input file the session was read from. */
  file: string;
  /** Revision the client asked for in `initialize`, else null. */
  requestedRevision: string | null;
  /** Revision the server answered in the `initialize` result, else null. */
  negotiatedRevision: string | null;
  clientInfo: { name?: string; version?: string; [k: string]: unknown } | null;
  serverInfo: { name?: string; version?: string; [k: string]: unknown } | null;
  /** Capabilities as declared in `initialize` params (client) and result (server); null when not seen. */
  clientCapabilities: Record<string, unknown> | null;
  serverCapabilities: Record<string, unknown> | null;
  /** Whether `initialize` (request) and `notifications/initialized` were seen. */
  initializeSeen: boolean;
  initializedSeen: boolean;
  /** Transport: `stdio`, `http`, … when the log says, else null. */
  transport: string | null;
  /** The host's name for the server (from the log's lines), else null. */
  server: string | null;
  /**
   * The log holds only this side's messages: a raw stream of one process's output, e.g. a server's stdout (`server`:
   * its responses pair with no request, and no client message was seen), or a format that logs only what one process
   * received (`notLogged` names every message of the other side). Null when both sides or neither are seen.
   */
  onlySide: Side | null;
  /**
   * Messages the log does not hold because its format never logs them (a Java SDK process logs only what it received:
   * `{ server: ['requests', 'answers', 'notifications'] }` in a server's log), as the reader said; rules that need them
   * skip what they would decide. Null when the format logs every message (or the reader did not say).
   */
  notLogged: NotLogged | null;
  /**
   * The eras of the session's messages in the order first seen (`['modern', 'legacy']`: a dual-era client fell back);
   * present only on a session with a modern message, so that a legacy session's summary is as it always was.
   */
  eras?: Era[];
  /** With `eras`: the last modern revision a request of the session claimed (null when none was readable). */
  modernRevision?: string | null;
  /** Seq of the first and last record of the session. */
  firstSeq: number;
  lastSeq: number;
}

/**
 * A request that was still open at end of input (or cancelled and never answered: with notifications/cancelled, or
 * in 2026-07-28 Streamable HTTP by closing its response stream).
 */
export interface OpenRequest {
  seq: number;
  session: string;
  source: string;
  dir: Direction;
  id: string | number;
  method: string;
  cancelled: boolean;
}
