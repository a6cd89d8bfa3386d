// Property: a host's log of any mix of host chatter, events, dumps, stderr (text, tracebacks, JSON-looking lines),
// blank lines and valid MCP messages keeps every message (in order, with its stated direction) and puts every
// non-blank line in exactly one record, in each implemented dialect whose log holds message bodies (FastMCP's holds
// summaries only: its fixtures cover it).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
  /** How a message's JSON is written after its marker (default: as it is). */
  body?: (json: string, dir: 'c2s' | 's2c') => string;
  /** The directions its log can hold (a log of received messages holds one). */
  dirs?: ReadonlyArray<'c2s' | 's2c'>;
  /** A host line's text the log starts with (the line that says which side the process is). */
  first?: string;
}

/** `repr(bytes)`'s content for a text's UTF-8 (what the Python SDK logs a body in). */
function bytesRepr(text: string): string {
  let out = '';
  for (const b of Buffer.from(text, 'utf8')) {
    if (b === 0x5c || b === 0x27) out += `\\${String.fromCharCode(b)}`;
    else if (b === 0x0a) out += '\\n';
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return out;
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
    name: 'python-sdk',
    host: (n, text, level = 'DEBUG') => `${clock(n).replace('T', ' ').replace('.', ',')} - mcp.server.sse - ${level.toUpperCase()} - ${text}`,
    marker: { c2s: "Received JSON: b'", s2c: "chunk: b'event: message\\r\\ndata: " },
    body: (json, dir) => `${bytesRepr(json)}${dir === 'c2s' ? "'" : "\\r\\n\\r\\n'"}`,
    events: ['Created new session with ID: 34157949-2cf1-44d2-8c8f-57bf9b38b2b3', 'Connecting to SSE endpoint: http://localhost:8000/sse', 'Negotiated protocol version: 2025-06-18'],
    dump: [],
    suffix: '',
  },
  {
    name: 'java-sdk',
    host: (n, text, level = 'DEBUG') => `${clock(n).replace(/[-:]/g, '')} ${level.toUpperCase().padEnd(5)} [pool-2-thread-1] i.m.spec.McpSchema - ${text}`,
    marker: { c2s: 'Received JSON message: ', s2c: 'Received JSON message: ' },
    dirs: ['c2s'],
    first: 'Setting up stdio transport provider',
    events: ['Session transport closed', 'Setting up stdio transport provider', 'Tomcat started on port 8080 (http)'],
    dump: [],
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
  const lines: string[] = w.first === undefined ? [] : [w.host(0, w.first)];
  const messages: Array<{ dir: string; value: unknown }> = [];
  entries.forEach((e, n) => {
    switch (e.kind) {
      case 'message': {
        const dir = w.dirs === undefined || w.dirs.includes(e.dir) ? e.dir : w.dirs[0]!;
        const json = JSON.stringify(e.value);
        lines.push(w.host(n, `${w.marker[dir]}${w.body ? w.body(json, dir) : json}${w.suffix}`));
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

const MESSAGE_KINDS = new Set(['request', 'response', 'error', 'notification']);

describe.each(WRITERS.map((w) => [w.name, w] as const))('%s: any mix of log lines and messages', (name, w) => {
  it('keeps every message and accounts for every line, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 40 }), fc.nat(10), fc.array(fc.nat(), { maxLength: 8 }), async (entries, pick, at) => {
        const { text, messages } = write(w, entries, pick);
        const bytes = Buffer.from(text);
        const { records } = await run(cut(bytes, at.map((n) => n % Math.max(1, bytes.length))), { inputFormat: name as 'claude-desktop' });
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
