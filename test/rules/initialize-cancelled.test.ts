// initialize-cancelled: a cancel naming the initialize request, open or already answered.
import { describe, expect, it } from 'vitest';
import { c, handshake, hits, init, initRes, log, note, req, s } from '../helpers/lifecycle.js';

const ID = 'initialize-cancelled';
const cancel = (requestId: unknown) => note('notifications/cancelled', { requestId, reason: 'timeout' });

describe(ID, () => {
  it('reports a cancel of the open initialize request', async () => {
    expect(await hits(ID, log(c(init('2025-11-25', 'init-1')), c(cancel('init-1'))))).toEqual([
      {
        line: 2,
        severity: 'error',
        message: 'notifications/cancelled targets the initialize request #1: initialize must not be cancelled',
      },
    ]);
  });

  it('reports a cancel of initialize after it was answered', async () => {
    expect((await hits(ID, log(...handshake(), c(cancel(0))))).map((h) => h.message)).toEqual([
      'notifications/cancelled targets the initialize request #1 (already answered): initialize must not be cancelled',
    ]);
  });

  it('does not report cancels of other requests, of a server id equal to the initialize id, or of another type of id', async () => {
    const text = log(
      c(init()),
      s(initRes()),
      s(req(0, 'roots/list')),
      s(cancel(0)),
      c(req(1, 'tools/call', { name: 'x' })),
      c(cancel(1)),
      c(cancel('0')),
    );
    expect(await hits(ID, text)).toEqual([]);
  });
});
