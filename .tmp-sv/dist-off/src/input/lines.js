// The line splitter: byte chunks in, physical lines out (1-based numbers, UTF-8 decoded once per line).
import { Buffer } from 'node:buffer';
import { BomSkipper, toBuffer } from './bom.js';
const LF = 0x0a;
const CR = 0x0d;
/**
 * Pure core of the splitter. Splits on the byte 0x0A, which never occurs inside a multi-byte UTF-8
 * sequence, so a character split over two chunks is decoded whole with its line. A line that spans
 * chunks is kept as a list of pieces and concatenated once, when its end arrives.
 */
export class LineSplitter {
    pieces = [];
    pendingBytes = 0;
    lineNo = 0;
    bom = new BomSkipper();
    /** Number of lines produced so far. */
    get lines() {
        return this.lineNo;
    }
    /** Bytes of the line not yet complete. */
    get pending() {
        return this.pendingBytes;
    }
    /** Feeds one chunk; appends every line it completes to `out` (and returns `out`). */
    push(chunk, out = []) {
        const buf = this.bom.push(toBuffer(chunk));
        if (buf)
            this.split(buf, out);
        return out;
    }
    /** Ends the input: the last line, if it had no line ending, is produced now. */
    end(out = []) {
        const held = this.bom.end();
        if (held)
            this.split(held, out);
        if (this.pieces.length > 0) {
            const all = this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces, this.pendingBytes);
            this.pieces = [];
            this.pendingBytes = 0;
            out.push({ text: all.toString('utf8'), line: ++this.lineNo, bytes: all.length });
        }
        return out;
    }
    /** The start of the incomplete line, decoded (at most `maxBytes`); for format detection only. */
    peekPending(maxBytes = 64 * 1024) {
        if (this.pieces.length === 0)
            return '';
        const all = Buffer.concat(this.pieces, this.pendingBytes);
        return all.toString('utf8', 0, Math.min(all.length, maxBytes));
    }
    split(buf, out) {
        let start = 0;
        for (;;) {
            const nl = buf.indexOf(LF, start);
            if (nl < 0) {
                if (start < buf.length) {
                    // A copy: the source may reuse the chunk's memory once we return.
                    this.pieces.push(Buffer.from(buf.subarray(start)));
                    this.pendingBytes += buf.length - start;
                }
                return;
            }
            if (this.pieces.length === 0) {
                const end = nl > start && buf[nl - 1] === CR ? nl - 1 : nl;
                out.push({ text: buf.toString('utf8', start, end), line: ++this.lineNo, bytes: end - start });
            }
            else {
                this.pieces.push(buf.subarray(start, nl));
                const all = Buffer.concat(this.pieces, this.pendingBytes + nl - start);
                this.pieces = [];
                this.pendingBytes = 0;
                const end = all.length > 0 && all[all.length - 1] === CR ? all.length - 1 : all.length;
                out.push({ text: all.toString('utf8', 0, end), line: ++this.lineNo, bytes: end });
            }
            start = nl + 1;
        }
    }
}
/** Thin async wrapper: yields each line as soon as its line ending (or the end of input) arrives. */
export async function* splitLines(chunks) {
    const splitter = new LineSplitter();
    for await (const chunk of chunks) {
        const out = splitter.push(chunk);
        for (let i = 0; i < out.length; i++)
            yield out[i];
    }
    yield* splitter.end();
}
/** True for an empty or whitespace-only line (readers skip these; they still count as lines). */
export function isBlank(text) {
    if (text.length === 0)
        return true;
    const c = text.charCodeAt(0);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0c && c !== 0x0b)
        return false;
    return BLANK.test(text);
}
const BLANK = /^[ \t\r\f\v]*$/;
//# sourceMappingURL=lines.js.map