// message-after-shutdown: which close event shuts which channel.
import { describe, expect, it } from 'vitest';
import { c, e, hits, log, note, req, res, s } from '../helpers/lifecycle.js';

const ID = 'message-after-shutdown';

describe(ID, () => {
  it('lets the server answer after stdin closed, but not the client speak', async () => {
    const text = log(c(req(1, 'tools/list')), e('stdin-closed'), s(res(1, { tools: [] })), c(req(2, 'ping')));
    expect(await hits(ID, text)).toEqual([
      { line: 4, severity: 'error', message: 'c2s request ping after the transport closed (stdin-closed, #2)' },
    ]);
  });

  it('closes both channels at exit, close, disconnect and http-delete', async () => {
    for (const name of ['exit', 'close', 'disconnect', 'http-delete']) {
      const text = log(
        c(req(1, 'tools/list')),
        e(name),
        s(res(1, { tools: [] })),
        c(note('notifications/initialized')),
      );
      expect(
        (await hits(ID, text)).map((h) => h.line),
        name,
      ).toEqual([3, 4]);
    }
  });

  it('reports a message of unknown sender only when both channels are closed', async () => {
    const unknown = JSON.stringify({ ts: '2026-01-01T00:00:00Z', message: req(9, 'x/custom') });
    const env = (o: object) => JSON.stringify({ ts: '2026-01-01T00:00:00Z', ...o });
    expect(await hits(ID, [env({ event: 'stdin-closed' }), unknown].join('\n') + '\n')).toEqual([]);
    expect(
      (
        await hits(ID, [env({ event: 'stdin-closed' }), env({ event: 'stdout-closed' }), unknown].join('\n') + '\n')
      ).map((h) => h.line),
    ).toEqual([3]);
  });

  it('does not treat kill or signal as closing, and starts afresh at a new process', async () => {
    expect(
      await hits(ID, log(c(req(1, 'tools/list')), e('signal', { signal: 'SIGTERM' }), s(res(1, { tools: [] })))),
    ).toEqual([]);
    const env = (o: object) => JSON.stringify({ session: 'k', ...o });
    const text =
      [env({ event: 'exit' }), env({ event: 'start' }), env({ dir: 'c2s', message: req(1, 'ping') })].join('\n') + '\n';
    expect(await hits(ID, text)).toEqual([]);
  });
});
