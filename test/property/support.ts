// Shared by the property tests: the real samples, one run of the whole pipeline over bytes, and its output as text.
import { readFileSync } from 'node:fs';
import { Analyzer, type AnalyzerOptions } from '../../src/analyzer.js';
import { analyzeStream } from '../../src/analyze-stream.js';
import type { InputFormat } from '../../src/input/index.js';
import { recordToNdjson } from '../../src/output/ndjson.js';
import type { PipelineRecord } from '../../src/types.js';

export interface Sample {
  name: string;
  format: InputFormat;
  bytes: Buffer;
}

export const SAMPLES: Sample[] = [
  ['everything.ndjson', 'ndjson'],
  ['everything.envelope.ndjson', 'envelope'],
  ['memory.envelope.ndjson', 'envelope'],
  ['everything.transcript.txt', 'transcript'],
  ['everything.json', 'json'],
].map(([name, format]) => ({ name, format: format as InputFormat, bytes: readFileSync(`samples/${name}`) }));

/** Seed for every property: a failure is reproducible, and the suite sees the same cases on every run. */
export const SEED = 20_261_130;

export interface Run {
  records: PipelineRecord[];
  /** The records as the NDJSON contract, then the end-of-input summary, as one text. */
  text: string;
}

/** Runs the whole pipeline over the chunks of one input. */
export async function run(chunks: Iterable<Buffer>, opts: AnalyzerOptions = {}, file = 'sample'): Promise<Run> {
  const analyzer = new Analyzer(opts);
  const records: PipelineRecord[] = [];
  async function* source() {
    yield* chunks;
  }
  for await (const r of analyzeStream(analyzer, source(), file)) records.push(r);
  const lines = records.map((r) => recordToNdjson(r, { body: true }));
  lines.push(JSON.stringify(analyzer.summary()));
  return { records, text: lines.join('\n') };
}

/** `bytes` cut at the given offsets (sorted, deduplicated, inside the buffer). */
export function cut(bytes: Buffer, at: readonly number[]): Buffer[] {
  const points = [...new Set(at.filter((n) => n > 0 && n < bytes.length))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const p of points) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
}
