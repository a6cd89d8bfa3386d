// Chains of a modern session: multi round-trip requests (MRTR), version retries after -32022, and subscription streams.
import type { Decoded } from '../decode/decode.js';
import { INPUT_REQUESTS, META, MODERN_ERRORS } from '../protocol/modern.js';
import type { InputRequestRef, PipelineRecord } from '../types.js';
import { declaredIn } from './capability.js';
import { envelopeOf } from './era.js';
import type { ChainTimes, PendingRequest } from './pending.js';
import type { SessionState } from './state.js';

// basic/patterns/mrtr.mdx: an `input_required` result ends its request; the client retries with a NEW id, echoing
// `requestState` byte for byte and answering under the keys of `inputRequests`. There is no correlation id, so a leg
// is linked to its chain by, strongest first (spec-2026-07-28 §3): the echoed `requestState`; else the same method and
// salient params (`name`/`uri`) with `inputResponses` under the keys asked for. A -32022 answer is followed by the
// same request under another version (basic/versioning.mdx): linked by method and salient params.
//
// Every modern request is one logical operation: its records carry `chain: {first, round}` from the start (a log is
// read as a stream, and whether a request will need more rounds is not known when it is printed), round 1 for a
// request that continues nothing; a retry continues its chain with the next round, and answers carry their request's.

/** A chain waiting for its next leg: the answer of its last leg asked for a retry. */
export interface OpenChain {
  first: number;
  round: number;
  /** The JSON-RPC id of the leg that was answered (a retry MUST use another). */
  id: string | number;
  method: string;
  /** `name` or `uri` of the request: the retry is "the same logical request". */
  salient: string | null;
  /** The state the retry must echo, when the server issued one. */
  requestState: string | null;
  /** Keys of `inputRequests` the retry must answer. */
  inputKeys: readonly string[];
  /** What asked for the retry: an `input_required` result, or a -32022 answer. */
  why: 'input' | 'version';
  /** Seq and time of that answer (client time runs from it to the retry). */
  answerSeq: number;
  answerMs: number | null;
  /** The operation's times up to that answer (server time includes its leg), null without times. */
  times: ChainTimes | null;
}

/** Open chains per session, oldest first; bounded (a client that never retries leaves them behind). */
const OPEN_LIMIT = 256;

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

function salientOf(params: Record<string, unknown> | null): string | null {
  const v = params?.name ?? params?.uri;
  return typeof v === 'string' ? v : null;
}

/**
 * The chain a modern request belongs to (removing the open chain it continues), and the open chain it continues when
 * there was one (for client time and the retry rules).
 */
export function chainOfRequest(
  d: Decoded,
  s: SessionState,
  seq: number,
): { chain: { first: number; round: number }; continues: OpenChain | null } {
  const params = obj(obj(d.message)?.params);
  const state = typeof params?.requestState === 'string' ? params.requestState : null;
  const responses = obj(params?.inputResponses);
  const salient = salientOf(params);
  const open = s.openChains;
  let i = -1;
  // The echoed state links a retry of the same logical request only: state on another request is not its retry
  // (client requirement 4: requestState "MUST NOT be used for any other request"; mrtr-retry-mismatch says so).
  if (state !== null)
    i = open.findIndex((c) => c.requestState === state && c.method === d.method && c.salient === salient);
  if (i < 0) {
    // Without the echoed state: the newest chain of this method and target that this request answers — a version
    // retry, or a request with `inputResponses` for the keys asked (whose state, if one was issued, it dropped or
    // altered: mrtr-retry-mismatch says so), or, with no state either side, a request of neither.
    for (let k = open.length - 1; k >= 0 && i < 0; k--) {
      const c = open[k]!;
      if (c.method !== d.method || c.salient !== salient) continue;
      if (
        c.why === 'version'
          ? state === null && c.requestState === null
          : responses !== null
            ? c.inputKeys.every((key) => Object.hasOwn(responses, key))
            : false
      )
        i = k;
    }
  }
  if (i < 0 && responses !== null) {
    // A partial retry (mrtr.mdx §Error Handling: the client "fails to send all the information requested"; keys it
    // was not asked for the server "SHOULD ignore"): the newest chain of this method and target that asked for one of
    // the keys it answers, or any when it answers none.
    const keys = Object.keys(responses);
    for (let k = open.length - 1; k >= 0 && i < 0; k--) {
      const c = open[k]!;
      if (
        c.why === 'input' &&
        c.method === d.method &&
        c.salient === salient &&
        (keys.length === 0 || keys.some((key) => c.inputKeys.includes(key)))
      )
        i = k;
    }
  }
  if (i < 0) return { chain: { first: seq, round: 1 }, continues: null };
  const c = open.splice(i, 1)[0]!;
  return { chain: { first: c.first, round: c.round + 1 }, continues: c };
}

