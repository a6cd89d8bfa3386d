// The HTTP reader over hand-built TCP streams: framing, bodies, SSE, sessions, events, gaps, and what is not read.
import { Buffer } from 'node:buffer';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../../src/decode/decode.js';
import type { Frame } from '../../../src/types.js';
import { bomb, type Coding } from '../../helpers/bomb.js';
import { LAST_CHUNK, chunk, chunkedHead, connection, msg, post, read, reply, type Step } from './streams.js';

const SID = { 'Mcp-Session-Id': 'sess-1' };
const JSON_T = { 'Content-Type': 'application/json' };
const SSE_T = { 'Content-Type': 'text/event-stream' };

const init = msg({
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
});
const initResult = msg({
  id: 0,
  result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } },
});

/** What a test compares: direction, session, message text or event name, the http fields. */
const view = (f: Frame) => ({
  dir: f.dir,
  session: f.session,
  line: f.line,
  text: f.event ? `event ${f.event.name}` : f.error ? `error ${f.error}` : f.text,
  http: f.http,
});
const texts = (fs: Frame[]) =>
  fs.map((f) =>
    f.event ? `${f.dir} event ${f.event.name}` : f.error ? `${f.dir} error: ${f.error}` : `${f.dir} ${f.text}`,
  );

describe('HTTP/1.1 framing', () => {
  const steps = () =>
    [
      ['c2s', post(msg({ id: 1, method: 'tools/list' }), SID) + post(msg({ id: 2, method: 'ping' }), SID)],
      [
        's2c',
        Buffer.concat([
          reply(200, msg({ id: 1, result: { tools: [] } }), { ...JSON_T, ...SID }),
          reply(200, msg({ id: 2, result: {} }), { ...JSON_T, ...SID }),
        ]),
      ],
      ['close', 'fin'],
    ] as const;

  it('pairs pipelined responses with their requests in order, on one kept-alive connection', async () => {
    const { frames, notes } = await read(connection('tcp/1', [...steps()]));
    expect(texts(frames)).toEqual([
      `c2s ${msg({ id: 1, method: 'tools/list' })}`,
      `c2s ${msg({ id: 2, method: 'ping' })}`,
      `s2c ${msg({ id: 1, result: { tools: [] } })}`,
      `s2c ${msg({ id: 2, result: {} })}`,
    ]);
    expect(frames.every((f) => f.session === 'sess-1')).toBe(true);
    const headers = {
      protocolVersion: null,
      sessionId: 'sess-1',
      accept: 'application/json, text/event-stream',
      lastEventId: null,
    };
    expect(frames[0]!.http).toEqual({
      method: 'POST',
      path: '/mcp',
      status: null,
      contentType: 'application/json',
      stream: 'post',
      eventId: null,
      conn: 'tcp/1',
      exchange: 1,
      ...headers,
    });
    expect(frames[3]!.http).toEqual({
      method: 'POST',
      path: '/mcp',
      status: 200,
      contentType: 'application/json',
      stream: 'post',
      eventId: null,
      conn: 'tcp/1',
      exchange: 2,
      ...headers,
    });
    expect(frames[0]!.ts).toBe('2026-01-01T00:00:00.001Z');
    expect(notes).toEqual([]);
  });

  it('reads the same in 1-, 3- and 7-byte pieces', async () => {
    const whole = (await read(connection('tcp/1', [...steps()]))).frames.map((f) => [f.dir, f.text, f.session, f.http]);
    for (const size of [1, 3, 7]) {
      const { frames } = await read(connection('tcp/1', [...steps()], { chunk: size }));
      expect(frames.map((f) => [f.dir, f.text, f.session, f.http])).toEqual(whole);
    }
  });

  it('reads chunked bodies, passes over 100 Continue, and skips the body of a HEAD answer', async () => {
    const body = msg({ id: 3, result: { ok: true } });
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', `HEAD /mcp HTTP/1.1\r\nHost: x\r\n\r\n`],
        ['s2c', `HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 20\r\n\r\n`],
        ['c2s', post(msg({ id: 3, method: 'ping' }), { ...SID, Expect: '100-continue' })],
        [
          's2c',
          `HTTP/1.1 100 Continue\r\n\r\n` +
            chunkedHead(200, { ...JSON_T, ...SID }) +
            chunk(body.slice(0, 10)).toString() +
            chunk(body.slice(10)).toString() +
            LAST_CHUNK,
        ],
        ['close', 'fin'],
      ]),
    );
    expect(texts(frames)).toEqual([`c2s ${msg({ id: 3, method: 'ping' })}`, `s2c ${body}`]);
  });

  it('takes a batch POST as one frame that decodes to its messages', async () => {
    const batch = `[${msg({ id: 1, method: 'ping' })},${msg({ method: 'notifications/initialized' })}]`;
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', post(batch, SID)],
        ['close', 'fin'],
      ]),
    );
    expect(frames.length).toBe(1);
    expect(decodeFrame(frames[0]!).map((d) => d.method)).toEqual(['ping', 'notifications/initialized']);
  });
});

