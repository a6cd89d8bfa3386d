/**
 * Earliest and latest record by wire time (`wire.tsMs`), so merged or slightly reordered logs still give the
 * true span. Records with a `ts` but no wire time (clock strings that could not be placed) only decide
 * first/last when no record had a wire time, in input order, and then the duration is unknown.
 */
export class TimeSpanTracker {
    minMs = Infinity;
    maxMs = -Infinity;
    minTs = null;
    maxTs = null;
    firstTs = null;
    lastTs = null;
    add(r) {
        if (r.ts === null)
            return;
        this.firstTs ??= r.ts;
        this.lastTs = r.ts;
        const ms = r.wire.tsMs;
        if (ms === null || !Number.isFinite(ms))
            return;
        if (ms < this.minMs) {
            this.minMs = ms;
            this.minTs = r.ts;
        }
        if (ms >= this.maxMs) {
            this.maxMs = ms;
            this.maxTs = r.ts;
        }
    }
    toStats() {
        if (this.minTs !== null && this.maxTs !== null) {
            return { first: this.minTs, last: this.maxTs, durationMs: Math.round((this.maxMs - this.minMs) * 1000) / 1000 };
        }
        return { first: this.firstTs, last: this.lastTs, durationMs: null };
    }
}
//# sourceMappingURL=time-span.js.map