// Property: a host's log of any mix of host chatter, events, dumps, stderr (text, tracebacks, JSON-looking lines),
// blank lines and valid MCP messages keeps every message (in order, with its stated direction) and puts every
// non-blank line in exactly one record, in each implemented dialect whose log holds message bodies (FastMCP's holds
// summaries only: its fixtures cover it): messages written as JSON, or as the literal a logger prints of them (Node's
// util.inspect, a pydantic repr, a Python bytes literal), and a log of the messages one process received; mcp-remote,
// which logs one word per message, keeps every one of them as a summary.
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InputFormat } from '../../src/input/index.js';
import type { Direction } from '../../src/types.js';
import { isBlankLine } from '../input/helpers.js';
import { cut, expectLinesInRecords, expectLogRead, jsonRpcMessage, lineText, run, SEED } from './support.js';

/** One entry of a generated log: a message, or a line (or lines) of something else. */
type Entry =
  | { kind: 'message'; dir: Exclude<Direction, 'unknown'>; value: unknown }
  | { kind: 'host'; text: string }
  | { kind: 'event' }
  | { kind: 'stderr'; lines: string[] }
  | { kind: 'dump' }
  | { kind: 'blank' };

type Side = Exclude<Direction, 'unknown'>;

/** How a dialect writes each entry: its host-line prefix, its messages, its event lines and dumps. */
interface Writer {
  name: InputFormat;
  host: (n: number, text: string, level?: string) => string;
  /** The lines of a message as the dialect logs it, the first with the host's prefix. */
  message: (n: number, dir: Side, value: unknown) => string[];
  /** The directions the log has messages of (an example server prints only what it receives). */
  dirs: readonly Side[];
  events: string[];
  dump: string[];
  suffix: string;
  /** A host line's text the log starts with (the line that says which side the process is). */
  first?: string;
}

const clock = (n: number) =>
  `2026-03-18T00:${String(Math.floor(n / 60) % 60).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}.${String(n % 1000).padStart(3, '0')}`;

/** A message as a marker and its JSON on one host line. */
const jsonAfter =
  (host: Writer['host'], marker: Record<Side, string>, suffix = ''): Writer['message'] =>
  (n, dir, v) => [host(n, `${marker[dir]}${JSON.stringify(v)}${suffix}`)];

/** A message as `console.log(label, message)` prints it: util.inspect, one line or many (compact or not). */
const inspected = (host: Writer['host'], label: string, n: number, v: unknown): string[] => {
  const [first, ...rest] = inspect(v, { depth: null, compact: n % 2 === 0 ? 3 : false, breakLength: 80 }).split('\n');
  return [host(n, `${label} ${first}`), ...rest];
};

/** Python's repr of a str: '…' (or "…" when it holds a ' and no "), control characters and lone surrogates escaped. */
function pyStr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\' || ch === q) out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || (c >= 0x7f && c < 0xa0)) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if (c >= 0xd800 && c <= 0xdfff) out += `\\u${c.toString(16)}`;
    else out += ch;
  }
  return q + out + q;
}