describe('the body length of RFC 9112 §6.3: Transfer-Encoding and Content-Length', () => {
  const ping = msg({ id: 1, method: 'ping' });
  const call = msg({ id: 2, method: 'tools/call', params: { name: 'rm', arguments: {} } });
  const head = (fields: string) =>
    `POST /mcp HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Session-Id: sess-1\r\n${fields}\r\n`;

  it("both: Transfer-Encoding wins, the bytes after the chunked body are the next request, and the conflict is on the first request's records", async () => {
    const body = chunk(ping).toString() + LAST_CHUNK;
    const smuggled = post(call, SID);
    const { frames } = await read(
      connection('tcp/1', [
        [
          'c2s',
          head(`Content-Length: ${body.length + smuggled.length}\r\nTransfer-Encoding: chunked\r\n`) + body + smuggled,
        ],
        [
          's2c',
          Buffer.concat([
            reply(200, msg({ id: 1, result: {} }), JSON_T),
            reply(200, msg({ id: 2, result: { content: [] } }), JSON_T),
          ]),
        ],
        ['close', 'fin'],
      ]),
    );
    expect(texts(frames)).toEqual([
      `c2s ${ping}`,
      `c2s ${call}`,
      `s2c ${msg({ id: 1, result: {} })}`,
      `s2c ${msg({ id: 2, result: { content: [] } })}`,
    ]);
    const conflict = {
      transferEncoding: 'chunked',
      contentLength: String(body.length + smuggled.length),
      readAs: 'chunked',
    };
    expect(frames.map((f) => [f.http!.exchange, f.http!.lengthConflict])).toEqual([
      [1, conflict],
      [2, undefined],
      [1, conflict],
      [2, undefined],
    ]);
  });

  it('a Transfer-Encoding that ends in chunked after other codings: de-chunked, then its codings undone', async () => {
    const body = chunk(gzipSync(ping)).toString('latin1') + LAST_CHUNK;
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', Buffer.from(head('Transfer-Encoding: gzip, chunked\r\n') + body, 'latin1')],
        ['s2c', reply(200, msg({ id: 1, result: {} }), JSON_T)],
        ['close', 'fin'],
      ]),
    );
    expect(texts(frames)).toEqual([`c2s ${ping}`, `s2c ${msg({ id: 1, result: {} })}`]);
    expect(frames[0]!.http!.lengthConflict).toBeUndefined();
  });

  it("a request's Transfer-Encoding that does not end in chunked: no length, the framing is lost after its head, its 400 answer pairs", async () => {
    const { frames } = await read(
      connection('tcp/1', [
        [
          'c2s',
          Buffer.concat([
            Buffer.from(head(`Content-Length: ${ping.length}\r\nTransfer-Encoding: gzip\r\n`)),
            gzipSync(ping),
          ]),
        ],
        ['s2c', 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'],
        ['close', 'fin'],
      ]),
    );
    expect(texts(frames)).toEqual([
      'c2s error: HTTP request body cut: 0 bytes read, its header fields give it no length (RFC 9112 §6.3); the part read is kept',
      "c2s error: tcp/1 client to server: HTTP/1.1 framing lost (its Transfer-Encoding (gzip) does not end in chunked: the request's length cannot be determined (RFC 9112 §6.3)); its bytes are skipped until one starts a message",
      's2c event http-status',
      `c2s error: tcp/1 client to server: the last ${gzipSync(ping).length} bytes were skipped (no HTTP message starts in them)`,
    ]);
    expect(frames[0]!.http!.lengthConflict).toEqual({
      transferEncoding: 'gzip',
      contentLength: String(ping.length),
      readAs: 'unknown',
    });
    expect(frames[2]!.http).toMatchObject({ exchange: 1, status: 400 });
  });

  it("a response's Transfer-Encoding that does not end in chunked: read until the connection closes, its codings undone", async () => {
    const answer = msg({ id: 1, result: {} });
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', post(ping, SID)],
        [
          's2c',
          Buffer.concat([
            Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n'),
            gzipSync(answer),
          ]),
        ],
        ['close', 'fin'],
      ]),
    );
    expect(texts(frames)).toEqual([`c2s ${ping}`, `s2c ${answer}`]);
  });
});

describe('Content-Encoding', () => {
  const body = msg({ id: 1, result: { text: 'x'.repeat(5000) } });
  for (const [name, encode] of [
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['raw deflate', deflateRawSync],
    ['br', brotliCompressSync],
  ] as const) {
    it(`decodes a ${name} body`, async () => {
      const coding = name === 'raw deflate' ? 'deflate' : name;
      const { frames } = await read(
        connection(
          'tcp/1',
          [
            ['c2s', post(msg({ id: 1, method: 'x' }), SID)],
            ['s2c', reply(200, encode(Buffer.from(body)), { ...JSON_T, 'Content-Encoding': coding })],
            ['close', 'fin'],
          ],
          { chunk: 97 },
        ),
      );
      expect(frames[1]!.text).toBe(body);
      expect(frames[1]!.bytes).toBe(Buffer.byteLength(body));
    });
  }

  it('streams a gzip SSE body: each event comes out when its bytes arrive, before the stream ends', async () => {
    const events = [1, 2, 3].map(
      (n) =>
        `id: e${n}\ndata: ${msg({ method: 'notifications/progress', params: { progress: n, progressToken: 1 } })}\n\n`,
    );
    const gz = gzipSync(Buffer.from(events.join('')));
    // Cut the compressed stream where the decoder can already give the first events: feed it in three parts.
    const events1 = connection('tcp/1', [
      ['c2s', post(msg({ id: 1, method: 'tools/call', params: { name: 't' } }), SID)],
      ['s2c', chunkedHead(200, { ...SSE_T, 'Content-Encoding': 'gzip' })],
      ['s2c', chunk(gz)],
      ['close', 'end-of-capture'],
    ]);
    const { frames } = await read(events1);
    expect(frames.filter((f) => f.dir === 's2c').map((f) => f.http?.eventId)).toEqual(['e1', 'e2', 'e3', null]);
    expect(frames.at(-1)!.event?.name).toBe('http-stream-open');
  });

  it('reports a corrupt compressed body, and reads on', async () => {
    const gz = gzipSync(Buffer.from(body));
    gz.fill(0x41, 20, 60); // deflate data overwritten
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', post(msg({ id: 1, method: 'x' }), SID)],
        ['s2c', reply(200, gz, { ...JSON_T, 'Content-Encoding': 'gzip' })],
        ['c2s', post(msg({ id: 2, method: 'ping' }), SID)],
        [
          's2c',
          reply(200, gzipSync(Buffer.from(msg({ id: 2, result: {} }))), { ...JSON_T, 'Content-Encoding': 'gzip' }),
        ],
        ['close', 'fin'],
      ]),
    );
    expect(texts(frames)[1]).toMatch(/^s2c error: HTTP response body not decoded: /);
    expect(texts(frames).slice(2)).toEqual([
      `c2s ${msg({ id: 2, method: 'ping' })}`,
      `s2c ${msg({ id: 2, result: {} })}`,
    ]);
  });

  it('reads any bytes without throwing: garbage, cut heads, bad chunk sizes, truncated gzip', async () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const garbage = Buffer.from(Array.from({ length: 3000 }, () => Math.floor(rand() * 256)));
    const steps: Parameters<typeof connection>[1] = [
      ['c2s', post(msg({ id: 1, method: 'x' }), SID).slice(0, 30)],
      ['c2s', garbage.subarray(0, 1000)],
      ['s2c', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/event-stream\r\n\r\nzz\r\n'],
      ['s2c', garbage.subarray(1000)],
      ['c2s', post(msg({ id: 2, method: 'ping' }), SID)],
      [
        's2c',
        reply(200, gzipSync(Buffer.from(body)).subarray(0, 40), { ...JSON_T, 'Content-Encoding': 'gzip' }).subarray(
          0,
          150,
        ),
      ],
      ['gap', 's2c', 7],
      ['close', 'rst'],
    ];
    for (const size of [1, 13, 4096]) {
      const { frames } = await read(connection('tcp/1', steps, { chunk: size }));
      expect(frames.length, `${size}-byte pieces`).toBeGreaterThan(0);
    }
  });

  it('reports a coding it does not decode', async () => {
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', post(msg({ id: 1, method: 'x' }), SID)],
        ['s2c', reply(200, 'zzzz', { ...JSON_T, 'Content-Encoding': 'zstd' })],
        ['close', 'fin'],
      ]),
    );
    expect(frames[1]!.error).toMatch(/Content-Encoding zstd is not one mcptrace decodes/);
  });
});

