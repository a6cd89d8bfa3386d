// The dialect engine's forms beyond the fixtures: bodies over several lines, markers with no body, cut bodies' sizes,
// string ids in summaries, group bounds, oversized lines, stderr before the first host line, launches per server,
// the grammar order a file uses, VS Code's continuation lines, and the declarative options any dialect may use: bodies
// in a language's literal syntax, JSON log lines, names in a line's text, sessions that end at an event, a marker's
// server, cues on the whole line; console tables that wrap records, a record that restates the message before it, the
// side a process is, names from an initialize result, summaries without ids, and a dialect that yields to another;
// terminal colours and echoed lines (Zed), one-word and --debug summaries, a summary restated or followed by its body,
// launches by process, and messages that begin with a newline (mcp-remote); a log that names the server on each line
// (Codex); a fixed server name and a struct's zero id
// (mcptools); a host log's JSON form (entries); and a process that logs only what it received.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { DialectReader } from '../../src/input/dialects/engine.js';
import { claudeCode } from '../../src/input/dialects/claude-code.js';
import { claudeDesktop } from '../../src/input/dialects/claude-desktop.js';
import { goose } from '../../src/input/dialects/goose.js';
import type { Dialect } from '../../src/input/dialects/types.js';
import { DIALECT_NAMES, DIALECTS } from '../../src/input/dialects/index.js';
import { detectFormat } from '../../src/input/detect.js';
import { DialectScorer } from '../../src/input/dialects/scorer.js';
import { EntryReader } from '../../src/input/dialects/entries.js';
import { JsonDocumentReader } from '../../src/input/json/json-document.js';
import { lineScore } from '../../src/input/dialects/grammar.js';
import { LineSplitter } from '../../src/input/lines/lines.js';
import type { Frame } from '../../src/types.js';
import { chunked, framesOf } from './helpers.js';

const cd = (text: string) => framesOf(text, { format: 'claude-desktop' });
const vs = (text: string) => framesOf(text, { format: 'vscode' });
const T = '2026-03-18T00:17:05.402Z';
const host = (text: string, server = 'memory', level = 'info') => `${T} [${server}] [${level}] ${text}`;
const shape = (f: Frame) => ({
  line: f.line,
  lines: f.lines,
  dir: f.dir,
  session: f.session,
  server: f.server,
  what: f.log
    ? 'log'
    : f.event
      ? `event:${f.event.name}`
      : f.summary
        ? 'summary'
        : f.truncated
          ? 'cut'
          : f.error !== undefined
            ? 'error'
            : 'message',
});

describe('message bodies', () => {
  it('JSON that goes on over the next lines is one message, its suffix after the closing bracket left out', async () => {
    const text = [
      host('Message from server: {'),
      '  "jsonrpc": "2.0",',
      '  "id": 1,',
      '  "result": {}',
      '} { metadata: undefined }',
      host('Client transport closed'),
    ].join('\n');
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
    expect(frames.map(shape)).toEqual([
      { line: 1, lines: 3, dir: 'c2s', session: 'memory', server: 'memory', what: 'message' },
    ]);
    expect(frames[0]!.value).toEqual({ jsonrpc: '2.0', id: 1, method: 'ping' });
  });

  it('a marker with no JSON after it, and a body that never closes, are errors; the line that ends them is read on its own', async () => {
    const frames = await cd(
      [
        host('Message from client:'),
        'not json',
        host('Message from server: {"jsonrpc":"2.0",'),
        '  "id": 1,',
        host('Shutting down server...'),
      ].join('\n'),
    );
    expect(frames.map(shape)).toEqual([
      { line: 1, lines: 1, dir: 'c2s', session: 'memory', server: 'memory', what: 'error' },
      { line: 2, lines: 1, dir: 'unknown', session: 'memory', server: 'memory', what: 'log' },
      { line: 3, lines: 2, dir: 's2c', session: 'memory', server: 'memory', what: 'error' },
      { line: 5, lines: 1, dir: 'unknown', session: 'memory', server: 'memory', what: 'event:shutdown' },
    ]);
    expect(frames[0]!.error).toBe('a message marker with no message after it');
    expect(frames[2]!.error).toMatch(/^unterminated JSON value: line 5/);
  });

  it('a body the end of the log cuts (a file copied while the host wrote it) is the message as far as it goes, cut, not an error', async () => {
    const frames = await cd(
      [
        host('Message from client: {"jsonrpc":"2.0","id":3,"method":"ping"}'),
        host('Message from server: {"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"te'),
      ].join('\n'),
    );
    expect(frames.map(shape)).toEqual([
      { line: 1, lines: 1, dir: 'c2s', session: 'memory', server: 'memory', what: 'message' },
      { line: 2, lines: 1, dir: 's2c', session: 'memory', server: 'memory', what: 'cut' },
    ]);
    expect(frames[1]!.error).toBeUndefined();
    const out = await analyze(
      (async function* () {
        yield Buffer.from(
          [
            host('Message from client: {"jsonrpc":"2.0","id":3,"method":"ping"}'),
            host('Message from server: {"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"te'),
          ].join('\n'),
        );
      })(),
      { file: 'mcp.log', format: 'claude-desktop' },
    );
    expect(
      out.records.map((r) => [r.kind, r.id, r.method, r.truncated ?? false, r.pair, r.findings.map((f) => f.rule)]),
    ).toEqual([
      ['request', 3, 'ping', false, null, []],
      ['response', 3, 'ping', true, 1, []],
    ]);
  });

  it('a cut body keeps what survives, its size counts the characters left out; a cut inside one string (valid JSON) is a cut too', async () => {
    const head = '{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"é';
    const tail = '"}]}}';
    const frames = await cd(
      [
        host(`Message from server: ${head}...[1234 chars truncated]...${tail} { metadata: undefined }`),
        host('Message from server: {"result":{"tools":[{"name":"a","inputSchema":{"id":...[52653 chars truncated]...'),
      ].join('\n'),
    );
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
        'method="tools/call" id=7 params',
        'method="notifications/initialized"',
        'id=7 result(1 blocks)',
        'id=8 error(code=-32602)',
        'id=9 error',
        'method="ping" id="a\\"b"',
      ]
        .map((s, i) => host(`Message from ${i % 2 === 0 ? 'client' : 'server'}: ${s} { metadata: undefined }`))
        .join('\n'),
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
    const dump = [
      host('Using MCP server command: x with args and path: {'),
      ...Array.from({ length: 5 }, (_, i) => `  a${i}`),
      '} %o',
    ];
    const frames = read([host('Initializing server...'), ...stderr, ...dump], { maxLines: 3 });
    expect(frames.map((f) => [f.line, f.lines, f.log?.level ?? null])).toEqual([
      [1, 1, null],
      [2, 3, null],
      [5, 3, null],
      [8, 1, null],
      [9, 3, 'info'],
      [12, 3, 'info'],
      [15, 1, 'info'],
    ]);
    expect(frames[1]!.log!.text).toBe('stderr 0\nstderr 1\nstderr 2');
  });

  it('a body over the byte bound is an oversized record; the lines after it are log lines', () => {
    const frames = read([host('Message from server: {'), '  "a": "' + 'x'.repeat(200) + '",', '  "b": 1', '}'], {
      maxBytes: 150,
    });
    expect(frames.map((f) => [f.line, f.lines, f.oversized ?? false, f.log !== undefined])).toEqual([
      [1, 2, true, false],
      [3, 2, false, true],
    ]);
  });

  it('a line over --max-message-bytes: an oversized message when it has a marker (direction kept), else a log line', () => {
    const frames = read(
      [
        host('Message from client: {"jsonrpc":"2.0","id":1,"method":"x","params":"' + 'y'.repeat(300) + '"}'),
        'z'.repeat(300),
      ],
      {},
      200,
    );
    expect(frames.map((f) => [f.dir, f.oversized ?? false, f.log !== undefined, f.server])).toEqual([
      ['c2s', true, false, 'memory'],
      ['unknown', false, true, 'memory'],
    ]);
  });
});

