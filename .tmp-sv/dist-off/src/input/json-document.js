// JSON document reader: read incrementally with stream-json's tokenizer; each listed element becomes a frame.
import { StringDecoder } from 'node:string_decoder';
import { Assembler } from 'stream-json/core/assembler.js';
import { BomSkipper, toBuffer } from './bom.js';
import { envelopeToFrame, isEnvelope } from './envelope-fields.js';
import { errorFrame, valueFrame } from './frames.js';
import { Tokenizer, tokenizerMessage } from './json-tokens.js';
import { RawText } from './raw-text.js';
import { ClockTimeline } from './time.js';
/** Keys of a top-level object that may hold the list of messages; the first one holding an array is read. */
export const CONTAINER_KEYS = new Set(['messages', 'records', 'events', 'entries', 'log', 'items']);
const LF = 0x0a;
/**
 * Pure core. Bytes are split at newlines before they reach the tokenizer, so every token is known to come
 * from the current physical line: an element's `line` is the line of its first token (its `{`), `lines`
 * runs to the line of its last. Accepted documents: an array of elements; an object whose first container
 * key holds an array of elements (other keys are skipped, not assembled); an object without one, which is
 * a single element (a pretty-printed message); and several such values one after another (`jq .` output).
 * A syntax error ends parsing: the element being read and the whole line of the error become an error frame
 * (elements that ended earlier on that line are part of it, so the result does not depend on how the bytes
 * were chunked), and the rest of the input follows as error frames of at most `maxLines` lines each, so
 * nothing is lost. Frames are released at the end of each line.
 */
export class JsonDocumentReader {
    file;
    tok = new Tokenizer({ jsonStreaming: true });
    decoder = new StringDecoder('utf8');
    bom = new BomSkipper();
    clock = new ClockTimeline();
    raw;
    line = 1;
    atLineStart = true;
    depth = 0;
    /** Depth at which the elements sit (1: top-level array; 2: array under a container key); -1 none. */
    containerDepth = -1;
    /** A top-level object being assembled until it turns out to hold a container (then it is dropped). */
    rootAsm = null;
    rootStart = 0;
    key = null;
    elem = null;
    elemStart = 0;
    failed = false;
    /** Elements that ended on the current line: released when the line ends, dropped if the line has an error. */
    held = [];
    constructor(file, limits = {}) {
        this.file = file;
        this.raw = new RawText(file, limits.maxLines ?? 10_000, limits.maxBytes ?? 16 * 1024 * 1024);
    }
    push(chunk, out) {
        const buf = this.bom.push(toBuffer(chunk));
        if (!buf)
            return;
        let start = 0;
        while (start < buf.length) {
            const nl = buf.indexOf(LF, start);
            const end = nl < 0 ? buf.length : nl + 1;
            this.feed(this.decoder.write(buf.subarray(start, end)), out);
            if (nl >= 0)
                this.newline(out);
            else
                this.atLineStart = false;
            start = end;
        }
    }
    end(out) {
        const held = this.bom.end();
        if (held)
            this.push(held, out);
        this.feed(this.decoder.end(), out);
        if (!this.failed) {
            try {
                this.tokens(this.tok.end());
            }
            catch (err) {
                const line = this.atLineStart ? Math.max(1, this.line - 1) : this.line;
                this.held = [];
                out.push(this.raw.failure(`JSON document ends early at line ${line}: ${tokenizerMessage(err)}`, line));
                return;
            }
            this.release(out);
        }
        this.raw.end(out);
    }
    feed(text, out) {
        if (text.length === 0)
            return;
        this.raw.add(text);
        if (this.failed)
            return;
        let tokens;
        try {
            tokens = this.tok.write(text);
        }
        catch (err) {
            this.failed = true;
            this.held = [];
            this.raw.fail(`malformed JSON document at line ${this.line}: ${tokenizerMessage(err)}`, this.line);
            return;
        }
        this.tokens(tokens);
        if (this.elem === null && this.rootAsm === null)
            this.raw.settle(this.line);
        // A very long line (a one-line document) releases its elements early; see RawText.trimLongLine.
        if (this.raw.trimLongLine(this.line))
            this.release(out);
    }
    newline(out) {
        this.release(out);
        this.raw.newline(this.line, this.elem === null && this.rootAsm === null && !this.failed, out);
        this.line++;
        this.atLineStart = true;
    }
    release(out) {
        for (let i = 0; i < this.held.length; i++)
            out.push(this.held[i]);
        this.held = [];
    }
    tokens(tokens) {
        for (let i = 0; i < tokens.length; i++)
            this.token(tokens[i]);
    }
    token(t) {
        const name = t.name;
        const opens = name === 'startObject' || name === 'startArray';
        const closes = name === 'endObject' || name === 'endArray';
        if (this.elem !== null) {
            this.elem.consume(t);
            if (opens)
                this.depth++;
            else if (closes)
                this.depth--;
            if (this.elem.done)
                this.element(this.elem.current, this.elemStart);
            return;
        }
        if (this.depth === this.containerDepth) {
            if (closes) {
                // The end of the element list.
                this.containerDepth = -1;
                if (--this.depth === 0)
                    this.endRoot();
                return;
            }
            this.elem = new Assembler();
            this.elemStart = this.line;
            this.elem.consume(t);
            if (opens)
                this.depth++;
            if (this.elem.done)
                this.element(this.elem.current, this.elemStart);
            return;
        }
        if (this.depth === 0) {
            this.topLevel(t);
            return;
        }
        // Inside a top-level object, outside its element list.
        if (this.rootAsm !== null) {
            if (this.depth === 1 && name === 'keyValue') {
                this.key = t.value;
            }
            else if (this.depth === 1 && name === 'startArray' && this.key !== null && CONTAINER_KEYS.has(this.key)) {
                this.rootAsm = null;
                this.depth = this.containerDepth = 2;
                return;
            }
            this.rootAsm.consume(t);
        }
        if (opens)
            this.depth++;
        else if (closes && --this.depth === 0)
            this.endRoot();
    }
    topLevel(t) {
        if (t.name === 'startArray') {
            this.depth = this.containerDepth = 1;
        }
        else if (t.name === 'startObject') {
            this.depth = 1;
            this.rootAsm = new Assembler();
            this.rootAsm.consume(t);
            this.rootStart = this.line;
            this.key = null;
        }
        else if ('value' in t) {
            const text = JSON.stringify(t.name === 'numberValue' ? Number(t.value) : t.value);
            const at = { file: this.file, line: this.line, lines: 1 };
            this.held.push(errorFrame(at, text, `a JSON document holds an array or object of messages, not a top-level ${t.name.replace('Value', '')}`));
        }
    }
    /** A top-level value has ended; an object that held no element list is itself one element. */
    endRoot() {
        const root = this.rootAsm;
        this.rootAsm = null;
        this.containerDepth = -1;
        this.key = null;
        if (root !== null)
            this.element(root.current, this.rootStart);
    }
    element(value, start) {
        this.elem = null;
        const at = { file: this.file, line: start, lines: this.line - start + 1 };
        this.held.push(isEnvelope(value) ? envelopeToFrame(value, at, () => JSON.stringify(value), this.clock) : valueFrame(at, value));
    }
}
/** Frames of a JSON document given as a byte stream. */
export async function* readJsonDocument(chunks, file) {
    const reader = new JsonDocumentReader(file);
    const out = [];
    for await (const chunk of chunks) {
        reader.push(chunk, out);
        for (let i = 0; i < out.length; i++)
            yield out[i];
        out.length = 0;
    }
    reader.end(out);
    yield* out;
}
//# sourceMappingURL=json-document.js.map