describe('compression bombs: every layer of a body held to the message limit', () => {
  const LIMIT = 1 << 20;
  /** What a layer decodes past the limit before it is stopped: zlib gives its output in chunks of 16 KiB. */
  const SLACK = 16 * 1024;
  const ping = msg({ id: 2, method: 'ping' });
  const pong = msg({ id: 2, result: {} });
  const steps = (answer: string | Buffer): Step[] => [
    ['c2s', post(msg({ id: 1, method: 'tools/call', params: { name: 't' } }), SID)],
    ['s2c', answer],
    ['c2s', post(ping, SID)],
    ['s2c', reply(200, pong, JSON_T)],
    ['close', 'fin'],
  ];

  for (const codings of [
    ['gzip'],
    ['gzip', 'gzip'],
    ['gzip', 'gzip', 'gzip'],
    ['deflate', 'br', 'gzip'],
    ['br', 'deflate'],
  ] as Coding[][]) {
    it(`${codings.join(', ')}: decoding stops in the first layer past the limit, the body is oversized, reading goes on`, async () => {
      const body = await bomb(64 << 20, codings);
      const { frames } = await read(
        connection('tcp/1', steps(reply(200, body, { ...JSON_T, 'Content-Encoding': codings.join(', ') })), {
          chunk: 1400,
        }),
        { maxMessageBytes: LIMIT },
      );
      const f = frames[1]!;
      const layer = codings.length === 1 ? '' : ` in layer ${codings.length} of ${codings.length}`;
      expect(f.error).toBe(
        `HTTP response body decodes to more than --max-message-bytes (${LIMIT}) (Content-Encoding ${codings.join(', ')}): decoding stopped${layer} after ${f.bytes} bytes; only its first 4096 bytes are kept`,
      );
      expect(f.oversized).toBe(true);
      // The work: the last layer decoded a chunk past the limit at most, not the 64 MiB the body holds.
      expect(f.bytes).toBeGreaterThan(LIMIT);
      expect(f.bytes).toBeLessThanOrEqual(LIMIT + SLACK);
      expect(f.text).toBe('\0'.repeat(4096));
      expect(texts(frames).slice(2)).toEqual([`c2s ${ping}`, `s2c ${pong}`]);
    });
  }

  it('a layer before the last that passes the limit stops the chain there', async () => {
    // Layer 1 (the outer gzip) unpacks to 2 MiB of incompressible bytes: no gzip stream for layer 2 to read on.
    const noise = Buffer.from(Array.from({ length: 2 << 20 }, (_, i) => (i * 2654435761) >>> 24));
    const { frames } = await read(
      connection('tcp/1', steps(reply(200, gzipSync(noise), { ...JSON_T, 'Content-Encoding': 'gzip, gzip' })), {
        chunk: 1400,
      }),
      { maxMessageBytes: LIMIT },
    );
    expect(frames[1]!.error).toMatch(
      /^HTTP response body decodes to more than --max-message-bytes \(1048576\) \(Content-Encoding gzip, gzip\): decoding stopped in layer 1 of 2 after \d+ bytes/,
    );
    expect(frames[1]!.oversized).toBe(true);
  });

  it('an SSE stream: the limit holds for what each piece decodes to; the events before it are read, the rest is not', async () => {
    const events = [1, 2]
      .map(
        (n) =>
          `id: e${n}\ndata: ${msg({ method: 'notifications/progress', params: { progress: n, progressToken: 1 } })}\n\n`,
      )
      .join('');
    // Two gzip members in layer 2: the events, then the bomb.
    const body = gzipSync(Buffer.concat([gzipSync(Buffer.from(events)), await bomb(64 << 20, ['gzip'])]));
    const { frames } = await read(
      connection(
        'tcp/1',
        steps(
          Buffer.concat([
            Buffer.from(chunkedHead(200, { ...SSE_T, 'Content-Encoding': 'gzip, gzip' })),
            chunk(body),
            Buffer.from(LAST_CHUNK),
          ]),
        ),
        { chunk: 1400 },
      ),
      { maxMessageBytes: LIMIT },
    );
    const s2c = frames.filter((f) => f.dir === 's2c' && f.http?.exchange === 1);
    expect(s2c.slice(0, 2).map((f) => f.http?.eventId)).toEqual(['e1', 'e2']);
    const over = s2c.find((f) => f.oversized)!;
    expect(over.error).toBe(
      `a piece of the SSE stream decodes to more than --max-message-bytes (${LIMIT}) (Content-Encoding gzip, gzip): decoding stopped in layer 2 of 2 after ${over.bytes} bytes; the rest of the stream is not read`,
    );
    expect(over.bytes).toBeLessThanOrEqual(LIMIT + SLACK);
    expect(texts(frames).slice(-2)).toEqual([`c2s ${ping}`, `s2c ${pong}`]);
  });

  it('more than five layers are not decoded', async () => {
    let body = Buffer.from(msg({ id: 1, result: {} }));
    for (let i = 0; i < 6; i++) body = gzipSync(body);
    const { frames } = await read(
      connection('tcp/1', steps(reply(200, body, { ...JSON_T, 'Content-Encoding': Array(6).fill('gzip').join(', ') }))),
    );
    expect(frames[1]!.error).toBe(
      'HTTP response body not decoded: 6 layers of coding (gzip, gzip, gzip, gzip, gzip, gzip): mcptrace undoes at most 5',
    );
  });
});

