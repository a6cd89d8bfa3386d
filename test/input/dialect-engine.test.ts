// The dialect engine's forms beyond the fixtures: bodies over several lines, markers with no body, cut bodies' sizes,
// string ids in summaries, group bounds, oversized lines, stderr before the first host line, launches per server,
// the grammar order a file uses, VS Code's continuation lines, and the declarative options any dialect may use: bodies
// in a language's literal syntax, JSON log lines, names in a line's text, sessions that end at an event, a marker's
// server, cues on the whole line; console tables that wrap records, a repr that yields to the wire line after it, the
// side a process is, names from an initialize result, summaries without ids, and a dialect that yields to another.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { DialectReader } from '../../src/input/dialects/engine.js';
import { claudeDesktop } from '../../src/input/dialects/claude-desktop.js';
import { lineScore } from '../../src/input/dialects/grammar.js';
import { DIALECT_NAMES, DIALECTS } from '../../src/input/dialects/index.js';
import { DialectScorer } from '../../src/input/dialects/scorer.js';
import type { Dialect } from '../../src/input/dialects/types.js';
import { LineSplitter } from '../../src/input/lines.js';
import type { Frame } from '../../src/types.js';
import { chunked, framesOf } from './helpers.js';

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

/** Frames of `lines` read by `d` (any dialect object, not only a registered one). */
function readAs(d: Dialect, lines: readonly string[]): Frame[] {
  const r = new DialectReader(d, 'f');
  const out: Frame[] = [];
  const sp = new LineSplitter();
  for (const l of sp.push(lines.join('\n') + '\n')) r.line(l, out);
  for (const l of sp.end()) r.line(l, out);
  r.end(out);
  return out;
}

const BARE: Dialect = {
  name: 'bare', title: 'a test dialect', example: '', lines: [], cues: [], suffixes: [], markers: [], summaries: [], cut: null, events: [], blocks: [],
  unprefixed: 'run', time: 'local',
};

describe('console tables (wrapIndent, `cell`, `again`)', () => {
  // A time cell of 8 (blank when it repeats), a level cell, a message cell of 10, the source: wrapped lines start at 11.
  const table: Dialect = {
    ...BARE,
    lines: [/^(?:(?<ts>\d\d:\d\d:\d\d)|(?<again> {8})) I (?<cell>.{10}) \S+:\d+$/],
    markers: [{ re: /^Msg: (?<body>.*)$/, dir: 'c2s' }],
    wrapIndent: 11,
  };
  const first = (time: string, cell: string) => `${time.padEnd(8)} I ${cell.padEnd(10)} a.py:1`;
  const next = (cell: string) => `${' '.repeat(11)}${cell.padEnd(10)}       `;

  it('a record is its first line and the lines that continue its cell: full pieces join as they are, short ones with a space', () => {
    const frames = readAs(table, [
      first('12:00:01', 'Msg:'), next('{"jsonrpc"'), next(':"2.0","id'), next('":1,"metho'), next('d":"a'), next('b"}'),
      first('', 'plain'), next('text goes'),
    ]);
    expect(frames.map((f) => [f.line, f.lines, f.ts, f.log?.text ?? null])).toEqual([[1, 6, '12:00:01', null], [7, 2, '12:00:01', 'plain text goes']]);
    expect(frames[0]!.value).toEqual({ jsonrpc: '2.0', id: 1, method: 'a b' });
  });

  it('a rebuilt message whose text has runs of spaces, wrapped at a space, is read as cut: how many spaces were dropped is not known', () => {
    const [f] = readAs(table, [first('12:00:01', 'Msg:'), next('{"jsonrpc"'), next(':"2.0","id'), next('":1,"m":"a'), next('b  c"}')]);
    expect(f!.truncated).toEqual({ head: f!.text!.length, tail: f!.text!.length });
    expect(f!.value).toBeUndefined();
  });

  it('so is one written in a literal syntax: what it prints, as JSON', () => {
    const py: Dialect = { ...table, markers: [{ re: /^Py: (?<body>.*)$/, dir: 'c2s', syntax: 'python-repr' }] };
    const [f] = readAs(py, [first('12:00:01', 'Py:'), next("method='a"), next("  b'"), next("jsonrpc='2"), next(".0' id=1")]);
    expect(f!.text).toBe('{"method":"a   b","jsonrpc":"2.0","id":1}');
    expect(f!.truncated).toEqual({ head: f!.text!.length, tail: f!.text!.length });
    expect(f!.value).toBeUndefined();
  });

  it('a line that starts like a wrapped one after a line of another grammar is not folded into it', () => {
    const frames = readAs({ ...table, lines: [...table.lines, /^LOG (?<text>.*)$/] }, ['LOG x', next('stray')]);
    expect(frames.map((f) => [f.line, f.lines, f.log?.text])).toEqual([[1, 1, 'x'], [2, 1, next('stray')]]);
  });
});