/** Python's repr of a JSON value (dicts, lists, True/False/None). */
function py(v: unknown): string {
  if (v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return pyStr(v);
  if (Array.isArray(v)) return `[${v.map(py).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${pyStr(k)}: ${py(x)}`)
    .join(', ')}}`;
}

/** The str of the Python SDK's message model (`root=JSONRPCRequest(…)`): a None field is one the message lacks. */
function pydantic(v: unknown): string | null {
  const m = v as Record<string, unknown>;
  const opt = (x: unknown) => (x === undefined ? 'None' : py(x));
  if (typeof m.method === 'string') {
    const head = `method=${pyStr(m.method)}, params=${opt(m.params)}, jsonrpc='2.0'`;
    return 'id' in m ? `root=JSONRPCRequest(${head}, id=${py(m.id)})` : `root=JSONRPCNotification(${head})`;
  }
  if ('error' in m) {
    const e = m.error as { code: number; message: string };
    return `root=JSONRPCError(jsonrpc='2.0', id=${py(m.id)}, error=ErrorData(code=${e.code}, message=${pyStr(e.message)}, data=None))`;
  }
  // The SDK's result is a dict: a None result is no message it could send.
  return m.result === null ? null : `root=JSONRPCResponse(jsonrpc='2.0', id=${py(m.id)}, result=${py(m.result)})`;
}

/** The inside of a Python bytes literal of a text's UTF-8 (printable ASCII as is, the rest `\xNN`). */
function pyBytes(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    if (b === 0x5c || b === 0x27) out += `\\${String.fromCharCode(b)}`;
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return out;
}

const sgHost = (_n: number, text: string) => `[supergateway] ${text}`;
const sgJson = (n: number, text: string, level = 'info') => JSON.stringify({ time: `${clock(n)}Z`, level, msg: text });
const proxyHost = (n: number, text: string, level = 'D') =>
  `[${level.charAt(0).toUpperCase()} 2025-06-02 09:14:21,${String(n % 1000).padStart(3, '0')}.${String(n % 1000).padStart(3, '0')} mcp.server.sse] ${text}`;
const pyHost = (n: number, text: string, level = 'DEBUG') =>
  `${clock(n).replace('T', ' ').replace('.', ',')} - mcp.server.sse - ${level.toUpperCase()} - ${text}`;
const javaHost = (n: number, text: string, level = 'DEBUG') =>
  `${clock(n).replace(/[-:]/g, '')} ${level.toUpperCase().padEnd(5)} [pool-2-thread-1] i.m.spec.McpSchema - ${text}`;
const zedHost = (n: number, text: string, level = 'info') =>
  `${clock(n).slice(0, 19)}-03:00 ${level.toUpperCase().padEnd(5)} ${text.startsWith('[') ? text : `[zed] ${text}`}`;
const mcptoolsHost = (n: number, text: string) =>
  `[${clock(n).slice(0, 19)}+02:00] ${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const SG_EVENTS = [
  'New SSE connection from ::1',
  'Listening on port 8000',
  'SSE connection closed (session s1)',
  'Client disconnected (session s1)',
  'Child exited: code=0, signal=null',
];

const WRITERS: Writer[] = [
  {
    name: 'claude-desktop',
    host: (n, text, level = 'info') => `${clock(n)}Z [memory] [${level}] ${text}`,
    message: jsonAfter(
      (n, text) => `${clock(n)}Z [memory] [info] ${text}`,
      { c2s: 'Message from client: ', s2c: 'Message from server: ' },
      ' { metadata: undefined }',
    ),
    dirs: ['c2s', 's2c'],
    events: [
      'Initializing server...',
      'Server started and connected successfully',
      'Client transport closed',
      'Server transport closed',
      'Shutting down server...',
    ],
    dump: [
      'Using MCP server command: /usr/bin/npx with args and path: {',
      '  metadata: {',
      "    args: [ '-y', [length]: 1 ]",
      '  }',
      '} %o',
    ],
    suffix: ' { metadata: undefined }',
  },
  {
    name: 'vscode',
    host: (n, text, level = 'info') => `${clock(n).replace('T', ' ')} [${level}] ${text}`,
    message: jsonAfter((n, text) => `${clock(n).replace('T', ' ')} [info] ${text}`, {
      c2s: '[editor -> server] ',
      s2c: '[server -> editor] ',
    }),
    dirs: ['c2s', 's2c'],
    events: [
      'Starting server memory',
      'Connection state: Starting',
      'Connection state: Running',
      'Stopping server memory',
      'Connection state: Stopped',
    ],
    dump: [],
    suffix: '',
  },
  {
    name: 'zed',
    // zlog: every text starts with its module; chatter comes from Zed's own modules.
    host: zedHost,
    message: jsonAfter(zedHost, {
      c2s: '[context_server::client] outgoing message: ',
      s2c: '[context_server::client] recv: ',
    }),
    dirs: ['c2s', 's2c'],
    events: [
      '[context_server] starting context server memory',
      '[context_server::client] cancelled csp request task for "ping" id 1 which took over 60s',
      '[project::context_server_store] memory context server failed to start: Context server request timeout',
    ],
    dump: [],
    suffix: '',
  },
  {
    // The text format: the client's JSON, the child's util.inspect.
    name: 'supergateway',
    host: sgHost,
    message: (n, dir, v) =>
      dir === 'c2s'
        ? [sgHost(n, `SSE → Child (session s1): ${JSON.stringify(v)}`)]
        : inspected(sgHost, 'Child → SSE (session s1):', n, v),
    dirs: ['c2s', 's2c'],
    events: SG_EVENTS,
    dump: [],
    suffix: '',
  },
  {
    // --logFormat json: the client's JSON inside `msg`, the child's message as `data`.
    name: 'supergateway',
    host: sgJson,
    message: (n, dir, v) => [
      dir === 'c2s'
        ? sgJson(n, `SSE → Child (session s1): ${JSON.stringify(v)}`)
        : JSON.stringify({ time: `${clock(n)}Z`, level: 'info', msg: 'Child → SSE (session s1):', data: v }),
    ],
    dirs: ['c2s', 's2c'],
    events: SG_EVENTS,
    dump: [],
    suffix: '',
  },
  {
    // Server mode's bytes literals, and client mode's pydantic reprs where the message has one.
    name: 'mcp-proxy',
    host: proxyHost,
    message: (n, dir, v) => {
      const repr = n % 2 === 0 ? pydantic(v) : null;
      if (repr !== null)
        return [proxyHost(n, `${dir === 'c2s' ? 'Sending client message' : 'Received server message'}: ${repr}`)];
      const b = pyBytes(JSON.stringify(v));
      return [
        proxyHost(n, dir === 'c2s' ? `Received JSON: b'${b}'` : `chunk: b'event: message\\r\\ndata: ${b}\\r\\n\\r\\n'`),
      ];
    },
    dirs: ['c2s', 's2c'],
    events: [
      'Setting up default server: npx -y server-memory',
      'Created new session with ID: 3f1b6c2e',
      'Uvicorn running on http://127.0.0.1:8096',
      'Negotiated protocol version: 2025-11-25',
    ],
    dump: [],
    suffix: '',
  },
  {
    // An example server prints what it receives: the client's side only.
    name: 'typescript-sdk',
    host: (_n, text) => text,
    message: (n, _dir, v) => inspected((_m, text) => text, 'Received MCP request:', n, v),
    dirs: ['c2s'],
    events: [
      'MCP Streamable HTTP Server listening on port 3000',
      'Session initialized with ID: 2f4c8e1a',
      'Establishing new SSE stream for session 2f4c8e1a',
      'Transport closed for session 2f4c8e1a, removing from sessions map',
    ],
    dump: [],
    suffix: '',
  },
  {
    // An SSE server's bytes literals (what it received, what sse_starlette wrote), and a client's pydantic reprs.
    name: 'python-sdk',
    host: pyHost,
    message: (n, dir, v) => {
      const repr = n % 2 === 0 ? pydantic(v) : null;
      if (repr !== null)
        return [pyHost(n, `${dir === 'c2s' ? 'Sending client message' : 'Received server message'}: ${repr}`)];
      const b = pyBytes(JSON.stringify(v));
      return [
        pyHost(n, dir === 'c2s' ? `Received JSON: b'${b}'` : `chunk: b'event: message\\r\\ndata: ${b}\\r\\n\\r\\n'`),
      ];
    },
    dirs: ['c2s', 's2c'],
    events: [
      'Created new session with ID: 34157949-2cf1-44d2-8c8f-57bf9b38b2b3',
      'Connecting to SSE endpoint: http://localhost:8000/sse',
      'Negotiated protocol version: 2025-06-18',
    ],
    dump: [],
    suffix: '',
  },
  {
    // A server's log of what it received: the client's side only, known from the line that sets its transport up.
    name: 'java-sdk',
    host: javaHost,
    message: jsonAfter(javaHost, { c2s: 'Received JSON message: ', s2c: 'Received JSON message: ' }),
    dirs: ['c2s'],
    first: 'Setting up stdio transport provider',
    events: ['Session transport closed', 'Setting up stdio transport provider', 'Tomcat started on port 8080 (http)'],
    dump: [],
    suffix: '',
  },
  {
    name: 'mcptools',
    // Its sentences start with a capitalised word.
    host: mcptoolsHost,
    message: jsonAfter(mcptoolsHost, { c2s: 'Received request: ', s2c: 'Sending response: ' }),
    dirs: ['c2s', 's2c'],
    events: [
      'Proxy server started, waiting for requests...',
      'Starting guard proxy for command: npx -y server',
      'Guard proxy started, waiting for requests...',
      'Client disconnected (EOF)',
    ],
    dump: ['Tool input: {', '  "a": 5,', '  "b": 3', '}'],
    suffix: '',
  },
];

const message = jsonRpcMessage(fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.string({ maxLength: 8 })));