describe('a body over the message limit', () => {
  it("is an oversized record keeping its first 4 KiB (docs/reference/limits.md), a request's as an answer's, and reading goes on", async () => {
    const call = msg({ id: 1, method: 'tools/call', params: { name: 't', arguments: { text: 'z'.repeat(100_000) } } });
    const result = msg({ id: 1, result: { content: [{ type: 'text', text: 'y'.repeat(100_000) }] } });
    const { frames } = await read(
      connection(
        'tcp/1',
        [
          ['c2s', post(call, SID)],
          ['s2c', reply(200, result, JSON_T)],
          ['c2s', post(msg({ id: 2, method: 'ping' }), SID)],
          ['s2c', reply(200, msg({ id: 2, result: {} }), JSON_T)],
          ['close', 'fin'],
        ],
        { chunk: 1400 },
      ),
      { maxMessageBytes: 50_000 },
    );
    expect(frames.slice(0, 2).map((f) => [f.dir, f.oversized, f.bytes, f.text, f.error])).toEqual([
      [
        'c2s',
        true,
        call.length,
        call.slice(0, 4096),
        `HTTP request body of ${call.length} bytes is larger than --max-message-bytes (50000): only its first 4096 bytes are kept`,
      ],
      [
        's2c',
        true,
        result.length,
        result.slice(0, 4096),
        `HTTP response body of ${result.length} bytes is larger than --max-message-bytes (50000): only its first 4096 bytes are kept`,
      ],
    ]);
    expect(texts(frames).slice(2)).toEqual([
      `c2s ${msg({ id: 2, method: 'ping' })}`,
      `s2c ${msg({ id: 2, result: {} })}`,
    ]);
  });
});

describe('a request body over the limit, in an exchange nothing else marks as MCP', () => {
  const call = msg({ id: 1, method: 'tools/call', params: { name: 't', arguments: {} } });
  // 2 MiB of whitespace, then the message: nothing in the first MiB says it is JSON-RPC.
  const body = Buffer.concat([Buffer.alloc(2 << 20, 0x20), Buffer.from(call)]);
  /** A POST naming no MCP header (no session, no Accept), its body sent as is or gzipped. */
  const request = (sent: Buffer, coding?: string) =>
    Buffer.concat([
      Buffer.from(
        `POST /mcp HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\n${coding ? `Content-Encoding: ${coding}\r\n` : ''}Content-Length: ${sent.length}\r\n\r\n`,
      ),
      sent,
    ]);

  for (const [name, sent, coding] of [
    ['as is', body, undefined],
    ['gzipped', gzipSync(body), 'gzip'],
  ] as const) {
    it(`${name}: held until its JSON-RPC answer shows the exchange is MCP; neither is lost`, async () => {
      const answer = msg({ id: 1, result: { content: [] } });
      const { frames, notes } = await read(
        connection(
          'tcp/1',
          [
            ['c2s', request(sent, coding)],
            ['s2c', reply(400, answer, JSON_T)],
            ['close', 'fin'],
          ],
          { chunk: 1400 },
        ),
        { maxMessageBytes: 1 << 20 },
      );
      expect(frames.map((f) => [f.dir, f.oversized ?? false, f.event?.name ?? f.text?.slice(0, 20) ?? null])).toEqual([
        ['c2s', true, ' '.repeat(20)],
        ['s2c', false, 'http-status'],
        ['s2c', false, answer.slice(0, 20)],
      ]);
      expect(frames[0]!.error).toMatch(
        coding
          ? /^HTTP request body decodes to more than --max-message-bytes \(1048576\)/
          : `HTTP request body of ${body.length} bytes is larger`,
      );
      expect(frames.every((f) => f.http?.exchange === 1)).toBe(true);
      expect(notes).toEqual([]);
    });
  }

  it('answered by no JSON-RPC, it is no MCP: nothing is recorded', async () => {
    const { frames, notes } = await read(
      connection(
        'tcp/1',
        [
          ['c2s', request(body)],
          ['s2c', reply(413, '{"error":"too large"}', JSON_T)],
          ['close', 'fin'],
        ],
        { chunk: 1400 },
      ),
      { maxMessageBytes: 1 << 20 },
    );
    expect(frames).toEqual([]);
    expect(notes).toEqual(['1 HTTP connection carried no MCP message (tcp/1: POST /mcp 413).']);
  });
});

