// session-id-header: once the server assigned a session id, every later request carries it (2025-03-26 on).
import { describe, expect, it } from 'vitest';
import { ACCEPT_GET, after, harOf, opening, session, type Exchange } from '../helpers/har.js';
import { hits, req, res } from '../helpers/lifecycle.js';

const ID = 'session-id-header';
const without = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => k !== 'Mcp-Session-Id'));
/** Every exchange on one keep-alive connection (a HAR names it), as a client's pool reuses it. */
const onOne = (xs: Exchange[]) => xs.map((x) => ({ ...x, connection: '7' }));

describe(ID, () => {
  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])('is quiet on a conformant %s session', async (rev) => {
    expect(await hits(ID, harOf(onOne(session(rev))))).toEqual([]);
  });

  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])(
    "reports a request without it on the session's connection (%s), in the session",
    async (rev) => {
      const text = harOf(
        onOne([
          ...opening(rev),
          {
            headers: without(after('s1', rev)),
            body: req(1, 'tools/list'),
            status: 400,
            json: {
              jsonrpc: '2.0',
              id: null,
              error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' },
            },
          },
          { method: 'GET', headers: without(after('s1', rev, ACCEPT_GET)), status: 400 },
          { method: 'DELETE', headers: without(after('s1', rev)), status: 400 },
        ]),
      );
      expect(await hits(ID, text)).toEqual([
        {
          line: 4,
          severity: 'error',
          message:
            'POST /mcp (tools/list, id 1) has no Mcp-Session-Id header: the server assigned this session an id in its answer to initialize, and the client MUST send it on all subsequent requests',
        },
        {
          line: 5,
          severity: 'error',
          message:
            'GET /mcp has no Mcp-Session-Id header: the server assigned this session an id in its answer to initialize, and the client MUST send it on all subsequent requests',
        },
        {
          line: 6,
          severity: 'error',
          message:
            'DELETE /mcp has no Mcp-Session-Id header: the server assigned this session an id in its answer to initialize, and the client MUST send it on all subsequent requests',
        },
      ]);
    },
  );

  it('knows the session from a request that names it, when the capture began after initialize', async () => {
    const text = harOf(
      onOne([
        { headers: after('s1'), body: req(4, 'ping'), status: 200, json: res(4) },
        { headers: without(after('s1')), body: req(5, 'ping'), status: 400 },
      ]),
    );
    expect((await hits(ID, text)).map((h) => h.line)).toEqual([3]);
  });

  it('is quiet when the server assigned no id (stateless), and on a connection nothing ties to the session', async () => {
    const stateless = harOf(
      onOne([
        ...opening('2025-11-25', null),
        {
          headers: { Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
          body: req(1, 'ping'),
          status: 200,
          json: res(1),
        },
      ]),
    );
    expect(await hits(ID, stateless)).toEqual([]);
    // Unnamed HAR connections (entry/N): the request starts a session of its own, with no handshake to go by.
    const apart = harOf([...opening(), { headers: without(after()), body: req(1, 'ping'), status: 400 }]);
    expect(await hits(ID, apart)).toEqual([]);
  });

  it('does not ask it of a new initialize: a new session begins', async () => {
    const text = harOf(onOne([...opening('2025-11-25', 's1'), ...opening('2025-11-25', 's2')]));
    expect(await hits(ID, text)).toEqual([]);
  });
});
