// Pieces the audit formats share: severity order, finding groups per session, record summaries, slowest methods.
import { SEVERITY_RANK } from '../../audit/collector.js';
/** Most severe first: reports list errors before warnings before info. */
export const SEVERITIES = ['error', 'warning', 'info'];
export { SEVERITY_RANK };
/** Whether a finding of severity `s` makes the run fail at `failOn` (exit code 1, DESIGN principle 9). */
export function reachesFailOn(s, failOn) {
    return failOn !== 'none' && SEVERITY_RANK[s] >= SEVERITY_RANK[failOn];
}
const KIND_LABEL = {
    request: 'req', response: 'res', error: 'err', notification: 'ntf', invalid: 'bad', event: 'evt',
};
/**
 * Parts of the one-line summary of the record a finding is on, unescaped: arrow, kind label, id (string
 * ids quoted so `1` and `"1"` stay apart, DESIGN principle 2) and method. Empty parts are left out; an
 * end-of-input finding (no record details) has only `#seq`.
 */
export function recordSummaryParts(f) {
    const parts = [`#${f.seq}`];
    if (f.dir !== null)
        parts.push(f.dir === 'c2s' ? '→' : f.dir === 's2c' ? '←' : '·');
    if (f.kind !== null)
        parts.push(KIND_LABEL[f.kind]);
    if (f.id !== null)
        parts.push(typeof f.id === 'string' ? JSON.stringify(f.id) : String(f.id));
    if (f.method !== null)
        parts.push(f.method);
    return parts;
}
/**
 * Findings grouped by session, sessions in report order; sessions that only appear in findings (past the
 * collector's session limit) follow in order of first finding, so no listed finding is dropped.
 */
export function findingsBySession(report) {
    const out = new Map();
    for (const s of report.sessions)
        out.set(s.info.key, { key: s.info.key, file: s.info.file, session: s, findings: [] });
    for (const f of report.findings) {
        let g = out.get(f.session);
        if (!g) {
            g = { key: f.session, file: f.file, session: null, findings: [] };
            out.set(f.session, g);
        }
        g.findings.push(f);
    }
    return [...out.values()];
}
/** Findings of one severity, in seq order. */
export function ofSeverity(findings, s) {
    return findings.filter((f) => f.severity === s);
}
/** `1 error, 2 warnings, 0 info` */
export function countsText(c) {
    return `${c.error} ${c.error === 1 ? 'error' : 'errors'}, ${c.warning} ${c.warning === 1 ? 'warning' : 'warnings'}, ${c.info} info`;
}
/** Counts of a list of findings by severity. */
export function countFindings(findings) {
    const c = { error: 0, warning: 0, info: 0 };
    for (const f of findings)
        c[f.severity]++;
    return c;
}
/** `client 1.0` from clientInfo/serverInfo (unescaped); `?` when the handshake did not say. */
export function peerText(info) {
    const name = typeof info?.name === 'string' && info.name !== '' ? info.name : '?';
    return typeof info?.version === 'string' && info.version !== '' ? `${name} ${info.version}` : name;
}
/**
 * The `n` slowest entries by p95 latency (then max, then name), leaving out entries without a sample.
 * p95 rather than max: one outlier should not rank a method first.
 */
export function slowest(table, n) {
    const key = (l) => [l.p95 ?? -1, l.max ?? -1];
    return Object.entries(table)
        .filter(([, m]) => m.latencyMs.p95 !== null)
        .sort((a, b) => {
        const [ap, am] = key(a[1].latencyMs);
        const [bp, bm] = key(b[1].latencyMs);
        return bp - ap || bm - am || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    })
        .slice(0, n);
}
/** The rules of the report by id, with their spec URL and doc path. */
export function rulesById(report) {
    return new Map(report.rules.map((r) => [r.id, r]));
}
//# sourceMappingURL=parts.js.map