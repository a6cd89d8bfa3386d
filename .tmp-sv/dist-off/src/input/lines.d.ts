import { Buffer } from 'node:buffer';
/** One physical line of the input, without its line ending. */
export interface Line {
    /** The decoded text, without `\n` or the `\r` of a `\r\n`. */
    text: string;
    /** 1-based physical line number. */
    line: number;
    /** UTF-8 size of `text` (the line ending and a leading BOM are not counted). */
    bytes: number;
}
export type Chunk = Buffer | Uint8Array | string;
/**
 * Pure core of the splitter. Splits on the byte 0x0A, which never occurs inside a multi-byte UTF-8
 * sequence, so a character split over two chunks is decoded whole with its line. A line that spans
 * chunks is kept as a list of pieces and concatenated once, when its end arrives.
 */
export declare class LineSplitter {
    private pieces;
    private pendingBytes;
    private lineNo;
    private readonly bom;
    /** Number of lines produced so far. */
    get lines(): number;
    /** Bytes of the line not yet complete. */
    get pending(): number;
    /** Feeds one chunk; appends every line it completes to `out` (and returns `out`). */
    push(chunk: Chunk, out?: Line[]): Line[];
    /** Ends the input: the last line, if it had no line ending, is produced now. */
    end(out?: Line[]): Line[];
    /** The start of the incomplete line, decoded (at most `maxBytes`); for format detection only. */
    peekPending(maxBytes?: number): string;
    private split;
}
/** Thin async wrapper: yields each line as soon as its line ending (or the end of input) arrives. */
export declare function splitLines(chunks: AsyncIterable<Chunk>): AsyncGenerator<Line>;
/** True for an empty or whitespace-only line (readers skip these; they still count as lines). */
export declare function isBlank(text: string): boolean;
