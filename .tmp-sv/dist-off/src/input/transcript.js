import { errorFrame, eventFrame, normaliseEventName, parsedTextFrame, readLines, textFrame, utf8Length } from './frames.js';
import { JsonExtent } from './json-extent.js';
import { isBlank } from './lines.js';
import { isComment, isRecordStart, parseHeader } from './transcript-syntax.js';
import { ClockTimeline, isoTime, NO_TIME, secondsTime } from './time.js';
const VALUE_START = /^[{[]/;
const SCALAR_START = /^(?:["\d-]|true\b|false\b|null\b)/;
/**
 * A pure state machine over lines. Single-line records are emitted when their line is read; a pretty-printed
 * value is emitted when its closing bracket arrives. A value that never closes is cut off when a line starts
 * a new record (a record header can never continue valid JSON), at end of input, or at the size limits, and
 * becomes an error frame holding its raw lines. Lines outside any record are kept as error frames, grouped.
 */
export class TranscriptReader {
    file;
    clock = new ClockTimeline();
    maxLines;
    maxBytes;
    session = null;
    p = null;
    constructor(file, limits = {}) {
        this.file = file;
        this.maxLines = limits.maxLines ?? 10_000;
        this.maxBytes = limits.maxBytes ?? 16 * 1024 * 1024;
    }
    line(l, out) {
        if (this.p && this.continueRecord(l, out))
            return;
        this.startRecord(l, out);
    }
    end(out) {
        const p = this.p;
        if (!p)
            return;
        if (p.kind === 'orphan')
            this.cut(out, p.why);
        else if (p.json.length === 0)
            this.cut(out, 'a direction marker with no message after it');
        else
            this.cut(out, `unterminated JSON value at end of input (opened at line ${p.start})`);
    }
    /** Feeds a line to the open record; false when the line is not part of it (and must start a new one). */
    continueRecord(l, out) {
        const p = this.p;
        if (p.kind !== 'orphan' && p.json.length === 0) {
            // A marker alone on its line: the value may start on the next line.
            const t = l.text.trimStart();
            if (!VALUE_START.test(t) || isRecordStart(t)) {
                this.cut(out, 'a direction marker with no message after it');
                return false;
            }
            this.append(l, t);
            return this.scan(t, out);
        }
        if (isRecordStart(l.text) || (p.kind === 'orphan' && (isBlank(l.text) || isComment(l.text)))) {
            this.cut(out, p.kind === 'orphan' ? p.why : `unterminated JSON value: line ${l.line} starts a new record`);
            return false;
        }
        this.append(l, l.text);
        return p.kind === 'orphan' ? this.checkLimits(out) : this.scan(l.text, out);
    }
    startRecord(l, out) {
        const text = l.text;
        if (isBlank(text) || isComment(text))
            return;
        const at = { file: this.file, line: l.line, lines: 1 };
        const h = parseHeader(text);
        if (h === null || h.kind === 'time-only') {
            const ctx = { time: h ? this.time(h.time) : undefined, session: this.session };
            const why = h ? 'no direction marker after the timestamp' : 'no timestamp or direction marker';
            this.open('orphan', l, text, ctx, '', why);
            this.checkLimits(out);
            return;
        }
        const ctx = { time: this.time(h.time), dir: 'unknown', session: this.session };
        if (h.kind === 'session') {
            this.session = h.id;
            ctx.session = h.id;
            out.push(eventFrame(at, { name: 'session', data: { id: h.id } }, ctx));
            return;
        }
        if (h.kind === 'event') {
            const name = normaliseEventName(h.name);
            if (h.rest === '')
                out.push(eventFrame(at, { name }, ctx));
            else if (h.rest.startsWith('{'))
                this.openValue('event', l, h.rest, ctx, name, out);
            else
                out.push(errorFrame(at, text, `event "${name}" data must be a JSON object`, ctx));
            return;
        }
        ctx.dir = h.dir;
        if (h.rest === '')
            this.open('message', l, text, ctx, '', '');
        else if (VALUE_START.test(h.rest))
            this.openValue('message', l, h.rest, ctx, '', out);
        else if (SCALAR_START.test(h.rest))
            out.push(textFrame(at, h.rest, utf8Length(h.rest), ctx));
        else
            out.push(errorFrame(at, text, 'no JSON message after the direction marker', ctx));
    }
    open(kind, l, raw, ctx, name, why) {
        this.p = { kind, start: l.line, raw: [raw], json: [], bytes: l.bytes, blankTail: 0, ctx, name, why, extent: new JsonExtent() };
        return this.p;
    }
    openValue(kind, l, rest, ctx, name, out) {
        this.open(kind, l, l.text, ctx, name, '').json.push(rest);
        this.scan(rest, out);
    }
    append(l, json) {
        const p = this.p;
        p.raw.push(l.text);
        p.json.push(json);
        p.bytes += l.bytes + 1;
        p.blankTail = isBlank(l.text) ? p.blankTail + 1 : 0;
    }
    /** Scans the newest part of the value; emits the record when it closes. Always consumes the line. */
    scan(part, out) {
        if (this.p.extent.scan(part) >= 0)
            this.complete(out);
        else
            this.checkLimits(out);
        return true;
    }
    checkLimits(out) {
        const p = this.p;
        if (p.raw.length < this.maxLines && p.bytes < this.maxBytes)
            return true;
        // Cut off here; the lines that follow, up to the next record, are grouped as stray lines.
        const limit = `${this.maxLines} lines / ${this.maxBytes} bytes`;
        this.cut(out, p.kind === 'orphan' ? p.why : `JSON value not closed within ${limit}; reading resumes at the next record`);
        return true;
    }
    complete(out) {
        const p = this.p;
        this.p = null;
        const at = { file: this.file, line: p.start, lines: p.raw.length };
        const text = p.json.join('\n');
        if (p.kind === 'message') {
            out.push(p.raw.length === 1 ? textFrame(at, text, utf8Length(text), p.ctx) : parsedTextFrame(at, text, p.ctx));
            return;
        }
        let data;
        try {
            data = JSON.parse(text);
        }
        catch (err) {
            out.push(errorFrame(at, p.raw.join('\n'), `event "${p.name}" data is not valid JSON: ${err.message}`, p.ctx));
            return;
        }
        if (typeof data !== 'object' || data === null || Array.isArray(data)) {
            out.push(errorFrame(at, p.raw.join('\n'), `event "${p.name}" data must be a JSON object`, p.ctx));
            return;
        }
        out.push(eventFrame(at, { name: p.name, data: data }, p.ctx));
    }
    /** Ends the open record as an error frame; trailing blank lines are left out (they are skipped lines). */
    cut(out, why) {
        const p = this.p;
        this.p = null;
        const raw = p.blankTail > 0 ? p.raw.slice(0, p.raw.length - p.blankTail) : p.raw;
        out.push(errorFrame({ file: this.file, line: p.start, lines: raw.length }, raw.join('\n'), why, p.ctx));
    }
    time(t) {
        if (t === null)
            return NO_TIME;
        if (t.kind === 'iso')
            return isoTime(t.text);
        if (t.kind === 'clock')
            return this.clock.read(t.text) ?? NO_TIME;
        return secondsTime(Number(t.text));
    }
}
/** Frames of a transcript line stream. */
export function readTranscript(lines, file, limits) {
    return readLines(lines, new TranscriptReader(file, limits));
}
//# sourceMappingURL=transcript.js.map