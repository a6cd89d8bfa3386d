// request-before-initialize-response: client requests other than ping while initialize is unanswered.
import { describe, expect, it } from 'vitest';
import { c, err, hits, init, initRes, log, note, req, s } from '../helpers/lifecycle.js';

const ID = 'request-before-initialize-response';

describe(ID, () => {
  it('reports each request other than ping until the response, and nothing after it', async () => {
    const text = log(
      c(init()),
      c(req(1, 'ping')),
      c(req(2, 'tools/list')),
      c(req(3, 'logging/setLevel', { level: 'info' })),
      s(initRes()),
      c(req(4, 'prompts/list')),
    );
    expect(await hits(ID, text)).toEqual([
      {
        line: 3,
        severity: 'warning',
        message:
          'client sent tools/list before the server answered initialize (#1): only ping may come before the response',
      },
      {
        line: 4,
        severity: 'warning',
        message:
          'client sent logging/setLevel before the server answered initialize (#1): only ping may come before the response',
      },
    ]);
  });

  it('ends the wait at an error response too, and ignores notifications and server requests', async () => {
    expect(
      await hits(
        ID,
        log(
          c(init()),
          c(note('notifications/progress', { progressToken: 1, progress: 1 })),
          s(req(0, 'ping')),
          s(err(0)),
          c(req(1, 'tools/list')),
        ),
      ),
    ).toEqual([]);
  });
});
