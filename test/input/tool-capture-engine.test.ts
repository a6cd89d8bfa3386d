// The capture engine's forms beyond the fixtures, on small dialects written here (the engine reads any): directions
// stated by a field or by a pipe's ends, what a generation of a tool does not log, folded responses timed and put in time order, a running clock, provisional
// sessions, newest-first runs and their bounds, lines that are no record, documents' headers, one-line documents and
// syntax errors, the server named by the file, and detection of captures against the generic formats.
import { describe, expect, it } from 'vitest';
import { ToolCaptureDocumentReader } from '../../src/input/tool-captures/document.js';
import { ToolCaptureLineReader } from '../../src/input/tool-captures/jsonl.js';
import { ToolCaptureOrder } from '../../src/input/tool-captures/order.js';
import type { ToolCaptureDialect, DocumentLayout } from '../../src/input/tool-captures/types.js';
import { detectFormat, detectInput } from '../../src/input/detect.js';
import { LineSplitter } from '../../src/input/lines/lines.js';
import type { Frame } from '../../src/types.js';
import { chunked, framesOf } from './helpers.js';

/** Frames of a JSONL capture in a dialect written by the test. */
function jsonl(d: ToolCaptureDialect, text: string, file = 'capture.jsonl'): Frame[] {
  const reader = new ToolCaptureLineReader(d, file);
  const out: Frame[] = [];
  const splitter = new LineSplitter();
  for (const l of [...splitter.push(text), ...splitter.end()]) reader.line(l, out);
  reader.end(out);
  return out;
}

/** Frames of a JSON-document capture, fed in chunks of `chunk` characters (0: whole). */
function document(
  d: ToolCaptureDialect & { layout: { document: DocumentLayout } },
  text: string,
  file = 'capture.json',
  chunk = 0,
): Frame[] {
  const reader = new ToolCaptureDocumentReader(d, file);
  const out: Frame[] = [];
  for (let i = 0; i < text.length; i += chunk || text.length)
    reader.push(text.slice(i, i + (chunk || text.length)), out);
  reader.end(out);
  return out;
}

const shape = (f: Frame) => ({
  line: f.line,
  lines: f.lines,
  dir: f.dir,
  session: f.session,
  server: f.server ?? null,
  ts: f.ts,
  what: f.log
    ? `log:${f.log.text}`
    : f.event
      ? `event:${f.event.name}`
      : f.truncated
        ? 'cut'
        : f.error !== undefined
          ? 'error'
          : 'message',
});
const msg = (f: Frame) => (f.value ?? (f.text === null ? null : JSON.parse(f.text))) as Record<string, unknown>;

const TAP: ToolCaptureDialect = {
  name: 'tap',
  title: 'a test tap',
  example: '',
  layout: { lines: [{ has: ['at', 'body'] }] },
  time: 'at',
  session: ['{conn}'],
  server: '{srv}',
  forms: [
    { when: { is: { kind: ['note'] } }, log: { text: '{note}', level: '{lvl}' } },
    {
      when: { is: { kind: ['pipe'] } },
      messages: [{ at: 'body', dir: { peers: { from: 'from', to: 'to' } } }],
      server: { c2s: 'proc {to}', s2c: 'proc {from}' },
    },
    {
      when: { has: ['body'] },
      messages: [{ at: 'body', dir: { path: 'way', map: { up: 'c2s', down: 's2c' }, otherwise: 'unknown' } }],
    },
  ],
};
const rec = (o: Record<string, unknown>) => JSON.stringify({ at: '2026-01-01T00:00:00.000Z', ...o });
const req = (id: number, method = 'tools/list') => ({ jsonrpc: '2.0', id, method });
const res = (id: number) => ({ jsonrpc: '2.0', id, result: {} });

