/**
 * The same field set and key order as `recordToNdjson`: seq … findings, raw, event, batch, message.
 * Nested contract objects are copied so later mutation of the pipeline record cannot leak in.
 */
export function recordToJson(r, opts) {
    const o = {
        seq: r.seq,
        source: r.source,
        session: r.session,
        ts: r.ts,
        dir: r.dir,
        dirInferred: r.dirInferred,
        kind: r.kind,
        id: r.id,
        method: r.method,
        primitive: r.primitive,
        feature: r.feature,
        phase: r.phase,
        capability: r.capability === null ? null : { side: r.capability.side, path: r.capability.path, negotiated: r.capability.negotiated },
        pair: r.pair,
        latencyMs: r.latencyMs,
        bytes: r.bytes,
        findings: r.findings.map((f) => ({ rule: f.rule, severity: f.severity, message: f.message })),
    };
    if (opts.body && r.raw !== undefined)
        o.raw = r.raw;
    if (r.event !== undefined)
        o.event = r.event.data === undefined ? { name: r.event.name } : { name: r.event.name, data: r.event.data };
    if (r.batch !== undefined)
        o.batch = { index: r.batch.index, size: r.batch.size };
    if (opts.body)
        o.message = r.message === undefined ? null : r.message;
    return o;
}
/**
 * `{ records, sessions, unanswered }` for `--format json`. The CLI serialises it (JSON.stringify with its
 * own indent). `unanswered` holds every open request, cancelled ones included (flagged by `cancelled`).
 */
export function jsonDocument(records, sessions, open, opts) {
    const out = [];
    for (const r of records)
        out.push(recordToJson(r, opts));
    return { records: out, sessions: sessions.map((s) => ({ ...s })), unanswered: open.map((o) => ({ ...o })) };
}
//# sourceMappingURL=json.js.map