// response-after-cancel: answers to cancelled requests are reported for information.
import { describe, expect, it } from 'vitest';
import { Log, call, cancelled, error, hits, result } from '../helpers/flow.js';

const RULE = 'response-after-cancel';

describe(RULE, () => {
  it('reports a result after the cancellation, as info', async () => {
    const log = Log.withHandshake().c(call(1)).c(cancelled(1)).s(result(1));
    expect(await hits(log.text(), RULE)).toEqual([
      {
        rule: RULE,
        severity: 'info',
        message: 'answers tools/call request (id 1) after it was cancelled; the requester should ignore it',
        line: 6,
      },
    ]);
  });

  it('reports an error answer too', async () => {
    const log = Log.withHandshake().c(call(1)).c(cancelled(1)).s(error(1));
    expect(await hits(log.text(), RULE)).toHaveLength(1);
  });

  it('does not report an answer to a request that was not cancelled, or a cancellation of another one', async () => {
    const log = Log.withHandshake().c(call(1)).c(call(2)).c(cancelled(2)).s(result(1));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });
});
