// protocol-version-header: every request after initialization names the negotiated revision (2025-06-18 on).
import { describe, expect, it } from 'vitest';
import { ACCEPT_GET, after, harOf, opening, session, type Exchange } from '../helpers/har.js';
import { hits, req, res } from '../helpers/lifecycle.js';

const ID = 'protocol-version-header';
const without = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => k !== 'MCP-Protocol-Version'));

describe(ID, () => {
  it.each(['2025-06-18', '2025-11-25'])('is quiet on a conformant %s session', async (rev) => {
    expect(await hits(ID, harOf(session(rev)))).toEqual([]);
  });

  it.each(['2025-06-18', '2025-11-25'])('reports a POST without the header in %s, as an error', async (rev) => {
    const text = harOf([
      ...opening(rev),
      { headers: without(after('s1', rev)), body: req(1, 'tools/list'), status: 200, json: res(1, { tools: [] }) },
    ]);
    expect(await hits(ID, text)).toEqual([
      {
        line: 4,
        severity: 'error',
        message: `POST /mcp (tools/list, id 1) has no MCP-Protocol-Version header: after initialization the client MUST send it on every request (negotiated: ${rev})`,
      },
    ]);
  });

  it('reports another revision than the negotiated one as a warning', async () => {
    const text = harOf([
      ...opening('2025-11-25'),
      { headers: after('s1', '2025-06-18'), body: req(1, 'ping'), status: 200, json: res(1) },
    ]);
    expect(await hits(ID, text)).toEqual([
      {
        line: 4,
        severity: 'warning',
        message:
          'POST /mcp (ping, id 1) says MCP-Protocol-Version "2025-06-18", not the negotiated 2025-11-25 (it SHOULD be the one negotiated)',
      },
    ]);
  });

  it('judges a GET once, however many events its stream carries, and a DELETE', async () => {
    const text = harOf([
      ...opening('2025-06-18'),
      {
        method: 'GET',
        headers: without(after('s1', '2025-06-18', ACCEPT_GET)),
        status: 200,
        sse: [
          { id: 'g1', data: req(0, 'roots/list') },
          { id: 'g2', data: req(1, 'ping') },
        ],
      },
      { method: 'DELETE', headers: without(after('s1', '2025-06-18')), status: 200 },
    ]);
    expect((await hits(ID, text)).map((h) => [h.line, h.message.slice(0, 50)])).toEqual([
      [4, 'GET /mcp has no MCP-Protocol-Version header: after'],
      [5, 'DELETE /mcp has no MCP-Protocol-Version header: af'],
    ]);
  });

  it('does not ask it of the initialize request, before the initialize result, or in 2025-03-26', async () => {
    const plain = (rev: string): Exchange[] => [
      {
        headers: { Accept: 'application/json, text/event-stream' },
        body: req(0, 'initialize', { protocolVersion: rev, capabilities: {}, clientInfo: { name: 'c', version: '1' } }),
        status: 200,
        resHeaders: { 'Mcp-Session-Id': 's1' },
        json: res(0, { protocolVersion: rev, capabilities: {}, serverInfo: { name: 's', version: '1' } }),
      },
      {
        headers: { Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': 's1' },
        body: req(1, 'ping'),
        status: 200,
        json: res(1),
      },
    ];
    expect(await hits(ID, harOf(plain('2025-03-26')))).toEqual([]);
    expect(await hits(ID, harOf(plain('2025-06-18')))).toHaveLength(1);
    // A ping before the initialize result (it was never answered here): the client cannot know the revision yet.
    const early: Exchange[] = [
      { headers: { Accept: 'application/json, text/event-stream' }, body: req(7, 'ping'), status: 200, json: res(7) },
      ...plain('2025-06-18'),
    ];
    expect((await hits(ID, harOf(early))).map((h) => h.line)).toEqual([4]);
  });
});
