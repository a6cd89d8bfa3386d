// A bounded fuzz run: random byte mutations of the real samples never throw out of the pipeline or any sink, every
// sink's output stays well-formed, and (line-based formats) every non-blank line becomes its messages' records.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AuditBuilder } from '../../src/audit/build.js';
import { AUDIT_RENDERERS } from '../../src/output/audit/renderers.js';
import { createPalette } from '../../src/output/color.js';
import { recordToJson } from '../../src/output/json.js';
import { recordToNdjson } from '../../src/output/ndjson.js';
import { Redactor } from '../../src/output/redact.js';
import { formatStatsJson } from '../../src/output/stats-json.js';
import { formatStatsMarkdown } from '../../src/output/stats-markdown.js';
import { formatStatsTable } from '../../src/output/stats-table.js';
import { formatTextFooter, formatTextHeader, formatTextRecord } from '../../src/output/text.js';
import { StatsCollector } from '../../src/stats/collector.js';
import { Analyzer } from '../../src/analyzer.js';
import { analyzeStream } from '../../src/analyze-stream.js';
import type { PipelineRecord } from '../../src/types.js';
import { SAMPLES, SEED, type Sample } from './support.js';

/** Bytes that break structure most often: line endings, brackets, quotes, escapes, NUL, ESC, invalid UTF-8. */
const NASTY = [0x0a, 0x0d, 0x7b, 0x7d, 0x5b, 0x5d, 0x22, 0x5c, 0x3a, 0x2c, 0x00, 0x1b, 0xff, 0xc3, 0x20, 0x30];

type Mutation = { op: 'set' | 'insert' | 'delete'; at: number; byte: number; len: number };

const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('set', 'insert', 'delete'),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  byte: fc.oneof(fc.constantFrom(...NASTY), fc.integer({ min: 0, max: 255 })),
  len: fc.integer({ min: 1, max: 40 }),
}) as fc.Arbitrary<Mutation>;

function mutate(bytes: Buffer, ms: readonly Mutation[]): Buffer {
  let b = bytes;
  for (const m of ms) {
    const at = Math.min(b.length, Math.floor(m.at * b.length));
    if (m.op === 'set' && at < b.length) {
      b = Buffer.from(b);
      b[at] = m.byte;
    } else if (m.op === 'insert') {
      b = Buffer.concat([b.subarray(0, at), Buffer.alloc(m.len, m.byte), b.subarray(at)]);
    } else if (m.op === 'delete') {
      b = Buffer.concat([b.subarray(0, at), b.subarray(Math.min(b.length, at + m.len))]);
    }
  }
  return b;
}

const plain = createPalette(false);
const color = createPalette(true);
const redactor = new Redactor();

/** Every sink over the records; throws whatever a sink throws. Returns the NDJSON lines. */
async function everySink(sample: Sample, bytes: Buffer): Promise<{ records: PipelineRecord[]; ndjson: string[] }> {
  const analyzer = new Analyzer({ inputFormat: sample.format });
  const records: PipelineRecord[] = [];
  const ndjson: string[] = [];
  const stats = new StatsCollector();
  const audit = new AuditBuilder({ inputs: [sample.name], failOn: 'error', tool: { name: 'mcptrace', version: 'test' } });
  async function* source() {
    yield bytes;
  }
  for await (const r of analyzeStream(analyzer, source(), sample.name)) {
    records.push(r);
    const shown = redactor.record(r);
    ndjson.push(recordToNdjson(r, { body: true }), recordToNdjson(shown, { body: true }));
    JSON.stringify(recordToJson(r, { body: true }));
    formatTextRecord(r, plain, { body: true });
    formatTextRecord(shown, color, { body: true });
    const info = analyzer.session(r.session);
    if (info) formatTextHeader(redactor.session(info), color);
    stats.add(r);
    audit.add(r);
  }
  const summary = analyzer.summary();
  formatTextFooter(summary.open, color);
  const s = stats.finish(summary.sessions, summary.open);
  formatStatsJson(s);
  formatStatsMarkdown(s);
  formatStatsTable(redactor.strings(s), color);
  const report = audit.report(redactor.summary(summary));
  for (const render of Object.values(AUDIT_RENDERERS)) render(report, { palette: plain });
  return { records, ndjson };
}

const isBlank = (l: string) => /^[ \t\r\f\v]*$/.test(l);

/** Non-blank physical lines (1-based numbers) as the line splitter numbers them. */
function nonBlankLines(bytes: Buffer): Set<number> {
  let text = bytes.toString('utf8');
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const lines = text === '' ? [] : text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  const out = new Set<number>();
  lines.forEach((l, i) => {
    if (!isBlank(l.endsWith('\r') ? l.slice(0, -1) : l)) out.add(i + 1);
  });
  return out;
}

describe.each(SAMPLES.map((s) => [s.name, s] as const))('fuzz %s', (_name, sample) => {
  it('mutated bytes never throw out of the pipeline or a sink, and every message has its record', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 12 }), async (ms) => {
        const bytes = mutate(sample.bytes, ms);
        const { records, ndjson } = await everySink(sample, bytes);
        for (const line of ndjson) expect(() => JSON.parse(line)).not.toThrow();
        expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => records[0].seq + i));
        if (sample.format === 'ndjson' || sample.format === 'envelope') {
          // One record per message: a line is one message, or a batch whose members share its line.
          const lines = nonBlankLines(bytes);
          const bySource = new Map<number, PipelineRecord[]>();
          for (const r of records) {
            const list = bySource.get(r.wire.line) ?? [];
            list.push(r);
            bySource.set(r.wire.line, list);
          }
          expect([...bySource.keys()].sort((a, b) => a - b)).toEqual([...lines].sort((a, b) => a - b));
          for (const [line, list] of bySource) {
            if (list.length === 1) continue;
            expect(list.map((r) => r.batch?.index), `records of line ${line} are the members of one batch`).toEqual(list.map((_, i) => i));
            expect(list.every((r) => r.batch?.size === list.length)).toBe(true);
          }
        } else {
          const total = bytes.toString('utf8').split('\n').length;
          for (const r of records) expect(r.wire.line + Math.max(0, r.wire.lines - 1)).toBeLessThanOrEqual(total);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 60), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : SEED },
    );
  });
});
