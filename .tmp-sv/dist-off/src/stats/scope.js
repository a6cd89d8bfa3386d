import { CappedMap } from './capped-map.js';
import { LatencySketch } from './quantiles.js';
export const MESSAGE_KINDS = ['request', 'response', 'error', 'notification', 'invalid'];
export const DIRECTIONS = ['c2s', 's2c', 'unknown'];
export const PRIMITIVE_KEYS = ['tools', 'resources', 'prompts', 'roots', 'sampling', 'elicitation', 'base', 'unknown'];
export const PHASES = ['initialization', 'operation', 'shutdown'];
/** Count, errors and latency for one method (or tool). */
export class MethodTally {
    count = 0;
    errors = 0;
    latency;
    constructor(exactSamples) {
        this.latency = new LatencySketch({ exactLimit: exactSamples });
    }
    toStats() {
        return { count: this.count, errors: this.errors, latencyMs: this.latency.summary() };
    }
}
function table(keys) {
    const t = {};
    for (const k of keys)
        t[k] = { messages: 0, bytes: 0 };
    return t;
}
function bump(c, bytes) {
    if (c === undefined)
        return; // a value outside the vocabulary: counted in totals only
    c.messages++;
    c.bytes += bytes;
}
function copy(t) {
    const out = {};
    for (const k of Object.keys(t))
        out[k] = { messages: t[k].messages, bytes: t[k].bytes };
    return out;
}
/** A fraction in [0, 1] rounded to 4 decimals; 0 for an empty whole. */
export function fraction(part, whole) {
    return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;
}
function shareOf(part, whole) {
    return { messages: part.messages, bytes: part.bytes, share: fraction(part.messages, whole.messages), byteShare: fraction(part.bytes, whole.bytes) };
}
/**
 * `messages` counts every record except transport events (those are traffic metadata, not JSON-RPC
 * messages, and have no bytes of their own); events are counted in `events` only and appear in no
 * breakdown. Invalid records are messages (they were on the wire) and are also counted in `invalid`.
 */
export class ScopeTally {
    messages = 0;
    bytes = 0;
    events = 0;
    answered = 0;
    orphans = 0;
    byKind = table(MESSAGE_KINDS);
    byDirection = table(DIRECTIONS);
    byPrimitive = table(PRIMITIVE_KEYS);
    byPhase = table(PHASES);
    methods;
    constructor(limits) {
        this.methods = new CappedMap(limits.maxKeys, () => new MethodTally(limits.exactSamples));
    }
    add(r) {
        if (r.kind === 'event') {
            this.events++;
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
            if (r.pair === null)
                this.orphans++;
            else
                this.answered++;
        }
        if (r.method === null || r.kind === 'invalid')
            return;
        const m = this.methods.get(r.method);
        if (r.kind === 'request' || r.kind === 'notification')
            m.count++;
        else {
            if (r.kind === 'error')
                m.errors++;
            if (r.latencyMs !== null)
                m.latency.add(r.latencyMs);
        }
    }
    /** The scope's statistics; `open` is the unanswered list restricted to this scope. */
    toStats(open) {
        const whole = { messages: this.messages, bytes: this.bytes };
        const p = this.byPhase;
        const lifecycle = { messages: p.initialization.messages + p.shutdown.messages, bytes: p.initialization.bytes + p.shutdown.bytes };
        const cancelled = open.filter((o) => o.cancelled).length;
        const methods = {};
        for (const [k, v] of this.methods.sortedEntries())
            methods[k] = v.toStats();
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
            methods,
        };
    }
}
//# sourceMappingURL=scope.js.map