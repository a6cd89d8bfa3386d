// server-request-before-initialized: server requests other than ping while the client has not sent initialized.
import { describe, expect, it } from 'vitest';
import { c, handshake, hits, init, initRes, log, note, req, res, s } from '../helpers/lifecycle.js';

const ID = 'server-request-before-initialized';

describe(ID, () => {
  it('reports requests before and after the initialize response, not ping nor logging', async () => {
    const text = log(
      c(init()),
      s(req(0, 'roots/list')),
      s(initRes()),
      s(note('notifications/message', { level: 'info', data: 'ready' })),
      s(req(1, 'ping')),
      s(req(2, 'sampling/createMessage', { messages: [], maxTokens: 10 })),
    );
    expect(await hits(ID, text)).toEqual([
      {
        line: 2,
        severity: 'warning',
        message: "server sent roots/list before the client's notifications/initialized: only ping may come before it",
      },
      {
        line: 6,
        severity: 'warning',
        message:
          "server sent sampling/createMessage before the client's notifications/initialized: only ping may come before it",
      },
    ]);
  });

  it('stops once the client goes on without notifications/initialized, and never reports without a handshake', async () => {
    expect(
      await hits(
        ID,
        log(c(init()), s(initRes()), c(req(1, 'tools/list')), s(res(1, { tools: [] })), s(req(0, 'roots/list'))),
      ),
    ).toEqual([]);
    expect(await hits(ID, log(s(req(0, 'roots/list'))))).toEqual([]);
    expect(await hits(ID, log(...handshake(), s(req(0, 'roots/list'))))).toEqual([]);
  });
});