const entry: fc.Arbitrary<Entry> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({ dir: fc.constantFrom('c2s' as const, 's2c' as const), value: message })
      .map((m) => ({ kind: 'message' as const, ...m })),
  },
  { weight: 2, arbitrary: lineText.map((t) => ({ kind: 'host' as const, text: `note ${t}` })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'event' as const }) },
  {
    weight: 2,
    // A server's stderr: text, a traceback, JSON it printed (never a message: it has no marker).
    arbitrary: fc
      .array(
        fc.oneof(
          lineText,
          message.map((m) => JSON.stringify(m)),
          fc.constant('Traceback (most recent call last):'),
          fc.constant('  File "x.py", line 1'),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((lines) => ({ kind: 'stderr' as const, lines: lines.map((l) => (isBlankLine(l) ? `${l}x` : l)) })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'dump' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'blank' as const }) },
);

/** The log text of the entries in a dialect, and the messages it holds in order. */
function write(
  w: Writer,
  entries: readonly Entry[],
  eventPick: number,
): { text: string; messages: Array<{ dir: string; value: unknown }> } {
  const lines: string[] = w.first === undefined ? [] : [w.host(0, w.first)];
  const messages: Array<{ dir: string; value: unknown }> = [];
  entries.forEach((e, n) => {
    switch (e.kind) {
      case 'message': {
        const dir = w.dirs.includes(e.dir) ? e.dir : w.dirs[0]!;
        lines.push(...w.message(n, dir, e.value));
        messages.push({ dir, value: e.value });
        break;
      }
      case 'host':
        lines.push(w.host(n, e.text, n % 3 === 0 ? 'error' : 'info'));
        break;
      case 'event':
        lines.push(w.host(n, `${w.events[(n + eventPick) % w.events.length]}${w.suffix}`));
        break;
      case 'stderr':
        lines.push(...e.lines);
        break;
      case 'dump':
        if (w.dump.length > 0) lines.push(w.host(n, w.dump[0]!), ...w.dump.slice(1));
        break;
      case 'blank':
        lines.push('');
        break;
    }
  });
  return { text: lines.join('\n') + '\n', messages };
}