describe('bodies Python printed (Marker.syntax python-bytes and python-repr)', () => {
  const py = (text: string) => framesOf(`2025-06-09 23:51:51,097 - mcp.server.sse - DEBUG - ${text}`, { format: 'python-sdk' });

  it("a bytes literal's escapes are undone and its UTF-8 decoded: the exact text of the message", async () => {
    const [f] = await py(String.raw`Received JSON: b'{"jsonrpc":"2.0","id":1,"method":"x","params":{"t":"\xc3\xa9 it\'s","n":"a\\nb"}}'`);
    expect(f!.dir).toBe('c2s');
    expect(f!.value).toEqual({ jsonrpc: '2.0', id: 1, method: 'x', params: { t: "é it's", n: 'a\nb' } });
    expect(f!.text).toBe(String.raw`{"jsonrpc":"2.0","id":1,"method":"x","params":{"t":"é it's","n":"a\nb"}}`);
    expect(f!.ts).toBe('2025-06-09 23:51:51,097');
  });

  it('a pydantic repr is read back into its JSON, fields set to None left out; the wrappers are unwrapped', async () => {
    const cases: Array<[string, unknown]> = [
      ["Sending client message: root=JSONRPCRequest(method='ping', params=None, jsonrpc='2.0', id=1)", { method: 'ping', jsonrpc: '2.0', id: 1 }],
      [
        "Sending client message: SessionMessage(message=JSONRPCMessage(root=JSONRPCError(jsonrpc='2.0', id='a', error=ErrorData(code=-32602, message=\"it's \\n\", data=None))), metadata=ServerMessageMetadata(related_request_id=None, request_context=<starlette.requests.Request object at 0x7f>))",
        { jsonrpc: '2.0', id: 'a', error: { code: -32602, message: "it's \n" } },
      ],
      ["SSE message: method='tools/list' params={'a': [True, False, None, 1.5, -2]} jsonrpc='2.0' id=3", { method: 'tools/list', params: { a: [true, false, null, 1.5, -2] }, jsonrpc: '2.0', id: 3 }],
    ];
    for (const [line, value] of cases) {
      const [f] = await py(line);
      expect(f!.value, line).toEqual(value);
      expect(f!.text, line).toBeNull();
      expect(f!.bytes, line).toBe(Buffer.byteLength(JSON.stringify(value)));
    }
  });

  it('a repr that is no message it can read is a framing error that keeps the text', async () => {
    const [f] = await py('Sending client message: JSONRPCRequest(method=<enum>, id=');
    expect(f!.error).toMatch(/Python repr/);
    expect(f!.text).toBe('JSONRPCRequest(method=<enum>, id=');
  });
});

