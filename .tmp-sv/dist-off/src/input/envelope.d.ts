import type { Frame } from '../types.js';
import { type LineReader } from './frames.js';
import { type Line } from './lines.js';
/**
 * Parses each non-blank line and maps it with the envelope field table. A line that is not JSON, or not a
 * JSON object, becomes an error frame holding the line, so nothing is lost (DESIGN principles 3 and 4). A bare
 * JSON-RPC message line (with `jsonrpc`, or `method`/`id`/`result`/`error` and no envelope key) is read as is.
 */
export declare class EnvelopeReader implements LineReader {
    private readonly file;
    private readonly clock;
    constructor(file: string);
    line(l: Line, out: Frame[]): void;
    end(): void;
}
/** Frames of an envelope NDJSON line stream. */
export declare function readEnvelopes(lines: AsyncIterable<Line>, file: string): AsyncGenerator<Frame>;
