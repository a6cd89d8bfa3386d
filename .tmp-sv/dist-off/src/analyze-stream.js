// The streaming edge of the pipeline: bytes in, annotated records out as soon as each line is read.
import { Analyzer } from './analyzer.js';
import { readFrames } from './input/index.js';
/** Reads, frames and annotates one byte stream (a file or stdin) of a run. */
export async function* analyzeStream(analyzer, bytes, file = '-') {
    const input = analyzer.input(file);
    for await (const frame of readFrames(bytes, { file, format: analyzer.opts.inputFormat })) {
        yield* input.push(frame);
    }
    input.end();
}
/** Annotates a whole stream and collects the records and the end-of-input summary. */
export async function analyze(bytes, opts = {}) {
    const a = new Analyzer(opts);
    const records = [];
    for await (const r of analyzeStream(a, bytes, opts.file ?? '-'))
        records.push(r);
    return { records, ...a.summary() };
}
//# sourceMappingURL=analyze-stream.js.map