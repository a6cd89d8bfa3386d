// Decode stage: turns a frame into JSON-RPC messages (kind, id, method), one per batch element.
import { Buffer } from 'node:buffer';
const hasOwn = Object.hasOwn;
/** Decode one frame. A batch (JSON array) yields one Decoded per element. */
export function decodeFrame(frame) {
    if (frame.event) {
        return [{ frame, kind: 'event', id: null, method: null, message: null, text: null, bytes: frame.bytes }];
    }
    if (frame.error !== undefined) {
        return [invalid(frame, frame.text ?? '', 'invalid-frame', frame.error)];
    }
    let value = frame.value;
    if (value === undefined) {
        const text = frame.text ?? '';
        try {
            value = JSON.parse(text);
        }
        catch (err) {
            return [invalid(frame, text, 'invalid-json', `not valid JSON: ${err.message}`)];
        }
    }
    if (Array.isArray(value))
        return decodeBatch(frame, value);
    const text = frame.text !== null && frame.lines <= 1 && !frame.text.includes('\n') ? frame.text : null;
    return [classify(frame, value, text, frame.bytes)];
}
function decodeBatch(frame, items) {
    if (items.length === 0) {
        // JSON-RPC 2.0 §6: an empty array is an Invalid Request.
        return [invalid(frame, frame.text ?? '[]', 'invalid-jsonrpc', 'empty batch: an empty array is not a valid JSON-RPC message')];
    }
    return items.map((item, index) => {
        const d = classify(frame, item, null, Buffer.byteLength(JSON.stringify(item) ?? ''));
        d.batch = { index, size: items.length };
        return d;
    });
}
function invalid(frame, raw, rule, detail) {
    return { frame, kind: 'invalid', id: null, method: null, message: null, text: null, bytes: frame.bytes, raw, problem: { rule, detail } };
}
/** Classify a parsed value as request, notification, response or error (basic/index.mdx §Messages). */
export function classify(frame, value, text, bytes) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        const raw = text ?? JSON.stringify(value) ?? String(value);
        return invalid(frame, raw, 'invalid-jsonrpc', `not a JSON-RPC message: a ${describe(value)}, not an object`);
    }
    const msg = value;
    const rawId = hasOwn(msg, 'id') ? msg.id : undefined;
    const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
    const d = { frame, kind: 'invalid', id, method: null, message: value, text, bytes };
    const problems = [];
    if (msg.jsonrpc !== '2.0')
        problems.push(hasOwn(msg, 'jsonrpc') ? `"jsonrpc" is ${JSON.stringify(msg.jsonrpc)}, not "2.0"` : 'missing "jsonrpc": "2.0"');
    if (typeof msg.method === 'string') {
        d.method = msg.method;
        d.kind = hasOwn(msg, 'id') ? 'request' : 'notification';
        if (hasOwn(msg, 'result') || hasOwn(msg, 'error'))
            problems.push('a request or notification must not carry "result" or "error"');
    }
    else if (hasOwn(msg, 'result') || hasOwn(msg, 'error')) {
        d.kind = hasOwn(msg, 'error') ? 'error' : 'response';
        if (hasOwn(msg, 'result') && hasOwn(msg, 'error'))
            problems.push('a response must not set both "result" and "error"');
        if (d.kind === 'error')
            problems.push(...errorObjectProblems(msg.error));
    }
    else {
        const raw = text ?? JSON.stringify(value);
        return invalid(frame, raw, 'invalid-jsonrpc', 'not a JSON-RPC message: no "method", "result" or "error"');
    }
    if (rawId !== undefined && rawId !== null && id === null)
        problems.push(`id must be a string or an integer, not a ${describe(rawId)}`);
    if (rawId === null && d.kind === 'request')
        d.idProblem = 'null';
    else if (typeof rawId === 'number' && !Number.isInteger(rawId))
        d.idProblem = 'non-integer';
    if (problems.length > 0)
        d.problem = { rule: 'invalid-jsonrpc', detail: problems.join('; ') };
    return d;
}
function errorObjectProblems(error) {
    if (error === null || typeof error !== 'object' || Array.isArray(error))
        return ['"error" must be an object with "code" and "message"'];
    const e = error;
    const out = [];
    if (!Number.isInteger(e.code))
        out.push('error "code" must be an integer');
    if (typeof e.message !== 'string')
        out.push('error "message" must be a string');
    return out;
}
function describe(v) {
    if (v === null)
        return 'null';
    if (Array.isArray(v))
        return 'array';
    return typeof v;
}
//# sourceMappingURL=decode.js.map