describe('servers and launches', () => {
  it('stderr before the first host line belongs to the server that line names, in its first launch', async () => {
    const frames = await cd(
      [
        'Knowledge Graph MCP Server running on stdio',
        host('Initializing server...'),
        host('Message from client: {"jsonrpc":"2.0","id":0,"method":"initialize"}'),
      ].join('\n'),
    );
    expect(frames.map((f) => [f.session, f.server])).toEqual([
      ['memory', 'memory'],
      ['memory', 'memory'],
      ['memory', 'memory'],
    ]);
  });

  it('each `Initializing server...` after a launch with a message or a start is a new session of that server', async () => {
    const lines = [
      host('Initializing server...', 'a'),
      host('Initializing server...', 'b'),
      host('Message from client: {"jsonrpc":"2.0","id":0,"method":"initialize"}', 'a'),
      host('Initializing server...', 'a'),
      host('Message from client: {"jsonrpc":"2.0","id":0,"method":"initialize"}', 'b'),
      host('Initializing server...', 'b'),
    ];
    expect((await cd(lines.join('\n'))).map((f) => f.session)).toEqual(['a', 'b', 'a', 'a#2', 'b', 'b#2']);
  });

  it('a line two grammars could read is read in the order the file uses (`[info] [error]` in mcp.log: a server named error)', async () => {
    const agg = (server: string, text: string) => `${T} [info] [${server}] ${text}`;
    const frames = await cd(
      [
        agg('memory', 'Initializing server...'),
        agg('error', 'Initializing server...'),
        agg('error', 'Message from client: {"jsonrpc":"2.0","id":0,"method":"ping"}'),
      ].join('\n'),
    );
    expect(frames.map((f) => f.server)).toEqual(['memory', 'error', 'error']);
  });
});

describe('a log of every server that names the server on each line (Dialect.servers `line`: Codex)', () => {
  const cx = (level: string, target: string, text: string, t = '09:30:14.902231') =>
    `2026-01-21T${t}Z ${level.padStart(5)} ${target}: ${text}`;
  it('a line that names no server is about none, nor is a run of lines after a blank; lines that continue a named line stay its', async () => {
    const frames = await framesOf(
      [
        cx(
          'INFO',
          'codex_rmcp_client::rmcp_client',
          'MCP server stderr (npx): npm warn exec The following package was not found',
        ),
        cx(
          'ERROR',
          'codex_core::codex',
          'MCP client for `exa` failed to start: MCP startup failed: handshaking with MCP server failed: connection closed: initialize response',
        ),
        'a line of another crate',
        cx('ERROR', 'codex_core::codex', 'needs_follow_up: false'),
        cx('ERROR', 'codex_core::codex', 'MCP client for `fetch` failed to start: request timed out'),
        '',
        'a run after a blank line',
        cx(
          'ERROR',
          'codex_core::codex',
          'MCP client for `exa` failed to start: MCP startup failed: handshaking with MCP server failed: connection closed: initialize response',
        ),
      ].join('\n'),
      { format: 'codex' },
    );
    expect(frames.map((f) => [f.line, f.lines, shape(f).what, f.session ?? null, f.server ?? null])).toEqual([
      [1, 1, 'event:stderr', null, null],
      [2, 2, 'event:exit', 'exa', 'exa'],
      [4, 1, 'log', null, null],
      [5, 1, 'event:timeout', 'fetch', 'fetch'],
      [7, 1, 'log', null, null],
      // No start line splits a server's launches: its second failure is in its one session.
      [8, 1, 'event:exit', 'exa', 'exa'],
    ]);
  });
});

describe('VS Code', () => {
  const L = (level: string, text: string) => `2025-08-12 14:03:10.220 [${level}] ${text}`;

  it('a line without the prefix continues the log line above it; after a message it is a log of its own', async () => {
    const frames = await vs(
      [
        L('info', 'Starting server memory'),
        L('error', 'Error: spawn failed'),
        '    at ChildProcess (node:internal)',
        '',
        L('info', '[editor -> server] {"jsonrpc":"2.0","id":1,"method":"ping"}'),
        'stray',
      ].join('\n'),
    );
    expect(frames.map((f) => [f.line, f.lines, f.log?.level ?? null, f.log?.text ?? null, f.dir, f.session])).toEqual([
      [1, 1, null, null, 'unknown', 'memory'],
      [2, 2, 'error', 'Error: spawn failed\n    at ChildProcess (node:internal)', 'unknown', 'memory'],
      [5, 1, null, null, 'c2s', 'memory'],
      [6, 1, null, 'stray', 'unknown', 'memory'],
    ]);
  });

  it('JSON after the prefix without a marker (a re-logged notifications/message) is a log, not a message', async () => {
    const frames = await vs(
      [
        L('info', 'Starting server memory'),
        L('info', '{"step":3}'),
        L('info', 'logger: {"jsonrpc":"2.0","id":1,"method":"x"}'),
      ].join('\n'),
    );
    expect(frames.slice(1).map((f) => f.log?.text)).toEqual([
      '{"step":3}',
      'logger: {"jsonrpc":"2.0","id":1,"method":"x"}',
    ]);
  });

  it('local times are kept as written and counted as if UTC', async () => {
    const [f] = await vs(L('info', 'Starting server memory'));
    expect(f!.ts).toBe('2025-08-12 14:03:10.220');
    expect(f!.tsMs).toBe(Date.parse('2025-08-12T14:03:10.220Z'));
  });
});