describe('directions', () => {
  it('a field and what its values mean; a value it does not name is left to the session stage', () => {
    const frames = jsonl(
      TAP,
      [
        rec({ body: req(1), way: 'up' }),
        rec({ body: res(1), way: 'down' }),
        rec({ body: req(2), way: 'sideways' }),
        rec({ body: req(3) }),
      ].join('\n'),
    );
    expect(frames.map((f) => f.dir)).toEqual(['c2s', 's2c', 'unknown', 'unknown']);
  });

  it('a pipe: the process that sends initialize is the client, on every pipe apart; before it nothing is stated', () => {
    const pipe = (from: number, to: number, body: unknown) =>
      rec({ kind: 'pipe', from, to, body: JSON.stringify(body) });
    const frames = jsonl(
      TAP,
      [
        pipe(10, 20, req(0, 'tools/list')), // before any initialize
        pipe(10, 20, req(0, 'initialize')),
        pipe(20, 10, res(0)),
        pipe(30, 40, req(0, 'initialize')),
        pipe(40, 30, res(0)),
        pipe(10, 20, req(1)),
      ].join('\n'),
    );
    expect(frames.map((f) => [f.dir, f.server ?? null])).toEqual([
      ['unknown', null],
      ['c2s', 'proc 20'],
      ['s2c', 'proc 20'],
      ['c2s', 'proc 40'],
      ['s2c', 'proc 40'],
      ['c2s', 'proc 20'],
    ]);
    // The wire text is the message as the tool kept it.
    expect(frames[1]!.text).toBe(JSON.stringify(req(0, 'initialize')));
  });
});

describe('what a generation of the tool does not log (ToolCaptureDialect.notLogged)', () => {
  it("the messages of a record of that shape say so; other records' say nothing", () => {
    const d: ToolCaptureDialect = {
      ...TAP,
      notLogged: { when: { lacks: ['way'] }, what: { client: ['notifications', 'answers'] } },
    };
    const frames = jsonl(
      d,
      [rec({ body: req(1) }), rec({ body: res(1), way: 'down' }), rec({ kind: 'note', note: 'hello' })].join('\n'),
    );
    expect(frames.map((f) => f.notLogged ?? null)).toEqual([{ client: ['notifications', 'answers'] }, null, null]);
  });
});

describe('lines that are no record', () => {
  it("text, a line cut short and an object of no form are log records of the last record's session and server; blank lines are none", () => {
    const text = [
      'banner before anything',
      rec({ body: req(1), way: 'up', conn: 'c1', srv: 'memory' }),
      '',
      'Traceback (most recent call last):',
      '{"at":"2026-01-01T00:00:00.000Z","body":{"id"',
      '{"other":1}',
      rec({ kind: 'note', body: 'x', note: 'saved', lvl: 'warn', conn: 'c1' }),
    ].join('\n');
    expect(jsonl(TAP, text).map(shape)).toEqual([
      { line: 1, lines: 1, dir: 'unknown', session: null, server: null, ts: null, what: 'log:banner before anything' },
      {
        line: 2,
        lines: 1,
        dir: 'c2s',
        session: 'c1',
        server: 'memory',
        ts: '2026-01-01T00:00:00.000Z',
        what: 'message',
      },
      {
        line: 4,
        lines: 1,
        dir: 'unknown',
        session: 'c1',
        server: 'memory',
        ts: null,
        what: 'log:Traceback (most recent call last):',
      },
      {
        line: 5,
        lines: 1,
        dir: 'unknown',
        session: 'c1',
        server: 'memory',
        ts: null,
        what: 'log:{"at":"2026-01-01T00:00:00.000Z","body":{"id"',
      },
      { line: 6, lines: 1, dir: 'unknown', session: 'c1', server: 'memory', ts: null, what: 'log:{"other":1}' },
      {
        line: 7,
        lines: 1,
        dir: 'unknown',
        session: 'c1',
        server: null,
        ts: '2026-01-01T00:00:00.000Z',
        what: 'log:saved',
      },
    ]);
    expect(jsonl(TAP, rec({ kind: 'note', body: 'x', note: 'n', lvl: 'warn' }))[0]!.log).toEqual({
      level: 'warn',
      text: 'n',
    });
  });

  it('a text the tool kept only the start of is a cut message, not a broken one', () => {
    const d: ToolCaptureDialect = {
      ...TAP,
      forms: [{ when: { has: ['body'] }, messages: [{ at: 'body', dir: 's2c', cut: 'cut' }] }],
    };
    const frames = jsonl(d, rec({ body: '{"result":{"tools":[{"name":"a', cut: true }));
    expect(frames.map(shape)).toEqual([
      { line: 1, lines: 1, dir: 's2c', session: null, server: null, ts: '2026-01-01T00:00:00.000Z', what: 'cut' },
    ]);
    expect(frames[0]!.truncated).toEqual({ head: 30, tail: 30 });
  });
});

