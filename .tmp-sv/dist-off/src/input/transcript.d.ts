import type { Frame } from '../types.js';
import { type LineReader } from './frames.js';
import { type Line } from './lines.js';
export interface TranscriptLimits {
    /** Physical lines one record may span before it is cut off as unterminated (default 10,000). */
    maxLines?: number;
    /** UTF-8 bytes one record may span before it is cut off (default 16 MiB). */
    maxBytes?: number;
}
/**
 * A pure state machine over lines. Single-line records are emitted when their line is read; a pretty-printed
 * value is emitted when its closing bracket arrives. A value that never closes is cut off when a line starts
 * a new record (a record header can never continue valid JSON), at end of input, or at the size limits, and
 * becomes an error frame holding its raw lines. Lines outside any record are kept as error frames, grouped.
 */
export declare class TranscriptReader implements LineReader {
    private readonly file;
    private readonly clock;
    private readonly maxLines;
    private readonly maxBytes;
    private session;
    private p;
    constructor(file: string, limits?: TranscriptLimits);
    line(l: Line, out: Frame[]): void;
    end(out: Frame[]): void;
    /** Feeds a line to the open record; false when the line is not part of it (and must start a new one). */
    private continueRecord;
    private startRecord;
    private open;
    private openValue;
    private append;
    /** Scans the newest part of the value; emits the record when it closes. Always consumes the line. */
    private scan;
    private checkLimits;
    private complete;
    /** Ends the open record as an error frame; trailing blank lines are left out (they are skipped lines). */
    private cut;
    private time;
}
/** Frames of a transcript line stream. */
export declare function readTranscript(lines: AsyncIterable<Line>, file: string, limits?: TranscriptLimits): AsyncGenerator<Frame>;