describe('terminal captures and echoes (Zed)', () => {
  const zed = (text: string) => framesOf(text, { format: 'zed' });
  const Z = (level: string, module: string, text: string) =>
    `2025-07-17T09:05:03-03:00 ${level.padEnd(5)} [${module}] ${text}`;
  const legacy = (text: string, us = '668843') => `2025-01-22T15:55:57.${us}-06:00 [TRACE] ${text}`;
  const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

  it('colour codes around the level and the module are left out before anything is read (Dialect.ansi)', async () => {
    const plain = [
      Z('DEBUG', 'context_server', 'starting context server memory'),
      Z('TRACE', 'context_server::client', `outgoing message: ${PING}`),
      Z('INFO', 'zed', 'hello'),
    ];
    const coloured = plain.map((l) =>
      l.replace(/ (TRACE|DEBUG|INFO ) \[([^\]]+)\]/, ' \x1b[1m\x1b[35m$1\x1b[0m [\x1b[1m$2\x1b[0m]'),
    );
    expect(coloured[0]).toContain('\x1b[');
    expect(await zed(coloured.join('\n'))).toEqual(await zed(plain.join('\n')));
    expect((await zed(coloured.join('\n')))[2]!.log!.text).toBe('[zed] hello');
  });

  it('an outgoing line repeated by the next host line is its echo, a log; a repeated recv is a second message (Dialect.echoes.re)', async () => {
    const frames = await zed(
      [
        legacy('starting context server memory'),
        legacy(`outgoing message: ${PING}`),
        legacy(`outgoing message: ${PING}`, '668901'),
        legacy(`recv: ${PING}`),
        legacy(`recv: ${PING}`),
      ].join('\n'),
    );
    expect(frames.map((f) => shape(f).what)).toEqual(['event:start', 'message', 'log', 'message', 'message']);
  });

  it("zlog: the stdio transport's copy of an outgoing message is a log by its module", async () => {
    const frames = await zed(
      [
        Z('TRACE', 'context_server::client', `outgoing message: ${PING}`),
        Z('TRACE', 'context_server::transport::stdio_transport', `outgoing message: ${PING}`),
      ].join('\n'),
    );
    expect(frames.map((f) => [shape(f).what, f.dir])).toEqual([
      ['message', 'c2s'],
      ['log', 'unknown'],
    ]);
  });
});

describe('bridges: mcp-remote', () => {
  const mr = (lines: string[]) => framesOf(lines.join('\n'), { format: 'mcp-remote' });
  const T = (n: number) => `[2025-07-14T08:41:03.${String(n).padStart(3, '0')}Z]`;
  const URL = 'https://mcp.example.com/mcp';

  it('one-word summaries: a method (a request without id, or a notification), a numeric or bare string id, null (SummaryForm `request` and `notification` without id, `sid`)', async () => {
    const frames = await mr([
      `[7] [7] Connecting to remote server: ${URL}`,
      '[7] [Local→Remote] tools/list',
      '[7] [Remote→Local] notifications/message',
      '[7] [Remote→Local] 1',
      '[7] [Remote→Local] abc-1',
      '[7] [Remote→Local] null',
    ]);
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
      '[7] [Local→Remote] tools/list',
      `${T(1)}[7] [Local→Remote] tools/list`,
      `${T(2)}[7] Local → Remote message { method: 'tools/list', id: 1, params: undefined }`,
      '[7] [Remote→Local] 1',
      `${T(3)}[7] [Remote→Local] 1`,
      `${T(4)}[7] Remote → Local message {`,
      '  method: undefined,',
      '  id: 1,',
      "  result: 'result-present',",
      '  error: undefined',
      '}',
      '[7] [Remote→Local] notifications/message',
      '[7] [Remote→Local] notifications/message',
    ]);
    expect(frames.map((f) => [f.line, f.lines, shape(f).what, f.ts])).toEqual([
      [1, 1, 'event:start', null],
      [2, 1, 'log', null],
      [3, 1, 'log', '2025-07-14T08:41:03.001Z'],
      [4, 1, 'summary', '2025-07-14T08:41:03.002Z'],
      [5, 1, 'log', null],
      [6, 1, 'log', '2025-07-14T08:41:03.003Z'],
      [7, 6, 'summary', '2025-07-14T08:41:03.004Z'],
      // Without a record after them, summaries are messages (the same one twice is two messages).
      [13, 1, 'summary', null],
      [14, 1, 'summary', null],
    ]);
    expect(frames[3]!.summary).toEqual({ kind: 'request', id: 1, method: 'tools/list' });
    expect(frames[6]!.summary).toEqual({ kind: 'response', id: 1, method: null });
    expect(frames[1]!.log!.text).toBe('[Local→Remote] tools/list');
  });

  it('a record of another message does not restate the summary held; the debug file writes records as JSON', async () => {
    const frames = await mr([
      `${T(1)}[7] [Local→Remote] tools/list`,
      `${T(2)}[7] Local → Remote message {"method":"prompts/list","id":2}`,
      `${T(3)}[7] Remote → Local message {"id":2,"error":{"code":-32601,"message":"nope"}}`,
    ]);
    expect(frames.map((f) => f.summary)).toEqual([
      { kind: 'request', id: null, method: 'tools/list' },
      { kind: 'request', id: 2, method: 'prompts/list' },
      { kind: 'error', id: 2, method: null },
    ]);
  });

  it('the JSON after a summary is its whole body: one message of both, no longer a summary (Dialect.bodyAfterSummary)', async () => {
    const init = { method: 'initialize', params: { protocolVersion: '2025-11-25' }, jsonrpc: '2.0', id: 0 };
    const pretty = JSON.stringify(init, null, 2).split('\n');
    const frames = await mr([
      `[7] [7] Connecting to remote server: ${URL}`,
      '[7] [Local→Remote] initialize',
      `[7] ${pretty[0]}`,
      ...pretty.slice(1),
      '[7] [Remote→Local] 0',
    ]);
    expect(frames.map((f) => [f.line, f.lines, shape(f).what, f.dir])).toEqual([
      [1, 1, 'event:start', 'unknown'],
      [2, 1 + pretty.length, 'message', 'c2s'],
      [2 + 1 + pretty.length, 1, 'summary', 's2c'],
    ]);
    expect(frames[1]!.value).toEqual(init);
  });

  it('a process id names the launch: a reconnect of that process stays in its session, another process starts one and forgets the server (grammar group `launch`)', async () => {
    const frames = await mr([
      `[7] [7] Connecting to remote server: ${URL}`,
      '[7] Recursively reconnecting for reason: falling-back-to-alternate-transport',
      `[7] [7] Connecting to remote server: ${URL}`,
      '[7] [Local→Remote] ping',
      '[8] Using automatically selected callback port: 3334',
      `[8] [8] Connecting to remote server: ${URL}`,
      '[8] [Local→Remote] ping',
    ]);
    expect(frames.map((f) => [f.session, f.server ?? null])).toEqual([
      [URL, URL],
      [URL, URL],
      [URL, URL],
      [URL, URL],
      [null, null],
      [`${URL}#2`, URL],
      [`${URL}#2`, URL],
    ]);
  });

  it('a message that begins with a newline: `[pid] ` alone, then its text, is one record (Dialect.leadingNewline)', async () => {
    const frames = await mr([
      '[7] ',
      'Shutting down...',
      '[7] ',
      'Please authorize this client by visiting:',
      'https://auth.example.com/x',
      '[7] ',
      '[7] Press Ctrl+C to exit',
    ]);
    expect(frames.map((f) => [f.line, f.lines, shape(f).what, f.event?.data?.text ?? f.log?.text])).toEqual([
      [1, 2, 'event:shutdown', 'Shutting down...'],
      [3, 3, 'log', 'Please authorize this client by visiting:\nhttps://auth.example.com/x'],
      [6, 1, 'log', ''],
      [7, 1, 'log', 'Press Ctrl+C to exit'],
    ]);
  });

  it('with --debug each line is printed again with a time: the echo is a log, whatever it says (Dialect.echoes.timed)', async () => {
    const frames = await mr([
      `[7] Connected to remote server using X`,
      `${T(1)}[7] Connected to remote server using X`,
      `${T(2)}[7] Local STDIO server running`,
      `${T(3)}[7] Local STDIO server running`,
    ]);
    expect(frames.map((f) => shape(f).what)).toEqual(['event:connected', 'log', 'event:listening', 'event:listening']);
  });
});

