// The dialect engine's forms beyond the fixtures: bodies over several lines, markers with no body, cut bodies' sizes,
// string ids in summaries, group bounds, oversized lines, stderr before the first host line, launches per server,
// the grammar order a file uses, VS Code's continuation lines, and the declarative options (bodies in a language's
// literal syntax, JSON log lines, names in a line's text, sessions that end at an event, cues on the whole line).
import { describe, expect, it } from 'vitest';
import { DialectReader } from '../../src/input/dialects/engine.js';
import { claudeDesktop } from '../../src/input/dialects/claude-desktop.js';
import { lineScore } from '../../src/input/dialects/grammar.js';
import type { Dialect } from '../../src/input/dialects/types.js';
import { LineSplitter } from '../../src/input/lines.js';
import type { Frame } from '../../src/types.js';
import { framesOf } from './helpers.js';

const cd = (text: string) => framesOf(text, { format: 'claude-desktop' });
const vs = (text: string) => framesOf(text, { format: 'vscode' });
const T = '2026-03-18T00:17:05.402Z';
const host = (text: string, server = 'memory', level = 'info') => `${T} [${server}] [${level}] ${text}`;
const shape = (f: Frame) => ({
  line: f.line, lines: f.lines, dir: f.dir, session: f.session, server: f.server,
  what: f.log ? 'log' : f.event ? `event:${f.event.name}` : f.summary ? 'summary' : f.truncated ? 'cut' : f.error !== undefined ? 'error' : 'message',
});

describe('message bodies', () => {
  it('JSON that goes on over the next lines is one message, its suffix after the closing bracket left out', async () => {
    const text = [host('Message from server: {'), '  "jsonrpc": "2.0",', '  "id": 1,', '  "result": {}', '} { metadata: undefined }', host('Client transport closed')].join('\n');
    const frames = await cd(text);
    expect(frames.map(shape)).toEqual([
      { line: 1, lines: 5, dir: 's2c', session: 'memory', server: 'memory', what: 'message' },
      { line: 6, lines: 1, dir: 'unknown', session: 'memory', server: 'memory', what: 'event:close' },
    ]);
    expect(frames[0]!.value).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(frames[0]!.bytes).toBe(Buffer.byteLength('{"jsonrpc":"2.0","id":1,"result":{}}'));
  });

  it('a marker alone on its line takes the JSON that starts on the next one', async () => {
    const frames = await cd([host('Message from client:'), '', '{"jsonrpc":"2.0","id":1,"method":"ping"}'].join('\n'));
    expect(frames.map(shape)).toEqual([{ line: 1, lines: 3, dir: 'c2s', session: 'memory', server: 'memory', what: 'message' }]);
    expect(frames[0]!.value).toEqual({ jsonrpc: '2.0', id: 1, method: 'ping' });
  });

  it('a marker with no JSON after it, and a body that never closes, are errors; the line that ends them is read on its own', async () => {
    const frames = await cd([host('Message from client:'), 'not json', host('Message from server: {"jsonrpc":"2.0",'), '  "id": 1,', host('Shutting down server...')].join('\n'));
    expect(frames.map(shape)).toEqual([
      { line: 1, lines: 1, dir: 'c2s', session: 'memory', server: 'memory', what: 'error' },
      { line: 2, lines: 1, dir: 'unknown', session: 'memory', server: 'memory', what: 'log' },
      { line: 3, lines: 2, dir: 's2c', session: 'memory', server: 'memory', what: 'error' },
      { line: 5, lines: 1, dir: 'unknown', session: 'memory', server: 'memory', what: 'event:shutdown' },
    ]);
    expect(frames[0]!.error).toBe('a message marker with no message after it');
    expect(frames[2]!.error).toMatch(/^unterminated JSON value: line 5/);
  });

  it('a cut body keeps what survives, its size counts the characters left out; a cut inside one string (valid JSON) is a cut too', async () => {
    const head = '{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"é';
    const tail = '"}]}}';
    const frames = await cd([
      host(`Message from server: ${head}...[1234 chars truncated]...${tail} { metadata: undefined }`),
      host('Message from server: {"result":{"tools":[{"name":"a","inputSchema":{"id":...[52653 chars truncated]...'),
    ].join('\n'));
    expect(frames.map((f) => shape(f).what)).toEqual(['cut', 'cut']);
    const [inString, open] = frames;
    expect(inString!.bytes).toBe(Buffer.byteLength(head) + Buffer.byteLength(tail) + 1234);
    expect(inString!.text!.slice(0, inString!.truncated!.head)).toBe(head);
    expect(inString!.text!.slice(inString!.truncated!.tail)).toBe(tail);
    // The only published shape: nothing of the end survives.
    expect(open!.truncated!.tail).toBe(open!.text!.length);
  });

  it('summaries: calls with and without an id, results, errors, string ids', async () => {
    const frames = await cd(
      [
        'method="tools/call" id=7 params', 'method="notifications/initialized"', 'id=7 result(1 blocks)', 'id=8 error(code=-32602)', 'id=9 error',
        'method="ping" id="a\\"b"',
      ].map((s, i) => host(`Message from ${i % 2 === 0 ? 'client' : 'server'}: ${s} { metadata: undefined }`)).join('\n'),
    );
    expect(frames.map((f) => f.summary)).toEqual([
      { kind: 'request', id: 7, method: 'tools/call' },
      { kind: 'notification', id: null, method: 'notifications/initialized' },
      { kind: 'response', id: 7, method: null },
      { kind: 'error', id: 8, method: null },
      { kind: 'error', id: 9, method: null },
      { kind: 'request', id: 'a"b', method: 'ping' },
    ]);
    expect(frames.every((f) => f.bytes === 0)).toBe(true);
  });

  it('a body that is neither JSON nor a summary is read as a message: decode reports it', async () => {
    const [f] = await cd(host('Message from server: Unexpected token'));
    expect(shape(f!).what).toBe('message');
    expect(f!.text).toBe('Unexpected token');
  });
});

