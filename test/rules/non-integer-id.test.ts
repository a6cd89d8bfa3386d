// non-integer-id: the finding sits where the bad id first appears.
import { describe, expect, it } from 'vitest';
import { c, handshake, hits, log, req, res, rulesOf, s } from '../helpers/lifecycle.js';

describe('non-integer-id', () => {
  it('reports the request, and not the response that echoes its id (they still pair)', async () => {
    const text = log(...handshake(), c(req(1.5, 'tools/list')), s(res(1.5, { tools: [] })));
    expect(await hits('non-integer-id', text)).toEqual([
      { line: 4, severity: 'error', message: 'tools/list request has id 1.5: a numeric id must be an integer' },
    ]);
    expect(await rulesOf(text)).not.toContain('orphan-response');
  });

  it('reports a response or error whose non-integer id answers no request', async () => {
    const text = log(
      ...handshake(),
      s(res(2.25)),
      s({ jsonrpc: '2.0', id: 0.5, error: { code: -32600, message: 'x' } }),
    );
    expect((await hits('non-integer-id', text)).map((h) => [h.line, h.message])).toEqual([
      [4, 'response has id 2.25: a numeric id must be an integer'],
      [5, 'error has id 0.5: a numeric id must be an integer'],
    ]);
  });

  it('accepts integers written with an exponent and string ids that look like fractions', async () => {
    expect(await hits('non-integer-id', log(c(req(1e3, 'ping')), c(req('1.5', 'ping'))))).toEqual([]);
  });
});