describe('python-sdk: a logger with two handlers', () => {
  const py = (lines: string[]) => framesOf(lines.join('\n'), { format: 'python-sdk' });
  const L = (ts: string, text: string) => `2025-06-09 23:51:${ts} - mcp.server.sse - DEBUG - ${text}`;
  const POST = `Received JSON: b'{"method":"tools/list","jsonrpc":"2.0","id":1}'`;

  it('a line written again at the same millisecond is its echo, a log; again later, or a third time, it is a line of its own (Dialect.echoes.sameTime)', async () => {
    const frames = await py([
      L('50,982', 'Created new session with ID: 3f0a'),
      L('50,982', 'Created new session with ID: 3f0a'),
      L('51,003', POST),
      L('51,003', POST),
      L('51,003', POST),
      L('51,009', POST),
    ]);
    expect(frames.map((f) => shape(f).what)).toEqual([
      'event:session-start',
      'log',
      'message',
      'log',
      'message',
      'message',
    ]);
  });
});

describe('mcptools', () => {
  const mt = (lines: string[]) => framesOf(lines.join('\n'), { format: 'mcptools' });
  const L = (text: string) => `[2025-05-21T16:08:42+02:00] ${text}`;

  it('a start names a fixed server (EventLine.server); the struct zero id on a notification is left out, on a request kept (Dialect.zeroId)', async () => {
    const frames = await mt([
      L('Proxy server started, waiting for requests...'),
      L('Received request: {'),
      '  "method": "notifications/initialized",',
      '  "jsonrpc": "2.0",',
      '  "id": 0',
      '}',
      L('Received request: {"method":"initialize","jsonrpc":"2.0","id":0}'),
      L('Received request: {"method":"notifications/cancelled","jsonrpc":"2.0","id":3}'),
    ]);
    expect(frames.map((f) => [f.line, f.lines, f.server, f.session])).toEqual([
      [1, 1, 'mcp-proxy-server', 'mcp-proxy-server'],
      [2, 5, 'mcp-proxy-server', 'mcp-proxy-server'],
      [7, 1, 'mcp-proxy-server', 'mcp-proxy-server'],
      [8, 1, 'mcp-proxy-server', 'mcp-proxy-server'],
    ]);
    expect(frames.slice(1).map((f) => f.value)).toEqual([
      { method: 'notifications/initialized', jsonrpc: '2.0' },
      { method: 'initialize', jsonrpc: '2.0', id: 0 },
      { method: 'notifications/cancelled', jsonrpc: '2.0', id: 3 },
    ]);
    expect(frames[1]!.bytes).toBe(Buffer.byteLength('{"method":"notifications/initialized","jsonrpc":"2.0"}'));
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
  name: 'bare',
  title: 'a test dialect',
  example: '',
  lines: [],
  cues: [],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [],
  blocks: [],
  unprefixed: 'run',
  time: 'local',
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
      first('12:00:01', 'Msg:'),
      next('{"jsonrpc"'),
      next(':"2.0","id'),
      next('":1,"metho'),
      next('d":"a'),
      next('b"}'),
      first('', 'plain'),
      next('text goes'),
    ]);
    expect(frames.map((f) => [f.line, f.lines, f.ts, f.log?.text ?? null])).toEqual([
      [1, 6, '12:00:01', null],
      [7, 2, '12:00:01', 'plain text goes'],
    ]);
    expect(frames[0]!.value).toEqual({ jsonrpc: '2.0', id: 1, method: 'a b' });
  });

  it('a rebuilt message whose text has runs of spaces, wrapped at a space, is read as cut: how many spaces were dropped is not known', () => {
    const [f] = readAs(table, [
      first('12:00:01', 'Msg:'),
      next('{"jsonrpc"'),
      next(':"2.0","id'),
      next('":1,"m":"a'),
      next('b  c"}'),
    ]);
    expect(f!.truncated).toEqual({ head: f!.text!.length, tail: f!.text!.length });
    expect(f!.value).toBeUndefined();
  });

  it('so is one written in a literal syntax: what it prints, as JSON', () => {
    const py: Dialect = { ...table, markers: [{ re: /^Py: (?<body>.*)$/, dir: 'c2s', syntax: 'python-repr' }] };
    const [f] = readAs(py, [
      first('12:00:01', 'Py:'),
      next("method='a"),
      next("  b'"),
      next("jsonrpc='2"),
      next(".0' id=1"),
    ]);
    expect(f!.text).toBe('{"method":"a   b","jsonrpc":"2.0","id":1}');
    expect(f!.truncated).toEqual({ head: f!.text!.length, tail: f!.text!.length });
    expect(f!.value).toBeUndefined();
  });

  it('a line that starts like a wrapped one after a line of another grammar is not folded into it', () => {
    const frames = readAs({ ...table, lines: [...table.lines, /^LOG (?<text>.*)$/] }, ['LOG x', next('stray')]);
    expect(frames.map((f) => [f.line, f.lines, f.log?.text])).toEqual([
      [1, 1, 'x'],
      [2, 1, next('stray')],
    ]);
  });
});

