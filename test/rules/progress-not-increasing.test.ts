// progress-not-increasing: strictly increasing progress per token.
import { describe, expect, it } from 'vitest';
import { Log, call, hits, progress, result } from '../helpers/flow.js';

const RULE = 'progress-not-increasing';

describe(RULE, () => {
  it('reports an equal value as an error, naming the previous notification', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 't' }))
      .s(progress('t', 1))
      .s(progress('t', 1))
      .s(result(1));
    expect(await hits(log.text(), RULE)).toEqual([
      {
        rule: RULE,
        severity: 'error',
        message: 'progress 1 for token "t" does not increase on the previous 1',
        line: 6,
      },
    ]);
  });

  it('reports each step back once, comparing with the notification just before', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 't' }))
      .s(progress('t', 0.2))
      .s(progress('t', 0.6))
      .s(progress('t', 0.4))
      .s(progress('t', 0.5))
      .s(progress('t', 0.9))
      .s(result(1));
    expect((await hits(log.text(), RULE)).map((h) => h.line)).toEqual([7]);
  });

  it('accepts floats that increase, without a total', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 't' }))
      .s(progress('t', 0.1))
      .s(progress('t', 0.11))
      .s(progress('t', 7))
      .s(result(1));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });

  it('starts afresh when a later request reuses the token', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 't' }))
      .s(progress('t', 5))
      .s(result(1))
      .c(call(2, { token: 't' }))
      .s(progress('t', 1))
      .s(result(2));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });

  it('keeps the tokens of the two sides apart', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 't' }))
      .s({ jsonrpc: '2.0', id: 9, method: 'roots/list', params: { _meta: { progressToken: 't' } } })
      .s(progress('t', 5))
      .c(progress('t', 1))
      .c(result(9, { roots: [] }))
      .s(result(1));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });
});
