import { readLines, textFrame } from './frames.js';
import { isBlank } from './lines.js';
/**
 * Each non-blank line is one frame whose text is the line exactly as logged. The line is not parsed:
 * the decode stage does that once, and reports a line that is not JSON as an `invalid` record.
 */
export class NdjsonReader {
    file;
    constructor(file) {
        this.file = file;
    }
    line(l, out) {
        if (isBlank(l.text))
            return;
        out.push(textFrame({ file: this.file, line: l.line, lines: 1 }, l.text, l.bytes));
    }
    end() { }
}
/** Frames of an NDJSON line stream. */
export function readNdjson(lines, file) {
    return readLines(lines, new NdjsonReader(file));
}
//# sourceMappingURL=ndjson.js.map