describe('groups and bounds', () => {
  const read = (lines: string[], limits: { maxLines?: number; maxBytes?: number }, maxLineBytes?: number) => {
    const r = new DialectReader(claudeDesktop, 'f', limits);
    const out: Frame[] = [];
    const sp = new LineSplitter({ maxLineBytes });
    for (const l of sp.push(lines.join('\n') + '\n')) r.line(l, out);
    for (const l of sp.end()) r.line(l, out);
    r.end(out);
    return out;
  };

  it('a stderr run and a dump are cut into records of at most maxLines lines, none lost', () => {
    const stderr = Array.from({ length: 7 }, (_, i) => `stderr ${i}`);
    const dump = [host('Using MCP server command: x with args and path: {'), ...Array.from({ length: 5 }, (_, i) => `  a${i}`), '} %o'];
    const frames = read([host('Initializing server...'), ...stderr, ...dump], { maxLines: 3 });
    expect(frames.map((f) => [f.line, f.lines, f.log?.level ?? null])).toEqual([
      [1, 1, null], [2, 3, null], [5, 3, null], [8, 1, null], [9, 3, 'info'], [12, 3, 'info'], [15, 1, 'info'],
    ]);
    expect(frames[1]!.log!.text).toBe('stderr 0\nstderr 1\nstderr 2');
  });

  it('a body over the byte bound is an oversized record; the lines after it are log lines', () => {
    const frames = read([host('Message from server: {'), '  "a": "' + 'x'.repeat(200) + '",', '  "b": 1', '}'], { maxBytes: 150 });
    expect(frames.map((f) => [f.line, f.lines, f.oversized ?? false, f.log !== undefined])).toEqual([[1, 2, true, false], [3, 2, false, true]]);
  });

  it('a line over --max-message-bytes: an oversized message when it has a marker (direction kept), else a log line', () => {
    const frames = read([host('Message from client: {"jsonrpc":"2.0","id":1,"method":"x","params":"' + 'y'.repeat(300) + '"}'), 'z'.repeat(300)], {}, 200);
    expect(frames.map((f) => [f.dir, f.oversized ?? false, f.log !== undefined, f.server])).toEqual([['c2s', true, false, 'memory'], ['unknown', false, true, 'memory']]);
  });
});

describe('servers and launches', () => {
  it('stderr before the first host line belongs to the server that line names, in its first launch', async () => {
    const frames = await cd(['Knowledge Graph MCP Server running on stdio', host('Initializing server...'), host('Message from client: {"jsonrpc":"2.0","id":0,"method":"initialize"}')].join('\n'));
    expect(frames.map((f) => [f.session, f.server])).toEqual([['memory', 'memory'], ['memory', 'memory'], ['memory', 'memory']]);
  });

  it('each `Initializing server...` after a launch with a message or a start is a new session of that server', async () => {
    const lines = [
      host('Initializing server...', 'a'), host('Initializing server...', 'b'), host('Message from client: {"jsonrpc":"2.0","id":0,"method":"initialize"}', 'a'),
      host('Initializing server...', 'a'), host('Message from client: {"jsonrpc":"2.0","id":0,"method":"initialize"}', 'b'), host('Initializing server...', 'b'),
    ];
    expect((await cd(lines.join('\n'))).map((f) => f.session)).toEqual(['a', 'b', 'a', 'a#2', 'b', 'b#2']);
  });

  it('a line two grammars could read is read in the order the file uses (`[info] [error]` in mcp.log: a server named error)', async () => {
    const agg = (server: string, text: string) => `${T} [info] [${server}] ${text}`;
    const frames = await cd([agg('memory', 'Initializing server...'), agg('error', 'Initializing server...'), agg('error', 'Message from client: {"jsonrpc":"2.0","id":0,"method":"ping"}')].join('\n'));
    expect(frames.map((f) => f.server)).toEqual(['memory', 'error', 'error']);
  });
});

