// A bounded fuzz run: random byte mutations of the real samples never throw out of the pipeline or any sink, every
// sink's output stays well-formed (each parsed by its own parser), and (line-based formats) every non-blank line
// becomes its messages' records.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { AuditBuilder } from '../../src/audit/build.js';
import { DEFAULT_AUDIT_LIMITS } from '../../src/audit/collector.js';
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
import { leftAlone, validateSarif } from '../helpers/sarif-multitool.js';
import { parseHtml } from '../output/audit/html-check.js';
import { sarifProblems } from '../output/audit/sarif-check.js';
import { markdownTables, mermaidBlocks, mermaidProblems, tableProblems } from '../output/audit/support.js';
import { elements, parseXml } from '../output/audit/xml-check.js';
import { SAMPLES, SEED, type Sample } from './support.js';
import { tempDir } from '../helpers/temp.js';

/**
 * Bytes that break structure most often: line endings, brackets, quotes, escapes, NUL, ESC, invalid UTF-8, and what
 * the reports must escape (`|` and a backtick in Markdown, `<` and `&` in HTML and XML).
 */
const NASTY = [
  0x0a, 0x0d, 0x7b, 0x7d, 0x5b, 0x5d, 0x22, 0x5c, 0x3a, 0x2c, 0x00, 0x1b, 0xff, 0xc3, 0x20, 0x30, 0x7c, 0x60, 0x3c,
  0x26,
];

/** What the reports must escape, inserted whole into strings of the log: a cell separator, code, markup, XML's end of CDATA. */
const MARKUP = ['a|b', '`c`', '<i>&amp;', ']]>&', '|<`&|'];

/** `quote`: inserts `text` just after the first `"` from `at` on, so it lands in a key or string value (or breaks one). */
type Mutation = { op: 'set' | 'insert' | 'delete' | 'quote'; at: number; byte: number; len: number; text: string };

const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('set', 'insert', 'delete', 'quote'),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  byte: fc.oneof(fc.constantFrom(...NASTY), fc.integer({ min: 0, max: 255 })),
  len: fc.integer({ min: 1, max: 40 }),
  text: fc.constantFrom(...MARKUP),
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
    } else if (m.op === 'quote') {
      const q = b.indexOf(0x22, at);
      if (q >= 0) b = Buffer.concat([b.subarray(0, q + 1), Buffer.from(m.text), b.subarray(q + 1)]);
    }
  }
  return b;
}

const plain = createPalette(false);
const FUZZ_LIMITS = { ...DEFAULT_AUDIT_LIMITS, sequenceHead: 20, sequenceTail: 10, bodyChars: 512 };
const color = createPalette(true);
const redactor = new Redactor();

/** Every sink over the records; throws whatever a sink throws. Returns the NDJSON lines and the documents. */
async function everySink(
  sample: Sample,
  bytes: Buffer,
): Promise<{ records: PipelineRecord[]; ndjson: string[]; findings: number; docs: Documents }> {
  const analyzer = new Analyzer({ inputFormat: sample.format });
  const records: PipelineRecord[] = [];
  const ndjson: string[] = [];
  const stats = new StatsCollector();
  // Shorter sequences and bodies than a real run keeps: the pages stay small enough to parse on every case (strict XML
  // parsing costs ~0.5 ms per KiB), and the cuts (elided steps, truncated bodies) come up more often.
  const audit = new AuditBuilder({
    inputs: [sample.name],
    failOn: 'error',
    tool: { name: 'mcptrace', version: '0.0.0-test' },
    limits: FUZZ_LIMITS,
  });
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
  const statsJson = formatStatsJson(s);
  const statsMarkdown = formatStatsMarkdown(s);
  formatStatsTable(redactor.strings(s), color);
  const report = audit.report(redactor.summary(summary));
  const reports = Object.fromEntries(
    Object.entries(AUDIT_RENDERERS).map(([format, render]) => [format, render(report, { palette: plain })]),
  );
  return {
    records,
    ndjson,
    findings: report.findings.length,
    docs: { ...(reports as Record<keyof typeof AUDIT_RENDERERS, string>), statsJson, statsMarkdown },
  };
}

type Documents = Record<keyof typeof AUDIT_RENDERERS | 'statsJson' | 'statsMarkdown', string>;

/**
 * Each document read by a parser of its format: JSON by JSON.parse, SARIF also by its structural check (and, for
 * the fuzzed case with the most findings per sample, the SARIF Multitool below), JUnit as strict XML, the HTML
 * page as XML after HTML's allowances (html-check.ts), Markdown by its tables (every row as many cells as its
 * header, pipes escaped) and Mermaid blocks. Counts are checked against the report, so an empty document fails.
 */
