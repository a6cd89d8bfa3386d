import { describe, envelopeToFrame, isEnvelope, isPlainObject, looksLikeMessage } from './envelope-fields.js';
import { errorFrame, readLines, textFrame } from './frames.js';
import { isBlank } from './lines.js';
import { ClockTimeline } from './time.js';
/**
 * Parses each non-blank line and maps it with the envelope field table. A line that is not JSON, or not a
 * JSON object, becomes an error frame holding the line, so nothing is lost (DESIGN principles 3 and 4). A bare
 * JSON-RPC message line (with `jsonrpc`, or `method`/`id`/`result`/`error` and no envelope key) is read as is.
 */
export class EnvelopeReader {
    file;
    clock = new ClockTimeline();
    constructor(file) {
        this.file = file;
    }
    line(l, out) {
        if (isBlank(l.text))
            return;
        const at = { file: this.file, line: l.line, lines: 1 };
        let obj;
        try {
            obj = JSON.parse(l.text);
        }
        catch (err) {
            out.push(errorFrame(at, l.text, `not valid JSON: ${err.message}`));
            return;
        }
        if (!isPlainObject(obj)) {
            out.push(errorFrame(at, l.text, `not an envelope: the line is ${describe(obj)}, not a JSON object`));
            return;
        }
        if (!isEnvelope(obj) && looksLikeMessage(obj)) {
            // A bare JSON-RPC message among envelopes: the line is its wire text.
            out.push(textFrame(at, l.text, l.bytes));
            return;
        }
        out.push(envelopeToFrame(obj, at, () => l.text, this.clock));
    }
    end() { }
}
/** Frames of an envelope NDJSON line stream. */
export function readEnvelopes(lines, file) {
    return readLines(lines, new EnvelopeReader(file));
}
//# sourceMappingURL=envelope.js.map