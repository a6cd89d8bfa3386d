// Envelope NDJSON reader and the envelope field table.
import { describe, expect, test } from 'vitest';
import { envelopeToFrame } from '../../src/input/readers/envelope-fields.js';
import { EnvelopeReader } from '../../src/input/readers/envelope.js';
import type { Frame } from '../../src/types.js';
import { ClockTimeline } from '../../src/input/shared/time.js';
import { fixture, framesOf } from './helpers.js';

describe('envelope', () => {
  test('wrap.envelope.ndjson frame by frame', async () => {
    const frames = await framesOf(fixture('envelope/wrap.envelope.ndjson'), { file: 'w' });
    const strip = frames.map(({ file, ...rest }) => rest);
    expect(strip).toEqual([
      {
        line: 1,
        lines: 1,
        ts: '2026-11-29T22:00:00.000Z',
        tsMs: 1795989600000,
        dir: 'unknown',
        session: null,
        text: null,
        bytes: 0,
        event: { name: 'start', data: { command: ['npx', 'server'], pid: 4242 } },
      },
      {
        line: 2,
        lines: 1,
        ts: '2026-11-29T22:00:00.010Z',
        tsMs: 1795989600010,
        dir: 'c2s',
        session: null,
        text: '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}',
        bytes: 58,
      },
      {
        line: 3,
        lines: 1,
        ts: '2026-11-29T22:20:00.030Z',
        tsMs: 1795990800030,
        dir: 's2c',
        session: '7',
        // The message as an object: its JSON copied from the line (written as JSON.stringify writes it).
        text: '{"jsonrpc":"2.0","id":0,"result":{"serverInfo":{"name":"ünï 🚀"}}}',
        compact: true,
        bytes: 70,
        value: { jsonrpc: '2.0', id: 0, result: { serverInfo: { name: 'ünï 🚀' } } },
      },
      {
        line: 4,
        lines: 1,
        ts: '2026-11-29T22:20:00.040Z',
        tsMs: 1795990800040,
        dir: 'c2s',
        session: 'abc',
        text: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        compact: true,
        bytes: 54,
        value: { jsonrpc: '2.0', method: 'notifications/initialized' },
      },
      {
        line: 6,
        lines: 1,
        ts: '2026-11-29T22:00:01Z',
        tsMs: 1795989601000,
        dir: 'unknown',
        session: null,
        text: '[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
        compact: true,
        bytes: 42,
        value: [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
      },
      {
        line: 7,
        lines: 1,
        ts: '2026-11-29T22:00:02Z',
        tsMs: 1795989602000,
        dir: 's2c',
        session: null,
        text: '{"jsonrpc":"2.0","id":1,"result":{"text":"日本語"}}',
        bytes: 54,
      },
      {
        line: 8,
        lines: 1,
        ts: '2026-11-29T22:00:03Z',
        tsMs: 1795989603000,
        dir: 'c2s',
        session: null,
        text: '{"ts":"2026-11-29T22:00:03Z","dir":"in","json":42}',
        bytes: 50,
        error: 'envelope "json" must be a JSON object, array or string, not a number',
      },
      {
        line: 9,
        lines: 1,
        ts: '2026-11-29T22:00:04Z',
        tsMs: 1795989604000,
        dir: 's2c',
        session: null,
        text: '{"ts":"2026-11-29T22:00:04Z","dir":"recv"}',
        bytes: 42,
        error: 'envelope has no message (message, msg, payload, data, json, line, raw) and no event',
      },
      // prose among envelopes is a log line, not an envelope that failed
      {
        line: 10,
        lines: 1,
        ts: null,
        tsMs: null,
        dir: 'unknown',
        session: null,
        text: null,
        bytes: 0,
        log: { level: null, text: 'this is not json' },
      },
      {
        line: 11,
        lines: 1,
        ts: null,
        tsMs: null,
        dir: 'unknown',
        session: null,
        text: '[1,2,3]',
        bytes: 7,
        error: 'not an envelope: the line is an array, not a JSON object',
      },
      {
        line: 12,
        lines: 1,
        ts: null,
        tsMs: null,
        dir: 'unknown',
        session: null,
        text: '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}',
        bytes: 93,
      },
      {
        line: 13,
        lines: 1,
        ts: '2026-11-29T22:00:04.500Z',
        tsMs: 1795989604500,
        dir: 's2c',
        session: null,
        text: '{"jsonrpc":"2.0","method":"notifications/message","params":{}}',
        compact: true,
        bytes: 62,
        value: { jsonrpc: '2.0', method: 'notifications/message', params: {} },
      },
      {
        line: 14,
        lines: 1,
        ts: '2026-11-29T22:00:05.000Z',
        tsMs: 1795989605000,
        dir: 'unknown',
        session: null,
        text: null,
        bytes: 0,
        event: { name: 'stdin-closed' },
      },
      {
        line: 15,
        lines: 1,
        ts: '2026-11-29T22:00:05.020Z',
        tsMs: 1795989605020,
        dir: 'unknown',
        session: 'abc',
        text: null,
        bytes: 0,
        event: { name: 'exit', data: { code: 0, signal: null } },
      },
    ]);
    expect(frames.every((f) => f.file === 'w')).toBe(true);
  });

  test('a `#` comment line is skipped, as docs/reference/formats.md says; a line of text beside the envelopes is a log line', async () => {
    const frames = await framesOf(
      '# wrap capture of server.js\n{"ts":"2026-11-29T22:00:00.010Z","dir":"c2s","line":"{}"}\n  # note\nstderr: Server running\n',
      { format: 'envelope' },
    );
    expect(frames.map((f) => [f.line, f.error ?? null, f.log?.text ?? null])).toEqual([
      [2, null, null],
      [4, null, 'stderr: Server running'],
    ]);
  });

  test('a JSON log line beside the envelopes (pino, bunyan: stderr redirected into the capture) is a log line with its level', async () => {
    const lines = [
      '{"ts":"2026-11-29T22:00:00.010Z","dir":"c2s","line":"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"method\\":\\"ping\\"}"}',
      '{"level":30,"time":1795989600020,"pid":4242,"hostname":"ci","msg":"listening on stdio"}',
      '{"name":"srv","hostname":"ci","pid":4242,"level":50,"msg":"lost the database","time":"2026-11-29T22:00:00.030Z","v":0}',
      '{"level":"warn","message":"slow query","timestamp":"2026-11-29T22:00:00.040Z"}',
      // On the wire (a direction), or no readable text: still an envelope, and a broken one.
      '{"ts":"2026-11-29T22:00:00.050Z","dir":"s2c","line":"listening on stdio"}',
      '{"time":1795989600060,"msg":"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"result\\":{}}"}',
    ];
    const frames = await framesOf(lines.join('\n'), { format: 'envelope' });
    expect(
      frames.map((f) => [
        f.line,
        f.log === undefined ? (f.error === undefined ? 'message' : 'error') : `log ${f.log.level}`,
      ]),
    ).toEqual([
      [1, 'message'],
      [2, 'log info'],
      [3, 'log error'],
      [4, 'log warn'],
      [5, 'message'],
      [6, 'message'],
    ]);
    expect(frames[1]!.log!.text).toBe(lines[1]);
  });

  test('a structlog line (its text under `event`, beside a level) is a log line, not a transport event; JSON-RPC in it is read', async () => {
    const lines = [
      '{"ts":"2026-11-29T22:00:00.000Z","event":"start","command":["npx","server"],"pid":4242}',
      // structlog's JSONRenderer (hynek/structlog#695) and a logger of its shape (keep-starknet-strange/starknet-agentic#239)
      '{"event": "Error running query pipeline. Function run_query. Error=\'NoneType\' object has no attribute \'search\'", "level": "error", "timestamp": "2025-01-22 10:49:02"}',
      '{"ts":"2026-02-14T05:56:18.433Z","level":"info","event":"server.started","details":{"transport":"stdio"}}',
      '{"event": "sending {\\"jsonrpc\\":\\"2.0\\",\\"id\\":2,\\"method\\":\\"tools/list\\"}", "level": "debug", "timestamp": "2025-01-22 10:49:03"}',
      // A capture's event with a direction stays one, level or not.
      '{"ts":"2026-11-29T22:00:05.000Z","event":"http-accepted","dir":"s2c","level":"info","status":202}',
      '{"ts":"2026-11-29T22:00:05.020Z","event":"exit","code":0,"signal":null}',
    ];
    const frames = await framesOf(lines.join('\n'), { format: 'envelope' });
    const what = (f: Frame) =>
      f.event !== undefined ? `event ${f.event.name}` : f.log !== undefined ? `log ${f.log.level}` : 'message';
    expect(frames.map((f) => [f.line, what(f)])).toEqual([
      [1, 'event start'],
      [2, 'log error'],
      [3, 'log info'],
      [4, 'message'],
      [5, 'event http-accepted'],
      [6, 'event exit'],
    ]);
    expect(frames[1]!.log!.text).toBe(lines[1]);
    expect(frames[3]).toMatchObject({ text: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}', context: 'sending' });
  });

  const at = { file: 'f', line: 1, lines: 1 };
  const map = (o: Record<string, unknown>) => envelopeToFrame(o, at, () => JSON.stringify(o), new ClockTimeline());

  test.each([
    ['c2s', 'c2s'],
    ['CLIENT', 'c2s'],
    ['client->server', 'c2s'],
    ['in', 'c2s'],
    ['Send', 'c2s'],
    ['->', 'c2s'],
    ['s2c', 's2c'],
    ['server', 's2c'],
    ['Server->Client', 's2c'],
    ['out', 's2c'],
    ['RECV', 's2c'],
    ['←', 's2c'],
    ['sideways', 'unknown'],
    [3, 'unknown'],
  ])('direction %s → %s', (value, dir) => {
    expect(map({ dir: value, message: {} }).dir).toBe(dir);
  });

  test('direction keys: first present wins (dir, direction, from, src)', () => {
    expect(map({ src: 'server', from: 'client', message: {} }).dir).toBe('c2s');
    expect(map({ dir: null, direction: 's2c', message: {} }).dir).toBe('s2c');
  });

  test('times: epoch seconds, epoch ms, numeric strings, other date strings, clock strings', () => {
    expect(map({ ts: 1795989600, message: {} })).toMatchObject({ ts: '2026-11-29T22:00:00.000Z', tsMs: 1795989600000 });
    expect(map({ ts: 1795989600123, message: {} })).toMatchObject({
      ts: '2026-11-29T22:00:00.123Z',
      tsMs: 1795989600123,
    });
    expect(map({ time: '1795989600.5', message: {} })).toMatchObject({
      ts: '2026-11-29T22:00:00.500Z',
      tsMs: 1795989600500,
    });
    expect(map({ timestamp: 'Sun, 29 Nov 2026 22:00:00 GMT', message: {} })).toMatchObject({
      ts: '2026-11-29T22:00:00.000Z',
    });
    expect(map({ ts: '2026-11-29T22:00:00', message: {} })).toMatchObject({
      ts: '2026-11-29T22:00:00',
      tsMs: 1795989600000,
    });
    expect(map({ ts: '22:00:01.250', message: {} })).toMatchObject({ ts: '22:00:01.250', tsMs: 79201250 });
    expect(map({ ts: 'whenever', message: {} })).toMatchObject({ ts: 'whenever', tsMs: null });
    expect(map({ message: {} })).toMatchObject({ ts: null, tsMs: null });
  });

  test('message keys: first present wins; a string is wire text, an object a value', () => {
    expect(map({ msg: '{"a":1}', data: { b: 2 } })).toMatchObject({ text: '{"a":1}', bytes: 7 });
    expect(map({ message: null, raw: '{"é":1}' })).toMatchObject({ text: '{"é":1}', bytes: 8 });
    const f = map({ payload: { jsonrpc: '2.0', method: 'x' } });
    expect(f.text).toBe('{"jsonrpc":"2.0","method":"x"}');
    expect(f.compact).toBe(true);
    expect(f.value).toEqual({ jsonrpc: '2.0', method: 'x' });
    expect(f.bytes).toBe(Buffer.byteLength('{"jsonrpc":"2.0","method":"x"}'));
  });

  test('session: session, session_id, sessionId, stringified', () => {
    expect(map({ session: 12, message: {} }).session).toBe('12');
    expect(map({ session_id: 'a', message: {} }).session).toBe('a');
    expect(map({ sessionId: 'b', message: {} }).session).toBe('b');
    expect(map({ message: {} }).session).toBeNull();
  });

  test('events: name normalised, data is every other key but time, direction, session and event', () => {
    const f = map({ timestamp: 1, direction: 'c2s', session: 's', event: 'Stdout Closed', code: 1, extra: { a: 1 } });
    expect(f.event).toEqual({ name: 'stdout-closed', data: { code: 1, extra: { a: 1 } } });
    expect(f.session).toBe('s');
    expect(f).toMatchObject({ text: null, bytes: 0, lines: 1 });
    expect(map({ event: 'exit', data: { code: 0 } }).event).toEqual({ name: 'exit', data: { data: { code: 0 } } });
    expect(map({ event: 42 }).error).toMatch(/"event" must be a non-empty string/);
  });

  test('a bare JSON-RPC message line among envelopes is read as itself', async () => {
    const frames = await framesOf(
      '{"event":"start"}\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"id":1,"result":{}}\n',
    );
    expect(frames[1]).toMatchObject({ text: '{"jsonrpc":"2.0","id":1,"method":"ping"}', bytes: 40, dir: 'unknown' });
    expect(frames[2]).toMatchObject({ text: '{"id":1,"result":{}}' });
    expect(frames[2].error).toBeUndefined();
  });
});

describe('envelope: a line the capture cut (wrap --max-line)', () => {
  test('is an invalid-frame record with the kept text and the true size, not text that failed to parse', async () => {
    const line = JSON.stringify({
      ts: '2026-11-30T00:00:00.000Z',
      dir: 's2c',
      line: '{"jsonrpc":"2.0","id":1,"result":{"x":"ééé',
      truncated: true,
      bytes: 3000,
    });
    const [f] = await framesOf(line + '\n', { format: 'envelope' });
    expect(f).toMatchObject({
      dir: 's2c',
      text: '{"jsonrpc":"2.0","id":1,"result":{"x":"ééé',
      bytes: 3000,
      error: 'line of 3000 bytes cut to its first 45 in the capture (--max-line)',
    });
  });

  test('without a usable size the kept bytes are its size', async () => {
    const line = JSON.stringify({ dir: 'c2s', line: '{"jsonrpc":', truncated: true, bytes: 'many' });
    const [f] = await framesOf(line + '\n', { format: 'envelope' });
    expect(f).toMatchObject({
      bytes: 11,
      error: 'line of unknown size cut to its first 11 in the capture (--max-line)',
    });
  });

  test('"truncated" other than true changes nothing', async () => {
    const line = JSON.stringify({ dir: 'c2s', line: '{"jsonrpc":"2.0","method":"ping","id":1}', truncated: 'yes' });
    const [f] = await framesOf(line + '\n', { format: 'envelope' });
    expect(f!.error).toBeUndefined();
    expect(f!.text).toBe('{"jsonrpc":"2.0","method":"ping","id":1}');
  });
});

describe('a blank wire line in a capture (wrap records an empty line a server printed as "line":"")', () => {
  const msg = (id: number) =>
    JSON.stringify({
      ts: '2026-11-29T22:00:00.000Z',
      dir: 's2c',
      line: JSON.stringify({ jsonrpc: '2.0', id, result: {} }),
    });
  test('is skipped as a blank line of raw NDJSON is: no frame, no error; the lines after keep their numbers', async () => {
    const blank = (line: string) => JSON.stringify({ ts: '2026-11-29T22:00:00.001Z', dir: 's2c', line });
    const frames = await framesOf([msg(1), blank(''), blank(' \r'), msg(2), ''].join('\n'), { format: 'envelope' });
    expect(frames.map((f) => ({ line: f.line, error: f.error }))).toEqual([
      { line: 1, error: undefined },
      { line: 4, error: undefined },
    ]);
  });

  test('a cut blank line, an event or an HTTP exchange with an empty body are not skipped', async () => {
    const lines = [
      JSON.stringify({ dir: 's2c', line: '', truncated: true, bytes: 9 }),
      JSON.stringify({ event: 'stdin-closed', line: '' }),
      JSON.stringify({ dir: 's2c', line: '', http: { method: 'POST', path: '/mcp', status: 202 } }),
    ];
    expect((await framesOf(lines.join('\n') + '\n', { format: 'envelope' })).map((f) => f.line)).toEqual([1, 2, 3]);
  });
});

describe("an HTTP record's lengthConflict (a capture of HTTP traffic written as envelopes)", () => {
  test('is read back as written; one of another shape is left out', async () => {
    const http = {
      method: 'POST',
      path: '/mcp',
      status: null,
      contentType: 'application/json',
      stream: 'post',
      eventId: null,
      conn: 'c1',
    };
    const conflict = { transferEncoding: 'chunked', contentLength: '96', readAs: 'chunked' };
    const line = (lengthConflict: unknown) =>
      JSON.stringify({
        dir: 'c2s',
        line: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
        http: { ...http, lengthConflict },
      });
    const frames = await framesOf(
      [line(conflict), line({ transferEncoding: 1, contentLength: null, readAs: 'chunked' })].join('\n') + '\n',
      { format: 'envelope' },
    );
    expect(frames.map((f) => f.http?.lengthConflict)).toEqual([conflict, undefined]);
  });
});

describe('the server\'s stderr lines wrap records ("dir":"stderr")', () => {
  const ts = (ms: number) => `2026-12-07T10:00:00.${String(ms).padStart(3, '0')}Z`;
  const err = (ms: number, line: string, more: Record<string, unknown> = {}) =>
    JSON.stringify({ ts: ts(ms), dir: 'stderr', line, ...more });
  const msg = (ms: number, id: number) =>
    JSON.stringify({ ts: ts(ms), dir: 'c2s', line: JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }) });
  const TRACEBACK = [
    'Traceback (most recent call last):',
    '  File "/srv/server.py", line 3, in <module>',
    '    main()',
    "KeyError: 'DATABASE_URL'",
  ];

  test('a run of them is one log record of all its lines, timed by its first, ended by another record and by a blank stderr line', async () => {
    const lines = [
      msg(1, 1),
      err(2, 'INFO ready'),
      ...TRACEBACK.map((l, i) => err(3 + i, l)),
      msg(10, 2),
      err(11, '{"jsonrpc":"2.0","id":2,"result":{}}'), // JSON on stderr: still no message
      err(12, ''),
      err(13, 'bye', { partial: true }),
      err(14, 'x'.repeat(10), { truncated: true, bytes: 4000 }),
    ];
    const frames = await framesOf(lines.join('\n') + '\n', { format: 'envelope' });
    expect(frames.map((f) => [f.line, f.lines, f.ts, f.text, f.log, f.error])).toEqual([
      [1, 1, ts(1), expect.any(String), undefined, undefined],
      [2, 5, ts(2), null, { level: null, text: ['INFO ready', ...TRACEBACK].join('\n') }, undefined],
      [7, 1, ts(10), expect.any(String), undefined, undefined],
      [8, 1, ts(11), null, { level: null, text: '{"jsonrpc":"2.0","id":2,"result":{}}' }, undefined],
      [10, 2, ts(13), null, { level: null, text: `bye\n${'x'.repeat(10)}` }, undefined],
    ]);
  });

  test('a run ends at a line of another kind (appended text, a comment) and at the end of the input', async () => {
    const lines = [err(1, 'a'), err(2, 'b'), 'Error: appended by the shell', err(3, 'c'), '# note', err(4, 'd')];
    const frames = await framesOf(lines.join('\n'), { format: 'envelope' });
    expect(frames.map((f) => [f.line, f.lines, f.log?.text])).toEqual([
      [1, 2, 'a\nb'],
      [3, 1, 'Error: appended by the shell'],
      [4, 1, 'c'],
      [6, 1, 'd'],
    ]);
  });

  test("a run is bounded by the reader's byte limit", async () => {
    const lines = Array.from({ length: 6 }, (_, i) => err(i, 'y'.repeat(40)));
    const bytes = Buffer.byteLength(lines[0]!);
    const reader = new EnvelopeReader('t', 3 * bytes);
    const frames: Frame[] = [];
    lines.forEach((text, i) => reader.line({ text, line: i + 1, bytes }, frames));
    reader.end(frames);
    expect(frames.map((f) => [f.line, f.lines])).toEqual([
      [1, 3],
      [4, 3],
    ]);
  });

  test('envelopeToFrame alone (a JSON document of envelopes, the live view) makes each a log frame', () => {
    const f = envelopeToFrame(
      { ts: ts(1), dir: 'stderr', line: 'fatal: boom' },
      { file: 'x', line: 1, lines: 1 },
      () => '',
      new ClockTimeline(),
    );
    expect(f).toMatchObject({ text: null, bytes: 0, log: { level: null, text: 'fatal: boom' }, dir: 'unknown' });
  });
});
