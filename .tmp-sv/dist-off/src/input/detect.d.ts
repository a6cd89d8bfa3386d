import { type Chunk } from './lines.js';
export declare const INPUT_FORMATS: readonly ['ndjson', 'envelope', 'transcript', 'json'];
export type InputFormat = (typeof INPUT_FORMATS)[number];
/** What one line says: a format, nothing (blank), a `#` comment, or nothing conclusive. */
export type LineVerdict = InputFormat | 'blank' | 'comment' | 'unknown';
/**
 * Classifies one line. `complete` is false for the first 64 KiB of a line whose end has not been read:
 * then `{` is judged by the top-level keys seen so far and `[` is taken for a one-line JSON document.
 */
export declare function classifyLine(text: string, complete?: boolean): LineVerdict;
/** Decides from lines fed in order; comments and blank lines are passed over. */
export declare class FormatDetector {
    private sawComment;
    /** True once a line other than blank or comment has been seen. */
    meaningful: boolean;
    line(text: string): InputFormat | null;
    /** The first meaningful line is too long to wait for: judge its start. */
    prefix(text: string): InputFormat;
    /** Nothing conclusive: a log of `#` comments is a transcript; anything else is read as NDJSON. */
    fallback(): InputFormat;
}
/** Detects the format of a text (its first lines decide). */
export declare function detectFormat(text: string): InputFormat;
export interface DetectOptions {
    /** Bytes read past the start of the first meaningful line before deciding anyway (default 64 KiB). */
    budget?: number;
    /** Bytes read in all before deciding anyway, e.g. for a long comment header (default 1 MiB). */
    maxPeek?: number;
}
/**
 * Detects the format of a stream: reads chunks only until a line decides (normally the first meaningful
 * one), then returns an iterable that replays the chunks read and continues with the rest of the stream.
 */
export declare function detectInput(input: AsyncIterable<Chunk>, opts?: DetectOptions): Promise<{
    format: InputFormat;
    input: AsyncIterable<Chunk>;
}>;
