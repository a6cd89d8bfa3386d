// Format detection: per line, per text, and on a live stream (peek only what is needed, then replay).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { TOOL_CAPTURE_NAMES } from '../../src/input/tool-captures/index.js';
import { INPUT_FORMATS, type InputFormat } from '../../src/input/index.js';
import { classifyLine, detectFormat, detectInput } from '../../src/input/detect.js';
import { DIALECT_NAMES } from '../../src/input/dialects/index.js';
import { chunked, fixture, fixtures, framesOf } from './helpers.js';
import { documentWithLongFirstMember } from '../helpers/long-lines.js';

describe('classifyLine', () => {
  const cases: Array<[string, ReturnType<typeof classifyLine>]> = [
    ['{"jsonrpc":"2.0","id":1,"method":"ping"}', 'ndjson'],
    ['{"method":"ping","id":1}', 'ndjson'],
    ['{"id":1,"error":{"code":-32600,"message":"x","data":{"line":1}}}', 'ndjson'],
    ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', 'ndjson'],
    ['{"ts":"2026-11-29T22:00:00Z","dir":"c2s","message":{"jsonrpc":"2.0"}}', 'envelope'],
    ['{"event":"start","pid":1}', 'envelope'],
    ['{"line":"{\\"jsonrpc\\":\\"2.0\\"}","dir":"s2c"}', 'envelope'],
    ['{"messages":[{"jsonrpc":"2.0","id":1,"method":"ping"}]}', 'json'],
    ['{', 'json'],
    ['[', 'json'],
    ['{"messages": [', 'json'],
    ['{"jsonrpc": "2.0",', 'json'],
    ['  [', 'json'],
    ['[22:00:00.010] -> {"jsonrpc":"2.0"}', 'transcript'],
    ['[12.5] <- {}', 'transcript'],
    ['22:00:00.010 --> {}', 'transcript'],
    ['2026-11-29T22:00:00.000Z c2s {}', 'transcript'],
    ['-> {"jsonrpc":"2.0"}', 'transcript'],
    ['← {"jsonrpc":"2.0"}', 'transcript'],
    ['!! stdin-closed', 'transcript'],
    ['=== session demo ===', 'transcript'],
    ['[22:00:05.000] !! exit {"code":0}', 'transcript'],
    ['# a comment', 'comment'],
    ['', 'blank'],
    ['   ', 'blank'],
    ['{"foo":1}', 'unknown'],
    ['{"jsonrpc": 2.0 oops', 'unknown'],
    ['hello world', 'unknown'],
  ];
  test.each(cases)('%s → %s', (line, verdict) => {
    expect(classifyLine(line)).toBe(verdict);
  });

  test('the start of a line too long to wait for is judged by what it shows', () => {
    expect(classifyLine('{"jsonrpc":"2.0","id":1,"params":{"data":"xxxx', false)).toBe('ndjson');
    expect(classifyLine('{"ts":1,"dir":"c2s","message":{"jsonrpc":"2.0","params":{"x":"', false)).toBe('envelope');
    expect(classifyLine('{"messages":[{"jsonrpc":"2.0"},{"jsonrpc', false)).toBe('json');
    expect(classifyLine('[{"jsonrpc":"2.0","id":1},{"jsonrpc"', false)).toBe('json');
    expect(classifyLine('[22:00:00.000] -> {"jsonrpc":"2.0","params":{"data":"xx', false)).toBe('transcript');
    // A message without `jsonrpc` is made of JSON-RPC members only.
    expect(classifyLine('{"method":"tools/call","id":1,"params":{"arguments":{"x":"', false)).toBe('ndjson');
  });

  test("the start of a long line that no key makes a message is a JSON document's, not NDJSON", () => {
    // A document whose first member fills its first line (numbers, then its messages on the lines after).
    expect(classifyLine('{"samples": [0,1,2,3,4,5,6,7,8,9,10,11', false)).toBe('json');
    expect(classifyLine('{"version": 2, "samples": [0,1,2,3', false)).toBe('json');
    // `id` beside keys no message has: a document's id, not a message's.
    expect(classifyLine('{"id": "export-7", "samples": [0,1,2,3', false)).toBe('json');
    // A whole line that says nothing is still passed over.
    expect(classifyLine('{"samples": [0,1,2,3]}')).toBe('unknown');
  });
});

