import { Analyzer, type AnalysisSummary, type AnalyzerOptions } from './analyzer.js';
import type { PipelineRecord } from './types.js';
/** Reads, frames and annotates one byte stream (a file or stdin) of a run. */
export declare function analyzeStream(analyzer: Analyzer, bytes: AsyncIterable<Buffer | Uint8Array | string>, file?: string): AsyncGenerator<PipelineRecord>;
/** Annotates a whole stream and collects the records and the end-of-input summary. */
export declare function analyze(bytes: AsyncIterable<Buffer | Uint8Array | string>, opts?: AnalyzerOptions & {
    file?: string;
}): Promise<{
    records: PipelineRecord[];
} & AnalysisSummary>;
