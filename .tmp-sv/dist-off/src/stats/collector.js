// Streams annotated records into bounded counters and produces the `Stats` for the stats command.
import { errorCodeName } from '../protocol/errors.js';
import { CappedMap } from './capped-map.js';
import { MethodTally, ScopeTally } from './scope.js';
import { SessionTable } from './sessions.js';
import { TimeSpanTracker } from './time-span.js';
class ToolTally extends MethodTally {
    isError = 0;
    toStats() {
        return { count: this.count, errors: this.errors, isError: this.isError, latencyMs: this.latency.summary() };
    }
}
const NO_CODE = '(none)';
function toolName(message) {
    const name = message?.params?.name;
    return typeof name === 'string' ? name : '(unnamed)';
}
function errorCode(message) {
    const code = message?.error?.code;
    return typeof code === 'number' && Number.isFinite(code) ? code : null;
}
function isErrorResult(message) {
    return message?.result?.isError === true;
}
/**
 * Memory is bounded by the options, not by input size: counters per key, capped key tables, latency
 * sketches (exact up to `exactSamples`, then a log-bucketed histogram with ≤1% relative error, see
 * quantiles.ts), and a capped map of `tools/call` request seq → tool name that forgets each entry once its
 * response arrives.
 */
export class StatsCollector {
    all;
    sessions;
    tools;
    errors;
    pendingTools = new Map();
    maxPendingTools;
    errorName;
    span = new TimeSpanTracker();
    constructor(opts = {}) {
        const run = { maxKeys: opts.maxKeys ?? 1000, exactSamples: opts.exactSamples ?? 2048 };
        const perSession = { maxKeys: opts.sessionMaxKeys ?? 200, exactSamples: opts.sessionExactSamples ?? 256 };
        this.all = new ScopeTally(run);
        this.sessions = new SessionTable(opts.maxSessions ?? 1000, perSession);
        this.tools = new CappedMap(run.maxKeys, () => new ToolTally(run.exactSamples));
        this.errors = new CappedMap(run.maxKeys, () => ({ code: null, count: 0 }));
        this.maxPendingTools = opts.maxPendingTools ?? 10_000;
        this.errorName = opts.errorName ?? errorCodeName;
    }
    /** Entries currently held in the tools/call pending map (for tests of the bound). */
    get pendingToolCount() {
        return this.pendingTools.size;
    }
    add(r) {
        this.all.add(r);
        this.sessions.add(r);
        this.span.add(r);
        if (r.kind === 'request' && r.method === 'tools/call')
            this.toolRequest(r);
        else if ((r.kind === 'response' || r.kind === 'error') && r.pair !== null)
            this.toolResponse(r, r.pair);
        if (r.kind === 'error') {
            const code = errorCode(r.message);
            const e = this.errors.get(code === null ? NO_CODE : String(code));
            e.code ??= code;
            e.count++;
        }
    }
    toolRequest(r) {
        const t = this.tools.get(toolName(r.message));
        t.count++;
        this.pendingTools.set(r.seq, t);
        if (this.pendingTools.size > this.maxPendingTools) {
            // Oldest first: Map iterates in insertion order. A response to it later counts only in `methods`.
            this.pendingTools.delete(this.pendingTools.keys().next().value);
        }
    }
    toolResponse(r, pair) {
        const t = this.pendingTools.get(pair);
        if (t === undefined)
            return;
        this.pendingTools.delete(pair);
        if (r.kind === 'error')
            t.errors++;
        else if (isErrorResult(r.message))
            t.isError++;
        if (r.latencyMs !== null)
            t.latency.add(r.latencyMs);
    }
    /** The statistics so far. `sessions` and `open` come from the session stage at end of input. */
    finish(sessions, open) {
        const base = this.all.toStats(open);
        const tools = {};
        for (const [k, v] of this.tools.sortedEntries())
            tools[k] = v.toStats();
        const errors = {};
        const byCode = (a, b) => (a === NO_CODE ? 1 : b === NO_CODE ? -1 : Number(a) - Number(b));
        for (const [k, v] of this.errors.sortedEntries(byCode)) {
            const name = v.code !== null && k !== '(other)' ? this.errorName(v.code) : k === NO_CODE ? 'no numeric code' : 'other codes';
            errors[k] = { count: v.count, name };
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
            sessions: this.sessions.toStats(sessions, open),
            timeSpan: this.span.toStats(),
        };
    }
}
//# sourceMappingURL=collector.js.map