describe('bodies Python printed (Marker.syntax python-bytes and python-repr)', () => {
  const py = (text: string) =>
    framesOf(`2025-06-09 23:51:51,097 - mcp.server.sse - DEBUG - ${text}`, { format: 'python-sdk' });

  it("a bytes literal's escapes are undone and its UTF-8 decoded: the exact text of the message", async () => {
    const [f] = await py(
      String.raw`Received JSON: b'{"jsonrpc":"2.0","id":1,"method":"x","params":{"t":"\xc3\xa9 it\'s","n":"a\\nb"}}'`,
    );
    expect(f!.dir).toBe('c2s');
    expect(f!.value).toEqual({ jsonrpc: '2.0', id: 1, method: 'x', params: { t: "é it's", n: 'a\nb' } });
    expect(f!.text).toBe(String.raw`{"jsonrpc":"2.0","id":1,"method":"x","params":{"t":"é it's","n":"a\nb"}}`);
    expect(f!.ts).toBe('2025-06-09 23:51:51,097');
  });

  it('a pydantic repr is read back into its JSON, fields set to None left out; the wrappers are unwrapped', async () => {
    const cases: Array<[string, unknown]> = [
      [
        "Sending client message: root=JSONRPCRequest(method='ping', params=None, jsonrpc='2.0', id=1)",
        { method: 'ping', jsonrpc: '2.0', id: 1 },
      ],
      [
        "Sending client message: SessionMessage(message=JSONRPCMessage(root=JSONRPCError(jsonrpc='2.0', id='a', error=ErrorData(code=-32602, message=\"it's \\n\", data=None))), metadata=ServerMessageMetadata(related_request_id=None, request_context=<starlette.requests.Request object at 0x7f>))",
        { jsonrpc: '2.0', id: 'a', error: { code: -32602, message: "it's \n" } },
      ],
      [
        "SSE message: method='tools/list' params={'a': [True, False, None, 1.5, -2]} jsonrpc='2.0' id=3",
        { method: 'tools/list', params: { a: [true, false, null, 1.5, -2] }, jsonrpc: '2.0', id: 3 },
      ],
    ];
    for (const [line, value] of cases) {
      const [f] = await py(line);
      expect(f!.value, line).toEqual(value);
      // Its JSON is rebuilt, not the wire's: compact, as JSON.stringify writes it.
      expect(f!.text, line).toBe(JSON.stringify(value));
      expect(f!.compact, line).toBe(true);
      expect(f!.bytes, line).toBe(Buffer.byteLength(JSON.stringify(value)));
    }
  });

  it('a repr that is no message it can read is a framing error that keeps the text', async () => {
    const [f] = await py('Sending client message: JSONRPCRequest(method=<enum>, id=');
    expect(f!.error).toMatch(/Python repr/);
    expect(f!.text).toBe('JSONRPCRequest(method=<enum>, id=');
  });
});

describe('the wire line restates the repr before it (Marker.restates)', () => {
  const L = (text: string) => `2025-06-09 23:51:51,097 - x - DEBUG - ${text}`;
  const repr = L("Sending message via SSE: root=JSONRPCResponse(jsonrpc='2.0', id=1, result={})");

  it('is a log when the next host line is the message from the wire, else the message', async () => {
    const chunk = L(String.raw`chunk: b'event: message\r\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\r\n\r\n'`);
    const shapes = (fs: Frame[]) => fs.map((f) => [f.line, f.log !== undefined ? 'log' : 'message']);
    expect(shapes(await framesOf([repr, chunk].join('\n'), { format: 'python-sdk' }))).toEqual([
      [1, 'log'],
      [2, 'message'],
    ]);
    expect(shapes(await framesOf([repr, L('Response sent')].join('\n'), { format: 'python-sdk' }))).toEqual([
      [1, 'message'],
      [2, 'log'],
    ]);
    expect(shapes(await framesOf(repr, { format: 'python-sdk' }))).toEqual([[1, 'message']]);
    // The repr restated is a log of its line, at its level.
    const [log] = await framesOf([repr, chunk].join('\n'), { format: 'python-sdk' });
    expect(log!.log).toEqual({
      level: 'DEBUG',
      text: "Sending message via SSE: root=JSONRPCResponse(jsonrpc='2.0', id=1, result={})",
    });
  });

  it('a wire line of another message, or one after another line, restates nothing: both are messages', async () => {
    const other = L(String.raw`chunk: b'event: message\r\ndata: {"jsonrpc":"2.0","id":2,"result":{}}\r\n\r\n'`);
    const got = L(String.raw`Received JSON: b'{"jsonrpc":"2.0","id":2,"method":"ping"}'`);
    const kinds = async (lines: string[]) =>
      (await framesOf(lines.join('\n'), { format: 'python-sdk' })).map((f) =>
        f.log !== undefined ? 'log' : 'message',
      );
    expect(await kinds([repr, other])).toEqual(['message', 'message']);
    expect(await kinds([repr, got])).toEqual(['message', 'message']);
    expect(await kinds([repr, L('Response sent'), other.replace('"id":2', '"id":1')])).toEqual([
      'message',
      'log',
      'message',
    ]);
  });
});