describe('folded pairs and time', () => {
  const FOLD = {
    name: 'fold',
    title: 'folded entries',
    example: '',
    layout: { document: { elements: '', first: { has: ['message'] } } },
    time: 'timestamp',
    forms: [
      {
        when: { has: ['message'] },
        messages: [
          { at: 'message', dir: 'c2s' },
          { at: 'response', dir: 's2c', after: 'duration' },
        ],
      },
    ],
  } satisfies ToolCaptureDialect;
  const entry = (t: string, id: number, duration?: number) => ({
    timestamp: t,
    message: req(id),
    ...(duration === undefined ? {} : { response: res(id), duration }),
  });

  it('a response folded into its request is timed `after` it, spans the lines from its key on, and goes out in time order', () => {
    const text = JSON.stringify(
      [
        entry('2026-06-02T07:41:15.699Z', 37, 1016),
        entry('2026-06-02T07:41:15.701Z', 5, 3),
        entry('2026-06-02T07:41:16.800Z', 6),
      ],
      null,
      2,
    );
    for (const chunk of [0, 1, 7]) {
      const frames = document(FOLD, text, 'x.json', chunk);
      expect(
        frames.map((f) => [msg(f).id, f.dir, f.ts, f.line, f.lines]),
        `chunk ${chunk}`,
      ).toEqual([
        [37, 'c2s', '2026-06-02T07:41:15.699Z', 2, 7],
        [5, 'c2s', '2026-06-02T07:41:15.701Z', 16, 7],
        [5, 's2c', '2026-06-02T07:41:15.704Z', 23, 7],
        [37, 's2c', '2026-06-02T07:41:16.715Z', 9, 7],
        [6, 'c2s', '2026-06-02T07:41:16.800Z', 30, 8],
      ]);
    }
  });

  it('on one line, the folded response shares the line of its request and spans none of its own', () => {
    const frames = document(FOLD, JSON.stringify([entry('2026-06-02T07:41:15.699Z', 1, 2)]));
    expect(frames.map((f) => [f.line, f.lines])).toEqual([
      [1, 1],
      [1, 0],
    ]);
  });

  it('a running clock: no dates, each record where the one before ended, its response `after` it', () => {
    const d = { ...FOLD, time: { running: 'duration' } } satisfies ToolCaptureDialect;
    const frames = document(
      d,
      JSON.stringify([
        entry('', 1, 300),
        { message: { jsonrpc: '2.0', method: 'notifications/initialized' }, duration: 5 },
        entry('', 2, 7),
      ]),
    );
    expect(frames.map((f) => [f.ts, f.tsMs])).toEqual([
      [null, 0],
      [null, 300],
      [null, 300],
      [null, 305],
      [null, 312],
    ]);
  });
});

