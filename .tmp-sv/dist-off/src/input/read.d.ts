import type { Readable } from 'node:stream';
import type { Frame } from '../types.js';
import { type DetectOptions, type InputFormat } from './detect.js';
import type { LineReader } from './frames.js';
import { type Chunk } from './lines.js';
export interface ReadOptions {
    /** Display name of the input, copied to every frame (`-` for stdin). */
    file: string;
    /** Skip detection and read as this format. */
    format?: InputFormat;
    /** Told the format once it is known (detected or given), before the first frame. */
    onFormat?: (format: InputFormat) => void;
    detect?: DetectOptions;
}
/** A line reader for a line-based format. */
export declare function lineReader(format: Exclude<InputFormat, 'json'>, file: string): LineReader;
/**
 * Reads an input into frames, in input order. Each frame is yielded as soon as its last line has arrived:
 * the work per chunk is synchronous, and nothing waits for more input than the record needs (a live
 * `server | mcptrace annotate -` prints each message when its line ends). Never throws on bad input;
 * errors of the byte source itself (e.g. a read error) propagate.
 */
export declare function readFrames(input: AsyncIterable<Chunk>, opts: ReadOptions): AsyncGenerator<Frame>;
/** A byte stream for a path: a file read stream, or stdin for `-`. */
export declare function openInput(path: string, opts?: {
    highWaterMark?: number;
}): Readable;
