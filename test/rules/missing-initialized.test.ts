// missing-initialized: once per session, on the first request that went on without it, else at end of input.
import { describe, expect, it } from 'vitest';
import { c, e, err, hits, init, initRes, INITIALIZED, log, note, req, res, s } from '../helpers/lifecycle.js';

const ID = 'missing-initialized';
const AT_END = 'the client never sent notifications/initialized after this successful initialize response';

describe(ID, () => {
  it('reports once, on the first request after the result (ping does not count)', async () => {
    const text = log(
      c(init()),
      s(initRes()),
      c(req(1, 'ping')),
      s(res(1)),
      c(req(2, 'tools/list')),
      c(req(3, 'prompts/list')),
    );
    expect(await hits(ID, text)).toEqual([
      {
        line: 5,
        severity: 'error',
        message: 'client sent tools/list without having sent notifications/initialized after the initialize response',
      },
    ]);
  });

  it('reports at end of input, on the initialize response, when the client only pinged or notified', async () => {
    expect(await hits(ID, log(c(init()), s(initRes()), c(req(1, 'ping')), s(res(1))))).toEqual([
      { line: 2, severity: 'error', message: AT_END },
    ]);
    expect(
      (
        await hits(ID, log(c(init()), s(initRes()), c(note('notifications/roots/list_changed')), e('stdin-closed')))
      ).map((h) => h.line),
    ).toEqual([2]);
  });

  it('reports at end of input even when the result had no protocolVersion', async () => {
    expect(
      (
        await hits(
          ID,
          log(
            c(init()),
            s(res(0, { capabilities: {}, serverInfo: { name: 's', version: '1' } })),
            c(req(1, 'tools/list')),
          ),
        )
      ).map((h) => h.line),
    ).toEqual([2]);
  });

  it('does not report a client that sent nothing after the result (it may have disconnected), nor a failed initialize', async () => {
    expect(await hits(ID, log(c(init('2025-11-25')), s(initRes('2024-11-05')), e('stdin-closed'), e('exit')))).toEqual(
      [],
    );
    expect(
      await hits(ID, log(c(init()), s(err(0, -32602, 'Unsupported protocol version')), c(req(1, 'tools/list')))),
    ).toEqual([]);
  });

  it('does not report when notifications/initialized came, early or late', async () => {
    expect(await hits(ID, log(c(init()), s(initRes()), c(INITIALIZED), c(req(1, 'tools/list'))))).toEqual([]);
    expect(await hits(ID, log(c(init()), s(initRes()), c(req(1, 'ping')), c(INITIALIZED)))).toEqual([]);
  });

  it('checks each session on its own', async () => {
    const text = log(c(init()), s(initRes()), c(req(1, 'tools/list')), c(init()), s(initRes()), c(req(1, 'ping')));
    expect((await hits(ID, text)).map((h) => h.line)).toEqual([3, 5]);
  });
});
