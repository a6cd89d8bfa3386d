// accepted-not-202: a POST of only notifications or responses is answered 202 with no body, or an HTTP error status.
import { describe, expect, it } from 'vitest';
import { after, harOf, opening, session, type Exchange } from '../helpers/har.js';
import { hits, note, req, res } from '../helpers/lifecycle.js';

const ID = 'accepted-not-202';
const answered = (
  x: Partial<Exchange> & { status: number },
  body: unknown = note('notifications/roots/list_changed'),
  rev = '2025-11-25',
) => harOf([...opening(rev), { headers: after('s1', rev), body, ...x }]);

describe(ID, () => {
  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])('is quiet on a conformant %s session (202s)', async (rev) => {
    expect(await hits(ID, harOf(session(rev)))).toEqual([]);
  });

  it('reports a notification answered 200 with a JSON body, on the answer', async () => {
    expect(await hits(ID, answered({ status: 200, json: { jsonrpc: '2.0', id: null, result: {} } }))).toEqual([
      {
        line: 4,
        severity: 'error',
        message:
          'the server answered POST /mcp (notifications/roots/list_changed) 200 (application/json): a POST of only notifications or responses MUST be answered 202 Accepted with no body when accepted, an HTTP error status when not',
      },
    ]);
  });

  it('reports an empty 200 (with or without a content type), a 204, and a response answered 200', async () => {
    expect(
      (await hits(ID, answered({ status: 200, resHeaders: { 'Content-Type': 'application/json' } }))).map(
        (h) => h.message,
      ),
    ).toEqual([
      'the server answered POST /mcp (notifications/roots/list_changed) 200 (application/json): a POST of only notifications or responses MUST be answered 202 Accepted with no body when accepted, an HTTP error status when not',
    ]);
    expect(await hits(ID, answered({ status: 200 }))).toHaveLength(1);
    expect(await hits(ID, answered({ status: 200, sse: [] }))).toHaveLength(1);
    expect((await hits(ID, answered({ status: 204 }))).map((h) => h.message)).toEqual([
      'the server answered POST /mcp (notifications/roots/list_changed) 204: a POST of only notifications or responses MUST be answered 202 Accepted with no body when accepted, an HTTP error status when not',
    ]);
    expect((await hits(ID, answered({ status: 200 }, res(0, { roots: [] })))).map((h) => h.message)).toEqual([
      expect.stringMatching(/^the server answered POST \/mcp \(a response to an unknown request, id 0\) 200: /),
    ]);
  });

  it('reports 202 Accepted with a body', async () => {
    expect(
      (await hits(ID, answered({ status: 202, json: { jsonrpc: '2.0', id: 9, result: {} } }))).map((h) => h.message),
    ).toEqual([
      'the server answered POST /mcp (notifications/roots/list_changed) 202 Accepted with a body: 202 MUST come with no body',
    ]);
  });

  it('takes an error status as the server not accepting the input, and judges no request', async () => {
    expect(
      await hits(ID, answered({ status: 400, json: { jsonrpc: '2.0', error: { code: -32600, message: 'no' } } })),
    ).toEqual([]);
    expect(await hits(ID, answered({ status: 404 }))).toEqual([]);
    expect(await hits(ID, answered({ status: 200, json: res(1) }, req(1, 'ping')))).toEqual([]);
  });

  it('2025-03-26: a batch of notifications answered 200 is reported once; a batch with a request is not judged', async () => {
    const only = [note('notifications/roots/list_changed'), note('notifications/cancelled', { requestId: 5 })];
    expect((await hits(ID, answered({ status: 200, json: [] }, only, '2025-03-26'))).map((h) => h.message)).toEqual([
      expect.stringMatching(
        /^the server answered POST \/mcp \(notifications\/roots\/list_changed, a batch of 2\) 200 \(application\/json\): /,
      ),
    ]);
    expect(
      await hits(
        ID,
        answered(
          { status: 200, json: [res(1)] },
          [note('notifications/roots/list_changed'), req(1, 'ping')],
          '2025-03-26',
        ),
      ),
    ).toEqual([]);
  });
});
