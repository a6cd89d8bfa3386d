// Traffic counts for one scope (the whole run, or one session): totals, breakdowns, pairing, per-method table.
import type { Direction, OpenRequest, Phase, PipelineRecord } from '../types.js';
import { isOrphan } from '../session/orphan.js';
import { setOwn } from '../util/own.js';
import { CappedMap } from './capped-map.js';
import { LatencySketch, type LatencySketchState } from './quantiles.js';
import type {
  Counts,
  MessageKind,
  MethodStats,
  OperationStats,
  PrimitiveKey,
  ScopeStats,
  ShareCounts,
} from './types.js';

export const MESSAGE_KINDS: readonly MessageKind[] = ['request', 'response', 'error', 'notification', 'invalid'];
export const DIRECTIONS: readonly Direction[] = ['c2s', 's2c', 'unknown'];
export const PRIMITIVE_KEYS: readonly PrimitiveKey[] = [
  'tools',
  'resources',
  'prompts',
  'roots',
  'sampling',
  'elicitation',
  'base',
  'unknown',
];
export const PHASES: readonly Phase[] = ['initialization', 'operation', 'shutdown'];

export interface ScopeLimits {
  /** Distinct method keys before `(other)`. */
  maxKeys: number;
  /** Exact latency samples per key before the histogram. */
  exactSamples: number;
}

/** The logical operations of one method (modern chains): made on the first one. */
class OperationTally {
  count = 0;
  multiRound = 0;
  failures = 0;
  readonly latency: LatencySketch;
  readonly server: LatencySketch;
  readonly client: LatencySketch;
  constructor(exactSamples: number) {
    this.latency = new LatencySketch({ exactLimit: exactSamples });
    this.server = new LatencySketch({ exactLimit: exactSamples });
    this.client = new LatencySketch({ exactLimit: exactSamples });
  }

  /**
   * A terminal answer: a single-round operation's latency is its leg's; one of several rounds has the operation the
   * session stage summed up on it (`record.operation`).
   */
  add(r: PipelineRecord): void {
    this.count++;
    if (r.kind === 'error') this.failures++;
    const op = r.operation;
    if (op !== undefined) this.multiRound++;
    const total = op !== undefined ? op.latencyMs : r.latencyMs;
    if (total !== null) this.latency.add(total);
    const server = op !== undefined ? op.serverMs : r.latencyMs;
    if (server !== null) this.server.add(server);
    const client = op !== undefined ? op.clientMs : r.latencyMs === null ? null : 0;
    if (client !== null) this.client.add(client);
  }

  toStats(): OperationStats {
    return {
      count: this.count,
      multiRound: this.multiRound,
      failures: this.failures,
      latencyMs: this.latency.summary(),
      serverMs: this.server.summary(),
      clientMs: this.client.summary(),
    };
  }

  exportState(): OperationTallyState {
    return {
      count: this.count,
      multiRound: this.multiRound,
      failures: this.failures,
      latency: this.latency.exportState(),
      server: this.server.exportState(),
      client: this.client.exportState(),
    };
  }

  mergeFrom(o: OperationTallyState): void {
    this.count += o.count;
    this.multiRound += o.multiRound;
    this.failures += o.failures;
    this.latency.mergeFrom(o.latency);
    this.server.mergeFrom(o.server);
    this.client.mergeFrom(o.client);
  }
}

interface OperationTallyState {
  count: number;
  multiRound: number;
  failures: number;
  latency: LatencySketchState;
  server: LatencySketchState;
  client: LatencySketchState;
}

/** Count, errors and latency for one method (or tool); its logical operations when it had modern requests. */
export class MethodTally {
  count = 0;
  errors = 0;
  readonly latency: LatencySketch;
  operations: OperationTally | null = null;
  constructor(private readonly exactSamples: number) {
    this.latency = new LatencySketch({ exactLimit: exactSamples });
  }

  /** A modern request's terminal answer ends one logical operation. */
  addOperation(r: PipelineRecord): void {
    (this.operations ??= new OperationTally(this.exactSamples)).add(r);
  }

  toStats(): MethodStats {
    const out: MethodStats = { count: this.count, errors: this.errors, latencyMs: this.latency.summary() };
    if (this.operations !== null) out.operations = this.operations.toStats();
    return out;
  }

  exportState(): MethodTallyState {
    const out: MethodTallyState = { count: this.count, errors: this.errors, latency: this.latency.exportState() };
    if (this.operations !== null) out.operations = this.operations.exportState();
    return out;
  }

  mergeFrom(o: MethodTallyState): void {
    this.count += o.count;
    this.errors += o.errors;
    this.latency.mergeFrom(o.latency);
    if (o.operations !== undefined) (this.operations ??= new OperationTally(this.exactSamples)).mergeFrom(o.operations);
  }
}

/** A method's (or tool's) tally as plain data. */
export interface MethodTallyState {
  count: number;
  errors: number;
  isError?: number;
  latency: LatencySketchState;
  operations?: OperationTallyState;
}

/**
 * Whether a modern answer ends its logical operation: not an `input_required` result, nor a -32022 refusal (the client
 * retries with another version; one never retried is a failure the log does not show as such).
 */
export function endsOperation(r: PipelineRecord): boolean {
  const m = r.message as { result?: { resultType?: unknown }; error?: { code?: unknown } } | null;
  if (r.kind === 'response') return m?.result?.resultType !== 'input_required';
  return m?.error?.code !== -32022;
}

/** A scope's counts as plain data (structured-cloneable), for merging statistics built in other threads. */
export interface ScopeTallyState {
  messages: number;
  bytes: number;
  events: number;
  /** Absent in a state made before log records existed. */
  logs?: number;
  answered: number;
  orphans: number;
  tables: Record<'byKind' | 'byDirection' | 'byPrimitive' | 'byPhase', Record<string, Counts>>;
  methods: Array<[string, MethodTallyState]>;
}

