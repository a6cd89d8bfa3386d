// Property: a host's log of any mix of host chatter, events, dumps, stderr (text, tracebacks, JSON-looking lines),
// blank lines and valid MCP messages keeps every message (in order, with its stated direction) and puts every
// non-blank line in exactly one record, in each implemented dialect that logs bodies; mcp-remote, which logs one word
// per message, keeps every one of them as a summary.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InputFormat } from '../../src/input/index.js';
import type { Direction } from '../../src/types.js';
import { expectLinesCovered, isBlankLine } from '../input/helpers.js';
import type { Frame } from '../../src/types.js';
import { cut, run, SEED } from './support.js';

/** One entry of a generated log: a message, or a line (or lines) of something else. */
type Entry =
  | { kind: 'message'; dir: Exclude<Direction, 'unknown'>; value: unknown }
  | { kind: 'host'; text: string }
  | { kind: 'event' }
  | { kind: 'stderr'; lines: string[] }
  | { kind: 'dump' }
  | { kind: 'blank' };

/** How a dialect writes each entry: its host-line prefix and marker, its event lines and dumps. */
interface Writer {
  name: string;
  host: (n: number, text: string, level?: string) => string;
  marker: Record<'c2s' | 's2c', string>;
  events: string[];
  dump: string[];
  suffix: string;
}

const clock = (n: number) => `2026-03-18T00:${String(Math.floor(n / 60) % 60).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}.${String(n % 1000).padStart(3, '0')}`;

const WRITERS: Writer[] = [
  {
    name: 'claude-desktop',
    host: (n, text, level = 'info') => `${clock(n)}Z [memory] [${level}] ${text}`,
    marker: { c2s: 'Message from client: ', s2c: 'Message from server: ' },
    events: ['Initializing server...', 'Server started and connected successfully', 'Client transport closed', 'Server transport closed', 'Shutting down server...'],
    dump: ['Using MCP server command: /usr/bin/npx with args and path: {', '  metadata: {', "    args: [ '-y', [length]: 1 ]", '  }', '} %o'],
    suffix: ' { metadata: undefined }',
  },
  {
    name: 'vscode',
    host: (n, text, level = 'info') => `${clock(n).replace('T', ' ')} [${level}] ${text}`,
    marker: { c2s: '[editor -> server] ', s2c: '[server -> editor] ' },
    events: ['Starting server memory', 'Connection state: Starting', 'Connection state: Running', 'Stopping server memory', 'Connection state: Stopped'],
    dump: [],
    suffix: '',
  },
  {
    name: 'zed',
    // zlog: every text starts with its module; chatter comes from Zed's own modules.
    host: (n, text, level = 'info') => `${clock(n).slice(0, 19)}-03:00 ${level.toUpperCase().padEnd(5)} ${text.startsWith('[') ? text : `[zed] ${text}`}`,
    marker: { c2s: '[context_server::client] outgoing message: ', s2c: '[context_server::client] recv: ' },
    events: [
      '[context_server] starting context server memory',
      '[context_server::client] cancelled csp request task for "ping" id 1 which took over 60s',
      '[project::context_server_store] memory context server failed to start: Context server request timeout',
    ],
    dump: [],
    suffix: '',
  },
  {
    name: 'mcptools',
    // Its sentences start with a capitalised word.
    host: (n, text) => `[${clock(n).slice(0, 19)}+02:00] ${text.charAt(0).toUpperCase()}${text.slice(1)}`,
    marker: { c2s: 'Received request: ', s2c: 'Sending response: ' },
    events: ['Proxy server started, waiting for requests...', 'Starting guard proxy for command: npx -y server', 'Guard proxy started, waiting for requests...', 'Client disconnected (EOF)'],
    dump: ['Tool input: {', '  "a": 5,', '  "b": 3', '}'],
    suffix: '',
  },
];

/** Text of one line: any characters but line breaks. */
const lineText = fc.string({ unit: 'grapheme', maxLength: 60 }).map((s) => s.replace(/[\r\n\u0085\u2028\u2029]/g, ' '));
const id = fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.string({ maxLength: 8 }));
const method = fc.string({ minLength: 1, maxLength: 24 });
const params = fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }).map((p) => (p === null || typeof p !== 'object' ? undefined : p));
/** A valid JSON-RPC message, as its JSON text would be parsed (no `-0`, no undefined). */
const message = fc
  .oneof(
    fc.record({ id, method, params }).map(({ id, method, params }) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })),
    fc.record({ method, params }).map(({ method, params }) => ({ jsonrpc: '2.0', method, ...(params ? { params } : {}) })),
    fc.record({ id, result: fc.jsonValue({ maxDepth: 3 }) }).map(({ id, result }) => ({ jsonrpc: '2.0', id, result })),
    fc.record({ id, code: fc.integer({ min: -32768, max: -32000 }), msg: lineText }).map(({ id, code, msg }) => ({ jsonrpc: '2.0', id, error: { code, message: msg } })),
  )
  .map((m) => JSON.parse(JSON.stringify(m)) as unknown);

