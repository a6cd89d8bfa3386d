// Streams annotated records into bounded counters and produces the `Stats` for the stats command.
import { errorCodeName } from '../protocol/errors.js';
import type { OpenRequest, PipelineRecord, SessionInfo } from '../types.js';
import { setOwn } from '../util/own.js';
import { CappedMap } from './capped-map.js';
import {
  endsOperation,
  MethodTally,
  ScopeTally,
  type MethodTallyState,
  type ScopeLimits,
  type ScopeTallyState,
} from './scope.js';
import { SessionTable } from './sessions.js';
import { TimeSpanTracker, type TimeSpanState } from './time-span.js';
import { evictOldest } from '../util/oldest.js';
import type { ErrorCodeStats, Stats, ToolStats } from './types.js';

export interface StatsOptions {
  /** Distinct method, tool and error-code keys before `(other)` (run-wide tables). Default 1,000. */
  maxKeys?: number;
  /** Exact latency samples per method/tool before the ≤1% histogram. Default 2,048. */
  exactSamples?: number;
  /** Distinct sessions before `(other)`. Default 1,000. */
  maxSessions?: number;
  /** Per-session method keys and exact samples (smaller: there can be many sessions). Defaults 200 and 256. */
  sessionMaxKeys?: number;
  sessionExactSamples?: number;
  /** `tools/call` requests remembered while waiting for their response; the oldest is dropped past it. Default 10,000. */
  maxPendingTools?: number;
  /** Name for an error code. Default: the protocol table's `errorCodeName`. */
  errorName?: (code: number) => string;
}

class ToolTally extends MethodTally {
  isError = 0;
  override toStats(): ToolStats {
    return { count: this.count, errors: this.errors, isError: this.isError, latencyMs: this.latency.summary() };
  }

  override exportState(): MethodTallyState {
    return { ...super.exportState(), isError: this.isError };
  }

  override mergeFrom(o: MethodTallyState): void {
    super.mergeFrom(o);
    this.isError += o.isError ?? 0;
  }
}

/**
 * A collector's counts as plain data (structured-cloneable): what a `--jobs` worker sends for its file. Requests
 * waiting for their response are left out: a response never pairs with a request of another file.
 */
export interface StatsState {
  all: ScopeTallyState;
  sessions: Array<[string, ScopeTallyState]>;
  tools: Array<[string, MethodTallyState]>;
  errors: Array<[string, { code: number | null; count: number }]>;
  span: TimeSpanState;
}

const NO_CODE = '(none)';

function toolName(message: unknown): string {
  const name = (message as { params?: { name?: unknown } } | null)?.params?.name;
  return typeof name === 'string' ? name : '(unnamed)';
}

