// version-mismatch: after the server answers an older revision, features only the requested one has are errors.
import { beforeEach, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import type { Frame } from '../../src/types.js';
import { initReq, initRes, msg, note, req, resetLines } from '../helpers/frames.js';

function findings(frames: Frame[]) {
  const a = new Analyzer();
  const input = a.input('t.ndjson');
  const records = frames.flatMap((f) => input.push(f));
  return records.flatMap((r) =>
    r.findings
      .filter((f) => f.rule === 'version-mismatch')
      .map((f) => ({ seq: r.seq, severity: f.severity, message: f.message })),
  );
}

const session = (answered: string, after: Frame[]): Frame[] => [
  msg(
    'c2s',
    initReq(0, { elicitation: { url: {} }, tasks: { requests: { elicitation: { create: {} } } } }, '2025-11-25'),
  ),
  msg('s2c', initRes(0, { tools: {}, tasks: { requests: { tools: { call: {} } } } }, answered)),
  msg('c2s', note('notifications/initialized')),
  ...after,
];

const later = () => [
  msg('c2s', req(1, 'tools/call', { name: 'slow', arguments: {}, task: { ttl: 60000 } })),
  msg(
    's2c',
    req(0, 'elicitation/create', {
      mode: 'url',
      url: 'https://example.com/auth',
      message: 'Sign in',
      elicitationId: 'e1',
    }),
  ),
  msg('s2c', req(1, 'elicitation/create', { message: 'Name?', requestedSchema: { type: 'object', properties: {} } })),
  msg('c2s', req(2, 'tools/call', { name: 'echo', arguments: {} })),
];

beforeEach(resetLines);

describe('version-mismatch features', () => {
  it('reports the mismatch as info, then each newer feature used as an error', () => {
    const f = findings(session('2025-06-18', later()));
    expect(f.map((x) => [x.seq, x.severity])).toEqual([
      [2, 'info'],
      [4, 'error'],
      [5, 'error'],
    ]);
    expect(f[1].message).toBe(
      'tools/call uses task augmentation (from 2025-11-25), which the answered revision "2025-06-18" lacks (the client asked for "2025-11-25")',
    );
    expect(f[2].message).toContain('URL-mode elicitation');
  });

  it('reports nothing when the server answered the requested revision', () => {
    expect(findings(session('2025-11-25', later()))).toEqual([]);
  });

  it('leaves methods the answered revision lacks to method-not-in-revision', () => {
    const f = findings(
      session('2025-03-26', [
        msg('s2c', req(0, 'elicitation/create', { mode: 'url', url: 'https://x', message: 'm', elicitationId: 'e' })),
      ]),
    );
    expect(f.map((x) => x.severity)).toEqual(['info']);
  });
});