describe('a repr that yields to the wire line after it (Marker.yields)', () => {
  const L = (text: string) => `2025-06-09 23:51:51,097 - x - DEBUG - ${text}`;
  const repr = L("Sending message via SSE: root=JSONRPCResponse(jsonrpc='2.0', id=1, result={})");

  it('is a log when the next host line is the message from the wire, else the message', async () => {
    const chunk = L(String.raw`chunk: b'event: message\r\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\r\n\r\n'`);
    const shapes = (fs: Frame[]) => fs.map((f) => [f.line, f.log !== undefined ? 'log' : 'message']);
    expect(shapes(await framesOf([repr, chunk].join('\n'), { format: 'python-sdk' }))).toEqual([[1, 'log'], [2, 'message']]);
    expect(shapes(await framesOf([repr, L('Response sent')].join('\n'), { format: 'python-sdk' }))).toEqual([[1, 'message'], [2, 'log']]);
    expect(shapes(await framesOf(repr, { format: 'python-sdk' }))).toEqual([[1, 'message']]);
  });
});

describe('the side a process is (Marker `received`, Dialect.roles) and names from an initialize result (serverInfo)', () => {
  const J = (text: string) => `20250626T141147.830 DEBUG [main] i.m.spec.McpSchema - ${text}`;
  const got = (m: string) => J(`Received JSON message: ${m}`);
  const dirs = async (lines: string[]) => (await framesOf(lines.join('\n'), { format: 'java-sdk' })).filter((f) => f.value !== undefined).map((f) => f.dir);

  it('what a server received is the client\'s, what a client received the server\'s; times in ISO basic format are read', async () => {
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    expect(await dirs([J('Setting up stdio transport provider'), got(ping)])).toEqual(['c2s']);
    expect(await dirs([J('Initialization process started'), got(ping)])).toEqual(['s2c']);
    const [f] = await framesOf(got(ping), { format: 'java-sdk' });
    expect([f!.ts, f!.tsMs]).toEqual(['2025-06-26T14:11:47.830', Date.parse('2025-06-26T14:11:47.830Z')]);
  });

  it('with no line saying it, the first message tells: a response is received by a client, initialize by a server', async () => {
    expect(await dirs([got('{"jsonrpc":"2.0","id":1,"result":{}}'), got('{"jsonrpc":"2.0","id":2,"method":"roots/list"}')])).toEqual(['s2c', 's2c']);
    expect(await dirs([got('{"jsonrpc":"2.0","id":0,"method":"initialize"}'), got('{"jsonrpc":"2.0","id":1,"result":{}}')])).toEqual(['c2s', 'c2s']);
    expect(await dirs([got('{"jsonrpc":"2.0","method":"notifications/message"}')])).toEqual(['unknown']);
  });

  it('a log that names no server takes the name an initialize result gives, from that message on', async () => {
    const init = '{"jsonrpc":"2.0","id":"c6-0","result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"memory-server","version":"1"}}}';
    const frames = await framesOf([J('Initialization process started'), got(init), J('Received Response: …')].join('\n'), { format: 'java-sdk' });
    expect(frames.map((f) => [f.server, f.session])).toEqual([[undefined, null], ['memory-server', 'memory-server'], ['memory-server', 'memory-server']]);
  });
});

describe('summaries without ids (FastMCP middleware)', () => {
  it('an answer pairs with the oldest open request of its method; a notification\'s completion is a log', async () => {
    const lines = [
      'source=client type=notification method=notifications/initialized', 'source=client type=request method=tools/call', 'source=client type=request method=tools/list',
      'source=client type=request method=tools/call',
    ].map((t) => `INFO:fastmcp.requests:Processing message: ${t}`);
    const done = ['notifications/initialized', 'tools/call', 'tools/list', 'tools/call', 'tools/call'].map((m) => `INFO:fastmcp.requests:Completed message: ${m}`);
    const { records } = await analyze(chunked(Buffer.from([...lines, ...done].join('\n'))), { file: 'f', inputFormat: 'fastmcp' });
    expect(records.map((r) => [r.seq, r.kind, r.method, r.pair, r.summary ?? false])).toEqual([
      [1, 'notification', 'notifications/initialized', null, true],
      [2, 'request', 'tools/call', null, true],
      [3, 'request', 'tools/list', null, true],
      [4, 'request', 'tools/call', null, true],
      [5, 'log', null, null, false],
      [6, 'response', 'tools/call', 2, true],
      [7, 'response', 'tools/list', 3, true],
      [8, 'response', 'tools/call', 4, true],
      [9, 'response', 'tools/call', null, true],
    ]);
  });
});

