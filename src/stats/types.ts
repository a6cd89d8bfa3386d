// The statistics shape printed by `stats --format json` and rendered by the table/markdown sinks.
import type { Direction, Era, Kind, Phase, Primitive } from '../types.js';

/** How much traffic: message count and the sum of their wire sizes in UTF-8 bytes. */
export interface Counts {
  messages: number;
  bytes: number;
}

/**
 * A slice of the traffic with its share of the whole: `share` by messages, `byteShare` by bytes, each a
 * fraction in [0, 1] rounded to 4 decimals (0 when there is no traffic at all).
 */
export interface ShareCounts extends Counts {
  share: number;
  byteShare: number;
}

/** Latency percentiles (nearest rank) and maximum in ms; all null when there was no sample. */
export interface LatencySummary {
  p50: number | null;
  p95: number | null;
  max: number | null;
}

export interface MethodStats {
  /** Requests and notifications of this method. */
  count: number;
  /** Error responses to requests of this method. */
  errors: number;
  /** From the `latencyMs` of responses and error responses to this method (for a modern request: per leg). */
  latencyMs: LatencySummary;
  /**
   * Present for a method with modern requests (2026-07-28): its logical operations, one per chain (session/chains.ts),
   * counted at their terminal answer. An `input_required` leg and a -32022 refusal that was retried end no operation:
   * they are neither its latency nor a failure.
   */
  operations?: OperationStats;
}

/** The logical operations of a method: first request → terminal answer, over all its rounds. */
export interface OperationStats {
  count: number;
  /** Operations that took more than one round (MRTR or a version retry). */
  multiRound: number;
  /** Operations whose terminal answer was an error. */
  failures: number;
  /** First request to terminal answer. */
  latencyMs: LatencySummary;
  /** The sum of the legs' latencies: time the server took. */
  serverMs: LatencySummary;
  /** The gaps between an answer that asked for a retry and the retry: time the client took (user input, sampling). */
  clientMs: LatencySummary;
}

export interface ToolStats extends MethodStats {
  /** Results with `isError: true` (a tool execution error reported in the result, not a JSON-RPC error). */
  isError: number;
}

export interface ErrorCodeStats {
  count: number;
  name: string;
}

export interface PairStats {
  /** Responses and error responses paired with a request. */
  answered: number;
  /** Requests still waiting for their response at end of input (not cancelled). */
  unanswered: number;
  /**
   * Requests cancelled and never answered: closed, not waiting (the receiver of a cancellation SHOULD NOT respond,
   * basic/utilities/cancellation.mdx §Behavior Requirements).
   */
  cancelled: number;
  /** Responses and error responses that answer no known request (`pair` null). */
  orphans: number;
}

/** Message kinds counted in `messages` (transport events and log lines are counted apart, in `events` and `logs`). */
export type MessageKind = Exclude<Kind, 'event' | 'log'>;
export type PrimitiveKey = Primitive | 'unknown';

/** Counts shared by the whole run and each session. */
export interface ScopeStats extends Counts {
  byKind: Record<MessageKind, Counts>;
  byDirection: Record<Direction, Counts>;
  byPrimitive: Record<PrimitiveKey, Counts>;
  byPhase: Record<Phase, Counts>;
  lifecycle: ShareCounts;
  operation: ShareCounts;
  pairs: PairStats;
  invalid: number;
  events: number;
  /** Lines of the log that are not MCP messages (`log` records), counted apart like events. */
  logs: number;
  methods: Record<string, MethodStats>;
}

export interface PeerStats {
  name: string | null;
  version: string | null;
}

export interface SessionStats extends ScopeStats {
  key: string;
  /** null for a session seen in records but not reported by the session stage. */
  file: string | null;
  client: PeerStats;
  server: PeerStats;
  requestedRevision: string | null;
  negotiatedRevision: string | null;
  /** Present on a session with a modern message (SessionInfo.eras): its eras in order, and its last modern revision. */
  eras?: Era[];
  modernRevision?: string | null;
  /** The host's name for the server (`SessionInfo.server`; `server` holds its serverInfo), else null. */
  serverName: string | null;
  /** The log holds only this side's messages (`SessionInfo.onlySide`), else null. */
  onlySide: 'client' | 'server' | null;
}

/** The earliest and latest `ts` of one timeline (by wire time), and the time between them. */
export interface TimeSpanOf {
  first: string;
  last: string;
  durationMs: number;
}

/**
 * The run's time span. Times of different kinds are never compared (src/input/shared/time.ts `TimeKind`): `first`, `last`
 * and `durationMs` are the span of the dated times (ISO 8601, epoch) when there are any, else of the clock times of
 * the one input that has clock times without a date; null when neither (with only times that could not be placed,
 * `first` and `last` are the first and last of those in input order, `durationMs` null).
 */
export interface TimeSpan {
  first: string | null;
  last: string | null;
  durationMs: number | null;
  /** Each input's own span of clock times without a date, when they are not the span above, in input order. */
  clockOnly: Array<TimeSpanOf & { file: string }>;
}

/** How sessions went: their verdicts, and the causes of those that did not go well (`mcptrace why`'s diagnosis). */
export interface VerdictCounts {
  /** Sessions, the lines outside any session counting as one when they failed or degraded. */
  sessions: number;
  ok: number;
  degraded: number;
  failed: number;
  /** By cause id: in how many sessions it failed or degraded the session (notes are left out). Most frequent first. */
  causes: Record<string, number>;
}

export interface DiagnosisStats extends VerdictCounts {
  /** The same per server (the host's name for it, else its session's key; `(outside any session)`), in order of appearance. */
  servers: Record<string, VerdictCounts>;
}

export interface Stats extends ScopeStats {
  /** `tools/call` by tool name, counted per call: a modern chain is one call (its operation's latency), not its legs. */
  tools: Record<string, ToolStats>;
  /** Keyed by the error code as a string (`-32602`), or `(none)` when the error object has no numeric code. */
  errors: Record<string, ErrorCodeStats>;
  /**
   * Sessions with at least one MCP message. Transport events and log lines of no session (a host's lines before it
   * names a server, a server that sent nothing) are counted in the run's `events` and `logs` only.
   */
  sessions: SessionStats[];
  timeSpan: TimeSpan;
  /** `mcptrace stats`: how the sessions went (absent where the statistics are part of another report, the audit's). */
  diagnosis?: DiagnosisStats;
}

/** Key under which keys past a table's cap are aggregated. */
export const OTHER_KEY = '(other)';
