// initialize-in-batch: a 2025-03-26 clause; other revisions report the batch itself.
import { describe, expect, it } from 'vitest';
import { c, hits, init, log, OMIT, req, rulesOf } from '../helpers/lifecycle.js';

const batch = (...items: unknown[]) => JSON.stringify(items);

describe('initialize-in-batch', () => {
  it('reports initialize in a batch in 2025-03-26 and when the revision is unknown', async () => {
    expect(await hits('initialize-in-batch', log(c(batch(req(1, 'ping'), init('2025-03-26')))))).toEqual([
      {
        line: 1,
        severity: 'error',
        message: 'initialize is part of a JSON-RPC batch of 2 messages: it must be sent on its own',
      },
    ]);
    expect(await hits('initialize-in-batch', log(c(batch(init(OMIT), req(1, 'ping')))))).toHaveLength(1);
    expect((await hits('initialize-in-batch', log(c(batch(init('2025-03-26')))))).map((h) => h.message)).toEqual([
      'initialize is part of a JSON-RPC batch of 1 message: it must be sent on its own',
    ]);
  });

  it('leaves other revisions to batch-not-allowed', async () => {
    const rules = await rulesOf(log(c(batch(init('2025-11-25'), req(1, 'ping')))));
    expect(rules).toContain('batch-not-allowed');
    expect(rules).not.toContain('initialize-in-batch');
  });
});
