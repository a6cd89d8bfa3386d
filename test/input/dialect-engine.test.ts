// The dialect engine's forms beyond the fixtures: bodies over several lines, markers with no body, cut bodies' sizes,
// string ids in summaries, group bounds, oversized lines, stderr before the first host line, launches per server,
// the grammar order a file uses, VS Code's continuation lines; terminal colours and echoed lines (Zed), one-word and
// --debug summaries, a summary restated or followed by its body, launches by process, and messages that begin with a
// newline (mcp-remote); a fixed server name and a struct's zero id (mcptools).
import { describe, expect, it } from 'vitest';
import { DialectReader } from '../../src/input/dialects/engine.js';
import { claudeDesktop } from '../../src/input/dialects/claude-desktop.js';
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

describe('terminal captures and echoes (Zed)', () => {
  const zed = (text: string) => framesOf(text, { format: 'zed' });
  const Z = (level: string, module: string, text: string) => `2025-07-17T09:05:03-03:00 ${level.padEnd(5)} [${module}] ${text}`;
  const legacy = (text: string, us = '668843') => `2025-01-22T15:55:57.${us}-06:00 [TRACE] ${text}`;
  const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

  it('colour codes around the level and the module are left out before anything is read (Dialect.ansi)', async () => {
    const plain = [Z('DEBUG', 'context_server', 'starting context server memory'), Z('TRACE', 'context_server::client', `outgoing message: ${PING}`), Z('INFO', 'zed', 'hello')];
    const coloured = plain.map((l) => l.replace(/ (TRACE|DEBUG|INFO ) \[([^\]]+)\]/, ' \x1b[1m\x1b[35m$1\x1b[0m [\x1b[1m$2\x1b[0m]'));
    expect(coloured[0]).toContain('\x1b[');
    expect(await zed(coloured.join('\n'))).toEqual(await zed(plain.join('\n')));
    expect((await zed(coloured.join('\n')))[2]!.log!.text).toBe('[zed] hello');
  });

  it('an outgoing line repeated by the next host line is its echo, a log; a repeated recv is a second message (Dialect.echoes.re)', async () => {
    const frames = await zed([legacy('starting context server memory'), legacy(`outgoing message: ${PING}`), legacy(`outgoing message: ${PING}`, '668901'), legacy(`recv: ${PING}`), legacy(`recv: ${PING}`)].join('\n'));
    expect(frames.map((f) => shape(f).what)).toEqual(['event:start', 'message', 'log', 'message', 'message']);
  });

  it("zlog: the stdio transport's copy of an outgoing message is a log by its module", async () => {
    const frames = await zed([Z('TRACE', 'context_server::client', `outgoing message: ${PING}`), Z('TRACE', 'context_server::transport::stdio_transport', `outgoing message: ${PING}`)].join('\n'));
    expect(frames.map((f) => [shape(f).what, f.dir])).toEqual([['message', 'c2s'], ['log', 'unknown']]);
  });
});

