// Shared by the property tests: the real samples, one run of the whole pipeline over bytes, and its output as text;
// the lines and messages the log properties generate, and what they check of a run.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect } from 'vitest';
import { Analyzer, type AnalyzerOptions } from '../../src/analyzer.js';
import { analyzeStream } from '../../src/analyze-stream.js';
import type { InputFormat } from '../../src/input/index.js';
import { recordToNdjson } from '../../src/output/ndjson.js';
import type { Frame, PipelineRecord } from '../../src/types.js';
import { expectLinesCovered, isBlankLine } from '../input/helpers.js';

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

/** Text of one line: any characters but line breaks. */
export const lineText = fc
  .string({ unit: 'grapheme', maxLength: 60 })
  .map((s) => s.replace(/[\r\n\u0085\u2028\u2029]/g, ' '));

/** A valid JSON-RPC message with its id drawn from `id`, as its JSON text would be parsed (no `-0`, no undefined). */
export function jsonRpcMessage(id: fc.Arbitrary<string | number>): fc.Arbitrary<unknown> {
  const method = fc.string({ minLength: 1, maxLength: 24 });
  const params = fc
    .option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined })
    .map((p) => (p === null || typeof p !== 'object' ? undefined : p));
  return fc
    .oneof(
      fc
        .record({ id, method, params })
        .map(({ id, method, params }) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })),
      fc
        .record({ method, params })
        .map(({ method, params }) => ({ jsonrpc: '2.0', method, ...(params ? { params } : {}) })),
      fc
        .record({ id, result: fc.jsonValue({ maxDepth: 3 }) })
        .map(({ id, result }) => ({ jsonrpc: '2.0', id, result })),
      fc
        .record({ id, code: fc.integer({ min: -32768, max: -32000 }), msg: lineText })
        .map(({ id, code, msg }) => ({ jsonrpc: '2.0', id, error: { code, message: msg } })),
    )
    .map((m) => JSON.parse(JSON.stringify(m)) as unknown);
}

const MESSAGE_KINDS = new Set(['request', 'response', 'error', 'notification']);

/** The messages of a run, in order, each with its direction. */
export function messagesOf(records: readonly PipelineRecord[]): Array<{ dir: string; value: unknown }> {
  return records.filter((r) => MESSAGE_KINDS.has(r.kind)).map((r) => ({ dir: r.dir, value: r.message }));
}

/** Every non-blank line of the input is in exactly one record. */
export function expectLinesInRecords(records: readonly PipelineRecord[], bytes: Buffer): void {
  expectLinesCovered(
    records.map((r) => ({ line: r.wire.line, lines: r.wire.lines }) as Frame),
    bytes,
    isBlankLine,
  );
}

/** A log's run: the messages written, in order and with their directions; no invalid record; every non-blank line in exactly one record. */
export function expectLogRead(
  records: readonly PipelineRecord[],
  bytes: Buffer,
  messages: ReadonlyArray<{ dir: string; value: unknown }>,
): void {
  expect(messagesOf(records)).toEqual(messages);
  expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
  expectLinesInRecords(records, bytes);
}
