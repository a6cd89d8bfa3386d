// The input stage's entry point: open a file or stdin, detect its format, and read it into frames.
import { createReadStream } from 'node:fs';
import { detectInput } from './detect.js';
import { EnvelopeReader } from './envelope.js';
import { readJsonDocument } from './json-document.js';
import { LineSplitter } from './lines.js';
import { NdjsonReader } from './ndjson.js';
import { TranscriptReader } from './transcript.js';
/** A line reader for a line-based format. */
export function lineReader(format, file) {
    switch (format) {
        case 'ndjson':
            return new NdjsonReader(file);
        case 'envelope':
            return new EnvelopeReader(file);
        case 'transcript':
            return new TranscriptReader(file);
    }
}
/**
 * Reads an input into frames, in input order. Each frame is yielded as soon as its last line has arrived:
 * the work per chunk is synchronous, and nothing waits for more input than the record needs (a live
 * `server | mcptrace annotate -` prints each message when its line ends). Never throws on bad input;
 * errors of the byte source itself (e.g. a read error) propagate.
 */
export async function* readFrames(input, opts) {
    let format = opts.format;
    let source = input;
    if (format === undefined) {
        const detected = await detectInput(input, opts.detect);
        format = detected.format;
        source = detected.input;
    }
    opts.onFormat?.(format);
    if (format === 'json') {
        yield* readJsonDocument(source, opts.file);
        return;
    }
    const reader = lineReader(format, opts.file);
    const splitter = new LineSplitter();
    const lines = [];
    const out = [];
    for await (const chunk of source) {
        splitter.push(chunk, lines);
        for (let i = 0; i < lines.length; i++)
            reader.line(lines[i], out);
        lines.length = 0;
        for (let i = 0; i < out.length; i++)
            yield out[i];
        out.length = 0;
    }
    splitter.end(lines);
    for (const l of lines)
        reader.line(l, out);
    reader.end(out);
    yield* out;
}
/** A byte stream for a path: a file read stream, or stdin for `-`. */
export function openInput(path, opts = {}) {
    if (path === '-')
        return process.stdin;
    return createReadStream(path, { highWaterMark: opts.highWaterMark ?? 256 * 1024 });
}
//# sourceMappingURL=read.js.map