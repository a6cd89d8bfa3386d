// Number formatting shared by the text sinks: latencies, counts, shares — locale-independent and deterministic.
/** Latency for people: `34ms`, `0.4ms` below 10 ms, `12.3s` from 10 s; `-` for null. */
export function formatMs(ms) {
    if (ms === null)
        return '-';
    if (Math.abs(ms) >= 10_000)
        return `${(ms / 1000).toFixed(1)}s`;
    if (!Number.isInteger(ms) && Math.abs(ms) < 10)
        return `${ms.toFixed(1)}ms`;
    return `${Math.round(ms)}ms`;
}
/** An integer with `,` thousands separators (fixed, whatever the process locale). */
export function formatCount(n) {
    const s = String(Math.trunc(Math.abs(n)));
    const grouped = s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return n < 0 ? '-' + grouped : grouped;
}
/** A fraction in [0, 1] as a percentage with one decimal: `0.4286` → `42.9%`. */
export function formatPercent(fraction) {
    return `${(fraction * 100).toFixed(1)}%`;
}
//# sourceMappingURL=numbers.js.map