describe('the side a process is (Marker `received`, Dialect.roles) and names from an initialize result (serverInfo)', () => {
  const J = (text: string) => `20250626T141147.830 DEBUG [main] i.m.spec.McpSchema - ${text}`;
  const got = (m: string) => J(`Received JSON message: ${m}`);
  const dirs = async (lines: string[]) =>
    (await framesOf(lines.join('\n'), { format: 'java-sdk' })).filter((f) => f.value !== undefined).map((f) => f.dir);

  it("what a server received is the client's, what a client received the server's; times in ISO basic format are read", async () => {
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    expect(await dirs([J('Setting up stdio transport provider'), got(ping)])).toEqual(['c2s']);
    expect(await dirs([J('Initialization process started'), got(ping)])).toEqual(['s2c']);
    const [f] = await framesOf(got(ping), { format: 'java-sdk' });
    expect([f!.ts, f!.tsMs]).toEqual(['2025-06-26T14:11:47.830', Date.parse('2025-06-26T14:11:47.830Z')]);
  });

  it('with no line saying it, the first message tells: a response is received by a client, initialize by a server', async () => {
    expect(
      await dirs([got('{"jsonrpc":"2.0","id":1,"result":{}}'), got('{"jsonrpc":"2.0","id":2,"method":"roots/list"}')]),
    ).toEqual(['s2c', 's2c']);
    expect(
      await dirs([got('{"jsonrpc":"2.0","id":0,"method":"initialize"}'), got('{"jsonrpc":"2.0","id":1,"result":{}}')]),
    ).toEqual(['c2s', 'c2s']);
    expect(await dirs([got('{"jsonrpc":"2.0","method":"notifications/message"}')])).toEqual(['unknown']);
  });

  it('a log that names no server takes the name an initialize result gives, from that message on', async () => {
    const init =
      '{"jsonrpc":"2.0","id":"c6-0","result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"memory-server","version":"1"}}}';
    const frames = await framesOf(
      [J('Initialization process started'), got(init), J('Received Response: …')].join('\n'),
      { format: 'java-sdk' },
    );
    expect(frames.map((f) => [f.server, f.session])).toEqual([
      [undefined, null],
      ['memory-server', 'memory-server'],
      ['memory-server', 'memory-server'],
    ]);
  });
});

describe('a process that logs only what it received (Dialect.oneSide)', () => {
  const J = (text: string) => `20250626T141147.830 DEBUG [main] i.m.spec.McpSchema - ${text}`;
  const got = (m: string) => J(`Received JSON message: ${m}`);
  const ALL = ['requests', 'answers', 'notifications'];
  const notLogged = async (text: string, format: string) =>
    (await framesOf(text, { format }))
      .filter((f) => f.log === undefined && f.event === undefined)
      .map((f) => f.notLogged ?? null);

  it("each message whose sender is known says the log holds none of the process's own messages; one whose sender is not known says nothing", async () => {
    const log = [
      got('{"jsonrpc":"2.0","method":"notifications/message"}'),
      J('Setting up stdio transport provider'),
      got('{"jsonrpc":"2.0","id":1,"method":"ping"}'),
    ];
    expect(await notLogged(log.join('\n'), 'java-sdk')).toEqual([null, { server: ALL }]);
    expect(
      await notLogged(
        [J('Initialization process started'), got('{"jsonrpc":"2.0","id":1,"result":{}}')].join('\n'),
        'java-sdk',
      ),
    ).toEqual([{ client: ALL }]);
    expect(
      await notLogged("Received MCP request: { method: 'tools/list', jsonrpc: '2.0', id: 2 }", 'typescript-sdk'),
    ).toEqual([{ server: ALL }]);
  });

  it('a dialect whose log holds both sides says nothing', async () => {
    expect(
      await notLogged(
        [
          host('Message from client: {"jsonrpc":"2.0","id":1,"method":"ping"}'),
          host('Message from server: {"jsonrpc":"2.0","id":1,"result":{}}'),
        ].join('\n'),
        'claude-desktop',
      ),
    ).toEqual([null, null]);
  });
});

describe('summaries without ids (FastMCP middleware)', () => {
  it("an answer pairs with the oldest open request of its method; a notification's completion is a log", async () => {
    const lines = [
      'source=client type=notification method=notifications/initialized',
      'source=client type=request method=tools/call',
      'source=client type=request method=tools/list',
      'source=client type=request method=tools/call',
    ].map((t) => `INFO:fastmcp.requests:Processing message: ${t}`);
    const done = ['notifications/initialized', 'tools/call', 'tools/list', 'tools/call', 'tools/call'].map(
      (m) => `INFO:fastmcp.requests:Completed message: ${m}`,
    );
    const { records } = await analyze(chunked(Buffer.from([...lines, ...done].join('\n'))), {
      file: 'f',
      inputFormat: 'fastmcp',
    });
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
    const sdk =
      "DEBUG:mcp.client.sse:Sending client message: root=JSONRPCRequest(method='ping', params=None, jsonrpc='2.0', id=1)";
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
    cues: [
      { re: /^out:/, weight: 3 },
      { re: /^\[toy\] /, weight: 2, on: 'line' },
    ],
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
    const frames = read([
      T('out: {'),
      "  result: { text: 'a\\n' +",
      "    'b' },",
      '  id: 1',
      '}',
      T("out: { result: {}, id: 2, jsonrpc: '2.0' }"),
      T("out: { result: { a: { b: [Object] } }, id: 3, jsonrpc: '2.0' }"),
    ]);
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
    expect(frames.map((f) => [f.line, f.lines, shape(f).what])).toEqual([
      [1, 1, 'error'],
      [2, 2, 'error'],
      [4, 1, 'message'],
    ]);
    expect(frames[0]!.text).toBe('{ a: }');
    expect(frames[0]!.error).toMatch(/util\.inspect/);
  });

  it('syntax python-repr and python-bytes: a pydantic repr, a bytes literal and the inside of one', () => {
    const frames = read([
      T("py: root=JSONRPCRequest(method='ping', params=None, jsonrpc='2.0', id=1)"),
      T(String.raw`bytes: b'{"jsonrpc":"2.0","id":1,"result":{"t":"\xc3\xa9"}}'`),
      T(String.raw`bytes: {"jsonrpc":"2.0","id":2,"result":{}}`),
    ]);
    expect(frames.map((f) => [f.dir, f.value ?? JSON.parse(f.text!)])).toEqual([
      ['c2s', { method: 'ping', jsonrpc: '2.0', id: 1 }],
      ['s2c', { jsonrpc: '2.0', id: 1, result: { t: 'é' } }],
      ['s2c', { jsonrpc: '2.0', id: 2, result: {} }],
    ]);
  });

  it("syntax python-bytes: text that is not JSON is the message's for decode to report; a malformed escape is a framing error", () => {
    const frames = read([T("bytes: b'not json'"), T(String.raw`bytes: b'{\q}'`)]);
    expect(frames.map((f) => [f.text, f.value, f.error])).toEqual([
      ['not json', undefined, undefined],
      [String.raw`b'{\q}'`, undefined, 'a Python bytes literal with a malformed escape'],
    ]);
  });

  it('jsonLines: a JSON object of those keys is a host line; its data is the message after a bare marker, else part of the text', () => {
    const line = (msg: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ time: '2026-09-22T14:03:12.344Z', level: 'info', msg, ...extra });
    const other = JSON.stringify({ msg: 'x', time: 't', level: 'info', pid: 1 });
    const frames = read([
      line('in: {"jsonrpc":"2.0","id":0,"method":"ping"}'),
      line('out:', { data: { jsonrpc: '2.0', id: 0, result: {} } }),
      line('note', { data: [1] }),
      other,
    ]);
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
      T('banner'),
      T('server: npx srv'),
      T('in (session a): {"jsonrpc":"2.0","id":0,"method":"initialize"}'),
      T('out: {}'),
      T('in (session b): {"jsonrpc":"2.0","id":0,"method":"initialize"}'),
      T('exited'),
      T('in: {"jsonrpc":"2.0","id":0,"method":"initialize"}'),
      T('exited'),
      T('exited'),
      T('start'),
      T('in: {"jsonrpc":"2.0","id":1,"method":"ping"}'),
    ]);
    expect(frames.map((f) => [f.server ?? null, f.session])).toEqual([
      [null, null],
      ['npx srv', 'npx srv'],
      ['npx srv', 'a'],
      ['npx srv', 'a'],
      ['npx srv', 'b'],
      ['npx srv', 'b'],
      ['npx srv', 'npx srv#2'],
      // An end with nothing of the launch read yet ends no launch; a start after an end is that launch's.
      ['npx srv', 'npx srv#2'],
      ['npx srv', 'npx srv#3'],
      ['npx srv', 'npx srv#3'],
      ['npx srv', 'npx srv#3'],
    ]);
  });

  it("a marker's server names it when the log does not", () => {
    expect(
      read([T('example: {"jsonrpc":"2.0","id":1,"method":"ping"}'), T('note')]).map((f) => [f.server, f.session]),
    ).toEqual([
      ['example-server', 'example-server'],
      ['example-server', 'example-server'],
    ]);
  });

  it('a cue on the whole line scores the prefix, one on the text the text', () => {
    expect(lineScore(toy, T('out: {}'))).toEqual({ score: 6, cues: 5 });
    expect(lineScore(toy, '[toy]')).toEqual({ score: 1, cues: 0 });
    expect(lineScore(toy, JSON.stringify({ msg: 'out: {}', time: 't', level: 'info' }))).toEqual({ score: 4, cues: 3 });
  });
});

