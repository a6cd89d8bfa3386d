import type { Frame } from '../types.js';
export declare class RawText {
    private readonly file;
    private readonly maxLines;
    private readonly maxBytes;
    private lines;
    private cur;
    private size;
    private start;
    /** After a syntax error: 'first' until the error's line ends, then 'rest'. */
    private phase;
    private message;
    private errLine;
    constructor(file: string, maxLines: number, maxBytes: number);
    /** A decoded piece of the current line (ending with its `\n` when the line ends). */
    add(text: string): void;
    /** Nothing is being read: lines kept so far belong to finished elements and can go. */
    settle(line: number): void;
    /**
     * Bounds memory on very long lines (a one-line document): when the kept text passes 1 MiB, it is dropped
     * and true is returned, so the caller releases the elements it holds for this line. An error
     * later on this line then holds only the text read after this point.
     */
    trimLongLine(line: number): boolean;
    /** The current line `line` has ended. `idle`: no element is being read, so its text can go. */
    newline(line: number, idle: boolean, out: Frame[]): void;
    /** A syntax error on line `errLine`: from now on everything read is raw text. */
    fail(message: string, errLine: number): void;
    /** An error found at end of input: the frame holds what was kept of the unfinished element. */
    failure(message: string, line: number): Frame;
    /** End of input in error mode: the error frame, or the last group of unread lines. */
    end(out: Frame[]): void;
    private flushRest;
    private frame;
    /** Kept lines without leading and trailing blank lines; null when all are blank. */
    private trimmed;
    private takeLine;
    private curSize;
}