type CountTable<K extends string> = Record<K, Counts>;

function table<K extends string>(keys: readonly K[]): CountTable<K> {
  const t = {} as CountTable<K>;
  for (const k of keys) t[k] = { messages: 0, bytes: 0 };
  return t;
}

function bump(c: Counts | undefined, bytes: number): void {
  if (c === undefined) return; // a value outside the vocabulary: counted in totals only
  c.messages++;
  c.bytes += bytes;
}

function copy<K extends string>(t: CountTable<K>): CountTable<K> {
  const out = {} as CountTable<K>;
  for (const k of Object.keys(t) as K[]) out[k] = { messages: t[k].messages, bytes: t[k].bytes };
  return out;
}

/** A fraction in [0, 1] rounded to 4 decimals; 0 for an empty whole. */
function fraction(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;
}

function shareOf(part: Counts, whole: Counts): ShareCounts {
  return {
    messages: part.messages,
    bytes: part.bytes,
    share: fraction(part.messages, whole.messages),
    byteShare: fraction(part.bytes, whole.bytes),
  };
}

/**
 * `messages` counts every record except transport events (those are traffic metadata, not JSON-RPC
 * messages, and have no bytes of their own) and log lines (not traffic at all); those are counted in `events` and
 * `logs` only and appear in no breakdown. Invalid records are messages (they were on the wire) and are also counted in
 * `invalid`.
 */
export class ScopeTally {
  messages = 0;
  bytes = 0;
  events = 0;
  logs = 0;
  answered = 0;
  orphans = 0;
  readonly byKind = table(MESSAGE_KINDS);
  readonly byDirection = table(DIRECTIONS);
  readonly byPrimitive = table(PRIMITIVE_KEYS);
  readonly byPhase = table(PHASES);
  readonly methods: CappedMap<MethodTally>;

  constructor(limits: ScopeLimits) {
    this.methods = new CappedMap(limits.maxKeys, () => new MethodTally(limits.exactSamples));
  }

  add(r: PipelineRecord): void {
    if (r.kind === 'event') {
      this.events++;
      return;
    }
    if (r.kind === 'log') {
      this.logs++;
      return;
    }
    const b = Number.isFinite(r.bytes) ? r.bytes : 0;
    this.messages++;
    this.bytes += b;
    bump(this.byKind[r.kind], b);
    bump(this.byDirection[r.dir], b);
    bump(this.byPrimitive[r.primitive ?? 'unknown'], b);
    bump(this.byPhase[r.phase], b);
    if (r.kind === 'response' || r.kind === 'error') {
      if (r.pair !== null) this.answered++;
      else if (isOrphan(r)) this.orphans++;
    }
    if (r.method === null || r.kind === 'invalid') return;
    const m = this.methods.get(r.method);
    if (r.kind === 'request' || r.kind === 'notification') m.count++;
    else {
      if (r.kind === 'error') m.errors++;
      if (r.latencyMs !== null) m.latency.add(r.latencyMs);
      if (r.chain !== undefined && r.pair !== null && endsOperation(r)) m.addOperation(r);
    }
  }

  exportState(): ScopeTallyState {
    return {
      messages: this.messages,
      bytes: this.bytes,
      events: this.events,
      logs: this.logs,
      answered: this.answered,
      orphans: this.orphans,
      tables: {
        byKind: this.byKind,
        byDirection: this.byDirection,
        byPrimitive: this.byPrimitive,
        byPhase: this.byPhase,
      },
      methods: this.methods.entriesInOrder().map(([k, m]) => [k, m.exportState()]),
    };
  }

  /** Adds another scope's counts, as if its records had come after this scope's (`--jobs`). */
  mergeFrom(o: ScopeTallyState): void {
    this.messages += o.messages;
    this.bytes += o.bytes;
    this.events += o.events;
    this.logs += o.logs ?? 0;
    this.answered += o.answered;
    this.orphans += o.orphans;
    for (const name of ['byKind', 'byDirection', 'byPrimitive', 'byPhase'] as const) {
      const into = this[name] as Record<string, Counts>;
      for (const [k, c] of Object.entries(o.tables[name])) {
        if (!Object.hasOwn(into, k)) continue;
        into[k]!.messages += c.messages;
        into[k]!.bytes += c.bytes;
      }
    }
    this.methods.mergeFrom(o.methods, (into, from) => into.mergeFrom(from));
  }

  /** The scope's statistics; `open` is the unanswered list restricted to this scope. */
  toStats(open: readonly OpenRequest[]): ScopeStats {
    const whole: Counts = { messages: this.messages, bytes: this.bytes };
    const p = this.byPhase;
    const lifecycle: Counts = {
      messages: p.initialization.messages + p.shutdown.messages,
      bytes: p.initialization.bytes + p.shutdown.bytes,
    };
    const cancelled = open.filter((o) => o.cancelled).length;
    const methods: Record<string, MethodStats> = {};
    for (const [k, v] of this.methods.sortedEntries()) setOwn(methods, k, v.toStats());
    return {
      messages: this.messages,
      bytes: this.bytes,
      byKind: copy(this.byKind),
      byDirection: copy(this.byDirection),
      byPrimitive: copy(this.byPrimitive),
      byPhase: copy(this.byPhase),
      lifecycle: shareOf(lifecycle, whole),
      operation: shareOf(p.operation, whole),
      pairs: { answered: this.answered, unanswered: open.length - cancelled, cancelled, orphans: this.orphans },
      invalid: this.byKind.invalid.messages,
      events: this.events,
      logs: this.logs,
      methods,
    };
  }
}
