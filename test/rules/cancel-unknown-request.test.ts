// cancel-unknown-request: cancellations that reference no request of their sender.
import { describe, expect, it } from 'vitest';
import { Log, call, cancelled, created, hits, result } from '../helpers/flow.js';

const RULE = 'cancel-unknown-request';

describe(RULE, () => {
  it('reports an id the sender never used, as a warning', async () => {
    const log = Log.withHandshake().c(call(1)).c(cancelled(2));
    expect(await hits(log.text(), RULE)).toEqual([
      { rule: RULE, severity: 'warning', message: 'no request with id 2 sent by the client to cancel', line: 5 },
    ]);
  });

  it("reports a cancellation with the other side's id (ids are per sender)", async () => {
    const log = Log.withHandshake().c(call(1)).s(cancelled(1));
    expect(await hits(log.text(), RULE)).toEqual([
      { rule: RULE, severity: 'warning', message: 'no request with id 1 sent by the server to cancel', line: 5 },
    ]);
  });

  it('tells string and number ids apart', async () => {
    const log = Log.withHandshake().c(call(1)).c(cancelled('1'));
    expect(await hits(log.text(), RULE)).toHaveLength(1);
  });

  it('reports a cancellation without requestId, in every revision', async () => {
    for (const rev of ['2025-06-18', '2025-11-25']) {
      const log = Log.withHandshake(rev).c(call(1)).c(cancelled());
      expect((await hits(log.text(), RULE)).map((h) => h.message)).toEqual([
        'notifications/cancelled has no requestId, so it cancels no request',
      ]);
    }
  });

  it('accepts the cancellation of an open request', async () => {
    const log = Log.withHandshake().c(call(1)).c(cancelled(1));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });

  it('does not report a cancellation that crossed the answer on the wire', async () => {
    const log = Log.withHandshake().c(call(1)).s(result(1)).c(cancelled(1));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });

  it('leaves a cancelled task to task-cancelled-with-notification', async () => {
    const log = Log.withHandshake()
      .c(call(1, { task: true }))
      .s(created(1, 't1'))
      .c(cancelled(1));
    expect(await hits(log.text(), RULE)).toEqual([]);
    expect(await hits(log.text(), 'task-cancelled-with-notification')).toHaveLength(1);
  });

  it('works on raw NDJSON, where directions are inferred', async () => {
    const log = Log.withHandshake().c(call(1)).c(cancelled(1)).c(call(2)).c(cancelled(7));
    expect((await hits(log.ndjson(), RULE)).map((h) => h.line)).toEqual([7]);
  });
});
