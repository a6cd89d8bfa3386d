// Property: a JSON document of any shape (metadata, containers, lists, nested at any depth) with messages and envelopes
// planted anywhere in it gives exactly those messages, in document order, in any chunking, pretty-printed or on one
// line, and the same when its containers are far larger than --max-message-bytes. And Claude Code's cache file of any
// entries gives one record per entry.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonDocumentReader } from '../../src/input/json/json-document.js';
import type { Frame } from '../../src/types.js';
import { expectDocumentSpans } from '../input/helpers.js';
import { cut, run, SEED } from './support.js';

/** Keys of metadata and containers: none a JSON-RPC member, an envelope key or a list key of the top-level object. */
const key = fc.constantFrom(
  'name',
  'meta',
  'session',
  'transcript',
  'turns',
  'calls',
  'request',
  'response',
  'note',
  'tags',
  'at',
  'x',
  'ünï',
  'a b',
);
const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null));
/** Metadata: scalars, some long enough that containers of them pass the size bound of the second read. */
const meta = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.string({ minLength: 60, maxLength: 200 }) },
);
const params = fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 });
const id = fc.oneof(fc.integer({ min: 0, max: 999 }), fc.string({ minLength: 1, maxLength: 6 }));
/** A message, `jsonrpc` first or last (a serializer's order): whatever its params hold, it is one record. */
const message = fc.oneof(
  fc.record({ id, method: fc.string({ minLength: 1, maxLength: 12 }), params }).map((m) => ({ jsonrpc: '2.0', ...m })),
  fc.record({ id, result: params }).map((m) => ({ ...m, jsonrpc: '2.0' })),
  fc
    .record({
      method: fc.string({ minLength: 1, maxLength: 12 }),
      params: fc.dictionary(fc.string({ maxLength: 5 }), fc.dictionary(fc.constantFrom('result', 'id'), scalar), {
        maxKeys: 2,
      }),
    })
    .map((m) => ({ ...m, jsonrpc: '2.0' })),
);
const envelope = fc.record({
  ts: fc.integer({ min: 1_700_000_000, max: 1_800_000_000 }),
  dir: fc.constantFrom('c2s', 's2c'),
  message,
});

const { node } = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    { weight: 4, arbitrary: meta },
    { weight: 3, arbitrary: message },
    { weight: 2, arbitrary: envelope },
    { weight: 2, arbitrary: fc.array(tie('node'), { maxLength: 5 }) },
    { weight: 2, arbitrary: fc.dictionary(key, tie('node'), { maxKeys: 5 }) },
  ),
}));
const doc = fc.dictionary(key, node, { minKeys: 1, maxKeys: 6 });

/** The messages planted in a value, in document order, with the direction an envelope gives. */
function planted(v: unknown, out: Array<{ dir: string; value: unknown }> = []): Array<{ dir: string; value: unknown }> {
  if (Array.isArray(v)) for (const x of v) planted(x, out);
  else if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    if ('jsonrpc' in o) out.push({ dir: 'unknown', value: o });
    else if ('message' in o) out.push({ dir: o.dir as string, value: o.message });
    else for (const k of Object.keys(o)) planted(o[k], out);
  }
  return out;
}

function read(bytes: Buffer, at: readonly number[], maxBytes?: number): Frame[] {
  const r = new JsonDocumentReader('d', { maxBytes });
  const out: Frame[] = [];
  for (const chunk of cut(bytes, at)) r.push(chunk, out);
  r.end(out);
  return out;
}

describe('a JSON document with messages anywhere in it', () => {
  it('gives exactly the planted messages, in order, whatever the chunking, the layout and the size bound', () => {
    fc.assert(
      fc.property(doc, fc.boolean(), fc.array(fc.nat(), { maxLength: 8 }), (d, pretty, at) => {
        const want = planted(d);
        fc.pre(want.length > 0);
        const bytes = Buffer.from(JSON.stringify(d, null, pretty ? 2 : undefined));
        const points = at.map((n) => n % bytes.length);
        const whole = read(bytes, points);
        expect(whole.filter((f) => f.error !== undefined)).toEqual([]);
        expect(whole.map((f) => ({ dir: f.dir, value: f.value ?? JSON.parse(f.text!) }))).toEqual(want);
        expectDocumentSpans(whole, bytes);
        // Containers far over the bound are gone through in pieces: the same records, none oversized.
        const small = read(bytes, points, 300);
        expect(small.map((f) => [f.line, f.lines, f.dir, f.value])).toEqual(
          whole.map((f) => [f.line, f.lines, f.dir, f.value]),
        );
      }),
      { numRuns: 300, seed: SEED },
    );
  });
});

const CC_EVENTS = [
  'Starting connection attempt',
  'Connection failed: McpError: MCP error -32000: Connection closed',
  'Successfully connected to stdio server in 40ms',
];
const ccEntry = fc.record({
  level: fc.constantFrom('debug', 'error'),
  text: fc.oneof(
    fc.constantFrom(...CC_EVENTS),
    fc.string({ maxLength: 40 }).map((s) => `Error message: ${s}`),
  ),
  ms: fc.integer({ min: 0, max: 86_399_999 }),
});

describe("Claude Code's per-server cache file of any entries", () => {
  it('gives one record per entry, an event or a log, with its time and the server of its name, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(ccEntry, { minLength: 1, maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (entries, at) => {
          const ts = (ms: number) => new Date(Date.UTC(2025, 6, 14) + ms).toISOString();
          const text = JSON.stringify(
            entries.map((e) => ({
              [e.level]: e.text,
              timestamp: ts(e.ms),
              sessionId: 'a3d9f7e4',
              cwd: 'C:\\Users\\dev',
            })),
            null,
            2,
          );
          const bytes = Buffer.from(text);
          const { records } = await run(
            cut(
              bytes,
              at.map((n) => n % bytes.length),
            ),
            {},
            'cache/mcp-logs-github/2025-07-14T10-20-09.txt',
          );
          expect(records.map((r) => [r.kind, r.format, r.server, r.ts])).toEqual(
            entries.map((e) => [CC_EVENTS.includes(e.text) ? 'event' : 'log', 'claude-code', 'github', ts(e.ms)]),
          );
        },
      ),
      { numRuns: 100, seed: SEED },
    );
  });
});