describe('documents', () => {
  const CASSETTE = {
    name: 'cassette',
    title: 'a cassette',
    example: '',
    layout: { document: { elements: 'interactions', header: ['meta'], root: { has: ['meta', 'interactions'] } } },
    server: '{/meta.server.name}',
    forms: [
      { when: { is: { type: ['http'] } }, event: { name: 'http-{method}', data: ['method', 'path'] } },
      {
        when: { has: ['request'] },
        messages: [
          { at: 'request', dir: 'c2s' },
          { at: 'response', dir: 's2c' },
        ],
      },
    ],
  } satisfies ToolCaptureDialect;

  it('header keys read before the records name their server; an event spells its name as events are', () => {
    const text = JSON.stringify(
      {
        version: 1,
        meta: { server: { name: 'memory' } },
        interactions: [
          { type: 'rpc', request: req(1), response: null },
          { type: 'http', method: 'DELETE', path: '/mcp' },
        ],
      },
      null,
      2,
    );
    const frames = document(CASSETTE, text);
    expect(frames.map((f) => [f.server, f.event?.name ?? msg(f).method])).toEqual([
      ['memory', 'tools/list'],
      ['memory', 'http-delete'],
    ]);
    expect(frames[1]!.event!.data).toEqual({ method: 'DELETE', path: '/mcp' });
  });

  it('a top-level object with no record array is one record; a syntax error keeps the records read before it', () => {
    expect(document(CASSETTE, JSON.stringify({ request: req(1) })).map((f) => msg(f).id)).toEqual([1]);
    const frames = document(
      CASSETTE,
      `{"interactions": [\n{"request": ${JSON.stringify(req(1))}},\n{"request": oops},\n{"request": ${JSON.stringify(req(2))}}\n]}\n`,
    );
    expect(frames.map((f) => (f.error === undefined ? `message ${msg(f).id}` : `error at ${f.line}`))).toEqual([
      'message 1',
      'error at 3',
      'error at 4',
    ]);
  });

  it('the server in the file name, URI-encoded, when the records name none', () => {
    const d = {
      ...CASSETTE,
      server: undefined,
      serverFromFile: /^export-(?<server>.+)\.json$/,
    } satisfies ToolCaptureDialect;
    const text = JSON.stringify({ interactions: [{ request: req(1) }] });
    expect(document(d, text, 'logs/export-my%20server.json')[0]!.server).toBe('my server');
    expect(document(d, text, '-')[0]!.server).toBeUndefined();
  });
});

describe('order', () => {
  const frame = (id: number, session: string, kind: 'req' | 'res' | 'evt', tsMs: number | null = null): Frame => ({
    file: 'f',
    line: id,
    lines: 1,
    ts: null,
    tsMs,
    dir: 'unknown',
    session,
    text: null,
    bytes: 10,
    ...(kind === 'evt' ? { event: { name: 'x' } } : { value: kind === 'req' ? req(id, 'initialize') : res(id) }),
  });
  const run = (order: ToolCaptureOrder, records: Array<[Frame, boolean?]>) => {
    const out: Frame[] = [];
    for (const [f, newest] of records) order.push([f], [], newest ?? false, out);
    order.end(out);
    return out.map((f) => `${f.line}@${f.session}`);
  };

  it('a provisional request takes the session of the first response with its id; the frames after it wait in order', () => {
    const order = new ToolCaptureOrder('stateless');
    expect(
      run(order, [
        [frame(0, 'stateless', 'req')],
        [frame(90, 'A', 'evt')],
        [frame(0, 'stateless', 'req')],
        [frame(0, 'A', 'res')],
        [frame(91, 'A', 'evt')],
        [frame(0, 'B', 'res')],
      ]),
    ).toEqual(['0@A', '90@A', '0@B', '0@A', '91@A', '0@B']);
  });

  it('a server that never names a session: its responses resolve the requests as they are', () => {
    expect(
      run(new ToolCaptureOrder('stateless'), [[frame(0, 'stateless', 'req')], [frame(0, 'stateless', 'res')]]),
    ).toEqual(['0@stateless', '0@stateless']);
  });

  it('past its bound the oldest waiting request goes on under its provisional session', () => {
    const out = run(new ToolCaptureOrder('stateless', 3), [
      [frame(0, 'stateless', 'req')],
      [frame(91, 'A', 'evt')],
      [frame(92, 'A', 'evt')],
      [frame(93, 'A', 'evt')],
      [frame(0, 'A', 'res')],
    ]);
    expect(out).toEqual(['0@stateless', '91@A', '92@A', '93@A', '0@A']);
  });

  it('a newest-first run goes out oldest first, in pieces of at most the bound', () => {
    expect(
      run(new ToolCaptureOrder(undefined), [
        [frame(3, 'A', 'evt'), true],
        [frame(2, 'A', 'evt'), true],
        [frame(1, 'A', 'evt'), true],
        [frame(4, 'A', 'evt')],
      ]),
    ).toEqual(['1@A', '2@A', '3@A', '4@A']);
    expect(
      run(new ToolCaptureOrder(undefined, 2), [
        [frame(4, 'A', 'evt'), true],
        [frame(3, 'A', 'evt'), true],
        [frame(2, 'A', 'evt'), true],
        [frame(1, 'A', 'evt'), true],
      ]),
    ).toEqual(['3@A', '4@A', '1@A', '2@A']);
  });
});