describe('VS Code', () => {
  const L = (level: string, text: string) => `2025-08-12 14:03:10.220 [${level}] ${text}`;

  it('a line without the prefix continues the log line above it; after a message it is a log of its own', async () => {
    const frames = await vs([L('info', 'Starting server memory'), L('error', 'Error: spawn failed'), '    at ChildProcess (node:internal)', '', L('info', '[editor -> server] {"jsonrpc":"2.0","id":1,"method":"ping"}'), 'stray'].join('\n'));
    expect(frames.map((f) => [f.line, f.lines, f.log?.level ?? null, f.log?.text ?? null, f.dir, f.session])).toEqual([
      [1, 1, null, null, 'unknown', 'memory'],
      [2, 2, 'error', 'Error: spawn failed\n    at ChildProcess (node:internal)', 'unknown', 'memory'],
      [5, 1, null, null, 'c2s', 'memory'],
      [6, 1, null, 'stray', 'unknown', 'memory'],
    ]);
  });

  it('JSON after the prefix without a marker (a re-logged notifications/message) is a log, not a message', async () => {
    const frames = await vs([L('info', 'Starting server memory'), L('info', '{"step":3}'), L('info', 'logger: {"jsonrpc":"2.0","id":1,"method":"x"}')].join('\n'));
    expect(frames.slice(1).map((f) => f.log?.text)).toEqual(['{"step":3}', 'logger: {"jsonrpc":"2.0","id":1,"method":"x"}']);
  });

  it('local times are kept as written and counted as if UTC', async () => {
    const [f] = await vs(L('info', 'Starting server memory'));
    expect(f!.ts).toBe('2025-08-12 14:03:10.220');
    expect(f!.tsMs).toBe(Date.parse('2025-08-12T14:03:10.220Z'));
  });
});