const entry: fc.Arbitrary<Entry> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ dir: fc.constantFrom('c2s' as const, 's2c' as const), value: message }).map((m) => ({ kind: 'message' as const, ...m })) },
  { weight: 2, arbitrary: lineText.map((t) => ({ kind: 'host' as const, text: `note ${t}` })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'event' as const }) },
  {
    weight: 2,
    // A server's stderr: text, a traceback, JSON it printed (never a message: it has no marker).
    arbitrary: fc
      .array(fc.oneof(lineText, message.map((m) => JSON.stringify(m)), fc.constant('Traceback (most recent call last):'), fc.constant('  File "x.py", line 1')), { minLength: 1, maxLength: 4 })
      .map((lines) => ({ kind: 'stderr' as const, lines: lines.map((l) => (isBlankLine(l) ? `${l}x` : l)) })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'dump' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'blank' as const }) },
);

/** The log text of the entries in a dialect, and the messages it holds in order. */
function write(w: Writer, entries: readonly Entry[], eventPick: number): { text: string; messages: Array<{ dir: string; value: unknown }> } {
  const lines: string[] = [];
  const messages: Array<{ dir: string; value: unknown }> = [];
  entries.forEach((e, n) => {
    switch (e.kind) {
      case 'message':
        lines.push(w.host(n, `${w.marker[e.dir]}${JSON.stringify(e.value)}${w.suffix}`));
        messages.push({ dir: e.dir, value: e.value });
        break;
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

const MESSAGE_KINDS = new Set(['request', 'response', 'error', 'notification']);

describe.each(WRITERS.map((w) => [w.name, w] as const))('%s: any mix of log lines and messages', (name, w) => {
  it('keeps every message and accounts for every line, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 40 }), fc.nat(10), fc.array(fc.nat(), { maxLength: 8 }), async (entries, pick, at) => {
        const { text, messages } = write(w, entries, pick);
        const bytes = Buffer.from(text);
        const { records } = await run(cut(bytes, at.map((n) => n % Math.max(1, bytes.length))), { inputFormat: name as InputFormat });
        const got = records.filter((r) => MESSAGE_KINDS.has(r.kind)).map((r) => ({ dir: r.dir, value: r.message }));
        expect(got).toEqual(messages);
        expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
        expectLinesCovered(records.map((r) => ({ line: r.wire.line, lines: r.wire.lines }) as Frame), bytes, isBlankLine);
      }),
      { numRuns: 150, seed: SEED },
    );
  });

  it('is detected as its dialect once a message or an event is among its first lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 30 }), async (entries) => {
        const all: Entry[] = [{ kind: 'event' }, { kind: 'event' }, ...entries];
        const { text } = write(w, all, 0);
        const { records } = await run([Buffer.from(text)]);
        expect(records[0]?.format).toBe(name);
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
  fc.constantFrom('initialize', 'ping', 'tools/list', 'tools/call', 'notifications/initialized', 'notifications/message'),
  fc.stringMatching(/^[a-z]{1,8}(?:\/[a-z_]{1,8}){1,2}$/),
  fc.integer({ min: 0, max: 10_000 }).map(String),
);
const bridgeEntry: fc.Arbitrary<BridgeEntry> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ dir: fc.constantFrom('c2s' as const, 's2c' as const), word }).map((m) => ({ kind: 'summary' as const, ...m })) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'Using transport strategy: http-first', 'Connected to remote server using StreamableHTTPClientTransport', 'Local STDIO server running',
      'Press Ctrl+C to exit', 'Recursively reconnecting for reason: falling-back-to-alternate-transport', 'Error from remote server: Error: boom',
    ).map((text) => ({ kind: 'line' as const, text })),
  },
  { weight: 1, arbitrary: fc.array(lineText.map((t) => `    at ${t}`), { minLength: 1, maxLength: 3 }).map((lines) => ({ kind: 'stack' as const, lines })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'shutdown' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'blank' as const }) },
);

describe('mcp-remote: any mix of summaries, chatter, stacks and shutdowns', () => {
  it('keeps every summary (direction, method or id) and accounts for every line, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(bridgeEntry, { minLength: 1, maxLength: 40 }), fc.array(fc.nat(), { maxLength: 8 }), async (entries, at) => {
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
        const { records } = await run(cut(bytes, at.map((n) => n % Math.max(1, bytes.length))), { inputFormat: 'mcp-remote' });
        const got = records.filter((r) => r.summary === true).map((r) => [r.dir, r.method !== null && r.kind !== 'response' ? r.method : String(r.id)]);
        expect(got).toEqual(words);
        expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
        expect(records.every((r) => r.server === 'https://mcp.example.com/mcp')).toBe(true);
        expectLinesCovered(records.map((r) => ({ line: r.wire.line, lines: r.wire.lines }) as Frame), bytes, isBlankLine);
      }),
      { numRuns: 150, seed: SEED },
    );
  });
});