describe('SSE', () => {
  it('reads ids, event types, retry, multi-line data, comments and priming events', async () => {
    const n1 = msg({ method: 'notifications/message', params: { level: 'info', data: 'a' } });
    const sse = [
      ': a comment\n\n',
      'id: p0\nretry: 3000\ndata:\n\n', // priming: an id and empty data
      'id: e1\nevent: message\ndata: {"jsonrpc":"2.0",\ndata: "id":1,"result":{}}\n\n', // multi-line data
      `id: e2\r\ndata: ${n1}\r\n\r\n`, // CRLF lines
      'event: custom\ndata: not json-rpc\n\n',
    ].join('');
    const { frames } = await read(
      connection(
        'tcp/1',
        [
          ['c2s', post(msg({ id: 1, method: 'x' }), SID)],
          ['s2c', chunkedHead(200, { ...SSE_T, ...SID }) + chunk(sse).toString() + LAST_CHUNK],
          ['close', 'fin'],
        ],
        { chunk: 5 },
      ),
    );
    const s2c = frames.filter((f) => f.dir === 's2c');
    expect(s2c.map((f) => [f.event?.name ?? f.text, f.http?.eventId])).toEqual([
      ['http-sse-prime', 'p0'],
      ['{"jsonrpc":"2.0",\n"id":1,"result":{}}', 'e1'],
      [n1, 'e2'],
      ['http-sse-event', null],
    ]);
    expect(s2c[0]!.event!.data).toEqual({ retry: 3000 });
    expect(decodeFrame(s2c[1]!)[0]!.kind).toBe('response');
    expect(s2c[1]!.http).toMatchObject({ status: 200, contentType: 'text/event-stream', stream: 'post' });
  });

  it('keeps the part read of an event the capture cut, and says a GET stream was still open', async () => {
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', `GET /mcp HTTP/1.1\r\nAccept: text/event-stream\r\nMcp-Session-Id: sess-1\r\n\r\n`],
        [
          's2c',
          chunkedHead(200, SSE_T) +
            chunk(
              `id: g1\ndata: ${msg({ method: 'notifications/tools/list_changed' })}\n\nid: g2\ndata: {"jsonrpc":"2.0","me`,
            ).toString(),
        ],
        ['close', 'end-of-capture'],
      ]),
    );
    expect(texts(frames)).toEqual([
      `s2c ${msg({ method: 'notifications/tools/list_changed' })}`,
      's2c error: SSE event cut: the capture ended before the stream did; the part read is kept',
    ]);
    expect(frames[1]!.text).toBe('{"jsonrpc":"2.0","me');
    expect(frames.every((f) => f.http?.stream === 'get' && f.session === 'sess-1')).toBe(true);
    const open = await read(
      connection('tcp/1', [
        ['c2s', `GET /mcp HTTP/1.1\r\nAccept: text/event-stream\r\nMcp-Session-Id: s\r\n\r\n`],
        ['s2c', chunkedHead(200, SSE_T)],
        ['close', 'end-of-capture'],
      ]),
    );
    expect(open.frames.map(view)).toMatchObject([
      { text: 'event http-stream-open', http: { method: 'GET', status: 200, stream: 'get' } },
    ]);
  });

  it('drops an SSE event larger than the bound, and reads on at the next one', async () => {
    const big = `data: ${msg({ method: 'n', params: { x: 'y'.repeat(3000) } })}\n\n`;
    const small = `data: ${msg({ method: 'notifications/initialized' })}\n\n`;
    const { frames } = await read(
      connection(
        'tcp/1',
        [
          ['c2s', post(msg({ id: 1, method: 'x' }), SID)],
          ['s2c', chunkedHead(200, SSE_T) + chunk(big + small).toString() + LAST_CHUNK],
          ['close', 'fin'],
        ],
        { chunk: 500 },
      ),
      { maxMessageBytes: 1000 },
    );
    const s2c = frames.filter((f) => f.dir === 's2c');
    expect(s2c[0]!.oversized).toBe(true);
    expect(s2c.at(-1)!.text).toBe(msg({ method: 'notifications/initialized' }));
  });
});

