// response-on-get-stream: the server's GET stream carries requests and notifications, never a response, unless resuming.
import { describe, expect, it } from 'vitest';
import { ACCEPT_GET, after, harOf, opening, session, type Exchange } from '../helpers/har.js';
import { err, hits, note, req } from '../helpers/lifecycle.js';

const ID = 'response-on-get-stream';
const get = (sse: Exchange['sse'], headers: Record<string, string> = {}): Exchange => ({
  method: 'GET',
  headers: { ...after('s1', '2025-11-25', ACCEPT_GET), ...headers },
  status: 200,
  sse,
});
const tools = { headers: after(), body: req(1, 'tools/list'), status: 200, sse: [] } satisfies Exchange;

describe(ID, () => {
  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])(
    'is quiet on a conformant %s session (a server request on the GET stream)',
    async (rev) => {
      expect(await hits(ID, harOf(session(rev)))).toEqual([]);
    },
  );

  it('reports a response, and an error, to a client request on the GET stream', async () => {
    const text = harOf([
      ...opening(),
      tools,
      get([{ id: 'g1', data: { jsonrpc: '2.0', id: 1, result: { tools: [] } } }]),
      { ...tools, body: req(2, 'ping') },
      get([{ data: err(2, -32603, 'boom') }]),
    ]);
    expect(await hits(ID, text)).toEqual([
      {
        line: 5,
        severity: 'error',
        message:
          "a response to tools/list (id 1) on the server's GET stream, which resumes no stream: the server MUST NOT send a JSON-RPC response there unless resuming a stream of an earlier request",
      },
      {
        line: 7,
        severity: 'error',
        message:
          "an error answering ping (id 2) on the server's GET stream, which resumes no stream: the server MUST NOT send a JSON-RPC response there unless resuming a stream of an earlier request",
      },
    ]);
  });

  it('does not take the JSON error answering a GET (406, 400) for the stream', async () => {
    const refused: Exchange = {
      method: 'GET',
      headers: after('s1', '2025-11-25', 'application/json'),
      status: 406,
      json: { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Not Acceptable' } },
    };
    expect(await hits(ID, harOf([...opening(), refused]))).toEqual([]);
  });

  it('leaves a resuming GET (Last-Event-ID) to resume-other-stream, and requests and notifications on the stream alone', async () => {
    const text = harOf([
      ...opening(),
      { ...tools, sse: [{ id: 'p1', data: null }] },
      get([{ id: 'p2', data: { jsonrpc: '2.0', id: 1, result: { tools: [] } } }], { 'Last-Event-ID': 'p1' }),
      get([{ data: note('notifications/tools/list_changed') }, { data: req(5, 'ping') }]),
    ]);
    expect(await hits(ID, text)).toEqual([]);
  });
});
