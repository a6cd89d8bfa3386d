// Property: another tool's capture of any mix of records (messages with their stated direction, the tool's other
// records: stderr frames, LLM events, SSE events), lines that are no record (a banner, text, a line cut short) and
// blank lines keeps every message (in order, with its direction) and puts every non-blank line in exactly one record,
// in each JSONL tool-capture dialect; and an Inspector export of any entries keeps every message, its response folded in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Direction } from '../../src/types.js';
import { isBlankLine } from '../input/helpers.js';
import { cut, expectLogRead, jsonRpcMessage, lineText, messagesOf, run, SEED } from './support.js';

type Side = Exclude<Direction, 'unknown'>;

/** One entry of a generated capture: a message, one of the tool's other records, or a line of something else. */
type Entry =
  | { kind: 'message'; dir: Side; value: unknown }
  | { kind: 'other' }
  | { kind: 'text'; text: string }
  | { kind: 'blank' };

/** How a tool writes a message record and its other record, at the n-th entry. */
interface Writer {
  name: 'mcpsnoop' | 'mcp-gateway' | 'mcpspy';
  message: (n: number, dir: Side, value: unknown) => string;
  other: (n: number) => string;
}

const iso = (n: number) => new Date(Date.UTC(2026, 4, 3, 9, 0, 0) + n * 10).toISOString();

const WRITERS: Writer[] = [
  {
    name: 'mcpsnoop',
    message: (n, dir, value) =>
      JSON.stringify({
        session_id: 's1',
        server_label: 'memory',
        seq: n + 1,
        ts: iso(n),
        direction: dir,
        transport: 'stdio',
        raw: value,
      }),
    other: (n) =>
      JSON.stringify({
        session_id: 's1',
        server_label: 'memory',
        seq: n + 1,
        ts: iso(n),
        direction: 'stderr',
        transport: 'stdio',
        text: `stderr ${n}`,
      }),
  },
  {
    name: 'mcp-gateway',
    // Captured as the gateway stores them: a client's message under `request`, a server's on its SSE stream.
    message: (n, dir, value) =>
      JSON.stringify({
        timestamp: iso(n),
        method: 'x',
        id: null,
        metadata: { serverName: 'everything', sessionId: 'sess-1', durationMs: 0, httpStatus: 200 },
        ...(dir === 'c2s'
          ? { request: value }
          : { request: value, sseEvent: { id: String(n), event: 'message', data: JSON.stringify(value) } }),
      }),
    other: (n) =>
      JSON.stringify({
        timestamp: iso(n),
        method: 'sse-event',
        id: null,
        metadata: { serverName: 'everything', sessionId: 'sess-1', durationMs: 0, httpStatus: 200 },
        sseEvent: { id: String(n), event: 'message', data: '' },
      }),
  },
  {
    name: 'mcpspy',
    message: (n, dir, value) =>
      JSON.stringify({
        timestamp: iso(n),
        transport_type: 'http',
        http_transport: {
          pid: 7,
          comm: 'node',
          host: '127.0.0.1:3001',
          ...(dir === 'c2s' ? { is_request: true } : {}),
        },
        session: { internal_id: 'i1' },
        type: 'request',
        error: {},
        raw: JSON.stringify(value),
      }),
    other: (n) =>
      JSON.stringify({
        timestamp: iso(n),
        message_type: 'request',
        pid: 7,
        comm: 'cursor',
        model: 'm',
        content: `prompt ${n}`,
      }),
  },
];

const message = jsonRpcMessage(fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.string({ minLength: 1, maxLength: 8 })));

const entry: fc.Arbitrary<Entry> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({ dir: fc.constantFrom('c2s' as const, 's2c' as const), value: message })
      .map((m) => ({ kind: 'message' as const, ...m })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'other' as const }) },
  // What else lands in the file: text, JSON that is no record of the tool's, a record cut short.
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        lineText,
        message.map((m) => JSON.stringify(m)),
        fc.constant('{"timestamp":"2026-05-03T09:00:00.000Z","ra'),
      )
      .map((text) => ({ kind: 'text' as const, text: isBlankLine(text) ? `${text}x` : text })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'blank' as const }) },
);

function write(
  w: Writer,
  entries: readonly Entry[],
): { text: string; messages: Array<{ dir: string; value: unknown }> } {
  const lines: string[] = [];
  const messages: Array<{ dir: string; value: unknown }> = [];
  entries.forEach((e, n) => {
    if (e.kind === 'message') {
      lines.push(w.message(n, e.dir, e.value));
      messages.push({ dir: e.dir, value: e.value });
    } else if (e.kind === 'other') lines.push(w.other(n));
    else lines.push(e.kind === 'text' ? e.text : '');
  });
  return { text: lines.join('\n') + '\n', messages };
}

describe.each(WRITERS.map((w) => [w.name, w] as const))('%s: any mix of records and other lines', (name, w) => {
  it('keeps every message with its stated direction and accounts for every line, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (entries, at) => {
          const { text, messages } = write(w, entries);
          const bytes = Buffer.from(text);
          const { records } = await run(
            cut(
              bytes,
              at.map((n) => n % Math.max(1, bytes.length)),
            ),
            { inputFormat: name },
          );
          expectLogRead(records, bytes, messages);
        },
      ),
      { numRuns: 120, seed: SEED },
    );
  });

  it('is detected as its dialect when a record of the tool is its first JSON line', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 20 }), fc.boolean(), async (entries, other) => {
        const first: Entry = other
          ? { kind: 'other' }
          : { kind: 'message', dir: 'c2s', value: { jsonrpc: '2.0', id: 0, method: 'initialize' } };
        const { text } = write(w, [first, ...entries]);
        const { records } = await run([Buffer.from(`Starting capture\n${text}`)]);
        expect(records[0]?.format).toBe(name);
      }),
      { numRuns: 40, seed: SEED },
    );
  });
});

describe('inspector: any History export', () => {
  /** Entries of an export: a request with its response folded in (or none yet), or a notification; 10 ms apart. */
  const exportEntry = fc.record({
    message,
    answer: fc.option(
      message.filter((m) => (m as Record<string, unknown>).method === undefined),
      { nil: undefined },
    ),
    origin: fc.constantFrom('client' as const, 'server' as const),
    duration: fc.integer({ min: 0, max: 9 }),
  });

  it('keeps every message, each folded response right after its request, with the directions its origin states', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(exportEntry, { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (entries, pretty, at) => {
          const doc = entries.map((e, n) => ({
            id: `e${n}`,
            timestamp: iso(n),
            direction: 'request',
            origin: e.origin,
            message: e.message,
            ...(e.answer === undefined ? {} : { response: e.answer, duration: e.duration }),
          }));
          const bytes = Buffer.from(JSON.stringify(doc, null, pretty ? 2 : undefined));
          const { records } = await run(
            cut(
              bytes,
              at.map((n) => n % Math.max(1, bytes.length)),
            ),
            { inputFormat: 'inspector' },
          );
          const sent = (o: string): Side => (o === 'client' ? 'c2s' : 's2c');
          const answered = (o: string): Side => (o === 'client' ? 's2c' : 'c2s');
          const expected = entries.flatMap((e) => [
            { dir: sent(e.origin), value: e.message },
            ...(e.answer === undefined ? [] : [{ dir: answered(e.origin), value: e.answer }]),
          ]);
          expect(messagesOf(records)).toEqual(expected);
          expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
        },
      ),
      { numRuns: 80, seed: SEED },
    );
  });
});