describe.each(
  WRITERS.map(
    (w, i) => [`${w.name}${WRITERS.findIndex((x) => x.name === w.name) === i ? '' : ' (JSON lines)'}`, w] as const,
  ),
)('%s: any mix of log lines and messages', (_label, w) => {
  it('keeps every message and accounts for every line, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 1, maxLength: 40 }),
        fc.nat(10),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (entries, pick, at) => {
          const { text, messages } = write(w, entries, pick);
          const bytes = Buffer.from(text);
          const { records } = await run(
            cut(
              bytes,
              at.map((n) => n % Math.max(1, bytes.length)),
            ),
            { inputFormat: w.name },
          );
          expectLogRead(records, bytes, messages);
        },
      ),
      { numRuns: 150, seed: SEED },
    );
  });

  it('is detected as its dialect once a message or an event is among its first lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 30 }), async (entries) => {
        const all: Entry[] = [{ kind: 'event' }, { kind: 'event' }, ...entries];
        const { text } = write(w, all, 0);
        const { records } = await run([Buffer.from(text)]);
        expect(records[0]?.format).toBe(w.name);
      }),
      { numRuns: 60, seed: SEED },
    );
  });
});

/** mcp-remote (generation 3): one word per message, the method or else the id, among its chatter, events and stacks. */
type BridgeEntry =
  | { kind: 'summary'; dir: 'c2s' | 's2c'; word: string }
  | { kind: 'line'; text: string }
  | { kind: 'stack'; lines: string[] }
  | { kind: 'shutdown' }
  | { kind: 'blank' };