describe('detectFormat', () => {
  test('every fixture is detected as the format of its folder', () => {
    const all = fixtures();
    expect(all.length).toBeGreaterThan(8);
    for (const fx of all) expect(detectFormat(fx.bytes.toString('utf8')), fx.name).toBe(fx.format);
  });

  test('blank lines, comments and inconclusive lines are passed over', () => {
    expect(detectFormat('\n\n{"foo":1}\n{"jsonrpc":"2.0","method":"x"}\n')).toBe('ndjson');
    expect(detectFormat('# header\n\n{"ts":1,"event":"start"}\n')).toBe('envelope');
    expect(detectFormat('# only comments\n# here\n')).toBe('transcript');
    expect(detectFormat('')).toBe('ndjson');
    expect(detectFormat('\uFEFF[\n  {"jsonrpc":"2.0"}\n]\n')).toBe('json');
  });

  test('a text log with a pretty-printed block further down is not a JSON document', () => {
    // A `{` or `[` that does not close on its line decides `json` only when no line of text came before it.
    const dump = 'Starting server memory\nUsing command: npx with args:\n{\n  "args": ["-y"],\n  "env": {}\n}\n';
    expect(detectFormat(dump)).toBe('ndjson');
    expect(detectFormat(`${dump}{"jsonrpc":"2.0","id":0,"method":"initialize"}\n`)).toBe('ndjson');
    expect(detectFormat('Server started\n[\n  1,\n  2\n]\n')).toBe('ndjson');
    expect(detectFormat('Server started\n{"messages":[{"jsonrpc":"2.0","method":"x"}]}\n')).toBe('ndjson');
    // with nothing before it, it still is
    expect(detectFormat('{\n  "messages": []\n}\n')).toBe('json');
  });

  test('a lone `{` first is a JSON document only with more evidence: its start a message or records, or a value that parses with nothing after it', () => {
    // A JS object a server printed into its log (unquoted keys), or a JSON object with lines of text after it: text.
    const printed = "{\n  port: 3000,\n  host: 'localhost'\n}\nServer listening on port 3000\n";
    expect(detectFormat(printed)).toBe('ndjson');
    expect(detectFormat('{\n  "port": 3000\n}\nServer listening on port 3000\n')).toBe('ndjson');
    expect(detectFormat(fixture('text-logs/printed-object-first.log').toString())).toBe('ndjson');
    // A document: its start names a JSON-RPC member or holds records, or it parses to its end.
    expect(detectFormat('{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "method": "ping"\n}\nServer listening\n')).toBe('json');
    expect(detectFormat('{\n  "exported": "2025-07-01",\n  "messages": [\n    {"id": 1}\n')).toBe('json');
    expect(detectFormat('{\n  "a": 1\n}\n')).toBe('json');
    expect(detectFormat('{\n  "a": 1\n}\n{\n  "a": 2\n}\n')).toBe('json');
    expect(detectFormat('[\n  {"jsonrpc": "2.0", "method": "x"}\n]\n')).toBe('json');
  });

  test('a document that keeps its messages under keys of its own is json, on one line or pretty-printed', () => {
    const doc = { session: { id: 's1', turns: [{ jsonrpc: '2.0', id: 1, method: 'ping' }] } };
    expect(detectFormat(JSON.stringify(doc))).toBe('json');
    expect(detectFormat(JSON.stringify(doc, null, 2))).toBe('json');
    expect(detectFormat('{\n  "requests": [\n    {"jsonrpc": "2.0", "id": 1, "method": "ping"}\n  ]\n}\n')).toBe(
      'json',
    );
    // A log record that names the method beside the message it holds is a document's, not a message.
    expect(classifyLine('{"method":"tools/call","body":{"jsonrpc":"2.0","id":1,"method":"tools/call"}}')).toBe('json');
    // A long first line is judged by its start.
    expect(classifyLine('{"session":{"id":"x","turns":[{"jsonrpc":"2.0","id":1,"params":{"x":"', false)).toBe('json');
    // A message of its own stays one.
    expect(classifyLine('{"jsonrpc":"2.0","id":1,"method":"x","params":{"m":{"jsonrpc":"2.0"}}}')).toBe('ndjson');
  });

  test("a JSON document whose first entry has a dialect's entry keys is that dialect (Claude Code's cache file)", () => {
    const entry = (level: string, text: string) => ({
      [level]: text,
      timestamp: '2025-07-14T10:20:09.396Z',
      sessionId: 'a3d9',
      cwd: '/p',
    });
    expect(
      detectFormat(JSON.stringify([entry('debug', 'Starting connection attempt'), entry('error', 'x')], null, 2)),
    ).toBe('claude-code');
    expect(detectFormat(JSON.stringify([entry('error', 'Connection failed')]))).toBe('claude-code');
    // One entry per line, as the later *.jsonl files hold them.
    expect(detectFormat(`${JSON.stringify(entry('debug', 'a'))}\n${JSON.stringify(entry('debug', 'b'))}\n`)).toBe(
      'claude-code',
    );
    // Keys missing, or a first element of another shape: not the dialect's.
    expect(detectFormat(JSON.stringify([{ debug: 'x', timestamp: 't' }], null, 2))).toBe('json');
    expect(detectFormat(JSON.stringify([{ jsonrpc: '2.0', method: 'x' }, entry('debug', 'a')], null, 2))).toBe('json');
    // The console form begins with `[` too, and stays a line log.
    expect(
      detectFormat(
        '[DEBUG] MCP server "memory": Starting connection with timeout of 30000ms\n[DEBUG] MCP server "memory": Successfully connected to stdio server in 412ms\n',
      ),
    ).toBe('claude-code');
  });

  test('a `[pid]` prefix is not a bracketed time: an mcp-remote log is not a transcript for it', () => {
    expect(classifyLine('[26682] [Local→Remote] initialize')).toBe('unknown');
    expect(detectFormat('[26682] Using transport strategy: http-first\n[26682] [Local→Remote] initialize\n')).toBe(
      'mcp-remote',
    );
  });
});

