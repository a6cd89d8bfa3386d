// null-request-id: only requests, and never doubled by invalid-jsonrpc.
import { describe, expect, it } from 'vitest';
import { c, err, handshake, hits, log, req, rulesOf, s } from '../helpers/lifecycle.js';

describe('null-request-id', () => {
  it('reports a request with id null, once, and not as invalid-jsonrpc', async () => {
    const text = log(...handshake(), c(req(null, 'tools/list')));
    expect(await hits('null-request-id', text)).toEqual([
      {
        line: 4,
        severity: 'error',
        message: 'tools/list request has id null: request ids must be a string or an integer, never null',
      },
    ]);
    expect(await rulesOf(text)).not.toContain('invalid-jsonrpc');
  });

  it('does not report an error response with id null (the JSON-RPC answer to an unreadable request)', async () => {
    expect(await hits('null-request-id', log(...handshake(), s(err(null, -32700, 'Parse error'))))).toEqual([]);
  });

  it('leaves a null id on a notification-shaped message with other problems to invalid-jsonrpc as well', async () => {
    const text = log(c({ jsonrpc: '1.0', id: null, method: 'ping' }));
    expect(await rulesOf(text)).toEqual(expect.arrayContaining(['null-request-id', 'invalid-jsonrpc']));
  });
});
