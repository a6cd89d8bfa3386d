const str = JSON.stringify;
/** A finite number as JSON, else `null` (JSON has no NaN/Infinity). `String(n)` equals JSON for finite n. */
function num(n) {
    return n !== null && Number.isFinite(n) ? String(n) : 'null';
}
function idJson(id) {
    if (id === null)
        return 'null';
    return typeof id === 'string' ? str(id) : num(id);
}
function nullableStr(s) {
    return s === null ? 'null' : str(s);
}
function capabilityJson(c) {
    if (c === null)
        return 'null';
    const neg = c.negotiated === null ? 'null' : c.negotiated ? 'true' : 'false';
    return `{"side":${str(c.side)},"path":${str(c.path)},"negotiated":${neg}}`;
}
function findingsJson(fs) {
    if (fs.length === 0)
        return '[]';
    let out = '[';
    for (let i = 0; i < fs.length; i++) {
        const f = fs[i];
        if (i > 0)
            out += ',';
        out += `{"rule":${str(f.rule)},"severity":${str(f.severity)},"message":${str(f.message)}}`;
    }
    return out + ']';
}
function eventJson(e) {
    return e.data === undefined ? `{"name":${str(e.name)}}` : `{"name":${str(e.name)},"data":${JSON.stringify(e.data)}}`;
}
/**
 * The message value: the logged wire text verbatim when the reader gave it (it is the exact JSON text of
 * this one message, so copying it is both faster and more faithful than re-serialising), else the parsed
 * value serialised. A text with a line break would break NDJSON framing, so it falls back too.
 */
function messageJson(r) {
    const text = r.wire.text;
    if (text !== null && text.indexOf('\n') === -1 && text.indexOf('\r') === -1)
        return text;
    return JSON.stringify(r.message) ?? 'null';
}
/**
 * One JSON line (no trailing newline) with the contract fields in contract order:
 * seq … findings, then `raw` (invalid records), `event` (transport events), `batch` (batch members), then `message`.
 */
export function recordToNdjson(r, opts) {
    let out = `{"seq":${num(r.seq)},"source":${str(r.source)},"session":${str(r.session)},"ts":${nullableStr(r.ts)}` +
        `,"dir":${str(r.dir)},"dirInferred":${r.dirInferred ? 'true' : 'false'},"kind":${str(r.kind)}` +
        `,"id":${idJson(r.id)},"method":${nullableStr(r.method)},"primitive":${nullableStr(r.primitive)}` +
        `,"feature":${nullableStr(r.feature)},"phase":${str(r.phase)},"capability":${capabilityJson(r.capability)}` +
        `,"pair":${num(r.pair)},"latencyMs":${num(r.latencyMs)},"bytes":${num(r.bytes)}` +
        `,"findings":${findingsJson(r.findings)}`;
    if (opts.body && r.raw !== undefined)
        out += `,"raw":${str(r.raw)}`;
    if (r.event !== undefined)
        out += `,"event":${eventJson(r.event)}`;
    if (r.batch !== undefined)
        out += `,"batch":{"index":${num(r.batch.index)},"size":${num(r.batch.size)}}`;
    if (opts.body)
        out += `,"message":${messageJson(r)}`;
    return out + '}';
}
//# sourceMappingURL=ndjson.js.map