function errorCode(message: unknown): number | null {
  const code = (message as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'number' && Number.isFinite(code) ? code : null;
}

function isErrorResult(message: unknown): boolean {
  return (message as { result?: { isError?: unknown } } | null)?.result?.isError === true;
}

/**
 * Memory is bounded by the options, not by input size: counters per key, capped key tables, latency
 * sketches (exact up to `exactSamples`, then a log-bucketed histogram with ≤1% relative error, see
 * quantiles.ts), and a capped map of `tools/call` request seq → tool name that forgets each entry once its
 * response arrives.
 */
export class StatsCollector {
  private readonly all: ScopeTally;
  private readonly sessions: SessionTable;
  private readonly tools: CappedMap<ToolTally>;
  private readonly errors: CappedMap<{ code: number | null; count: number }>;
  private readonly pendingTools = new Map<number, ToolTally>();
  private readonly maxPendingTools: number;
  private readonly errorName: (code: number) => string;
  private readonly span = new TimeSpanTracker();

  constructor(opts: StatsOptions = {}) {
    const run: ScopeLimits = { maxKeys: opts.maxKeys ?? 1000, exactSamples: opts.exactSamples ?? 2048 };
    const perSession: ScopeLimits = {
      maxKeys: opts.sessionMaxKeys ?? 200,
      exactSamples: opts.sessionExactSamples ?? 256,
    };
    this.all = new ScopeTally(run);
    this.sessions = new SessionTable(opts.maxSessions ?? 1000, perSession);
    this.tools = new CappedMap(run.maxKeys, () => new ToolTally(run.exactSamples));
    this.errors = new CappedMap(run.maxKeys, () => ({ code: null, count: 0 }));
    this.maxPendingTools = opts.maxPendingTools ?? 10_000;
    this.errorName = opts.errorName ?? errorCodeName;
  }

  /** Entries currently held in the tools/call pending map (for tests of the bound). */
  get pendingToolCount(): number {
    return this.pendingTools.size;
  }

  add(r: PipelineRecord): void {
    this.all.add(r);
    this.sessions.add(r);
    this.span.add(r);
    if (r.kind === 'request' && r.method === 'tools/call') this.toolRequest(r);
    else if ((r.kind === 'response' || r.kind === 'error') && r.pair !== null) this.toolResponse(r, r.pair);
    if (r.kind === 'error') {
      const code = errorCode(r.message);
      const e = this.errors.get(code === null ? NO_CODE : String(code));
      e.code ??= code;
      e.count++;
    }
  }

  /** A modern chain is one call: its retries (rounds after the first) are legs of the call already counted. */
  private toolRequest(r: PipelineRecord): void {
    const t = this.tools.get(toolName(r.message));
    if (r.chain === undefined || r.chain.round === 1) t.count++;
    this.pendingTools.set(r.seq, t);
    if (this.pendingTools.size > this.maxPendingTools) {
      // Oldest first: Map iterates in insertion order. A response to it later counts only in `methods`.
      evictOldest(this.pendingTools);
    }
  }

  private toolResponse(r: PipelineRecord, pair: number): void {
    const t = this.pendingTools.get(pair);
    if (t === undefined) return;
    this.pendingTools.delete(pair);
    // An `input_required` leg (or a -32022 refusal) of a modern chain is neither a failure nor the call's latency: the
    // terminal answer is, with the whole operation's latency when it took several rounds.
    if (r.chain !== undefined && !endsOperation(r)) return;
    if (r.kind === 'error') t.errors++;
    else if (isErrorResult(r.message)) t.isError++;
    const latency = r.operation !== undefined ? r.operation.latencyMs : r.latencyMs;
    if (latency !== null) t.latency.add(latency);
  }

  exportState(): StatsState {
    return {
      all: this.all.exportState(),
      sessions: this.sessions.exportState(),
      tools: this.tools.entriesInOrder().map(([k, t]) => [k, t.exportState()]),
      errors: this.errors.entriesInOrder(),
      span: this.span.exportState(),
    };
  }

  /**
   * Adds the counts of another input, as if its records had come after all records so far (`--jobs`: per-file
   * statistics merged in input order). `sessionKey` renames the other input's session keys.
   */
  mergeFrom(o: StatsState, sessionKey: (key: string) => string = (k) => k): void {
    this.all.mergeFrom(o.all);
    this.sessions.mergeFrom(o.sessions, sessionKey);
    this.tools.mergeFrom(o.tools, (into, from) => into.mergeFrom(from));
    this.errors.mergeFrom(o.errors, (into, from) => {
      into.code ??= from.code;
      into.count += from.count;
    });
    this.span.mergeFrom(o.span);
  }

  /** The statistics so far. `sessions` and `open` come from the session stage at end of input. */
  finish(sessions: readonly SessionInfo[], open: readonly OpenRequest[]): Stats {
    const base = this.all.toStats(open);
    const tools: Record<string, ToolStats> = {};
    for (const [k, v] of this.tools.sortedEntries()) setOwn(tools, k, v.toStats());
    const errors: Record<string, ErrorCodeStats> = {};
    const byCode = (a: string, b: string) => (a === NO_CODE ? 1 : b === NO_CODE ? -1 : Number(a) - Number(b));
    for (const [k, v] of this.errors.sortedEntries(byCode)) {
      const name =
        v.code !== null && k !== '(other)' ? this.errorName(v.code) : k === NO_CODE ? 'no numeric code' : 'other codes';
      setOwn(errors, k, { count: v.count, name });
    }
    return {
      messages: base.messages,
      bytes: base.bytes,
      byKind: base.byKind,
      byDirection: base.byDirection,
      byPrimitive: base.byPrimitive,
      byPhase: base.byPhase,
      lifecycle: base.lifecycle,
      operation: base.operation,
      methods: base.methods,
      tools,
      errors,
      pairs: base.pairs,
      invalid: base.invalid,
      events: base.events,
      logs: base.logs,
      sessions: this.sessions.toStats(sessions, open),
      timeSpan: this.span.toStats(),
    };
  }
}
