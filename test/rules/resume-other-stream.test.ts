// resume-other-stream: a GET with Last-Event-ID replays the stream that sent that event, and no other.
import { describe, expect, it } from 'vitest';
import { ACCEPT_GET, after, harOf, opening, type Exchange } from '../helpers/har.js';
import { hits, note, req, res } from '../helpers/lifecycle.js';

const ID = 'resume-other-stream';
const resume = (last: string, sse: Exchange['sse']): Exchange => ({
  method: 'GET',
  headers: { ...after('s1', '2025-11-25', ACCEPT_GET), 'Last-Event-ID': last },
  status: 200,
  sse,
});
const progress = (n: number) => note('notifications/progress', { progressToken: 't', progress: n });
/** A tools/call whose SSE answer was cut after its priming event and a progress notification (2025-11-25 polling). */
const cut: Exchange = {
  headers: after(),
  body: req(1, 'tools/call', { name: 'slow', _meta: { progressToken: 't' } }),
  status: 200,
  sse: [
    { id: 'p1', data: null },
    { id: 'p2', data: progress(1) },
  ],
};
/** The server's own stream, with a request on it. */
const stream: Exchange = {
  method: 'GET',
  headers: after('s1', '2025-11-25', ACCEPT_GET),
  status: 200,
  sse: [{ id: 'g1', data: req(0, 'roots/list') }],
};

describe(ID, () => {
  it('is quiet when the resumption continues the stream that was cut: its events, then the response of its request', async () => {
    const text = harOf([
      ...opening(),
      cut,
      resume('p2', [
        { id: 'p3', data: progress(2) },
        { id: 'p4', data: res(1, { content: [] }) },
      ]),
    ]);
    expect(await hits(ID, text)).toEqual([]);
    // Resumed twice: the second resumption continues the same stream.
    const twice = harOf([
      ...opening(),
      cut,
      resume('p2', [{ id: 'p3', data: progress(2) }]),
      resume('p3', [{ id: 'p4', data: res(1, { content: [] }) }]),
    ]);
    expect(await hits(ID, twice)).toEqual([]);
  });

  it('reports an event sent before on another stream, replayed on the resumption', async () => {
    const text = harOf([...opening(), stream, cut, resume('g1', [{ id: 'p2', data: progress(1) }])]);
    expect(await hits(ID, text)).toEqual([
      {
        line: 6,
        severity: 'error',
        message:
          'a notifications/progress notification (event "p2") replayed on the GET resuming after event "g1" (the GET of exchange 3) was sent before on another stream (the POST of exchange 4): the server MUST NOT replay messages of a different stream',
      },
    ]);
  });

  it('reports the response of a request POSTed on another exchange than the stream resumed', async () => {
    const text = harOf([...opening(), stream, cut, resume('g1', [{ id: 'p9', data: res(1, { content: [] }) }])]);
    expect(await hits(ID, text)).toEqual([
      {
        line: 6,
        severity: 'error',
        message:
          'a response to tools/call (id 1) replayed on the GET resuming after event "g1" (the GET of exchange 3) answers a request POSTed in exchange 4, whose stream is another: the server MUST NOT replay messages of a different stream',
      },
    ]);
  });

  it('does not judge a resumption after an event it never saw', async () => {
    const text = harOf([
      ...opening(),
      stream,
      cut,
      resume('x9', [
        { id: 'p2', data: progress(1) },
        { id: 'p9', data: res(1, { content: [] }) },
      ]),
    ]);
    expect(await hits(ID, text)).toEqual([]);
  });
});
