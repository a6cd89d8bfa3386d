// The records of the samples and the rule fixtures' bad logs, read in one run (one thread), input by input: what the
// collectors' merge tests split into parts, as `--jobs` splits a run into files.
import { createReadStream, readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { Analyzer, type AnalysisSummary } from '../../src/analyzer.js';
import { analyzeStream } from '../../src/analyze-stream.js';
import type { PipelineRecord } from '../../src/types.js';

/** Every sample (the transcript twice: keyed sessions of the same name in two inputs), then every rule's bad log. */
export function corpusFiles(): string[] {
  const violations = readdirSync('test/fixtures/violations', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(`test/fixtures/violations/${d.name}`)
        .filter((f) => f.startsWith('bad.'))
        .map((f) => `test/fixtures/violations/${d.name}/${f}`),
    )
    .sort();
  return [
    'samples/everything.envelope.ndjson',
    'samples/memory.envelope.ndjson',
    'samples/everything.ndjson',
    'samples/everything.transcript.txt',
    'samples/everything.json',
    'samples/everything.transcript.txt',
    ...violations,
  ];
}

export interface Corpus {
  files: string[];
  /** Each input's records, in the run's numbering. */
  inputs: PipelineRecord[][];
  summary: AnalysisSummary;
}

/** `files` read in one run, as `mcptrace audit FILES` reads them (every rule on); or logs given as text, by name. */
export async function readCorpus(
  files: readonly (string | { name: string; text: string })[] = corpusFiles(),
): Promise<Corpus> {
  const analyzer = new Analyzer();
  const inputs: PipelineRecord[][] = [];
  for (const f of files) {
    const [name, bytes] = typeof f === 'string' ? [f, createReadStream(f)] : [f.name, Readable.from([f.text])];
    const records: PipelineRecord[] = [];
    for await (const r of analyzeStream(analyzer, bytes, name)) records.push(r);
    inputs.push(records);
  }
  return { files: files.map((f) => (typeof f === 'string' ? f : f.name)), inputs, summary: analyzer.summary() };
}

/**
 * For each way to cut the inputs in two (after input k), and once with every input apart: the parts, as `--jobs`
 * gives files to workers.
 */
export function splits(inputs: readonly PipelineRecord[][]): Array<{ name: string; parts: PipelineRecord[][] }> {
  const out: Array<{ name: string; parts: PipelineRecord[][] }> = [];
  for (let k = 1; k < inputs.length; k++)
    out.push({ name: `after input ${k}`, parts: [inputs.slice(0, k).flat(), inputs.slice(k).flat()] });
  out.push({ name: 'every input apart', parts: inputs.map((r) => [...r]) });
  return out;
}
