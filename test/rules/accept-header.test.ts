// accept-header: a POST lists application/json and text/event-stream in Accept; a GET lists text/event-stream.
import { describe, expect, it } from 'vitest';
import { ACCEPT_GET, after, harOf, opening, session } from '../helpers/har.js';
import { hits, init, initRes, req, res } from '../helpers/lifecycle.js';

const ID = 'accept-header';
const posting = (accept: string | null) => {
  const headers = after('s1', '2025-11-25');
  if (accept === null) delete headers.Accept;
  else headers.Accept = accept;
  return harOf([...opening(), { headers, body: req(1, 'ping'), status: 200, json: res(1) }]);
};

describe(ID, () => {
  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])('is quiet on a conformant %s session', async (rev) => {
    expect(await hits(ID, harOf(session(rev)))).toEqual([]);
  });

  it('reports a POST whose Accept lacks one type, or that has none', async () => {
    expect(await hits(ID, posting('application/json'))).toEqual([
      {
        line: 4,
        severity: 'error',
        message:
          'POST /mcp (ping, id 1) has Accept "application/json", which does not list text/event-stream: the client MUST list application/json and text/event-stream on every POST',
      },
    ]);
    expect((await hits(ID, posting(null))).map((h) => h.message)).toEqual([
      'POST /mcp (ping, id 1) has no Accept header: the client MUST list application/json and text/event-stream on every POST',
    ]);
    expect((await hits(ID, posting('text/html'))).map((h) => h.message)).toEqual([
      'POST /mcp (ping, id 1) has Accept "text/html", which does not list application/json or text/event-stream: the client MUST list application/json and text/event-stream on every POST',
    ]);
  });

  it('takes a wildcard for no type, and a type with q=0 as refused; parameters, case and order do not matter', async () => {
    expect(await hits(ID, posting('*/*'))).toHaveLength(1);
    expect(await hits(ID, posting('application/*, text/*'))).toHaveLength(1);
    expect(await hits(ID, posting('application/json, text/event-stream;q=0'))).toHaveLength(1);
    expect(await hits(ID, posting('Text/Event-Stream; charset=utf-8, APPLICATION/JSON;q=0.5'))).toEqual([]);
    expect(await hits(ID, posting('text/event-stream,application/json;q=0.9,*/*;q=0.1'))).toEqual([]);
  });

  it('checks the initialize POST too, and a GET for text/event-stream only; not a DELETE', async () => {
    const text = harOf([
      {
        headers: { Accept: 'application/json' },
        body: init('2025-06-18'),
        status: 200,
        resHeaders: { 'Mcp-Session-Id': 's1' },
        json: initRes('2025-06-18'),
      },
      { method: 'GET', headers: after('s1', '2025-06-18', 'application/json'), status: 406 },
      { method: 'GET', headers: after('s1', '2025-06-18', ACCEPT_GET), status: 405 },
      { method: 'DELETE', headers: { 'Mcp-Session-Id': 's1', 'MCP-Protocol-Version': '2025-06-18' }, status: 200 },
    ]);
    expect((await hits(ID, text)).map((h) => [h.line, h.message])).toEqual([
      [
        2,
        'POST /mcp (initialize, id 0) has Accept "application/json", which does not list text/event-stream: the client MUST list application/json and text/event-stream on every POST',
      ],
      [
        3,
        'GET /mcp has Accept "application/json", which does not list text/event-stream: the client MUST list text/event-stream to open the server\'s stream',
      ],
    ]);
  });

  it('is not asked in 2024-11-05, which has no Streamable HTTP', async () => {
    expect(
      await hits(ID, harOf([{ headers: {}, body: init('2024-11-05'), status: 200, json: initRes('2024-11-05') }])),
    ).toEqual([]);
  });
});
