import type { Frame } from '../types.js';
import { type LineReader } from './frames.js';
import { type Line } from './lines.js';
/**
 * Each non-blank line is one frame whose text is the line exactly as logged. The line is not parsed:
 * the decode stage does that once, and reports a line that is not JSON as an `invalid` record.
 */
export declare class NdjsonReader implements LineReader {
    private readonly file;
    constructor(file: string);
    line(l: Line, out: Frame[]): void;
    end(): void;
}
/** Frames of an NDJSON line stream. */
export declare function readNdjson(lines: AsyncIterable<Line>, file: string): AsyncGenerator<Frame>;