describe('sessions and transport events', () => {
  it('puts initialize in the session its answer assigns, and uses it after', async () => {
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', post(init)],
        ['s2c', reply(200, initResult, { ...JSON_T, 'Mcp-Session-Id': 'new-1' })],
        ['c2s', post(msg({ method: 'notifications/initialized' }), { 'Mcp-Session-Id': 'new-1' })],
        ['s2c', reply(202, '')],
        ['close', 'fin'],
      ]),
    );
    expect(frames.map((f) => [f.dir, f.session, f.event?.name ?? JSON.parse(f.text!).method ?? 'result'])).toEqual([
      ['c2s', 'new-1', 'initialize'],
      ['s2c', 'new-1', 'result'],
      ['c2s', 'new-1', 'notifications/initialized'],
      ['s2c', 'new-1', 'http-accepted'],
    ]);
    expect(frames[0]!.line).toBe(1); // the packet that completed the request, though it went out with its answer
  });

  it("leaves a stateless server's frames without a session", async () => {
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', post(init)],
        ['s2c', reply(200, initResult, JSON_T)],
        ['close', 'fin'],
      ]),
    );
    expect(frames.map((f) => f.session)).toEqual([null, null]);
  });

  it('makes events of DELETE, 404, 405 and other statuses, and keeps a JSON-RPC error body', async () => {
    const err = msg({ id: null, error: { code: -32000, message: 'Bad Request: No valid session ID provided' } });
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', `GET /mcp HTTP/1.1\r\nAccept: text/event-stream\r\nMcp-Session-Id: sess-1\r\n\r\n`],
        ['s2c', reply(405, '')],
        ['c2s', post(msg({ id: 5, method: 'ping' }), { 'Mcp-Session-Id': 'gone' })],
        ['s2c', reply(404, '')],
        ['c2s', post(msg({ id: 6, method: 'ping' }))],
        ['s2c', reply(400, err, JSON_T)],
        ['c2s', `DELETE /mcp HTTP/1.1\r\nMcp-Session-Id: sess-1\r\n\r\n`],
        ['s2c', reply(405, '')],
        ['c2s', `DELETE /mcp HTTP/1.1\r\nMcp-Session-Id: sess-1\r\n\r\n`],
        ['s2c', reply(200, '')],
        ['close', 'fin'],
      ]),
    );
    expect(texts(frames)).toEqual([
      's2c event http-get-unsupported',
      `c2s ${msg({ id: 5, method: 'ping' })}`,
      's2c event http-session-expired',
      `c2s ${msg({ id: 6, method: 'ping' })}`,
      's2c event http-status',
      `s2c ${err}`,
      'c2s event http-delete-refused',
      'c2s event http-delete',
    ]);
    expect(frames[4]!.event!.data).toEqual({ status: 400, contentType: 'application/json' });
    expect(frames[7]!.http).toMatchObject({ method: 'DELETE', status: 200, stream: null });
  });

  it('reads the 2024-11-05 HTTP+SSE transport: the endpoint event keys the session', async () => {
    const events = [
      ...connection('tcp/1', [
        ['c2s', `GET /sse HTTP/1.1\r\nAccept: text/event-stream\r\n\r\n`],
        ['s2c', chunkedHead(200, SSE_T) + chunk('event: endpoint\ndata: /message?sessionId=abc\n\n').toString()],
      ]),
      ...connection(
        'tcp/2',
        [
          ['c2s', post(init, {}, '/message?sessionId=abc')],
          ['s2c', reply(202, 'Accepted')],
          ['close', 'fin'],
        ],
        { packet: 10 },
      ),
      ...connection(
        'tcp/1',
        [
          ['s2c', chunk(`event: message\ndata: ${initResult}\n\n`)],
          ['close', 'end-of-capture'],
        ],
        { packet: 20 },
      ).slice(1),
    ];
    const { frames } = await read(events);
    expect(frames.map((f) => [f.dir, f.session, f.event?.name ?? f.text, f.http?.stream])).toEqual([
      ['s2c', 'abc', 'http-endpoint', 'get'],
      ['c2s', 'abc', init, 'post'],
      ['s2c', 'abc', 'http-accepted', 'post'],
      ['s2c', 'abc', initResult, 'get'],
      ['s2c', 'abc', 'http-stream-open', 'get'],
    ]);
  });
});

describe("the request's MCP headers, and sessions by connection", () => {
  it("gives every record of an exchange its request's headers and number, numbered in the order requests are read", async () => {
    const v = { 'MCP-Protocol-Version': '2025-11-25', ...SID };
    const events = [
      ...connection('tcp/1', [
        ['c2s', post(msg({ id: 1, method: 'tools/list' }), v)],
        ['s2c', reply(200, `id: e1\ndata: ${msg({ id: 1, result: { tools: [] } })}\n\n`, SSE_T)],
      ]),
      ...connection(
        'tcp/2',
        [
          [
            'c2s',
            `GET /mcp HTTP/1.1\r\nAccept: text/event-stream\r\nMcp-Session-Id: sess-1\r\nLast-Event-ID: e1\r\n\r\n`,
          ],
          [
            's2c',
            chunkedHead(200, SSE_T) +
              chunk(`id: e2\ndata: ${msg({ method: 'notifications/tools/list_changed' })}\n\n`).toString(),
          ],
          ['gap', 's2c', 40],
          ['close', 'end-of-capture'],
        ],
        { packet: 10 },
      ),
    ];
    const { frames } = await read(events);
    const info = (f: Frame) => [
      f.event?.name ?? f.error?.slice(0, 11) ?? f.dir,
      f.http!.exchange,
      f.http!.protocolVersion,
      f.http!.sessionId,
      f.http!.accept,
      f.http!.lastEventId,
    ];
    expect(frames.map(info)).toEqual([
      ['c2s', 1, '2025-11-25', 'sess-1', 'application/json, text/event-stream', null],
      ['s2c', 1, '2025-11-25', 'sess-1', 'application/json, text/event-stream', null],
      ['s2c', 2, null, 'sess-1', 'text/event-stream', 'e1'],
      ['capture gap', 2, null, 'sess-1', 'text/event-stream', 'e1'],
      ['http-stream-open', 2, null, 'sess-1', 'text/event-stream', 'e1'],
    ]);
  });

  it("puts a request that names no session in its connection's, an initialize in the session it opens, and a new connection's in none", async () => {
    const ping = (id: number) => post(msg({ id, method: 'ping' }));
    const events = [
      ...connection('tcp/1', [
        ['c2s', post(msg({ id: 1, method: 'tools/list' }), SID)],
        ['s2c', reply(200, msg({ id: 1, result: { tools: [] } }), JSON_T)],
        ['c2s', ping(2)],
        ['s2c', reply(400, '')],
        ['c2s', `OPTIONS /mcp HTTP/1.1\r\nOrigin: http://x\r\n\r\n`],
        ['s2c', reply(204, '')],
        ['c2s', `DELETE /mcp HTTP/1.1\r\n\r\n`],
        ['s2c', reply(200, '')],
        ['c2s', post(init)],
        ['s2c', reply(200, initResult, { ...JSON_T, 'Mcp-Session-Id': 'sess-2' })],
        ['c2s', ping(3)],
        ['s2c', reply(200, msg({ id: 3, result: {} }), JSON_T)],
        ['close', 'fin'],
      ]),
      ...connection(
        'tcp/2',
        [
          ['c2s', ping(4)],
          ['s2c', reply(400, '')],
          ['close', 'fin'],
        ],
        { packet: 30 },
      ),
    ];
    const { frames } = await read(events);
    expect(
      frames.map((f) => [f.http!.conn, f.event?.name ?? JSON.parse(f.text!).id, f.session, f.http!.sessionId]),
    ).toEqual([
      ['tcp/1', 1, 'sess-1', 'sess-1'],
      ['tcp/1', 1, 'sess-1', 'sess-1'],
      ['tcp/1', 2, 'sess-1', null],
      ['tcp/1', 'http-status', 'sess-1', null],
      ['tcp/1', 'http-delete', 'sess-1', null],
      ['tcp/1', 0, 'sess-2', null],
      ['tcp/1', 0, 'sess-2', null],
      ['tcp/1', 3, 'sess-2', null],
      ['tcp/1', 3, 'sess-2', null],
      ['tcp/2', 4, null, null],
      ['tcp/2', 'http-status', null, null],
    ]);
  });

  it('makes a POST answered 2xx with a JSON or SSE body that holds no message an http-status event', async () => {
    const note = msg({ method: 'notifications/roots/list_changed' });
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', post(note, SID)],
        ['s2c', reply(200, '', JSON_T)],
        ['c2s', post(note, SID)],
        ['s2c', reply(200, ': keep-alive\n\n', SSE_T)],
        ['c2s', post(note, SID)],
        ['s2c', reply(202, '', JSON_T)],
        ['close', 'fin'],
      ]),
    );
    expect(frames.map((f) => [f.event?.name ?? f.dir, f.event?.data])).toEqual([
      ['c2s', undefined],
      ['http-status', { status: 200, contentType: 'application/json' }],
      ['c2s', undefined],
      ['http-status', { status: 200, contentType: 'text/event-stream' }],
      ['c2s', undefined],
      ['http-accepted', { status: 202 }],
    ]);
  });
});