describe("tracing's JSON lines (goose): the text at a path, keys of the event's, JSON-RPC a text carries (Dialect.carried)", () => {
  // The shape of goose's log file (test/fixtures/hosts/goose/SOURCES.md); the texts that carry JSON-RPC are made up:
  // no published goose log holds one, and a text that does must not be lost in a log.
  const line = (message: string, more: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      timestamp: '2026-09-21T01:27:23.412971Z',
      level: 'WARN',
      fields: { message, ...more },
      target: 'goose::agents::agent',
      ...extra,
    });

  it('fields.message is the text (the other fields stay on the line); target, span and spans may be there, another key may not', () => {
    const frames = readAs(goose, [
      line('Failed to load extension local-tools: process quit before initialization: stderr = '),
      line(
        'streamable HTTP post_message failed',
        { endpoint_port: 9 },
        { target: 'rmcp::transport', span: { name: 'reply' }, spans: [{ name: 'reply' }] },
      ),
      line('note', {}, { pid: 1 }),
    ]);
    expect(
      frames.map((f) => [f.line, f.ts, f.server ?? null, shape(f).what, f.log?.text ?? f.event?.data?.text ?? null]),
    ).toEqual([
      [
        1,
        '2026-09-21T01:27:23.412971Z',
        'local-tools',
        'event:connection-error',
        'Failed to load extension local-tools: process quit before initialization: stderr = ',
      ],
      [2, '2026-09-21T01:27:23.412971Z', null, 'log', 'streamable HTTP post_message failed'],
      // Not a goose line: a run of its own, as written.
      [3, null, null, 'log', line('note', {}, { pid: 1 })],
    ]);
  });

  it('a text that holds a whole JSON-RPC message is that message, its direction as its words say; one that holds part of one is a log', () => {
    const frames = readAs(goose, [
      line('sending request {"jsonrpc":"2.0","id":1,"method":"tools/list"}'),
      line('received response: {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}'),
      line('sending request {"jsonrpc":"2.0","id":2,"meth'),
    ]);
    expect(frames.map((f) => [f.line, f.dir, shape(f).what])).toEqual([
      [1, 'c2s', 'message'],
      [2, 's2c', 'message'],
      [3, 'unknown', 'log'],
    ]);
    expect(frames[1]!.value).toEqual({ jsonrpc: '2.0', id: 1, result: { tools: [] } });
    expect(frames[0]!.context).toBe('sending request');
  });

  it("a log where no extension failed is goose's by its targets, not NDJSON of log records", () => {
    const healthy = readFileSync(
      new URL('../fixtures/hosts/goose/cli-1.51-extensions-fail-to-load.log', import.meta.url),
      'utf8',
    )
      .split('\n')
      .slice(0, 2)
      .join('\n');
    expect(healthy).not.toContain('Failed to load extension');
    expect(detectFormat(healthy)).toBe('goose');
  });
});

