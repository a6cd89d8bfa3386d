// Annotated records → MCP spans: one per request and its answer, a zero-length one per notification, and a session
// span per session that parents the others (mcp.md "Spans"; docs/commands/export.md).
import type { EndFinding } from '../../rules/engine.js';
import { DEFAULT_MAX_SESSIONS } from '../../session/live-sessions.js';
import { NO_SESSION } from '../../session/outside.js';
import type { Direction, PipelineRecord, SessionInfo } from '../../types.js';
import {
  answerAttributes,
  contentAttributes,
  findingEvent,
  metaOf,
  requestAttributes,
  sessionAttributes,
  spanName,
} from './attributes.js';
import { parseTraceparent, sessionSpanId, sessionTraceId, spanIdFor } from './ids.js';
import { isKnownService, peerAttributes, resourceFor, type ResourceDefaults } from './session-resource.js';
import type { SpanRedactor } from './redact-span.js';
import { addEvent, type Attributes, type McpSpan, type SpanKindName } from './span.js';

/** How spans are made beyond what the records say. */
export interface SpanOptions {
  /** `--redact`: every span masked as it goes out (so the histograms made from them are too). */
  redactor?: SpanRedactor | null;
  /** `--otlp-content`: the conventions' Opt-In tool call arguments and results. */
  content?: boolean;
  /** The environment's resource attributes (OTEL_RESOURCE_ATTRIBUTES, OTEL_SERVICE_NAME). */
  resource?: ResourceDefaults;
}

/** Name of the span that covers a whole session (the conventions define none; it is mcptrace's). */
export const SESSION_SPAN_NAME = 'mcp.session';

interface SessionState {
  key: string;
  span: McpSpan;
  /** Requests waiting for their answer, by the request's seq. */
  pending: Map<number, McpSpan>;
  /** Records seen, and whether any had a time. */
  records: number;
  timed: boolean;
}

/** CLIENT for what the client sent, SERVER for what the server sent (the rule); INTERNAL when not known. */
function kindOf(dir: Direction): SpanKindName {
  return dir === 'c2s' ? 'client' : dir === 's2c' ? 'server' : 'internal';
}

export class SpanBuilder {
  /** Sessions by key, least recently active first. */
  private readonly sessions = new Map<string, SessionState>();
  /** The session of the previous record: most records follow one of their own session, whose place stays. */
  private lastKey: string | null = null;

  /**
   * `sessionInfo`: what the analyzer knows of a session (peers, revision, transport) as records are read.
   * `maxSessions`: sessions kept open at once (`--max-sessions`); past it the least recently active one is finished
   * (its span and its unanswered requests go out), so that memory does not grow with the number of sessions.
   * `maxPending`: open requests kept per session (`--max-pending`).
   */
  constructor(
    private readonly sessionInfo: (key: string) => SessionInfo | undefined,
    private readonly maxSessions = DEFAULT_MAX_SESSIONS,
    private readonly maxPending = 100_000,
    private readonly opts: SpanOptions = {},
  ) {}

  /** Folds one record in; spans it completes are appended to `out`. */
  push(r: PipelineRecord, out: McpSpan[]): void {
    // A line outside any session (session/outside.ts) is no MCP span and in no session's.
    if (r.session === NO_SESSION) return;
    const s = this.session(r, out);
    const time = this.timeOf(r, s);
    s.records++;
    if (r.kind === 'request' || r.kind === 'notification') {
      const span = this.open(r, s, time);
      if (r.kind === 'notification') this.emit(span, s, out);
      else {
        // As the analyzer does (`--max-pending`): past the bound the oldest open request is given up as unanswered.
        if (s.pending.size >= this.maxPending) {
          const [seq, oldest] = s.pending.entries().next().value!;
          s.pending.delete(seq);
          this.unanswered(oldest, s, out);
        }
        s.pending.set(r.seq, span);
      }
      return;
    }
    const span = (r.kind === 'response' || r.kind === 'error') && r.pair !== null ? s.pending.get(r.pair) : undefined;
    if (span === undefined) {
      // Not part of an MCP span (an event, a log line, an invalid message, an answer whose request is not in the log):
      // its findings go on the session span.
      for (const f of r.findings) addEvent(s.span, findingEvent(f, r.seq, time));
      return;
    }
    s.pending.delete(r.pair!);
    span.endMs = Math.max(span.startMs, time);
    span.timed &&= r.wire.tsMs !== null;
    const { attributes, error } = answerAttributes(r);
    Object.assign(span.attributes, attributes, this.content(r));
    // mcp.md "Span status": ERROR when error.type is set, described by the JSON-RPC error's message.
    if (error !== null)
      span.status = { code: 'error', ...(error.message !== undefined ? { message: error.message } : {}) };
    for (const f of r.findings) addEvent(span, findingEvent(f, r.seq, time));
    this.emit(span, s, out);
  }

  /**
   * At end of input: each session finished (its unanswered requests, then its span). `findings`: those only the end
   * can tell, each on its record's span.
   */
  end(findings: readonly EndFinding[], out: McpSpan[]): void {
    for (const f of findings) {
      const s = this.sessions.get(f.session);
      if (s === undefined) continue; // finished earlier (--max-sessions)
      const pending = s.pending.get(f.seq);
      addEvent(pending ?? s.span, findingEvent(f, f.seq, pending ? pending.startMs : s.span.endMs));
    }
    for (const s of this.sessions.values()) this.finish(s, out);
    this.sessions.clear();
    this.lastKey = null;
  }