describe('declarative options any dialect may use', () => {
  /** A dialect of `[toy] text` lines that uses every option; each test reads lines with it. */
  const toy: Dialect = {
    name: 'toy',
    title: 'toy',
    example: '',
    lines: [/^\[toy\](?: (?<text>.*))?$/],
    jsonLines: { text: 'msg', time: 'time', level: 'level', data: 'data' },
    names: [/^server: (?<server>.+)$/, /\(session (?<session>\w+)\)/],
    cues: [{ re: /^out:/, weight: 3 }, { re: /^\[toy\] /, weight: 2, on: 'line' }],
    suffixes: [],
    markers: [
      { re: /^in(?: \(session \w+\))?: (?<body>.*)$/, dir: 'c2s' },
      { re: /^out(?: \(session \w+\))?:(?: (?<body>.*))?$/, dir: 's2c', syntax: 'inspect' },
      { re: /^py: (?<body>.*)$/, dir: 'c2s', syntax: 'python-repr' },
      { re: /^bytes: (?<body>.*)$/, dir: 's2c', syntax: 'python-bytes' },
      { re: /^example: (?<body>.*)$/, dir: 'c2s', server: 'example-server' },
    ],
    summaries: [],
    cut: null,
    events: [
      { re: /^start$/, name: 'start', startsSession: true },
      { re: /^exited$/, name: 'exit', endsSession: true },
    ],
    blocks: [],
    unprefixed: 'attach',
    time: 'utc',
  };
  const read = (lines: string[]) => {
    const r = new DialectReader(toy, 'f');
    const out: Frame[] = [];
    const sp = new LineSplitter();
    for (const l of sp.push(lines.join('\n') + '\n')) r.line(l, out);
    for (const l of sp.end()) r.line(l, out);
    r.end(out);
    return out;
  };
  const T = (text: string) => `[toy] ${text}`;

  it('syntax inspect: a util.inspect body over lines to its closing bracket, one on its line, one that inspect cut', () => {
    const frames = read([T('out: {'), "  result: { text: 'a\\n' +", "    'b' },", '  id: 1', '}', T("out: { result: {}, id: 2, jsonrpc: '2.0' }"), T("out: { result: { a: { b: [Object] } }, id: 3, jsonrpc: '2.0' }")]);
    expect(frames.map(shape)).toEqual([
      { line: 1, lines: 5, dir: 's2c', session: null, server: undefined, what: 'message' },
      { line: 6, lines: 1, dir: 's2c', session: null, server: undefined, what: 'message' },
      { line: 7, lines: 1, dir: 's2c', session: null, server: undefined, what: 'cut' },
    ]);
    expect(frames[0]!.value).toEqual({ result: { text: 'a\nb' }, id: 1 });
    expect(frames[1]!.value).toEqual({ result: {}, id: 2, jsonrpc: '2.0' });
    // What survives, as JSON: decode reads its kind, id and method.
    expect(frames[2]!.text).toBe('{"result":{"a":{"b":"[Object]"}},"id":3,"jsonrpc":"2.0"}');
  });

  it('syntax inspect: a body that cannot be read is kept for decode to report; one cut off by a host line is an error', () => {
    const frames = read([T('out: { a: }'), T('out: {'), '  a: 1,', T('in: {"jsonrpc":"2.0","id":1,"method":"ping"}')]);
    expect(frames.map((f) => [f.line, f.lines, shape(f).what])).toEqual([[1, 1, 'message'], [2, 2, 'error'], [4, 1, 'message']]);
    expect(frames[0]!.text).toBe('{ a: }');
  });

  it('syntax python-repr and python-bytes: a pydantic repr, a bytes literal and the inside of one', () => {
    const frames = read([T("py: root=JSONRPCRequest(method='ping', params=None, jsonrpc='2.0', id=1)"), T(String.raw`bytes: b'{"jsonrpc":"2.0","id":1,"result":{"t":"\xc3\xa9"}}'`), T(String.raw`bytes: {"jsonrpc":"2.0","id":2,"result":{}}`)]);
    expect(frames.map((f) => [f.dir, f.value ?? JSON.parse(f.text!)])).toEqual([
      ['c2s', { method: 'ping', jsonrpc: '2.0', id: 1 }],
      ['s2c', { jsonrpc: '2.0', id: 1, result: { t: 'é' } }],
      ['s2c', { jsonrpc: '2.0', id: 2, result: {} }],
    ]);
  });

  it('jsonLines: a JSON object of those keys is a host line; its data is the message after a bare marker, else part of the text', () => {
    const line = (msg: string, extra: Record<string, unknown> = {}) => JSON.stringify({ time: '2026-09-22T14:03:12.344Z', level: 'info', msg, ...extra });
    const other = JSON.stringify({ msg: 'x', time: 't', level: 'info', pid: 1 });
    const frames = read([line('in: {"jsonrpc":"2.0","id":0,"method":"ping"}'), line('out:', { data: { jsonrpc: '2.0', id: 0, result: {} } }), line('note', { data: [1] }), other]);
    expect(frames.map((f) => [f.ts, f.dir, shape(f).what, f.log?.level ?? null, f.log?.text ?? null])).toEqual([
      ['2026-09-22T14:03:12.344Z', 'c2s', 'message', null, null],
      ['2026-09-22T14:03:12.344Z', 's2c', 'message', null, null],
      // A line with another key is not the dialect's: a line without its prefix, attached to the log above.
      ['2026-09-22T14:03:12.344Z', 'unknown', 'log', 'info', `note [1]\n${other}`],
    ]);
    expect(frames[1]!.value).toEqual({ jsonrpc: '2.0', id: 0, result: {} });
  });

  it('names: a banner names the server, a line names the session; a session holds until another is named or one starts or ends', () => {
    const frames = read([
      T('banner'), T('server: npx srv'), T('in (session a): {"jsonrpc":"2.0","id":0,"method":"initialize"}'), T('out: {}'),
      T('in (session b): {"jsonrpc":"2.0","id":0,"method":"initialize"}'), T('exited'), T('in: {"jsonrpc":"2.0","id":0,"method":"initialize"}'),
      T('exited'), T('exited'), T('start'), T('in: {"jsonrpc":"2.0","id":1,"method":"ping"}'),
    ]);
    expect(frames.map((f) => [f.server ?? null, f.session])).toEqual([
      [null, null], ['npx srv', 'npx srv'], ['npx srv', 'a'], ['npx srv', 'a'],
      ['npx srv', 'b'], ['npx srv', 'b'], ['npx srv', 'npx srv#2'],
      // An end with nothing of the launch read yet ends no launch; a start after an end is that launch's.
      ['npx srv', 'npx srv#2'], ['npx srv', 'npx srv#3'], ['npx srv', 'npx srv#3'], ['npx srv', 'npx srv#3'],
    ]);
  });

  it("a marker's server names it when the log does not", () => {
    expect(read([T('example: {"jsonrpc":"2.0","id":1,"method":"ping"}'), T('note')]).map((f) => [f.server, f.session])).toEqual([['example-server', 'example-server'], ['example-server', 'example-server']]);
  });

  it('a cue on the whole line scores the prefix, one on the text the text', () => {
    expect(lineScore(toy, T('out: {}'))).toEqual({ score: 6, cues: 5 });
    expect(lineScore(toy, '[toy]')).toEqual({ score: 1, cues: 0 });
    expect(lineScore(toy, JSON.stringify({ msg: 'out: {}', time: 't', level: 'info' }))).toEqual({ score: 4, cues: 3 });
  });
});