describe('a JSON form of a host log (Dialect.entries)', () => {
  // A made-up host that writes its log as a JSON array of `{"info"|"error": text, "at": time}` and names its server
  // in the file's name; its event lines are Claude Code's.
  const host: Dialect = {
    ...claudeCode,
    name: 'made-up',
    entries: { levels: ['info', 'error'], keys: ['at'], time: 'at', serverInPath: /logs-(?<server>\w+)\.json$/ },
  };
  const read = (file: string, doc: unknown) => {
    const r = new JsonDocumentReader(file, { entries: new EntryReader(host, file) });
    const out: Frame[] = [];
    r.push(Buffer.from(JSON.stringify(doc, null, 2)), out);
    r.end(out);
    return out;
  };
  const what = (f: Frame) =>
    f.event ? `event:${f.event.name}` : f.log ? `log:${f.log.level}` : f.error !== undefined ? 'error' : 'value';

  it("each entry is an event (its text one of the event lines) or a log at its key's level, with its time and the server of the file name", () => {
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
    const frames = read('log.json', [
      { info: 'hello', at: 't' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { other: 1 },
    ]);
    expect(frames.map((f) => [what(f), f.server ?? null, f.session])).toEqual([
      ['log:info', null, null],
      ['value', null, null],
      ['value', null, null],
    ]);
    expect(frames[1]!.value).toEqual({ jsonrpc: '2.0', method: 'notifications/initialized' });
  });

  it('a dialect with a JSON form forced on its line form reads lines, and on its JSON form reads entries', async () => {
    const lines = await framesOf('[DEBUG] MCP server "memory": Starting connection with timeout of 30000ms\n', {
      format: 'claude-code',
    });
    expect(lines.map((f) => [what(f), f.server])).toEqual([['event:start', 'memory']]);
    const doc = JSON.stringify([
      { debug: 'Starting connection attempt', timestamp: '2025-07-14T10:20:09.396Z', sessionId: 's', cwd: '/' },
    ]);
    for (const chunk of [0, 1]) {
      const entries = await framesOf(doc, {
        format: 'claude-code',
        file: 'x/mcp-logs-github/2025-07-14T10-20-09.txt',
        chunk,
      });
      expect(
        entries.map((f) => [what(f), f.server, f.line]),
        `chunk ${chunk}`,
      ).toEqual([['event:start', 'github', 1]]);
    }
  });
});

describe("the Rust SDK's Debug form (rmcp)", () => {
  const rs = (lines: string[]) =>
    framesOf(lines.map((l, i) => `2026-01-08T09:10:0${i}.000000Z DEBUG serve_inner: rmcp::service: ${l}`).join('\n'), {
      format: 'rust-sdk',
    });
  const ENV = 'jsonrpc: JsonRpcVersion2_0';

  it('a message is a summary: its method from the method type, its id as printed, its direction from its type or the side', async () => {
    const frames = await rs([
      'Service initialized as client peer_info=Some(InitializeResult { server_info: Implementation { name: "notes", version: "1.0" } })',
      `new event evt=ProxyMessage(Request { request: ListToolsRequest(RequestOptionalParam { method: ListToolsRequestMethod, params: None, extensions: Extensions }), id: Number(3), responder: Sender { inner: Some(Inner { state: State { is_complete: false } }) } })`,
      `new event evt=PeerMessage(Response(JsonRpcResponse { ${ENV}, id: Number(3), result: ListToolsResult(ListToolsResult { next_cursor: None, tools: [] }) }))`,
      `new event evt=PeerMessage(Request(JsonRpcRequest { ${ENV}, id: String("s-1"), request: CreateMessageRequest(Request { method: CreateMessageRequestMethod, params: CreateMessageRequestParam { messages: [] }, extensions: Extensions }) }))`,
      `received request id=s-1 request=CreateMessageRequest(Request { method: CreateMessageRequestMethod, params: CreateMessageRequestParam { messages: [] }, extensions: Extensions })`,
      `new event evt=PeerMessage(Request(JsonRpcRequest { ${ENV}, id: Number(4), request: PingRequest(RequestNoParam { method: PingRequestMethod, extensions: Extensions }) }))`,
      `new event evt=ProxyMessage(Notification { notification: CustomNotification(CustomNotification { method: "notes/changed", params: None, extensions: Extensions }), responder: Sender })`,
    ]);
    const messages = frames.filter((f) => f.summary !== undefined);
    expect(messages.map((f) => [f.line, f.dir, f.summary])).toEqual([
      [2, 'c2s', { kind: 'request', id: 3, method: 'tools/list' }],
      [3, 's2c', { kind: 'response', id: 3, method: null }],
      // The event line, then the service's line restating it: one message, the second line's.
      [5, 's2c', { kind: 'request', id: 's-1', method: 'sampling/createMessage' }],
      // Both sides send a ping: a client received this one.
      [6, 's2c', { kind: 'request', id: 4, method: 'ping' }],
      [7, 'c2s', { kind: 'notification', id: null, method: 'notes/changed' }],
    ]);
    expect(frames.find((f) => f.line === 4)!.log).toBeDefined();
    expect(messages.every((f) => f.server === 'notes')).toBe(true);
  });
});

describe('what a process of one side never logs (Dialect.unlogged: the Kotlin SDK)', () => {
  const kt = (lines: string[]) =>
    framesOf(lines.map((l, i) => `2025-11-03 14:22:0${i}.000 [main] TRACE ${l}`).join('\n'), { format: 'kotlin-sdk' });

  it("a client's messages say its log never holds the server's answers; a server's, the client's", async () => {
    const client = await kt([
      'i.m.k.s.c.StreamableHttpClientTransport - Client sending message via POST to http://localhost:3001/mcp: {"id":1,"method":"tools/list","jsonrpc":"2.0"}',
      'i.m.k.s.c.StreamableHttpClientTransport - Client received SSE event: event=message, data={"method":"notifications/tools/list_changed","jsonrpc":"2.0"}, id=null',
    ]);
    expect(client.map((f) => [f.dir, f.notLogged])).toEqual([
      ['c2s', { server: ['answers'] }],
      ['s2c', { server: ['answers'] }],
    ]);
    const server = await kt([
      'i.m.kotlin.sdk.shared.Protocol - Received request: initialize (id: NumberId(value=0))',
      'i.m.kotlin.sdk.shared.Protocol - Request handled successfully: initialize (id: NumberId(value=0))',
    ]);
    expect(server.map((f) => [f.dir, f.summary?.kind, f.summary?.id, f.notLogged])).toEqual([
      ['c2s', 'request', 0, { client: ['answers'] }],
      ['s2c', 'response', 0, { client: ['answers'] }],
    ]);
  });
});

describe("mcp-go's LoggingTransport records (slog)", () => {
  it('each is a summary: the arrow says the direction, the fields the method and id; an error without a code is the transport failing', async () => {
    const frames = await framesOf(
      [
        '2026/05/20 09:14:02 DEBUG → request method=tools/call id=string:call-7 params="{Meta:<nil> Name:forecast Arguments:map[]}"',
        'time=2026-05-20T09:14:02.100+02:00 level=DEBUG msg="← response error" id=string:call-7 method=tools/call duration=812µs code=-32602 error="missing required argument: city"',
        '2026/05/20 09:14:03 DEBUG ← request method=roots/list id=int64:0',
        '2026/05/20 09:14:03 DEBUG → response id=int64:0 method=roots/list duration=41.2µs result="{\\"roots\\":[]}"',
        '2026/05/20 09:14:04 DEBUG → request method=resources/read id=int64:5 params="{Meta:<nil> URI:notes://a}"',
        '2026/05/20 09:14:34 DEBUG ← response error id=int64:5 method=resources/read duration=30.001s error="context deadline exceeded"',
      ].join('\n'),
      { format: 'mcp-go' },
    );
    expect(frames.map((f) => [f.dir, f.summary ?? f.event?.name])).toEqual([
      ['c2s', { kind: 'request', id: 'call-7', method: 'tools/call' }],
      ['s2c', { kind: 'error', id: 'call-7', method: null }],
      ['s2c', { kind: 'request', id: 0, method: 'roots/list' }],
      ['c2s', { kind: 'response', id: 0, method: null }],
      ['c2s', { kind: 'request', id: 5, method: 'resources/read' }],
      ['unknown', 'request-error'],
    ]);
  });
});
