// The stats report as JSON with a fixed key order and 2-space indent (for `stats --format json`).
import { DIRECTIONS, MESSAGE_KINDS, PHASES, PRIMITIVE_KEYS } from '../stats/scope.js';
import { setOwn } from '../util/own.js';
import type {
  Counts,
  LatencySummary,
  MethodStats,
  PairStats,
  ScopeStats,
  SessionStats,
  ShareCounts,
  Stats,
  ToolStats,
  VerdictCounts,
} from '../stats/types.js';

type CountTable = Record<string, Counts>;

const counts = (c: Counts): Counts => ({ messages: c.messages, bytes: c.bytes });
const share = (c: ShareCounts): ShareCounts => ({
  messages: c.messages,
  bytes: c.bytes,
  share: c.share,
  byteShare: c.byteShare,
});

/** Vocabulary keys first, in contract order, then anything else the object holds. */
function table(t: CountTable, order: readonly string[]): CountTable {
  const out: CountTable = {};
  for (const k of order) if (Object.hasOwn(t, k)) out[k] = counts(t[k]);
  for (const [k, v] of Object.entries(t)) if (!Object.hasOwn(out, k)) setOwn(out, k, counts(v));
  return out;
}

const pairs = (p: PairStats): PairStats => ({
  answered: p.answered,
  unanswered: p.unanswered,
  cancelled: p.cancelled,
  orphans: p.orphans,
});

const latency = (l: LatencySummary): LatencySummary => ({ p50: l.p50, p95: l.p95, max: l.max });

/** A method's counts; `operations` only for a method with modern requests (a legacy run's JSON is as it was). */
function method(m: MethodStats): MethodStats {
  const out: MethodStats = { count: m.count, errors: m.errors, latencyMs: latency(m.latencyMs) };
  const o = m.operations;
  if (o !== undefined) {
    out.operations = {
      count: o.count,
      multiRound: o.multiRound,
      failures: o.failures,
      latencyMs: latency(o.latencyMs),
      serverMs: latency(o.serverMs),
      clientMs: latency(o.clientMs),
    };
  }
  return out;
}

function tool(t: ToolStats): ToolStats {
  return { count: t.count, errors: t.errors, isError: t.isError, latencyMs: method(t).latencyMs };
}

function map<T, U>(o: Record<string, T>, f: (v: T) => U): Record<string, U> {
  const out: Record<string, U> = {};
  for (const [k, v] of Object.entries(o)) setOwn(out, k, f(v));
  return out;
}

/** Scope fields in documented order: totals, breakdowns, lifecycle/operation, methods. */
function scopeHead(s: ScopeStats) {
  return {
    messages: s.messages,
    bytes: s.bytes,
    byKind: table(s.byKind, MESSAGE_KINDS) as ScopeStats['byKind'],
    byDirection: table(s.byDirection, DIRECTIONS) as ScopeStats['byDirection'],
    byPrimitive: table(s.byPrimitive, PRIMITIVE_KEYS) as ScopeStats['byPrimitive'],
    byPhase: table(s.byPhase, PHASES) as ScopeStats['byPhase'],
    lifecycle: share(s.lifecycle),
    operation: share(s.operation),
    methods: map(s.methods, method),
  };
}

function session(s: SessionStats): SessionStats {
  return {
    key: s.key,
    file: s.file,
    client: { name: s.client.name, version: s.client.version },
    server: { name: s.server.name, version: s.server.version },
    requestedRevision: s.requestedRevision,
    negotiatedRevision: s.negotiatedRevision,
    ...(s.eras === undefined ? {} : { eras: [...s.eras], modernRevision: s.modernRevision ?? null }),
    serverName: s.serverName ?? null,
    onlySide: s.onlySide ?? null,
    ...scopeHead(s),
    pairs: pairs(s.pairs),
    invalid: s.invalid,
    events: s.events,
    logs: s.logs ?? 0,
  };
}

/**
 * A copy of `stats` with keys in the documented order, whatever order the object was built in:
 * messages, bytes, byKind, byDirection, byPrimitive, byPhase, lifecycle, operation, methods, tools, errors,
 * pairs, invalid, events, logs, sessions, timeSpan, diagnosis (when counted). Map-like objects (methods, tools, errors,
 * causes, servers) keep their order.
 */
export function orderedStats(s: Stats): Stats {
  return {
    ...scopeHead(s),
    tools: map(s.tools, tool),
    errors: map(s.errors, (e) => ({ count: e.count, name: e.name })),
    pairs: pairs(s.pairs),
    invalid: s.invalid,
    events: s.events,
    logs: s.logs ?? 0,
    sessions: s.sessions.map(session),
    timeSpan: {
      first: s.timeSpan.first,
      last: s.timeSpan.last,
      durationMs: s.timeSpan.durationMs,
      clockOnly: s.timeSpan.clockOnly.map((c) => ({
        file: c.file,
        first: c.first,
        last: c.last,
        durationMs: c.durationMs,
      })),
    },
    ...(s.diagnosis === undefined
      ? {}
      : { diagnosis: { ...verdicts(s.diagnosis), servers: map(s.diagnosis.servers, verdicts) } }),
  };
}

function verdicts(v: VerdictCounts): VerdictCounts {
  return { sessions: v.sessions, ok: v.ok, degraded: v.degraded, failed: v.failed, causes: v.causes };
}

/** The JSON text (2-space indent, no trailing newline). */
export function formatStatsJson(s: Stats): string {
  return JSON.stringify(orderedStats(s), null, 2);
}