const word = fc.oneof(
  fc.constantFrom(
    'initialize',
    'ping',
    'tools/list',
    'tools/call',
    'notifications/initialized',
    'notifications/message',
  ),
  fc.stringMatching(/^[a-z]{1,8}(?:\/[a-z_]{1,8}){1,2}$/),
  fc.integer({ min: 0, max: 10_000 }).map(String),
);
const bridgeEntry: fc.Arbitrary<BridgeEntry> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({ dir: fc.constantFrom('c2s' as const, 's2c' as const), word })
      .map((m) => ({ kind: 'summary' as const, ...m })),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        'Using transport strategy: http-first',
        'Connected to remote server using StreamableHTTPClientTransport',
        'Local STDIO server running',
        'Press Ctrl+C to exit',
        'Recursively reconnecting for reason: falling-back-to-alternate-transport',
        'Error from remote server: Error: boom',
      )
      .map((text) => ({ kind: 'line' as const, text })),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(
        lineText.map((t) => `    at ${t}`),
        { minLength: 1, maxLength: 3 },
      )
      .map((lines) => ({ kind: 'stack' as const, lines })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'shutdown' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'blank' as const }) },
);

describe('mcp-remote: any mix of summaries, chatter, stacks and shutdowns', () => {
  it('keeps every summary (direction, method or id) and accounts for every line, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(bridgeEntry, { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (entries, at) => {
          const lines = ['[4242] [4242] Connecting to remote server: https://mcp.example.com/mcp'];
          const words: Array<[string, string]> = [];
          for (const e of entries) {
            if (e.kind === 'summary') {
              lines.push(`[4242] [${e.dir === 'c2s' ? 'Local→Remote' : 'Remote→Local'}] ${e.word}`);
              words.push([e.dir, e.word]);
            } else if (e.kind === 'line') lines.push(`[4242] ${e.text}`);
            else if (e.kind === 'stack') lines.push(...e.lines.map((l) => (isBlankLine(l) ? `${l}x` : l)));
            else if (e.kind === 'shutdown') lines.push('[4242] ', 'Shutting down...');
            else lines.push('');
          }
          const bytes = Buffer.from(lines.join('\n') + '\n');
          const { records } = await run(
            cut(
              bytes,
              at.map((n) => n % Math.max(1, bytes.length)),
            ),
            { inputFormat: 'mcp-remote' },
          );
          const got = records
            .filter((r) => r.summary === true)
            .map((r) => [r.dir, r.method !== null && r.kind !== 'response' ? r.method : String(r.id)]);
          expect(got).toEqual(words);
          expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
          expect(records.every((r) => r.server === 'https://mcp.example.com/mcp')).toBe(true);
          expectLinesInRecords(records, bytes);
        },
      ),
      { numRuns: 150, seed: SEED },
    );
  });
});