describe('gaps and cuts', () => {
  const res = msg({ id: 1, result: { text: 'z'.repeat(200) } });

  it('crosses a gap inside a Content-Length body: a finding with the byte count, and the next exchange is read', async () => {
    const full = reply(200, res, { ...JSON_T, ...SID });
    const head = full.length - Buffer.byteLength(res);
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', post(msg({ id: 1, method: 'x' }), SID)],
        ['s2c', full.subarray(0, head + 50)],
        ['gap', 's2c', 100],
        ['s2c', full.subarray(head + 150)],
        ['c2s', post(msg({ id: 2, method: 'ping' }), SID)],
        ['s2c', reply(200, msg({ id: 2, result: {} }), JSON_T)],
        ['close', 'fin'],
      ]),
    );
    expect(texts(frames)).toEqual([
      `c2s ${msg({ id: 1, method: 'x' })}`,
      's2c error: capture gap: 100 bytes of this HTTP response body were not captured (dropped packets); the rest is kept',
      `c2s ${msg({ id: 2, method: 'ping' })}`,
      `s2c ${msg({ id: 2, result: {} })}`,
    ]);
  });

  it('loses the framing on a gap in a head, and finds it again at the next request', async () => {
    const second = post(msg({ id: 2, method: 'ping' }), SID);
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', 'POST /mcp HTTP/1.1\r\nHost: x\r\n'],
        ['gap', 'c2s', 40],
        ['c2s', 'Length: 5\r\n\r\nhello'],
        ['c2s', second],
        ['close', 'fin'],
      ]),
    );
    expect(texts(frames)).toEqual([
      'c2s error: tcp/1 client to server: HTTP/1.1 framing lost (40 bytes missing where the framing cannot be crossed); its bytes are skipped until one starts a message',
      'c2s event http-resync',
      `c2s ${msg({ id: 2, method: 'ping' })}`,
    ]);
    expect(frames[1]!.event!.data).toEqual({ conn: 'tcp/1', dir: 'c2s', skipped: 40 + 18 });
  });

  it('says a gap in an SSE stream lost the event it broke, and reads the next one', async () => {
    const a = `id: 1\ndata: ${msg({ method: 'notifications/progress', params: { progress: 1, progressToken: 1 } })}\n\n`;
    const b = `id: 3\ndata: ${msg({ method: 'notifications/progress', params: { progress: 3, progressToken: 1 } })}\n\n`;
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', post(msg({ id: 1, method: 'tools/call' }), SID)],
        ['s2c', chunkedHead(200, SSE_T) + `${(10_000).toString(16)}\r\n` + a + 'id: 2\ndata: {"jsonrpc"'],
        ['gap', 's2c', 30],
        ['s2c', 'more of event 2"}\n\n' + b],
        ['close', 'end-of-capture'],
      ]),
    );
    expect(frames.filter((f) => f.dir === 's2c').map((f) => f.event?.name ?? f.error ?? f.http?.eventId)).toEqual([
      '1',
      'capture gap: 30 bytes of this SSE stream were not captured (dropped packets); the event being read is lost, and reading goes on at the next event',
      '3',
      'http-stream-open', // the capture ended with the stream open
    ]);
  });

  it('crosses a gap over whole chunks of a chunked stream at the next chunk size line', async () => {
    const ev = (n: number) =>
      chunk(
        `id: ${n}\ndata: ${msg({ method: 'notifications/progress', params: { progress: n, progressToken: 1 } })}\n\n`,
      );
    const lost = Buffer.concat([ev(2), ev(3)]);
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', post(msg({ id: 1, method: 'tools/call' }), SID)],
        ['s2c', chunkedHead(200, SSE_T) + ev(1).toString()],
        ['gap', 's2c', lost.length - 5],
        ['s2c', Buffer.concat([lost.subarray(-5), ev(4)])],
        ['s2c', LAST_CHUNK],
        ['close', 'fin'],
      ]),
    );
    expect(frames.filter((f) => f.dir === 's2c').map((f) => f.error ?? f.event?.name ?? f.http?.eventId)).toEqual([
      '1',
      `capture gap: ${lost.length - 5} bytes of this SSE stream were not captured (dropped packets); events in them are lost`,
      // The 5 bytes after the gap (the end of event 3's chunk) are passed over until event 4's size line.
      'http-resync',
      '4',
    ]);
    expect(frames.find((f) => f.event?.name === 'http-resync')!.event!.data).toEqual({
      conn: 'tcp/1',
      dir: 's2c',
      skipped: 5,
    });
  });

  it('keeps the part of a body the connection closed on', async () => {
    const full = reply(200, res, JSON_T);
    const { frames } = await read(
      connection('tcp/1', [
        ['c2s', post(msg({ id: 1, method: 'x' }), SID)],
        ['s2c', full.subarray(0, full.length - 20)],
        ['close', 'rst'],
      ]),
    );
    expect(frames[1]!.error).toBe(
      `HTTP response body cut: ${Buffer.byteLength(res) - 20} of ${Buffer.byteLength(res)} bytes read, the connection closed before the body ended; the part read is kept`,
    );
    expect(frames[1]!.text).toBe(res.slice(0, -20));
    // A request cut short, with no MCP header: its JSON-RPC start still shows what it was.
    const req = post(init);
    const cut = await read(
      connection('tcp/2', [
        ['c2s', req.slice(0, -30)],
        ['close', 'fin'],
      ]),
    );
    expect(texts(cut.frames)).toEqual([
      `c2s error: HTTP request body cut: ${Buffer.byteLength(init) - 30} of ${Buffer.byteLength(init)} bytes read, the connection closed before the body ended; the part read is kept`,
    ]);
  });
});

