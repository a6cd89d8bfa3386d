import { beforeEach, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import type { Frame, PipelineRecord } from '../../src/types.js';
import { err, initReq, initRes, msg, note, req, res, resetLines, summaryOf } from '../helpers/frames.js';

function run(frames: Frame[], opts = {}) {
  const a = new Analyzer(opts);
  const input = a.input('t.ndjson');
  const records: PipelineRecord[] = frames.flatMap((f) => input.push(f));
  input.end();
  return { records, ...a.summary() };
}

const rules = (r: PipelineRecord) => r.findings.map((f) => f.rule);

beforeEach(resetLines);

describe('pairing', () => {
  it('pairs by sender and exact id: client 0 and server 0 are different requests', () => {
    const { records, open } = run([
      msg('c2s', req(0, 'tools/list')),
      msg('s2c', req(0, 'roots/list')),
      msg('c2s', res(0, { roots: [] })),
      msg('s2c', res(0, { tools: [] })),
    ]);
    expect(records[2]).toMatchObject({ kind: 'response', pair: 2, method: 'roots/list', primitive: 'roots' });
    expect(records[3]).toMatchObject({ kind: 'response', pair: 1, method: 'tools/list', primitive: 'tools' });
    expect(open).toEqual([]);
  });

  it('keeps string and number ids apart: 1 is not "1"', () => {
    const { records, open } = run([
      msg('c2s', req(1, 'tools/list')),
      msg('c2s', req('1', 'prompts/list')),
      msg('s2c', res('1', { prompts: [] })),
    ]);
    expect(records[2]).toMatchObject({ pair: 2, method: 'prompts/list' });
    expect(open.map((o) => o.id)).toEqual([1]);
  });

  it('reports an orphan response and keeps going', () => {
    const { records } = run([msg('s2c', res(42)), msg('c2s', req(1, 'ping')), msg('s2c', res(1))]);
    expect(records[0].pair).toBeNull();
    expect(rules(records[0])).toEqual(['orphan-response']);
    expect(records[2].pair).toBe(2);
    expect(rules(records[2])).toEqual([]);
  });

  it('notes an id reused while the first request is still open, and pairs the answer with the newer one', () => {
    const { records } = run([msg('c2s', req(7, 'tools/list')), msg('c2s', req(7, 'prompts/list')), msg('s2c', res(7))]);
    expect(rules(records[1])).toEqual(['duplicate-request-id']);
    expect(records[1].findings[0].message).toContain('#1');
    expect(records[2]).toMatchObject({ pair: 2, method: 'prompts/list' });
  });

  it('allows reusing an id after its request was answered without a pairing error', () => {
    const { records } = run([
      msg('c2s', req(1, 'ping')),
      msg('s2c', res(1)),
      msg('c2s', req(1, 'ping')),
      msg('s2c', res(1)),
    ]);
    expect(records[3].pair).toBe(3);
    expect(records.flatMap(rules)).not.toContain('orphan-response');
  });

  it('marks cancelled requests cancelled, not unanswered', () => {
    const { records, open, findings } = run([
      msg('c2s', req(5, 'tools/call', { name: 'slow' })),
      msg('c2s', note('notifications/cancelled', { requestId: 5, reason: 'user' })),
      msg('c2s', req(6, 'tools/call', { name: 'lost' })),
    ]);
    expect(records[1]).toMatchObject({ kind: 'notification', primitive: 'base', feature: 'cancellation' });
    expect(open).toMatchObject([
      { seq: 1, cancelled: true },
      { seq: 3, cancelled: false },
    ]);
    expect(findings).toMatchObject([{ rule: 'unanswered-request', seq: 3 }]);
  });

  it('pairs a server-to-client request answered by the client, with its latency', () => {
    const { records } = run([
      msg('s2c', req(3, 'sampling/createMessage', { messages: [], maxTokens: 10 }), {
        tsMs: 1000,
        ts: '1970-01-01T00:00:01.000Z',
      }),
      msg('c2s', res(3, { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' }), {
        tsMs: 1012.5,
        ts: '1970-01-01T00:00:01.012Z',
      }),
    ]);
    expect(records[1]).toMatchObject({
      pair: 1,
      latencyMs: 12.5,
      method: 'sampling/createMessage',
      primitive: 'sampling',
    });
  });

  it('pairs error responses and keeps the method', () => {
    const { records } = run([
      msg('c2s', req('a', 'resources/read', { uri: 'x://nope' })),
      msg('s2c', err('a', -32002, 'Resource not found')),
    ]);
    expect(records[1]).toMatchObject({ kind: 'error', pair: 1, method: 'resources/read', primitive: 'resources' });
  });

  it('bounds the pending table and reports what it dropped', () => {
    const frames = [1, 2, 3, 4].map((i) => msg('c2s', req(i, 'tools/list')));
    const { records, open } = run(frames, { maxPending: 2 });
    expect(rules(records[2])).toEqual(['pending-limit']);
    expect(rules(records[3])).toEqual(['pending-limit']);
    expect(open.map((o) => o.id)).toEqual([3, 4]);
  });

  it('pairs summaries that gave no id by method, oldest first, within the same bound', () => {
    const frames = [
      summaryOf('c2s', 'request', null, 'tools/call'),
      summaryOf('c2s', 'request', null, 'tools/list'),
      summaryOf('c2s', 'request', null, 'tools/call'),
      summaryOf('s2c', 'response', null, 'tools/call'),
      summaryOf('s2c', 'error', null, 'tools/call'),
      summaryOf('s2c', 'response', null, 'tools/list'),
      summaryOf('c2s', 'response', null, 'tools/call'),
    ];
    const { records } = run(frames);
    expect(records.slice(3).map((r) => [r.pair, r.method, rules(r)])).toEqual([
      [1, 'tools/call', []],
      [3, 'tools/call', []],
      [2, 'tools/list', []],
      [null, 'tools/call', ['orphan-response']],
    ]);
    // Past the bound the oldest is forgotten: its answer goes to the next one.
    const bounded = run(
      [1, 2, 3]
        .map(() => summaryOf('c2s', 'request', null, 'ping'))
        .concat([summaryOf('s2c', 'response', null, 'ping')]),
      { maxPending: 2 },
    );
    expect(bounded.records[3]!.pair).toBe(2);
  });

  it('an answer by an id no request had takes the oldest request of its sender logged without id, unpaired; one naming a method only its method', () => {
    const frames = [
      summaryOf('c2s', 'request', null, 'tools/list'),
      summaryOf('c2s', 'request', null, 'ping'),
      msg('c2s', req(5, 'tools/call')),
      // A method with no such request open is an orphan, whatever else is open.
      summaryOf('s2c', 'response', null, 'prompts/list'),
      // Ids no open request has: each takes one of the two requests without id; the third is an orphan.
      summaryOf('s2c', 'response', 1, null),
      summaryOf('s2c', 'error', 2, null),
      summaryOf('s2c', 'response', 3, null),
      // The numbered request still pairs by its id; ping's request was taken by an answer above.
      summaryOf('s2c', 'response', 5, null),
      summaryOf('s2c', 'response', null, 'ping'),
    ];
    const { records } = run(frames);
    expect(records.slice(3).map((r) => [r.pair, rules(r)])).toEqual([
      [null, ['orphan-response']],
      [null, []],
      [null, []],
      [null, ['orphan-response']],
      [3, []],
      [null, ['orphan-response']],
    ]);
  });
});

describe('direction inference for raw logs', () => {
  it('infers from the method table, pairing, cancellation and progress', () => {
    const u = 'unknown' as const;
    const { records } = run([
      msg(u, initReq(0)),
      msg(u, initRes(0)),
      msg(u, note('notifications/initialized')),
      msg(u, req(1, 'tools/call', { name: 'slow', _meta: { progressToken: 'p1' } })),
      msg(u, note('notifications/progress', { progressToken: 'p1', progress: 1 })),
      msg(u, req(0, 'roots/list')),
      msg(u, res(0, { roots: [] })),
      msg(u, note('notifications/cancelled', { requestId: 1 })),
      msg(u, req(2, 'ping')),
      msg(u, res(2)),
    ]);
    expect(records.map((r) => r.dir)).toEqual(['c2s', 's2c', 'c2s', 'c2s', 's2c', 's2c', 'c2s', 'c2s', 'c2s', 's2c']);
    expect(records.every((r) => r.dirInferred)).toBe(true);
    expect(records[6]).toMatchObject({ pair: 6, method: 'roots/list' });
    expect(records[9]).toMatchObject({ pair: 9, method: 'ping' });
  });

  it('leaves unknown methods with an unknown direction, unmarked', () => {
    const { records } = run([msg('unknown', req(1, 'vendor/thing')), msg('unknown', res(1))]);
    expect(records[0]).toMatchObject({ dir: 'unknown', dirInferred: false, primitive: null, method: 'vendor/thing' });
    expect(records[1]).toMatchObject({ dir: 'unknown', pair: 1, method: 'vendor/thing' });
  });
});