function expectWellFormed(docs: Documents, findings: number): void {
  JSON.parse(docs.json);
  JSON.parse(docs.statsJson);
  const sarif = JSON.parse(docs.sarif);
  expect(sarifProblems(sarif)).toEqual([]);
  // The findings' results, after the diagnosis's (rules `cause/<id>`).
  expect(sarif.runs[0].results.filter((r: { ruleId: string }) => !r.ruleId.startsWith('cause/'))).toHaveLength(
    findings,
  );
  const junit = parseXml(docs.junit);
  expect(junit.name).toBe('testsuites');
  expect(elements(junit, 'testcase').length).toBeGreaterThan(0);
  const html = parseHtml(docs.html);
  expect(elements(html, 'tr').filter((tr) => tr.attrs.class === 'finding')).toHaveLength(findings);
  for (const md of [docs.markdown, docs.statsMarkdown]) {
    expect(markdownTables(md).length).toBeGreaterThan(0);
    expect(tableProblems(md)).toEqual([]);
  }
  for (const block of mermaidBlocks(docs.markdown)) expect(mermaidProblems(block)).toEqual([]);
}

/** Cases whose reports carry text that had to be escaped: each parser above then had something to catch. */
let cases = 0;
const escaped: Record<string, number> = {};
const ESCAPED: Record<string, (docs: Documents) => boolean> = {
  markdown: (d) => /\\[|`]/.test(d.markdown + d.statsMarkdown),
  junit: (d) => /&(?:amp|lt);/.test(d.junit),
  html: (d) => /&(?:amp|lt);/.test(d.html),
};

/** Per sample, the SARIF of the fuzzed case with the most findings, for one Multitool run at the end. */
const sarifToValidate = new Map<string, { findings: number; text: string }>();

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
        const { records, ndjson, findings, docs } = await everySink(sample, bytes);
        cases++;
        for (const [format, has] of Object.entries(ESCAPED))
          if (has(docs)) escaped[format] = (escaped[format] ?? 0) + 1;
        expect(ndjson.length).toBe(2 * records.length);
        // Each line parsed without an assertion per line (an expect per line was a fifth of the run's time).
        for (const [i, line] of ndjson.entries()) {
          try {
            JSON.parse(line);
          } catch (e) {
            expect.fail(`NDJSON line ${i + 1} is not JSON (${(e as Error).message}): ${line.slice(0, 200)}`);
          }
        }
        expectWellFormed(docs, findings);
        if (findings >= (sarifToValidate.get(sample.name)?.findings ?? 0))
          sarifToValidate.set(sample.name, { findings, text: docs.sarif });
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
            expect(
              list.map((r) => r.batch?.index),
              `records of line ${line} are the members of one batch`,
            ).toEqual(list.map((_, i) => i));
            expect(list.every((r) => r.batch?.size === list.length)).toBe(true);
          }
        } else {
          const total = bytes.toString('utf8').split('\n').length;
          for (const r of records) expect(r.wire.line + Math.max(0, r.wire.lines - 1)).toBeLessThanOrEqual(total);
        }
      }),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 60),
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : SEED,
      },
    );
  });
});

describe('the fuzz, over all samples', () => {
  let dir = '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('put text the reports must escape into each of them often enough to mean something', () => {
    // The fuzz tests above ran first (a file's tests run in order). With the seeded cases: Markdown 21, JUnit 29,
    // HTML 153 of 300.
    expect(cases).toBe(SAMPLES.length * Number(process.env.FUZZ_RUNS ?? 60));
    for (const format of Object.keys(ESCAPED))
      expect(escaped[format] ?? 0, `${format}: cases with escaped text, of ${cases}`).toBeGreaterThanOrEqual(
        cases * 0.03,
      );
  });

  it('passes the SARIF Multitool: per sample, the fuzzed case with the most findings', async () => {
    // The fuzz tests above kept one report per sample.
    expect([...sarifToValidate.keys()].sort()).toEqual(SAMPLES.map((s) => s.name).sort());
    dir = tempDir('fuzz-sarif');
    const files = [...sarifToValidate].map(([name, { text }]) => {
      const file = join(dir, `${name}.sarif`);
      writeFileSync(file, text);
      return file;
    });
    const { findings, hashes } = await validateSarif(files, join(dir, 'validation.sarif.out'));
    expect(hashes.size).toBe(files.length);
    expect(findings.filter((f) => !leftAlone(f)).map((f) => `${f.file}: ${f.level} ${f.rule}: ${f.text}`)).toEqual([]);
  });
});
