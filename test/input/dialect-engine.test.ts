// The dialect engine's forms beyond the fixtures: bodies over several lines, markers with no body, cut bodies' sizes,
// string ids in summaries, group bounds, oversized lines, stderr before the first host line, launches per server,
// the grammar order a file uses, VS Code's continuation lines, and a host log's JSON form (entries).
import { describe, expect, it } from 'vitest';
import { DialectReader } from '../../src/input/dialects/engine.js';
import { claudeCode } from '../../src/input/dialects/claude-code.js';
import { claudeDesktop } from '../../src/input/dialects/claude-desktop.js';
import { EntryReader } from '../../src/input/dialects/entries.js';
import type { Dialect } from '../../src/input/dialects/types.js';
import { JsonDocumentReader } from '../../src/input/json-document.js';
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

describe('a JSON form of a host log (Dialect.entries)', () => {
  // A made-up host that writes its log as a JSON array of `{"info"|"error": text, "at": time}` and names its server
  // in the file's name; its event lines are Claude Code's.
  const host: Dialect = { ...claudeCode, name: 'made-up', entries: { levels: ['info', 'error'], keys: ['at'], time: 'at', serverInPath: /logs-(?<server>\w+)\.json$/ } };
  const read = (file: string, doc: unknown) => {
    const r = new JsonDocumentReader(file, { entries: new EntryReader(host, file) });
    const out: Frame[] = [];
    r.push(Buffer.from(JSON.stringify(doc, null, 2)), out);
    r.end(out);
    return out;
  };
  const what = (f: Frame) => (f.event ? `event:${f.event.name}` : f.log ? `log:${f.log.level}` : f.error !== undefined ? 'error' : 'value');

  it('each entry is an event (its text one of the event lines) or a log at its key\'s level, with its time and the server of the file name', () => {
    const frames = read('dir/logs-memory.json', [
      { info: 'Starting connection attempt', at: '2025-07-14T10:20:09.396Z' },
      { error: 'Connection failed: boom', at: '2025-07-14T10:20:09.595Z' },
      { info: 'Error stack: Error: boom\n    at x (y.js:1:2)', at: '2025-07-14T10:20:09.595Z' },
      { info: 'Starting connection attempt', at: '2025-07-14T10:20:13.716Z' },
    ]);
    expect(frames.map((f) => [what(f), f.ts, f.server, f.session])).toEqual([
      ['event:start', '2025-07-14T10:20:09.396Z', 'memory', 'memory'],
      ['event:connection-error', '2025-07-14T10:20:09.595Z', 'memory', 'memory'],
      ['log:info', '2025-07-14T10:20:09.595Z', 'memory', 'memory'],
      // A launch starts a new session of the server, as in the dialect's line form.
      ['event:start', '2025-07-14T10:20:13.716Z', 'memory', 'memory#2'],
    ]);
    expect(frames[2]!.log!.text).toBe('Error stack: Error: boom\n    at x (y.js:1:2)');
  });

  it('an element that is not an entry is read as any list element; a file name without the server names none', () => {
    const frames = read('log.json', [{ info: 'hello', at: 't' }, { jsonrpc: '2.0', method: 'notifications/initialized' }, { other: 1 }]);
    expect(frames.map((f) => [what(f), f.server ?? null, f.session])).toEqual([['log:info', null, null], ['value', null, null], ['value', null, null]]);
    expect(frames[1]!.value).toEqual({ jsonrpc: '2.0', method: 'notifications/initialized' });
  });

  it('a dialect with a JSON form forced on its line form reads lines, and on its JSON form reads entries', async () => {
    const lines = await framesOf('[DEBUG] MCP server "memory": Starting connection with timeout of 30000ms\n', { format: 'claude-code' });
    expect(lines.map((f) => [what(f), f.server])).toEqual([['event:start', 'memory']]);
    const doc = JSON.stringify([{ debug: 'Starting connection attempt', timestamp: '2025-07-14T10:20:09.396Z', sessionId: 's', cwd: '/' }]);
    for (const chunk of [0, 1]) {
      const entries = await framesOf(doc, { format: 'claude-code', file: 'x/mcp-logs-github/2025-07-14T10-20-09.txt', chunk });
      expect(entries.map((f) => [what(f), f.server, f.line]), `chunk ${chunk}`).toEqual([['event:start', 'github', 1]]);
    }
  });
});
