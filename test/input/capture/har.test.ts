// HAR files read as MCP traffic: entries, bodies (base64, SSE), what was not captured, detection, bad documents.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { detectInput } from '../../../src/input/detect.js';
import { readFrames } from '../../../src/input/read.js';
import type { Frame } from '../../../src/types.js';
import { msg } from './streams.js';

const URL_ = 'http://127.0.0.1:3001/mcp';
const h = (o: Record<string, string>) => Object.entries(o).map(([name, value]) => ({ name, value }));

function entry(
  req: { method?: string; headers?: Record<string, string>; body?: string; url?: string },
  res: {
    status: number;
    headers?: Record<string, string>;
    text?: string;
    encoding?: string;
    size?: number;
    mimeType?: string;
  },
  at = '2026-01-01T00:00:00.000Z',
) {
  return {
    startedDateTime: at,
    time: 50,
    request: {
      method: req.method ?? 'POST',
      url: req.url ?? URL_,
      httpVersion: 'HTTP/1.1',
      headers: h(req.headers ?? {}),
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: req.body?.length ?? 0,
      ...(req.body !== undefined ? { postData: { mimeType: 'application/json', text: req.body } } : {}),
    },
    response: {
      status: res.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: h(res.headers ?? {}),
      cookies: [],
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      content: {
        size: res.size ?? res.text?.length ?? 0,
        mimeType: res.mimeType ?? res.headers?.['Content-Type'] ?? '',
        ...(res.text !== undefined ? { text: res.text } : {}),
        ...(res.encoding ? { encoding: res.encoding } : {}),
      },
    },
    cache: {},
    timings: { blocked: 1, dns: -1, connect: -1, send: 1, wait: 10, receive: 38, ssl: -1 },
  };
}

const har = (entries: unknown[], pretty = true) =>
  JSON.stringify(
    { log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } },
    null,
    pretty ? 2 : undefined,
  );

async function read(text: string, chunk = 1 << 20): Promise<{ frames: Frame[]; notes: string[]; format: string }> {
  const frames: Frame[] = [];
  const notes: string[] = [];
  let format = '';
  async function* chunks() {
    const b = Buffer.from(text);
    for (let i = 0; i < b.length; i += chunk) yield b.subarray(i, i + chunk);
  }
  for await (const f of readFrames(chunks(), {
    file: 'x.har',
    onFormat: (f) => (format = f),
    status: { note: (_source, t) => notes.push(t) },
  }))
    frames.push(f);
  return { frames, notes, format };
}

const texts = (fs: Frame[]) =>
  fs.map((f) =>
    f.event ? `${f.dir} event ${f.event.name}` : f.error ? `${f.dir} error: ${f.error}` : `${f.dir} ${f.text}`,
  );

const init = msg({
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
});
const initResult = msg({
  id: 0,
  result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'sérver – ✓', version: '1' } },
});