describe('detection', () => {
  const snoop =
    '{"session_id":"s","server_label":"memory","seq":1,"ts":"2026-05-03T09:12:04.812+02:00","direction":"c2s","transport":"stdio","raw":{"jsonrpc":"2.0","id":1,"method":"ping"}}';

  it("a capture's record decides ahead of the generic format its keys would give", () => {
    expect(detectFormat(snoop)).toBe('mcpsnoop');
    expect(detectFormat(`Starting mcpsnoop...\n${snoop}`)).toBe('mcpsnoop');
    // Generic envelopes and messages stay what they were.
    expect(
      detectFormat('{"ts":"2026-05-03T09:12:04.812Z","dir":"c2s","message":{"jsonrpc":"2.0","id":1,"method":"ping"}}'),
    ).toBe('envelope');
    expect(detectFormat('{"jsonrpc":"2.0","id":1,"method":"ping"}')).toBe('ndjson');
    expect(detectFormat('[{"jsonrpc":"2.0","id":1,"method":"ping"}]')).toBe('ndjson');
  });

  it('a pretty-printed document is probed until its first record shows a shape, else it is `json`', () => {
    const entry = { id: 'x', timestamp: '2026-06-02T07:41:10.076Z', direction: 'request', message: req(1) };
    expect(detectFormat(JSON.stringify([entry], null, 2))).toBe('inspector');
    expect(detectFormat(JSON.stringify([entry]))).toBe('inspector');
    expect(detectFormat(JSON.stringify([{ ...entry, direction: 'c2s' }], null, 2))).toBe('json');
    expect(detectFormat(JSON.stringify([req(1), res(1)], null, 2))).toBe('json');
    expect(detectFormat(JSON.stringify({ messages: [req(1)] }, null, 2))).toBe('json');
    // Text before a `[` block: a dump in a text log, which is never probed as a document.
    expect(
      detectFormat(
        `[22:00:00.010] -> {"jsonrpc":"2.0","id":1,"method":"ping"}\nnote\n${JSON.stringify([entry], null, 2)}`,
      ),
    ).toBe('transcript');
  });

  it('a first line too long to wait for is judged by the members read whole from its start', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'x'.repeat(200_000) } });
    const spy = JSON.stringify({
      timestamp: '2025-11-03T09:14:02.607+01:00',
      transport_type: 'stdio',
      stdio_transport: { from_pid: 2, from_comm: 'node', to_pid: 1, to_comm: 'cursor' },
      type: 'response',
      id: 1,
      error: {},
      raw: big,
    });
    expect((await detectInput(chunked(Buffer.from(`${spy}\n`), 4096))).format).toBe('mcpspy');
    expect(
      (
        await detectInput(
          chunked(Buffer.from(`${JSON.stringify({ ts: '2025-11-03T09:14:02.607Z', dir: 's2c', raw: big })}\n`), 4096),
        )
      ).format,
    ).toBe('envelope');
  });

  it('a forced capture format reads anything without failing: what is no record is a log', async () => {
    const frames = await framesOf('{"jsonrpc":"2.0","id":1,"method":"ping"}\nplain text\n', { format: 'mcpsnoop' });
    expect(frames.map((f) => f.log?.text)).toEqual(['{"jsonrpc":"2.0","id":1,"method":"ping"}', 'plain text']);
    const doc = await framesOf('"just a string"', { format: 'inspector' });
    expect(doc.map((f) => f.error !== undefined)).toEqual([true]);
  });
});
