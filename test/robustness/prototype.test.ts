// No prototype pollution anywhere: logs full of `__proto__`, `constructor` and `prototype` (as keys, method and tool
// names, ids, session ids, error codes, capability keys, event names and data) go through the whole pipeline and every
// sink in this process; no prototype gains a property, and those names show up in the output as the ordinary names
// they are.
import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import { analyzeStream } from '../../src/analyze-stream.js';
import { AuditBuilder } from '../../src/audit/build.js';
import { AUDIT_RENDERERS } from '../../src/output/audit/renderers.js';
import { createPalette } from '../../src/output/color.js';
import { jsonDocument } from '../../src/output/json.js';
import { recordToNdjson } from '../../src/output/ndjson.js';
import { Redactor } from '../../src/output/redact.js';
import { formatStatsJson } from '../../src/output/stats-json.js';
import { formatStatsMarkdown } from '../../src/output/stats-markdown.js';
import { formatStatsTable } from '../../src/output/stats-table.js';
import { formatTextFooter, formatTextRecord } from '../../src/output/text.js';
import { StatsCollector } from '../../src/stats/collector.js';
import type { PipelineRecord } from '../../src/types.js';

const FILES = ['proto-keys.envelope.ndjson', 'proto-keys.ndjson', 'proto-keys.json'].map(
  (f) => `test/fixtures/broken/${f}`,
);
const plain = createPalette(false);

function prototypesUntouched(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(BASELINE);
  expect(Object.getOwnPropertyNames(Array.prototype).includes('polluted')).toBe(false);
  expect((Object.create(null) as Record<string, unknown>).polluted).toBeUndefined();
  expect(typeof {}.constructor).toBe('function');
}

const BASELINE = Object.getOwnPropertyNames(Object.prototype).sort();

describe.each(FILES.map((f) => [f] as const))('%s', (file) => {
  it('pollutes nothing and gives sane output in every sink', async () => {
    const analyzer = new Analyzer();
    const stats = new StatsCollector();
    const audit = new AuditBuilder({ inputs: [file], failOn: 'error', tool: { name: 'mcptrace', version: 'test' } });
    const redactor = new Redactor();
    const records: PipelineRecord[] = [];
    for await (const r of analyzeStream(analyzer, createReadStream(file), file)) {
      records.push(r);
      stats.add(r);
      audit.add(r);
      JSON.parse(recordToNdjson(r, { body: true }));
      JSON.parse(recordToNdjson(redactor.record(r), { body: true }));
      formatTextRecord(r, plain, { body: true });
    }
    const summary = analyzer.summary();
    const doc = JSON.parse(JSON.stringify(jsonDocument(records, summary.sessions, summary.open, { body: true })));
    formatTextFooter(summary.open, plain);
    const s = stats.finish(summary.sessions, summary.open);
    const statsJson = JSON.parse(formatStatsJson(s));
    formatStatsMarkdown(s);
    formatStatsTable(redactor.strings(s), plain);
    const report = audit.report(summary);
    for (const render of Object.values(AUDIT_RENDERERS)) render(report, { palette: plain });
    prototypesUntouched();

    // The names are ordinary keys of the statistics, with their counts.
    expect(Object.hasOwn(statsJson.methods, '__proto__')).toBe(true);
    expect(Object.hasOwn(statsJson.methods, 'constructor')).toBe(true);
    expect(statsJson.methods.constructor.count).toBeGreaterThan(0);
    expect(Object.hasOwn(statsJson.tools, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(statsJson.methods)).toBe(Object.prototype);
    // Ids and methods come through as strings, paired by their exact id.
    const toolCalls = records.filter((r) => r.method === 'tools/call' && r.kind === 'request');
    expect(toolCalls.map((r) => r.id)).toContain('constructor');
    const answered = records.filter((r) => r.kind === 'error' && r.id === 'constructor');
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.every((r) => r.pair !== null)).toBe(true);
    // Messages keep their own `__proto__` keys as data.
    const init = doc.records.find(
      (r: { method: string; kind: string }) => r.method === 'initialize' && r.kind === 'request',
    );
    expect(Object.hasOwn(init.message.params.capabilities, '__proto__')).toBe(true);
    expect(init.message.params.capabilities.__proto__).toEqual({ polluted: true });
    // Capability keys named after Object.prototype members are declared only when the log declares them.
    expect(report.sessions[0].capabilities.some((c) => c.path === '__proto__' && c.declared === true)).toBe(true);
  });
});

it('envelope event data and session ids named __proto__ stay data', async () => {
  const analyzer = new Analyzer();
  const records: PipelineRecord[] = [];
  for await (const r of analyzeStream(analyzer, createReadStream(FILES[0]), FILES[0])) records.push(r);
  const start = records.find((r) => r.kind === 'event' && r.event?.name === 'start')!;
  expect(Object.hasOwn(start.event!.data!, '__proto__')).toBe(true);
  expect(Object.getPrototypeOf(start.event!.data)).toBe(Object.prototype);
  expect(new Set(records.map((r) => r.session))).toEqual(
    new Set(['__proto__', 'constructor', 'prototype', 'hasOwnProperty']),
  );
  expect(analyzer.session('__proto__')?.key).toBe('__proto__');
  expect(analyzer.session('toString')).toBeUndefined();
  prototypesUntouched();
});