  /** Requests never answered (their span ends at the session's last time, `mcptrace.unanswered`), then the session's span. */
  private finish(s: SessionState, out: McpSpan[]): void {
    for (const span of s.pending.values()) this.unanswered(span, s, out);
    s.pending.clear();
    const info = this.sessionInfo(s.key);
    if (info) Object.assign(s.span.attributes, peerAttributes(info));
    s.span.attributes['mcptrace.records'] = s.records;
    s.span.timed = s.timed;
    this.emit(s.span, s, out);
  }

  /** A request not answered in the log: its span ends at its session's latest time. */
  private unanswered(span: McpSpan, s: SessionState, out: McpSpan[]): void {
    span.endMs = Math.max(span.startMs, s.span.endMs);
    span.attributes['mcptrace.unanswered'] = true;
    this.emit(span, s, out);
  }

  /**
   * A finished span out, with its session's resource: the server's name is known from the `initialize` result on, so
   * a session's spans all name it once it is known (the first one is emitted when that result arrives).
   */
  private emit(span: McpSpan, s: SessionState, out: McpSpan[]): void {
    if (!isKnownService(s.span.resource)) {
      s.span.resource = resourceFor(
        this.sessionInfo(s.key),
        String(span.attributes['mcptrace.server'] ?? '') || null,
        this.opts.resource,
      );
    }
    span.resource = s.span.resource;
    out.push(this.opts.redactor ? this.opts.redactor.span(span) : span);
  }

  private session(r: PipelineRecord, out: McpSpan[]): SessionState {
    let s = this.sessions.get(r.session);
    if (s !== undefined) {
      if (this.lastKey !== r.session) {
        // Most recently active last.
        this.sessions.delete(r.session);
        this.sessions.set(r.session, s);
        this.lastKey = r.session;
      }
    } else {
      if (this.sessions.size >= this.maxSessions) {
        const [oldest, state] = this.sessions.entries().next().value!;
        this.sessions.delete(oldest);
        this.finish(state, out);
      }
      this.lastKey = r.session;
      const info = this.sessionInfo(r.session);
      const file = info?.file ?? r.wire.file;
      const traceId = sessionTraceId(file, r.session, r.seq, r.ts);
      const startMs = r.wire.tsMs ?? 0;
      const attributes: Attributes = {
        ...sessionAttributes(r, info),
        'mcptrace.session': r.session,
        'mcptrace.input': file,
      };
      // A session outlives its first connection: the client's port is each exchange's, not the session's.
      delete attributes['client.port'];
      s = {
        key: r.session,
        pending: new Map(),
        records: 0,
        timed: false,
        span: {
          traceId,
          spanId: sessionSpanId(file, r.session, r.seq),
          parentSpanId: null,
          parentRemote: false,
          traceFlags: 1,
          name: SESSION_SPAN_NAME,
          kind: 'internal',
          startMs,
          endMs: startMs,
          timed: false,
          status: { code: 'unset' },
          attributes,
          events: [],
          droppedEvents: 0,
          resource: resourceFor(info, r.server, this.opts.resource),
        },
      };
      this.sessions.set(r.session, s);
    }
    return s;
  }

  /** The Opt-In content of a tool call's record, when asked for (masked with `--redact`). */
  private content(r: PipelineRecord): Attributes {
    if (this.opts.content !== true) return {};
    const redactor = this.opts.redactor;
    return contentAttributes(r, redactor ? (v) => redactor.value(v) : (v) => v);
  }

  /** The record's time in epoch ms; a record the log gave no time gets the session's latest (0 when none yet). */
  private timeOf(r: PipelineRecord, s: SessionState): number {
    const t = r.wire.tsMs;
    if (t === null) return s.span.endMs;
    // The session starts at its first timed record (records before it had none and took 0).
    s.span.startMs = s.timed ? Math.min(s.span.startMs, t) : t;
    s.timed = true;
    s.span.endMs = Math.max(s.span.endMs, t);
    return t;
  }

  private open(r: PipelineRecord, s: SessionState, time: number): McpSpan {
    const info = this.sessionInfo(r.session);
    const attributes = { ...requestAttributes(r, info), ...this.content(r) };
    // mcp.md "Context propagation": a traceparent in params._meta is the span's remote parent.
    const remote = parseTraceparent(metaOf(r));
    const file = String(s.span.attributes['mcptrace.input']);
    const span: McpSpan = {
      traceId: remote?.traceId ?? s.span.traceId,
      spanId: spanIdFor(file, r.session, r.seq),
      parentSpanId: remote?.spanId ?? s.span.spanId,
      parentRemote: remote !== null,
      traceFlags: remote?.flags ?? 1,
      ...(remote?.traceState !== undefined ? { traceState: remote.traceState } : {}),
      name: spanName(attributes),
      kind: kindOf(r.dir),
      startMs: time,
      endMs: time,
      timed: r.wire.tsMs !== null,
      status: { code: 'unset' },
      attributes,
      events: [],
      droppedEvents: 0,
      resource: s.span.resource,
    };
    for (const f of r.findings) addEvent(span, findingEvent(f, r.seq, time));
    return span;
  }
}
