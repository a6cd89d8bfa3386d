// Shared frame builders and the line-reader contract that every line-based format reader implements.
import { Buffer } from 'node:buffer';
import { NO_TIME } from './time.js';
export const utf8Length = (s) => Buffer.byteLength(s, 'utf8');
/** A message frame carrying its wire text. */
export function textFrame(at, text, bytes, ctx = {}) {
    const time = ctx.time ?? NO_TIME;
    return { file: at.file, line: at.line, lines: at.lines, ts: time.ts, tsMs: time.tsMs, dir: ctx.dir ?? 'unknown', session: ctx.session ?? null, text, bytes };
}
/** A message frame carrying an already-parsed value (its size is that of its compact JSON). */
export function valueFrame(at, value, ctx = {}) {
    const frame = textFrame(at, '', utf8Length(JSON.stringify(value) ?? ''), ctx);
    frame.text = null;
    frame.value = value;
    return frame;
}
/**
 * A pretty-printed message: the text as logged (lines joined with `\n`), the parsed value so that decode
 * does not parse it again, and the size of its compact form — the bytes it takes on the wire, not in the log.
 * Text that is not valid JSON keeps its logged size and no value; decode reports it.
 */
export function parsedTextFrame(at, text, ctx = {}) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return textFrame(at, text, utf8Length(text), ctx);
    }
    const frame = textFrame(at, text, utf8Length(JSON.stringify(value)), ctx);
    frame.value = value;
    return frame;
}
/** A transport event frame: no message text, no bytes. */
export function eventFrame(at, event, ctx = {}) {
    const frame = textFrame(at, '', 0, ctx);
    frame.text = null;
    frame.event = event;
    return frame;
}
/** A framing problem: the raw text is kept so nothing is lost; decode turns it into an `invalid` record. */
export function errorFrame(at, raw, error, ctx = {}) {
    const frame = textFrame(at, raw, utf8Length(raw), ctx);
    frame.error = error;
    return frame;
}
/** Event names are compared in one spelling: lower case, words joined by `-` (`stdin_closed` → `stdin-closed`). */
export function normaliseEventName(name) {
    return name.trim().toLowerCase().replace(/[\s_]+/g, '-');
}
/** Runs a line reader over an async stream of lines: the thin wrapper around the pure core. */
export async function* readLines(lines, reader) {
    const out = [];
    for await (const line of lines) {
        reader.line(line, out);
        for (let i = 0; i < out.length; i++)
            yield out[i];
        out.length = 0;
    }
    reader.end(out);
    yield* out;
}
//# sourceMappingURL=frames.js.map