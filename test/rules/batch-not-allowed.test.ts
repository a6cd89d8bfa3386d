// batch-not-allowed: once per batch, only when the session's revision is known and has no batches.
import { describe, expect, it } from 'vitest';
import { c, handshake, hits, init, initRes, INITIALIZED, log, req, res, s } from '../helpers/lifecycle.js';

const ID = 'batch-not-allowed';
const batch = (...items: unknown[]) => JSON.stringify(items);

describe(ID, () => {
  it.each(['2024-11-05', '2025-06-18', '2025-11-25', '2024-10-07'])(
    'reports a batch in %s, once, on its first element',
    async (rev) => {
      const text = log(...handshake(rev), c(batch(req(1, 'tools/list'), req(2, 'ping'), req(3, 'prompts/list'))));
      expect(await hits(ID, text)).toEqual([
        {
          line: 4,
          severity: 'error',
          message: `a JSON-RPC batch of 3 messages: revision ${rev} has no batches (only 2025-03-26 does)`,
        },
      ]);
    },
  );

  it('does not report batches in 2025-03-26, with no handshake, or with an unknown revision', async () => {
    const b = c(batch(req(1, 'tools/list'), req(2, 'ping')));
    expect(await hits(ID, log(...handshake('2025-03-26'), b))).toEqual([]);
    expect(await hits(ID, log(b))).toEqual([]);
    expect(await hits(ID, log(...handshake('2031-01-01'), b))).toEqual([]);
  });

  it('reports a batch under 2026-07-28, which has none either', async () => {
    const b = c(batch(req(1, 'tools/list'), req(2, 'ping')));
    expect((await hits(ID, log(...handshake('2026-07-28'), b))).map((h) => h.message)).toEqual([
      'a JSON-RPC batch of 2 messages: revision 2026-07-28 has no batches (only 2025-03-26 does)',
    ]);
  });

  it('follows the negotiated revision over the requested one', async () => {
    const text = log(c(init('2025-03-26')), s(initRes('2025-06-18')), c(INITIALIZED), c(batch(req(1, 'ping'))));
    expect((await hits(ID, text)).map((h) => h.message)).toEqual([
      'a JSON-RPC batch of 1 message: revision 2025-06-18 has no batches (only 2025-03-26 does)',
    ]);
  });

  it('uses the revision the initialize in the batch itself requests', async () => {
    const text = log(c(batch(init('2025-06-18'), req(1, 'ping'))), s(batch(initRes('2025-06-18'), res(1))));
    expect((await hits(ID, text)).map((h) => h.line)).toEqual([1, 2]);
  });
});