describe('HAR', () => {
  const doc = har([
    entry(
      { method: 'GET', url: 'http://127.0.0.1:8080/' },
      { status: 200, headers: { 'Content-Type': 'text/html' }, text: '<!doctype html>' },
    ),
    entry(
      { body: init, headers: { 'Content-Type': 'application/json' } },
      {
        status: 200,
        headers: { 'Content-Type': 'text/event-stream', 'Mcp-Session-Id': 'S1' },
        text: `event: message\nid: e1\ndata: ${initResult}\n\n`,
      },
    ),
    entry(
      { body: msg({ method: 'notifications/initialized' }), headers: { 'Mcp-Session-Id': 'S1' } },
      { status: 202, text: '' },
    ),
    entry(
      { body: msg({ id: 1, method: 'tools/list' }), headers: { 'Mcp-Session-Id': 'S1' } },
      {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
        text: Buffer.from(msg({ id: 1, result: { tools: [] } })).toString('base64'),
        encoding: 'base64',
      },
    ),
    entry(
      { method: 'GET', headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': 'S1' } },
      { status: 200, headers: { 'Content-Type': 'text/event-stream' }, size: -1 },
    ),
    entry({ body: msg({ id: 2, method: 'ping' }), headers: { 'Mcp-Session-Id': 'S1' } }, { status: 0 }),
    entry({ method: 'DELETE', headers: { 'Mcp-Session-Id': 'S1' } }, { status: 200 }),
  ]);

  it('reads bodies (SSE, base64), statuses and what was not captured, in the session the initialize answer assigned', async () => {
    const { frames, notes, format } = await read(doc);
    expect(format).toBe('har');
    expect(texts(frames)).toEqual([
      `c2s ${init}`,
      `s2c ${initResult}`,
      `c2s ${msg({ method: 'notifications/initialized' })}`,
      's2c event http-accepted',
      `c2s ${msg({ id: 1, method: 'tools/list' })}`,
      `s2c ${msg({ id: 1, result: { tools: [] } })}`,
      's2c event http-body-not-captured',
      `c2s ${msg({ id: 2, method: 'ping' })}`,
      'c2s event http-delete',
    ]);
    expect(frames.every((f) => f.session === 'S1')).toBe(true);
    expect(frames[1]!.http).toEqual({
      method: 'POST',
      path: '/mcp',
      status: 200,
      contentType: 'text/event-stream',
      stream: 'post',
      eventId: 'e1',
      conn: 'entry/2',
      exchange: 2,
      protocolVersion: null,
      sessionId: null,
      accept: null,
      lastEventId: null,
    });
    expect(frames[0]!.ts).toBe('2026-01-01T00:00:00.000Z');
    expect(frames[1]!.ts).toBe('2026-01-01T00:00:00.050Z'); // the body when the entry ended
    expect(frames[3]!.ts).toBe('2026-01-01T00:00:00.012Z'); // the status when the head came (blocked + send + wait)
    expect(frames[6]!.event!.data).toEqual({ body: 'response', size: -1 });
    expect(frames[8]!.event!.data).toEqual({ status: 200 });
    // Lines: each frame is placed at its entry's first line.
    expect(doc.split('\n')[frames[0]!.line - 1]).toBe('      {');
    expect(notes).toEqual(['1 HAR entry carried no MCP message (GET / 200).']);
  });

  it("keeps a named connection's session for a later entry on it whose request names none (not an unnamed entry's)", async () => {
    const on = (e: ReturnType<typeof entry>, connection?: string) =>
      connection === undefined ? e : { ...e, connection };
    const ping = msg({ id: 3, method: 'ping' });
    const named = har([
      on(
        entry(
          { body: init },
          { status: 200, headers: { 'Content-Type': 'application/json', 'Mcp-Session-Id': 'S1' }, text: initResult },
        ),
        '42',
      ),
      on(entry({ body: ping }, { status: 400 }), '42'),
      on(entry({ body: ping }, { status: 400 }), '43'),
    ]);
    const { frames } = await read(named);
    expect(frames.map((f) => [f.http!.conn, f.event?.name ?? f.dir, f.session, f.http!.exchange])).toEqual([
      ['har/42', 'c2s', 'S1', 1],
      ['har/42', 's2c', 'S1', 1],
      ['har/42', 'c2s', 'S1', 2],
      ['har/42', 'http-status', 'S1', 2],
      ['har/43', 'c2s', null, 3],
      ['har/43', 'http-status', null, 3],
    ]);
    const unnamed = await read(
      har([
        entry(
          { body: init },
          { status: 200, headers: { 'Content-Type': 'application/json', 'Mcp-Session-Id': 'S1' }, text: initResult },
        ),
        entry({ body: ping }, { status: 400 }),
      ]),
    );
    expect(unnamed.frames.map((f) => f.session)).toEqual(['S1', 'S1', null, null]);
  });

  it('reads the same from a one-line HAR in 5-byte pieces', async () => {
    const a = await read(doc);
    const b = await read(har(JSON.parse(doc).log.entries, false), 5);
    expect(b.format).toBe('har');
    expect(texts(b.frames)).toEqual(texts(a.frames));
    expect(b.frames.every((f) => f.line === 1)).toBe(true);
  });

  it('turns back an SSE body a browser misread as Windows-1252', async () => {
    const misread = Buffer.from(`data: ${initResult}\n\n`, 'utf8')
      .toString('latin1')
      .replace(/\u0080/g, '€')
      .replace(/\u0093/g, '“');
    const { frames } = await read(
      har([
        entry(
          { body: init },
          { status: 200, headers: { 'Content-Type': 'text/event-stream', 'Mcp-Session-Id': 'S' }, text: misread },
        ),
      ]),
    );
    expect(frames[1]!.text).toBe(initResult);
  });

  it('is detected by its start; --input-format har reads it whatever it starts with', async () => {
    async function* one(t: string) {
      yield Buffer.from(t);
    }
    expect((await detectInput(one(doc))).format).toBe('har');
    expect((await detectInput(one('{"log": {"level": "info"}}\n'))).format).not.toBe('har');
    const frames: Frame[] = [];
    for await (const f of readFrames(one(`\n${doc}`), { file: 'x', format: 'har' })) frames.push(f);
    expect(frames.length).toBe(9);
  });

  it('says where a HAR breaks, and what is not a HAR, keeping the entries before', async () => {
    const cut = doc.slice(0, doc.indexOf('"notifications/initialized"') - 200);
    const { frames } = await read(cut);
    expect(texts(frames).slice(0, 2)).toEqual([`c2s ${init}`, `s2c ${initResult}`]);
    expect(frames.at(-1)!.error).toMatch(/^the HAR file ends early at line \d+/);
    const bad = await read('{"log": {"version": "1.2", "entries": [ {"request": }]}}');
    expect(bad.frames.at(-1)!.error).toMatch(/^malformed HAR at line 1/);
    const none = await read('{"log": {"version": "1.2", "pages": []}}');
    expect(none.frames.map((f) => f.error)).toEqual(['not a HAR document: no "log": {"entries": [...]}']);
  });

  it('bounds an entry by --max-message-bytes', async () => {
    const big = har([entry({ body: msg({ id: 1, method: 'x', params: { s: 'y'.repeat(5000) } }) }, { status: 202 })]);
    const frames: Frame[] = [];
    async function* one() {
      yield Buffer.from(big);
    }
    for await (const f of readFrames(one(), { file: 'x', maxMessageBytes: 1000 })) frames.push(f);
    expect(frames.length).toBe(1);
    expect(frames[0]!.oversized).toBe(true);
    expect(frames[0]!.error).toMatch(/^HAR entry of \d+ bytes is larger than --max-message-bytes \(1000\)/);
  });
});