describe('connections that are not read', () => {
  it('names TLS, HTTP/2, other protocols and HTTP without MCP in one line each', async () => {
    const events = [
      ...connection(
        'tcp/1',
        [
          ['c2s', Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01])],
          ['close', 'fin'],
        ],
        { port: 443 },
      ),
      ...connection('tcp/2', [
        ['c2s', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
        ['close', 'fin'],
      ]),
      ...connection(
        'tcp/3',
        [
          ['s2c', 'SSH-2.0-OpenSSH_9.6\r\n'],
          ['close', 'fin'],
        ],
        { port: 22 },
      ),
      ...connection('tcp/4', [
        ['c2s', 'GET /favicon.ico HTTP/1.1\r\nHost: x\r\n\r\n'],
        ['s2c', reply(404, 'nope')],
        ['close', 'fin'],
      ]),
      ...connection(
        'tcp/5',
        [
          ['c2s', Buffer.from([0x16, 0x03, 0x03, 0x00])],
          ['close', 'fin'],
        ],
        { port: 8443 },
      ),
      // An HTTP/2 server that spoke first: its SETTINGS frame (two settings) before the client's preface.
      ...connection('tcp/6', [
        ['s2c', Buffer.from('00000c040000000000000300000064000400100000', 'hex')],
        ['c2s', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
        ['close', 'fin'],
      ]),
    ];
    const { frames, notes } = await read(events);
    expect(frames).toEqual([]);
    expect(notes).toEqual([
      '2 connections are TLS, encrypted and not read (tcp/1 127.0.0.1:50000 → 127.0.0.1:443, tcp/5 127.0.0.1:50000 → 127.0.0.1:8443). To read their MCP traffic, capture it in plaintext: run `mcptrace proxy --target https://SERVER/PATH --out FILE` and point the client at the URL it prints, or capture on the loopback side of the TLS terminator.',
      '2 connections speak HTTP/2, which is not read (tcp/2 127.0.0.1:50000 → 127.0.0.1:3001, tcp/6 127.0.0.1:50000 → 127.0.0.1:3001): mcptrace reads HTTP/1.1. Capture through `mcptrace proxy --target URL --out FILE` (it speaks HTTP/1.1 to both sides), or have the client use HTTP/1.1.',
      '1 connection is not HTTP and not read (tcp/3 127.0.0.1:50000 → 127.0.0.1:22).',
      '1 HTTP connection carried no MCP message (tcp/4: GET /favicon.ico 404).',
    ]);
  });

  it('reads a connection the capture joined midway from its first whole message', async () => {
    const { frames } = await read(
      connection(
        'tcp/1',
        [
          ['s2c', '"tail of a body"}'],
          ['c2s', post(msg({ id: 9, method: 'ping' }), SID)],
          ['s2c', reply(200, msg({ id: 9, result: {} }), JSON_T)],
          ['close', 'fin'],
        ],
        { midstream: true },
      ),
    );
    // The response side skipped the end of a body it joined inside; the request side started at a request.
    expect(texts(frames)).toEqual([
      `c2s ${msg({ id: 9, method: 'ping' })}`,
      's2c event http-resync',
      `s2c ${msg({ id: 9, result: {} })}`,
    ]);
    // One joined midway that never shows an HTTP message is named as not HTTP, with no record.
    const other = await read(
      connection(
        'tcp/2',
        [
          ['s2c', 'SSH-2.0-OpenSSH_9.6\r\n'],
          ['c2s', Buffer.from([1, 2, 3, 4, 5])],
          ['close', 'end-of-capture'],
        ],
        { midstream: true, port: 22 },
      ),
    );
    expect(other.frames).toEqual([]);
    expect(other.notes).toEqual(['1 connection is not HTTP and not read (tcp/2 127.0.0.1:50000 → 127.0.0.1:22).']);
  });
});