/** A source that counts how many chunks were pulled from it. */
function counting(chunks: Array<string | Buffer>): {
  source: AsyncIterable<string | Buffer>;
  pulled: () => number;
  returned: () => boolean;
} {
  let pulled = 0;
  let returned = false;
  const source = {
    [Symbol.asyncIterator]() {
      let i = 0;
      return {
        async next() {
          if (i >= chunks.length) return { done: true as const, value: undefined };
          pulled++;
          return { done: false as const, value: chunks[i++] };
        },
        async return() {
          returned = true;
          return { done: true as const, value: undefined };
        },
      };
    },
  };
  return { source, pulled: () => pulled, returned: () => returned };
}

async function drainBytes(it: AsyncIterable<string | Buffer | Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of it) parts.push(typeof c === 'string' ? Buffer.from(c) : Buffer.from(c));
  return Buffer.concat(parts);
}
const drain = async (it: AsyncIterable<string | Buffer | Uint8Array>) => (await drainBytes(it)).toString('utf8');

describe('detectInput (streams)', () => {
  test('decides on the first meaningful line and replays every byte', async () => {
    const chunks = [
      '# c\n',
      '\n',
      '{"jsonrpc":"2.0","id":1,',
      '"method":"ping"}\n',
      '{"jsonrpc":"2.0","id":1,"result":{}}\n',
      'tail',
    ];
    const c = counting(chunks);
    const { format, input } = await detectInput(c.source);
    expect(format).toBe('ndjson');
    expect(c.pulled()).toBe(4); // nothing past the first meaningful line's end
    expect(await drain(input)).toBe(chunks.join(''));
  });

  test('each fixture, fed in 3-byte chunks, is detected and replayed unchanged', async () => {
    for (const fx of fixtures()) {
      const { format, input } = await detectInput(chunked(fx.bytes, 3));
      expect(format, fx.name).toBe(fx.format as InputFormat);
      expect((await drainBytes(input)).equals(fx.bytes), fx.name).toBe(true);
    }
  });

  test('a first line longer than the budget is judged by its start', async () => {
    const long = `{"messages":[${Array.from({ length: 2000 }, (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"ping"}`).join(',')}]}`;
    const c = counting(long.match(/.{1,1000}/g)!);
    const { format, input } = await detectInput(c.source, { budget: 4096 });
    expect(format).toBe('json');
    expect(c.pulled()).toBeLessThan(10);
    expect(await drain(input)).toBe(long);
  });

  test('a JSON document whose first member is a line longer than the budget is read as a document', async () => {
    const text = documentWithLongFirstMember(200 * 1024);
    const { format } = await detectInput(chunked(Buffer.from(text), 16 * 1024));
    expect(format).toBe('json');
    // What a pipe delivers (16 KiB at a time): every message, none lost to a reading as NDJSON.
    const frames = await framesOf(text, { chunk: 16 * 1024 });
    expect(
      frames
        .filter((f) => f.value !== undefined)
        .map((f) => (f.value as { method?: string; id?: number }).method ?? (f.value as { id: number }).id),
    ).toEqual(['initialize', 0, 'notifications/initialized', 'tools/list', 1]);
  });

  test('an empty stream is NDJSON with nothing to replay', async () => {
    const { format, input } = await detectInput(counting([]).source);
    expect(format).toBe('ndjson');
    expect(await drain(input)).toBe('');
  });

  test('stopping the replay early returns the underlying iterator', async () => {
    const c = counting(['{"jsonrpc":"2.0","method":"a"}\n', 'more\n', 'more\n']);
    const { input } = await detectInput(c.source);
    for await (const _ of input) break;
    expect(c.returned()).toBe(true);
  });
});

describe('text-log dialects', () => {
  const CD = (text: string, t = '09:12:39.870') => `2025-08-14T${t}Z [notes] [info] ${text} { metadata: undefined }`;
  const VS = (text: string) => `2025-08-12 14:03:10.220 [info] ${text}`;

  test('every dialect is an input format, after the base and HTTP formats', () => {
    expect(INPUT_FORMATS).toEqual([
      'ndjson',
      'envelope',
      'transcript',
      'json',
      'har',
      'pcap',
      'curl',
      ...DIALECT_NAMES,
      ...TOOL_CAPTURE_NAMES,
    ]);
    expect(DIALECT_NAMES).toEqual([
      'claude-desktop',
      'vscode',
      'claude-code',
      'cursor',
      'codex',
      'codex-terminal',
      'gemini-cli',
      'cline',
      'amazon-q',
      'kiro',
      'librechat',
      'opencode',
      'goose',
      'lm-studio',
      'copilot',
      'zed',
      'supergateway',
      'mcp-proxy',
      'mcp-remote',
      'mcptools',
      'typescript-sdk',
      'python-sdk',
      'java-sdk',
      'csharp-sdk',
      'go-sdk',
      'rust-sdk',
      'kotlin-sdk',
      'mcp-go',
      'fastmcp',
    ]);
  });

  test('a per-server file that starts with stderr lines is scored, not decided on its first line', () => {
    const log = [
      'Traceback (most recent call last):',
      '  File "notes_server.py", line 6',
      "ModuleNotFoundError: No module named 'mcp'",
      CD('Initializing server...'),
      CD('Message from client: {"jsonrpc":"2.0","id":0,"method":"initialize"}'),
    ];
    expect(detectFormat(log.join('\n'))).toBe('claude-desktop');
    // Its first host line alone is a transcript's time-only line: the dialect's cues decide.
    expect(classifyLine(log[3]!)).toBe('transcript');
  });

  test('a transcript or NDJSON is still decided by its first record, however many lines follow', async () => {
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    for (const [chunks, format] of [
      [[`-> ${ping}\n`, ...Array(60).fill(`<- {"jsonrpc":"2.0","id":1,"result":{}}\n`)], 'transcript'],
      [[`${ping}\n`, ...Array(60).fill(`${ping}\n`)], 'ndjson'],
    ] as const) {
      const c = counting([...chunks]);
      const d = await detectInput(c.source);
      expect(d.format).toBe(format);
      expect(c.pulled()).toBe(1);
    }
    // A time-only line first: scored; its first record, with no dialect scored, decides a transcript there.
    const c = counting([
      '2026-01-01T00:00:00.000Z server starting\n',
      `2026-01-01T00:00:01.000Z -> ${ping}\n`,
      ...Array(60).fill(`<- {"jsonrpc":"2.0","id":1,"result":{}}\n`),
    ]);
    expect((await detectInput(c.source)).format).toBe('transcript');
    expect(c.pulled()).toBe(2);
    // Lines of text with a time and no record: scored to the end (or 50 lines), then a transcript.
    expect(detectFormat('2026-01-01T00:00:00.000Z server starting\n2026-01-01T00:00:01.000Z listening\n')).toBe(
      'transcript',
    );
  });

  test('a host log is decided as soon as one dialect is sure: a live stream is not held for 50 lines', async () => {
    const lines = [
      VS('Starting server memory'),
      VS('Connection state: Starting'),
      VS('Connection state: Running'),
      ...Array.from({ length: 60 }, (_, i) => VS(`[server stderr] line ${i}`)),
    ];
    const c = counting(lines.map((l) => `${l}\n`));
    const d = await detectInput(c.source);
    expect(d.format).toBe('vscode');
    expect(c.pulled()).toBeLessThanOrEqual(3);
    expect(d.scores.lines).toBe(c.pulled());
    expect(d.scores.dialects.map((s) => s.name)).toEqual(DIALECT_NAMES);
    expect(d.scores.dialects[0]!.score).toBe(0);
    expect(await drain(d.input)).toBe(lines.map((l) => `${l}\n`).join(''));
  });

  test('a shared prefix with no cue is not enough: lines in the form of VS Code with no MCP text stay a transcript', () => {
    const log = Array.from({ length: 60 }, (_, i) => VS(`Extension host started ${i}`)).join('\n');
    expect(detectFormat(log)).toBe('transcript');
  });

  test("no fixture is taken for a dialect other than its own: another host's or tool's, or a capture", () => {
    const hosts = fileURLToPath(new URL('../fixtures/hosts/', import.meta.url));
    let n = 0;
    let others = 0;
    for (const dir of readdirSync(hosts)) {
      const mine = (DIALECT_NAMES as readonly string[]).includes(dir);
      if (!mine) others++;
      for (const f of readdirSync(join(hosts, dir)).filter((x) => !x.endsWith('.md') && !x.endsWith('.expect.json'))) {
        n++;
        const got = detectFormat(readFileSync(join(hosts, dir, f), 'utf8'));
        if (got !== dir) expect(DIALECT_NAMES, `${dir}/${f}`).not.toContain(got);
      }
    }
    // Every host and tool with fixtures is a dialect or a capture now: the captures are the others.
    expect(others).toBeGreaterThanOrEqual(TOOL_CAPTURE_NAMES.length);
    expect(n).toBeGreaterThan(60);
  });

  // Issue 26: a server's stderr does not use up the lines scored, and its dialect loses to the host's frame around it.
  const stderr = (n: number) => Array.from({ length: n }, (_, i) => `    at handler (/srv/app/lib/index.js:${i}:17)`);
  const host = [
    '2025-05-20T09:44:10.118Z [notes] [info] Initializing server...',
    '2025-05-20T09:44:10.161Z [notes] [info] Server started and connected successfully',
    '2025-05-20T09:44:10.170Z [notes] [info] Message from client: {"method":"initialize","params":{},"jsonrpc":"2.0","id":0}',
  ];

  test("lines no dialect scores do not count toward the 50: a host log after 120 lines of stderr is the host's", async () => {
    const d = await detectInput(chunked(Buffer.from([...stderr(120), ...host].join('\n') + '\n'), 4096));
    expect(d.format).toBe('claude-desktop');
    expect(d.scores.lines).toBe(123);
  });

  test('lines judged are bounded all the same: 400 meaningful lines, scored or not', async () => {
    const d = await detectInput(chunked(Buffer.from([...stderr(1000), ...host].join('\n') + '\n'), 4096));
    expect(d.scores.lines).toBe(400);
    expect(d.format).not.toBe('claude-desktop');
  });

  test("a server's dialect that scored first loses to the host's frame, and waits for it", () => {
    const rich = [
      "[05/20/25 09:41:02] INFO     Starting MCP server 'notes' with     server.py:2050",
      "                             transport 'stdio'",
      ...Array.from({ length: 8 }, () => [
        '                    INFO     Processing request of type            server.py:674',
        '                             CallToolRequest',
      ]).flat(),
    ];
    expect(detectFormat(rich.join('\n'))).toBe('fastmcp');
    expect(detectFormat([...rich, ...host].join('\n'))).toBe('claude-desktop');
  });
});
