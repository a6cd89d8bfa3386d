// initialize-not-first: only where the log shows the session's start.
import { describe, expect, it } from 'vitest';
import { c, e, hits, init, log, note, req, s } from '../helpers/lifecycle.js';

const ID = 'initialize-not-first';

describe(ID, () => {
  it('reports messages of a started process before initialize, server ones included', async () => {
    const text = log(e('start'), s(note('notifications/message', { level: 'info', data: 'booting' })), c(init()));
    expect(await hits(ID, text)).toEqual([
      {
        line: 3,
        severity: 'error',
        message:
          'initialize is not the first message of its session: 1 message came before it, first #2 (s2c notification notifications/message)',
      },
    ]);
  });

  it('does not blame a log that starts mid-session: there initialize opens a new session', async () => {
    expect(await hits(ID, log(c(req(4, 'tools/list')), c(init())))).toEqual([]);
  });

  it('reports messages before initialize in a session keyed by the log', async () => {
    const env = (o: object) => JSON.stringify({ session: 'abc', ...o });
    const text = [env({ dir: 'c2s', message: req(1, 'ping') }), env({ dir: 'c2s', message: init() })].join('\n') + '\n';
    expect((await hits(ID, text)).map((h) => h.line)).toEqual([2]);
  });

  it('ignores unreadable lines before initialize (invalid-json reports them)', async () => {
    expect(await hits(ID, log(e('start'), '<- Server starting on stdio...', c(init())))).toEqual([]);
  });
});