describe('bridges: mcp-remote', () => {
  const mr = (lines: string[]) => framesOf(lines.join('\n'), { format: 'mcp-remote' });
  const T = (n: number) => `[2025-07-14T08:41:03.${String(n).padStart(3, '0')}Z]`;
  const URL = 'https://mcp.example.com/mcp';

  it('one-word summaries: a method (a request without id, or a notification), a numeric or bare string id, null (Marker, SummaryForm `method`, `sid`)', async () => {
    const frames = await mr([`[7] [7] Connecting to remote server: ${URL}`, '[7] [Local→Remote] tools/list', '[7] [Remote→Local] notifications/message', '[7] [Remote→Local] 1', '[7] [Remote→Local] abc-1', '[7] [Remote→Local] null']);
    expect(frames.slice(1).map((f) => [f.dir, f.summary])).toEqual([
      ['c2s', { kind: 'request', id: null, method: 'tools/list' }],
      ['s2c', { kind: 'notification', id: null, method: 'notifications/message' }],
      ['s2c', { kind: 'response', id: 1, method: null }],
      ['s2c', { kind: 'response', id: 'abc-1', method: null }],
      ['s2c', { kind: 'error', id: null, method: null }],
    ]);
    expect(frames.every((f) => f.server === URL && f.session === URL)).toBe(true);
  });

  it('a --debug record restates the summary before it (echoes between): the summary is a log, the record the message, over several lines too (Marker.restates, Marker.summary)', async () => {
    const frames = await mr([
      `[7] [7] Connecting to remote server: ${URL}`,
      '[7] [Local→Remote] tools/list', `${T(1)}[7] [Local→Remote] tools/list`, `${T(2)}[7] Local → Remote message { method: 'tools/list', id: 1, params: undefined }`,
      '[7] [Remote→Local] 1', `${T(3)}[7] [Remote→Local] 1`, `${T(4)}[7] Remote → Local message {`, '  method: undefined,', '  id: 1,', "  result: 'result-present',", '  error: undefined', '}',
      '[7] [Remote→Local] notifications/message', '[7] [Remote→Local] notifications/message',
    ]);
    expect(frames.map((f) => [f.line, f.lines, shape(f).what, f.ts])).toEqual([
      [1, 1, 'event:start', null],
      [2, 1, 'log', null], [3, 1, 'log', '2025-07-14T08:41:03.001Z'], [4, 1, 'summary', '2025-07-14T08:41:03.002Z'],
      [5, 1, 'log', null], [6, 1, 'log', '2025-07-14T08:41:03.003Z'], [7, 6, 'summary', '2025-07-14T08:41:03.004Z'],
      // Without a record after them, summaries are messages (the same one twice is two messages).
      [13, 1, 'summary', null], [14, 1, 'summary', null],
    ]);
    expect(frames[3]!.summary).toEqual({ kind: 'request', id: 1, method: 'tools/list' });
    expect(frames[6]!.summary).toEqual({ kind: 'response', id: 1, method: null });
    expect(frames[1]!.log!.text).toBe('[Local→Remote] tools/list');
  });

  it('a record of another message does not restate the summary held; the debug file writes records as JSON', async () => {
    const frames = await mr([`${T(1)}[7] [Local→Remote] tools/list`, `${T(2)}[7] Local → Remote message {"method":"prompts/list","id":2}`, `${T(3)}[7] Remote → Local message {"id":2,"error":{"code":-32601,"message":"nope"}}`]);
    expect(frames.map((f) => f.summary)).toEqual([
      { kind: 'request', id: null, method: 'tools/list' },
      { kind: 'request', id: 2, method: 'prompts/list' },
      { kind: 'error', id: 2, method: null },
    ]);
  });

  it('the JSON after a summary is its whole body: one message of both, no longer a summary (Dialect.bodyAfterSummary)', async () => {
    const init = { method: 'initialize', params: { protocolVersion: '2025-11-25' }, jsonrpc: '2.0', id: 0 };
    const pretty = JSON.stringify(init, null, 2).split('\n');
    const frames = await mr([`[7] [7] Connecting to remote server: ${URL}`, '[7] [Local→Remote] initialize', `[7] ${pretty[0]}`, ...pretty.slice(1), '[7] [Remote→Local] 0']);
    expect(frames.map((f) => [f.line, f.lines, shape(f).what, f.dir])).toEqual([
      [1, 1, 'event:start', 'unknown'],
      [2, 1 + pretty.length, 'message', 'c2s'],
      [2 + 1 + pretty.length, 1, 'summary', 's2c'],
    ]);
    expect(frames[1]!.value).toEqual(init);
  });

  it('a process id names the launch: a reconnect of that process stays in its session, another process starts one and forgets the server (grammar group `launch`)', async () => {
    const frames = await mr([
      `[7] [7] Connecting to remote server: ${URL}`, '[7] Recursively reconnecting for reason: falling-back-to-alternate-transport', `[7] [7] Connecting to remote server: ${URL}`, '[7] [Local→Remote] ping',
      '[8] Using automatically selected callback port: 3334', `[8] [8] Connecting to remote server: ${URL}`, '[8] [Local→Remote] ping',
    ]);
    expect(frames.map((f) => [f.session, f.server ?? null])).toEqual([
      [URL, URL], [URL, URL], [URL, URL], [URL, URL],
      [null, null], [`${URL}#2`, URL], [`${URL}#2`, URL],
    ]);
  });

  it('a message that begins with a newline: `[pid] ` alone, then its text, is one record (Dialect.leadingNewline)', async () => {
    const frames = await mr(['[7] ', 'Shutting down...', '[7] ', 'Please authorize this client by visiting:', 'https://auth.example.com/x', '[7] ', '[7] Press Ctrl+C to exit']);
    expect(frames.map((f) => [f.line, f.lines, shape(f).what, f.event?.data?.text ?? f.log?.text])).toEqual([
      [1, 2, 'event:shutdown', 'Shutting down...'],
      [3, 3, 'log', 'Please authorize this client by visiting:\nhttps://auth.example.com/x'],
      [6, 1, 'log', ''],
      [7, 1, 'log', 'Press Ctrl+C to exit'],
    ]);
  });

  it('with --debug each line is printed again with a time: the echo is a log, whatever it says (Dialect.echoes.timed)', async () => {
    const frames = await mr([`[7] Connected to remote server using X`, `${T(1)}[7] Connected to remote server using X`, `${T(2)}[7] Local STDIO server running`, `${T(3)}[7] Local STDIO server running`]);
    expect(frames.map((f) => shape(f).what)).toEqual(['event:connected', 'log', 'event:listening', 'event:listening']);
  });
});

describe('mcptools', () => {
  const mt = (lines: string[]) => framesOf(lines.join('\n'), { format: 'mcptools' });
  const L = (text: string) => `[2025-05-21T16:08:42+02:00] ${text}`;

  it('a start names a fixed server (EventLine.server); the struct zero id on a notification is left out, on a request kept (Dialect.zeroId)', async () => {
    const frames = await mt([
      L('Proxy server started, waiting for requests...'),
      L('Received request: {'), '  "method": "notifications/initialized",', '  "jsonrpc": "2.0",', '  "id": 0', '}',
      L('Received request: {"method":"initialize","jsonrpc":"2.0","id":0}'),
      L('Received request: {"method":"notifications/cancelled","jsonrpc":"2.0","id":3}'),
    ]);
    expect(frames.map((f) => [f.line, f.lines, f.server, f.session])).toEqual([
      [1, 1, 'mcp-proxy-server', 'mcp-proxy-server'], [2, 5, 'mcp-proxy-server', 'mcp-proxy-server'], [7, 1, 'mcp-proxy-server', 'mcp-proxy-server'], [8, 1, 'mcp-proxy-server', 'mcp-proxy-server'],
    ]);
    expect(frames.slice(1).map((f) => f.value)).toEqual([
      { method: 'notifications/initialized', jsonrpc: '2.0' },
      { method: 'initialize', jsonrpc: '2.0', id: 0 },
      { method: 'notifications/cancelled', jsonrpc: '2.0', id: 3 },
    ]);
    expect(frames[1]!.bytes).toBe(Buffer.byteLength('{"method":"notifications/initialized","jsonrpc":"2.0"}'));
  });
});