describe('a dialect that yields to another (Dialect.yieldTo)', () => {
  it('scores nothing once a line scores a cue of the dialect it yields to (whose cues are its own lines)', () => {
    const sdk = 'DEBUG:mcp.client.sse:Sending client message: root=JSONRPCRequest(method=\'ping\', params=None, jsonrpc=\'2.0\', id=1)';
    const score = (lines: string[]) => {
      const s = new DialectScorer();
      for (const l of lines) s.line(l);
      return s.scores().find((x) => x.name === 'python-sdk')!.score;
    };
    expect(score([sdk, sdk])).toBeGreaterThan(10);
    // mcp-proxy's own start line scores a cue of mcp-proxy, which python-sdk yields to; so does a logger of its own.
    expect(score([sdk, 'DEBUG:root:Starting SSE client and stdio server', sdk])).toBe(0);
    expect(score([sdk, 'INFO:mcp_proxy.__main__:Uvicorn running', sdk])).toBe(0);
    // A line mcp-proxy's grammars read but no cue of its scores (uvicorn's) is no reason to yield.
    expect(score([sdk, 'INFO:     Uvicorn running on http://127.0.0.1:8000', sdk])).toBeGreaterThan(10);
  });

  it('names registered dialects only', () => {
    const yielded = DIALECTS.flatMap((d) => d.yieldTo ?? []);
    expect(yielded).toContain('mcp-proxy');
    for (const name of yielded) expect(DIALECT_NAMES).toContain(name);
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
  const read = (lines: string[]) => readAs(toy, lines);
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

  it('syntax inspect: a body that cannot be read is a framing error that keeps its text, as is one cut off by a host line', () => {
    const frames = read([T('out: { a: }'), T('out: {'), '  a: 1,', T('in: {"jsonrpc":"2.0","id":1,"method":"ping"}')]);
    expect(frames.map((f) => [f.line, f.lines, shape(f).what])).toEqual([[1, 1, 'error'], [2, 2, 'error'], [4, 1, 'message']]);
    expect(frames[0]!.text).toBe('{ a: }');
    expect(frames[0]!.error).toMatch(/util\.inspect/);
  });

  it('syntax python-repr and python-bytes: a pydantic repr, a bytes literal and the inside of one', () => {
    const frames = read([T("py: root=JSONRPCRequest(method='ping', params=None, jsonrpc='2.0', id=1)"), T(String.raw`bytes: b'{"jsonrpc":"2.0","id":1,"result":{"t":"\xc3\xa9"}}'`), T(String.raw`bytes: {"jsonrpc":"2.0","id":2,"result":{}}`)]);
    expect(frames.map((f) => [f.dir, f.value ?? JSON.parse(f.text!)])).toEqual([
      ['c2s', { method: 'ping', jsonrpc: '2.0', id: 1 }],
      ['s2c', { jsonrpc: '2.0', id: 1, result: { t: 'é' } }],
      ['s2c', { jsonrpc: '2.0', id: 2, result: {} }],
    ]);
  });

  it('syntax python-bytes: text that is not JSON is the message\'s for decode to report; a malformed escape is a framing error', () => {
    const frames = read([T("bytes: b'not json'"), T(String.raw`bytes: b'{\q}'`)]);
    expect(frames.map((f) => [f.text, f.value, f.error])).toEqual([['not json', undefined, undefined], [String.raw`b'{\q}'`, undefined, 'a Python bytes literal with a malformed escape']]);
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
