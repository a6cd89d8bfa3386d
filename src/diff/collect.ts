// A side of a diff, read from annotated records as they come: the surface the server's list answers and handshake
// showed, how each request was answered, latencies and failures per method, findings by rule.
import { requestKey } from '../mock/request-key.js';
import type { AnnotatedRecord } from '../types.js';
import { MAX_ANSWERS_PER_KEY, MAX_KEPT_RESULT, MAX_KEYS, MAX_LATENCIES } from './limits.js';
import { seeded } from '../util/random.js';
import type { CallStats, Outcome, Side, Surface } from './types.js';

type Msg = Record<string, unknown>;

/** The list answers that show the surface: the list's key in the result, the surface's field, each item's name. */
const LISTS: Readonly<
  Record<string, { items: string; into: 'tools' | 'prompts' | 'resources' | 'templates'; name: string }>
> = {
  'tools/list': { items: 'tools', into: 'tools', name: 'name' },
  'prompts/list': { items: 'prompts', into: 'prompts', name: 'name' },
  'resources/list': { items: 'resources', into: 'resources', name: 'uri' },
  'resources/templates/list': { items: 'resourceTemplates', into: 'templates', name: 'uriTemplate' },
};

/** The handshake's methods: their answers show the revision, the server's identity and its capabilities. */
const HANDSHAKES: readonly string[] = ['initialize', 'server/discover'];

/** Methods whose answers show the surface (compared item by item, by name, not answer by answer). */
export const SURFACE_METHODS: ReadonlySet<string> = new Set([...Object.keys(LISTS), ...HANDSHAKES]);

/** What the request asked, kept until its answer: its key, and the label its latency goes under. */
interface Asked {
  key: string;
  label: string;
}

export class SideCollector {
  private readonly surface: Surface = {
    revision: null,
    serverInfo: null,
    capabilities: null,
    tools: {},
    prompts: {},
    resources: {},
    templates: {},
  };
  private readonly answers = new Map<string, Outcome[]>();
  private readonly calls = new Map<string, CallStats>();
  private readonly findings = new Map<string, number>();
  private readonly asked = new Map<number, Asked>();
  private readonly sessions = new Set<string>();
  private readonly random = seeded(1);
  private messages = 0;

  observe(r: AnnotatedRecord): void {
    for (const f of r.findings) this.findings.set(f.rule, (this.findings.get(f.rule) ?? 0) + 1);
    if (r.kind === 'log' || r.kind === 'event' || r.kind === 'invalid') return;
    this.messages++;
    this.sessions.add(r.session);
    const msg = r.message !== null && typeof r.message === 'object' ? (r.message as Msg) : null;
    if (r.kind === 'request' && r.dir !== 's2c' && r.method !== null) {
      const params = msg?.params as Msg | undefined;
      this.asked.set(r.seq, { key: requestKey(r.method, params), label: labelOf(r.method, params) });
      return;
    }
    if ((r.kind !== 'response' && r.kind !== 'error') || r.pair === null) return;
    const asked = this.asked.get(r.pair);
    if (!asked) return;
    this.asked.delete(r.pair);
    const outcome = outcomeOf(r.kind, msg, r.bytes);
    this.count(asked.label, outcome, r.latencyMs);
    this.keep(asked.key, outcome);
    if (outcome.status === 'ok' && r.method !== null && msg)
      this.showSurface(r.method, msg.result as Msg | undefined, r.revision);
  }

  /** Findings the end of input told (unanswered requests), not on any record. */
  endFindings(rules: readonly { rule: string }[]): void {
    for (const f of rules) this.findings.set(f.rule, (this.findings.get(f.rule) ?? 0) + 1);
  }

  /** The side, once every record was observed; `causes`: sessions by the cause of their diagnosis. */
  finish(captures: string[], causes: Record<string, number>): Side {
    const calls: Record<string, CallStats> = {};
    for (const [k, v] of [...this.calls].sort(([a], [b]) => a.localeCompare(b))) calls[k] = v;
    return {
      kind: 'mcptrace-diff-baseline/1',
      captures,
      sessions: this.sessions.size,
      messages: this.messages,
      surface: this.surface,
      answers: Object.fromEntries(this.answers),
      calls,
      findings: Object.fromEntries([...this.findings].sort(([a], [b]) => a.localeCompare(b))),
      causes,
    };
  }

  private count(label: string, o: Outcome, latencyMs: number | null): void {
    let s = this.calls.get(label);
    if (!s) this.calls.set(label, (s = { calls: 0, failures: 0, latencies: [] }));
    s.calls++;
    if (o.status !== 'ok') s.failures++;
    if (latencyMs === null) return;
    // A uniform sample (reservoir): the n-th latency replaces a kept one with probability MAX / n.
    if (s.latencies.length < MAX_LATENCIES) s.latencies.push(latencyMs);
    else {
      const i = Math.floor(this.random() * s.calls);
      if (i < MAX_LATENCIES) s.latencies[i] = latencyMs;
    }
  }

  private keep(key: string, o: Outcome): void {
    let list = this.answers.get(key);
    if (!list) {
      if (this.answers.size >= MAX_KEYS) return;
      this.answers.set(key, (list = []));
    }
    if (list.length < MAX_ANSWERS_PER_KEY) list.push(o);
  }

  private showSurface(method: string, result: Msg | undefined, revision: string | null): void {
    if (!result) return;
    if (HANDSHAKES.includes(method)) {
      this.surface.revision ??= typeof result.protocolVersion === 'string' ? result.protocolVersion : revision;
      const info = (result.serverInfo ?? (result._meta as Msg | undefined)?.['io.modelcontextprotocol/serverInfo']) as
        | Msg
        | undefined;
      if (info && this.surface.serverInfo === null)
        this.surface.serverInfo = { name: String(info.name ?? ''), version: String(info.version ?? '') };
      if (result.capabilities && typeof result.capabilities === 'object')
        this.surface.capabilities ??= result.capabilities as Msg;
      return;
    }
    const list = LISTS[method];
    const items = list ? result[list.items] : undefined;
    if (!list || !Array.isArray(items)) return;
    for (const item of items) {
      if (item === null || typeof item !== 'object') continue;
      const name = (item as Msg)[list.name];
      if (typeof name === 'string') this.surface[list.into][name] = item;
    }
  }
}

/** `tools/call echo`, `prompts/get greeting`, `resources/read` (URIs are too many to be a label), else the method. */
function labelOf(method: string, params: Msg | undefined): string {
  const name = params?.name;
  return (method === 'tools/call' || method === 'prompts/get') && typeof name === 'string'
    ? `${method} ${name}`
    : method;
}

/** `bytes`: the answer's wire size, which bounds its result's (no serialization to measure it). */
function outcomeOf(kind: 'response' | 'error', msg: Msg | null, bytes: number): Outcome {
  if (kind === 'error') {
    const code = (msg?.error as Msg | undefined)?.code;
    return typeof code === 'number' ? { status: 'error', code } : { status: 'error' };
  }
  const result = msg?.result;
  const o: Outcome = {
    status: result !== null && typeof result === 'object' && (result as Msg).isError === true ? 'isError' : 'ok',
  };
  if (result !== undefined && bytes <= MAX_KEPT_RESULT) o.result = result;
  return o;
}
