// Records without a whole body (a summary, a message the log cut): rules that read the body skip them, rules that need
// only kind, id and method still run, and none reports a cut the host made as broken JSON.
import { beforeEach, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import { METHODS } from '../../src/protocol/methods.js';
import { RULES } from '../../src/rules/registry.js';
import type { Direction, Frame, PipelineRecord } from '../../src/types.js';
import { cutOf, msg, req, resetLines, summaryOf } from '../helpers/frames.js';

function run(frames: Frame[], unrouted = false) {
  const a = new Analyzer({ unrouted });
  const input = a.input('t.log');
  const records: PipelineRecord[] = frames.flatMap((f) => input.push(f));
  input.end();
  return { records, ...a.summary() };
}

const all = (r: { records: PipelineRecord[]; findings: { rule: string }[] }) => [
  ...r.records.flatMap((x) => x.findings.map((f) => f.rule)),
  ...r.findings.map((f) => f.rule),
];

/** The rules whose trigger says they read the body. */
const BODY_RULES = new Set(RULES.filter((r) => r.on?.body).map((r) => r.meta.id));

beforeEach(resetLines);

describe('rules on records without a body', () => {
  it('a summary initialize is no "initialize request has no params.protocolVersion"', () => {
    const r = run([
      summaryOf('c2s', 'request', 0, 'initialize'),
      summaryOf('s2c', 'response', 0, null),
      summaryOf('c2s', 'notification', null, 'notifications/initialized'),
    ]);
    expect(all(r)).toEqual([]);
  });

  it('a summary notifications/cancelled is no "cancels no request"', () => {
    expect(all(run([summaryOf('c2s', 'notification', null, 'notifications/cancelled')]))).toEqual([]);
  });

  it('a cut message is never invalid-json or invalid-jsonrpc, and its params are not judged by the schema', () => {
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'x', arguments: { text: 'y'.repeat(400) } },
    };
    const r = run([cutOf('c2s', call, 70, 300), msg('s2c', { jsonrpc: '2.0', id: 1, result: { content: [] } })]);
    expect(r.records[0]).toMatchObject({ kind: 'request', truncated: true, findings: [] });
    expect(all(r)).toEqual([]);
  });

  it('rules that need only kind, id and method still run: pairing, duplicates, unanswered, unknown methods', () => {
    const r = run([
      summaryOf('c2s', 'request', 1, 'tools/list'),
      summaryOf('c2s', 'request', 1, 'prompts/list'),
      summaryOf('s2c', 'response', 9, null),
      summaryOf('c2s', 'request', 2, 'vendor/thing'),
    ]);
    expect(r.records.map((x) => x.findings.map((f) => f.rule))).toEqual([
      [],
      ['duplicate-request-id'],
      ['orphan-response'],
      ['unknown-method'],
    ]);
    // The reused id replaced the first request in the open table: two stay open.
    expect(r.findings.map((f) => f.rule)).toEqual(['unanswered-request', 'unanswered-request']);
  });

  it('summary requests the log gives no id for: the responses to them are no orphans, and initialize holds back nothing', () => {
    const r = run([
      summaryOf('c2s', 'request', null, 'initialize'),
      summaryOf('c2s', 'request', null, 'tools/list'),
      summaryOf('s2c', 'response', 0, null),
      summaryOf('s2c', 'response', 1, null),
      summaryOf('s2c', 'response', 2, null),
    ]);
    // Two requests without id: two answers are theirs, the third answers nothing the log holds.
    expect(r.records.map((x) => x.findings.map((f) => f.rule))).toEqual([[], [], [], [], ['orphan-response']]);
    expect(r.records.map((x) => x.pair)).toEqual([null, null, null, null, null]);
    expect(all(r)).toEqual(['orphan-response']);
  });

  it('every method as a summary or a cut message, each way, routed or not: no rule that reads bodies reports, nothing throws', () => {
    const frames: Frame[] = [];
    let id = 100;
    for (const m of METHODS) {
      for (const dir of ['c2s', 's2c'] as Direction[]) {
        frames.push(summaryOf(dir, m.kind, m.kind === 'request' ? id++ : null, m.method));
        const message =
          m.kind === 'request'
            ? req(id++, m.method, { x: 'y'.repeat(200) })
            : { jsonrpc: '2.0', method: m.method, params: { x: 'y'.repeat(200) } };
        frames.push(cutOf(dir, message, 60, 150));
      }
    }
    expect(frames.length).toBeGreaterThan(100);
    for (const unrouted of [false, true]) {
      const found = all(run(frames, unrouted));
      expect(found.length, 'pairing and direction rules do run').toBeGreaterThan(0);
      expect(found.filter((rule) => BODY_RULES.has(rule))).toEqual([]);
    }
    // The rules that read bodies are the ones expected to (a rule added later must say whether it does).
    expect([...BODY_RULES].sort()).toEqual(
      [
        'cancel-unknown-request',
        'capability-not-negotiated',
        'invalid-input-required',
        'invalid-log-level',
        'missing-cache-hints',
        'missing-client-info',
        'missing-request-meta',
        'missing-required-capabilities',
        'missing-result-type',
        'missing-server-info',
        'modern-error-status',
        'mrtr-retry-mismatch',
        'progress-after-completion',
        'progress-not-increasing',
        'progress-unknown-token',
        'request-metadata-headers',
        'resource-not-found-code',
        'resource-update-without-subscription',
        'root-uri-not-file',
        'schema-violation',
        'subscription-notification',
        'task-cancelled-with-notification',
        'unknown-protocol-version',
        'unrequested-log-message',
        'unsupported-version-data',
        'version-mismatch',
        'cache-scope-mismatch',
        'incomplete-input-responses',
        'input-required-cache-hints',
        'reserved-error-code',
      ].sort(),
    );
  });
});