/** After a modern answer: an `input_required` result or a -32022 error opens its chain for a retry. */
export function noteAnswer(d: Decoded, s: SessionState, r: PipelineRecord, p: PendingRequest): void {
  if (p.chain === null) return;
  const m = obj(d.message);
  const result = obj(m?.result);
  let why: OpenChain['why'] | null = null;
  if (d.kind === 'response' && result?.resultType === 'input_required') why = 'input';
  else if (d.kind === 'error' && obj(m?.error)?.code === MODERN_ERRORS.unsupportedVersion) why = 'version';
  const times = p.chainTimes ?? null;
  const legMs = r.latencyMs;
  const upTo: ChainTimes | null =
    times === null || legMs === null ? null : { ...times, serverMs: times.serverMs + legMs };
  if (why === null) {
    // The terminal answer of an operation of several rounds sums it up.
    if (p.chain.round > 1) {
      const total = upTo === null || r.wire.tsMs === null ? null : round3(r.wire.tsMs - upTo.startMs);
      r.operation = {
        first: p.chain.first,
        rounds: p.chain.round,
        latencyMs: total,
        serverMs: upTo && round3(upTo.serverMs),
        clientMs: upTo && round3(upTo.clientMs),
      };
    }
    return;
  }
  const params = obj(obj(p.message)?.params);
  s.openChains.push({
    first: p.chain.first,
    round: p.chain.round,
    id: p.id,
    method: p.method,
    salient: salientOf(params),
    requestState: typeof result?.requestState === 'string' ? result.requestState : null,
    inputKeys: Object.keys(obj(result?.inputRequests) ?? {}),
    why,
    answerSeq: r.seq,
    answerMs: r.wire.tsMs,
    times: upTo,
  });
  if (s.openChains.length > OPEN_LIMIT) s.openChains.shift();
  if (why === 'input') r.inputs = inputRefs(result!, p);
}

/** The times of a new leg: from its chain's (a retry adds the client's gap since the answer that asked for it). */
export function legTimes(continues: OpenChain | null, tsMs: number | null): ChainTimes | null {
  if (tsMs === null) return null;
  if (continues === null) return { startMs: tsMs, serverMs: 0, clientMs: 0 };
  const t = continues.times;
  if (t === null || continues.answerMs === null) return null;
  return { startMs: t.startMs, serverMs: t.serverMs, clientMs: t.clientMs + Math.max(0, tsMs - continues.answerMs) };
}

const round3 = (n: number): number => Math.round(n * 1000) / 1000;

/**
 * The input requests an `input_required` result embeds, each with its primitive and the client capability it needs,
 * checked against the triggering request's own `_meta` clientCapabilities (never an earlier request's: "Servers MUST
 * NOT infer capabilities from prior requests", schema.ts RequestMetaObject). Unknown methods get a null primitive.
 */
function inputRefs(result: Record<string, unknown>, p: PendingRequest): InputRequestRef[] | undefined {
  const asked = obj(result.inputRequests);
  if (asked === null) return undefined;
  const declared = obj(envelopeOf(p.message)?.[META.clientCapabilities]);
  const out: InputRequestRef[] = [];
  for (const [key, v] of Object.entries(asked)) {
    const method = typeof obj(v)?.method === 'string' ? (obj(v)!.method as string) : null;
    const info = method === null ? undefined : INPUT_REQUESTS[method];
    const path = info === undefined ? null : capabilityPath(method!, obj(obj(v)?.params), info.capability);
    out.push({
      key,
      method,
      primitive: info?.primitive ?? null,
      capability:
        path === null
          ? null
          : { side: 'client', path, negotiated: declared === null ? false : declaredIn(declared, path) },
    });
  }
  return out;
}

/**
 * The client capability an embedded request needs (spec-2026-07-28 §1.3): URL-mode elicitation `elicitation.url`, form
 * mode `elicitation.form` (an empty `elicitation: {}` declares form mode, capabilities.ts); sampling with tools
 * `sampling.tools`; else the primitive's capability.
 */
function capabilityPath(method: string, params: Record<string, unknown> | null, base: string): string {
  if (method === 'elicitation/create') return params?.mode === 'url' ? 'elicitation.url' : 'elicitation.form';
  if (method === 'sampling/createMessage' && (params?.tools != null || params?.toolChoice != null))
    return 'sampling.tools';
  return base;
}

/**
 * A subscription stream tied together (basic/patterns/subscriptions.mdx): the acknowledgement and the notifications
 * tagged with `_meta.subscriptionId` carry the chain of the `subscriptions/listen` request whose id it is.
 */
export function chainOfTagged(d: Decoded, s: SessionState): { first: number; round: number } | undefined {
  const id = obj(obj(obj(d.message)?.params)?._meta)?.[META.subscriptionId];
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  const listen = s.pending.get('c2s', id);
  return listen?.method === 'subscriptions/listen' ? (listen.chain ?? undefined) : undefined;
}
