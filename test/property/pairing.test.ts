// Property: on any log (random requests, responses, answers to earlier requests, cancellations, handshakes and transport
// events, with colliding ids of both types, several sessions and both directions), every paired response points back
// to a request of the opposite direction with the very same id in the same session, sent earlier, and no request is
// paired twice. Each test also shows its cases paired often, and left responses unpaired often.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Direction, PipelineRecord } from '../../src/types.js';
import { cut, run, SAMPLES, SEED } from './support.js';

const ID = fc.constantFrom<string | number>(0, 1, 2, '1', 'a');
const DIR = fc.constantFrom<Direction>('c2s', 's2c');
const SESSION = fc.constantFrom<string | null>('A', 'A', 'B', null);
const METHOD = fc.constantFrom(
  'ping',
  'tools/list',
  'tools/call',
  'sampling/createMessage',
  'roots/list',
  'x/unknown',
  'elicitation/create',
);

const INIT = {
  jsonrpc: '2.0',
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
};

/** `answer`: this response answers one of the last requests before it (that many back, modulo), when there is one. */
type Item = { session: string | null; dir: Direction; message?: unknown; event?: string; answer?: number };

const response = (id: string | number, error: boolean) =>
  error ? { jsonrpc: '2.0', id, error: { code: -32603, message: 'x' } } : { jsonrpc: '2.0', id, result: {} };

const item: fc.Arbitrary<Item> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({ session: SESSION, dir: DIR, id: ID, method: METHOD })
      .map(({ session, dir, id, method }) => ({ session, dir, message: { jsonrpc: '2.0', id, method } })),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({ session: SESSION, dir: DIR, id: ID })
      .map(({ session, dir, id }) => ({ session, dir, message: { jsonrpc: '2.0', id, result: {} } })),
  },
  // Random responses rarely meet their request; these aim at one (it may be answered already, or its session gone).
  {
    weight: 4,
    arbitrary: fc
      .record({ session: SESSION, dir: DIR, id: ID, answer: fc.nat(), error: fc.boolean() })
      .map(({ session, dir, id, answer, error }) => ({ session, dir, answer, message: response(id, error) })),
  },
  {
    weight: 1,
    arbitrary: fc.record({ session: SESSION, dir: DIR, id: ID }).map(({ session, dir, id }) => ({
      session,
      dir,
      message: { jsonrpc: '2.0', id, error: { code: -32603, message: 'x' } },
    })),
  },
  {
    weight: 1,
    arbitrary: fc.record({ session: SESSION, dir: DIR, id: ID }).map(({ session, dir, id }) => ({
      session,
      dir,
      message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } },
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ session: SESSION, id: ID })
      .map(({ session, id }) => ({ session, dir: 'c2s' as Direction, message: { ...INIT, id } })),
  },
  {
    weight: 1,
    arbitrary: fc.record({ session: SESSION, dir: DIR, id: ID }).map(({ session, dir, id }) => ({
      session,
      dir,
      message: [
        { jsonrpc: '2.0', id, method: 'ping' },
        { jsonrpc: '2.0', id, result: {} },
      ],
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ session: SESSION, event: fc.constantFrom('start', 'exit', 'stdin-closed') })
      .map(({ session, event }) => ({ session, dir: 'c2s' as Direction, event })),
  },
);

const opposite = (d: Direction): Direction => (d === 'c2s' ? 's2c' : d === 's2c' ? 'c2s' : 'unknown');

/** The items with each `answer` response made the answer to one of the last 4 requests before it (else left as drawn). */
function answered(items: readonly Item[]): Item[] {
  const requests: Item[] = [];
  return items.map((x) => {
    const m = x.message as { id?: string | number; method?: string; error?: unknown } | undefined;
    if (x.answer === undefined) {
      if (m && !Array.isArray(m) && m.id !== undefined && m.method !== undefined) requests.push(x);
      return x;
    }
    const recent = requests.slice(-4);
    const req = recent[recent.length - 1 - (x.answer % Math.max(1, recent.length))];
    if (!req) return x;
    const id = (req.message as { id: string | number }).id;
    return { session: req.session, dir: opposite(req.dir), message: response(id, m?.error !== undefined) };
  });
}

function envelopeLog(items: readonly Item[]): Buffer {
  const lines = items.map((x, i) => {
    const o: Record<string, unknown> = { ts: new Date(Date.UTC(2026, 0, 1) + i).toISOString() };
    if (x.session !== null) o.session = x.session;
    if (x.event) o.event = x.event;
    else {
      o.dir = x.dir;
      o.message = x.message;
    }
    return JSON.stringify(o);
  });
  return Buffer.from(lines.join('\n') + '\n');
}

/** Raw NDJSON: no direction, no session, no time; directions are inferred. */
function rawLog(items: readonly Item[]): Buffer {
  return Buffer.from(
    items
      .filter((x) => !x.event)
      .map((x) => JSON.stringify(x.message))
      .join('\n') + '\n',
  );
}

/**
 * What the generated cases exercised: a property over logs that never pair (or where every response pairs) would
 * prove nothing, so each test counts its runs that paired a response, and those that left one unpaired.
 */
class Exercised {
  runs = 0;
  pairing = 0;
  unpaired = 0;
  pairs = 0;

  add(records: readonly PipelineRecord[]): void {
    const pairs = expectPairingSound(records);
    this.runs++;
    this.pairs += pairs;
    if (pairs > 0) this.pairing++;
    if (records.some((r) => (r.kind === 'response' || r.kind === 'error') && r.pair === null)) this.unpaired++;
  }

  /** At least `pairing` of the runs paired something (and `unpaired` of them left a response unpaired). */
  expectOften(pairing: number, unpaired: number): void {
    expect(this.runs, 'runs counted').toBeGreaterThan(0);
    expect(this.pairing / this.runs, `runs that paired: ${this.pairing} of ${this.runs}`).toBeGreaterThanOrEqual(
      pairing,
    );
    expect(
      this.unpaired / this.runs,
      `runs with an unpaired response: ${this.unpaired} of ${this.runs}`,
    ).toBeGreaterThanOrEqual(unpaired);
  }
}

/** Checks every pair of the run; returns how many there were. */
function expectPairingSound(records: readonly PipelineRecord[]): number {
  const bySeq = new Map(records.map((r) => [r.seq, r]));
  const paired = new Set<number>();
  for (const r of records) {
    if (r.pair === null) continue;
    expect(['response', 'error'], `#${r.seq} has a pair`).toContain(r.kind);
    const req = bySeq.get(r.pair);
    expect(req, `#${r.seq} pairs with #${r.pair}, a record of the run`).toBeDefined();
    expect(req!.kind).toBe('request');
    expect(
      Object.is(req!.id, r.id),
      `#${r.seq} id ${JSON.stringify(r.id)} = request id ${JSON.stringify(req!.id)}`,
    ).toBe(true);
    expect(req!.session).toBe(r.session);
    expect(req!.dir).toBe(opposite(r.dir));
    expect(req!.seq).toBeLessThan(r.seq);
    expect(paired.has(req!.seq), `request #${req!.seq} is paired twice`).toBe(false);
    paired.add(req!.seq);
    expect(r.method).toBe(req!.method);
  }
  return paired.size;
}

describe('pairing', () => {
  it('envelope logs: responses pair with an earlier request of the other side, same id and session, once', async () => {
    const seen = new Exercised();
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 5, maxLength: 80 }).map(answered), async (items) => {
        seen.add((await run([envelopeLog(items)], { inputFormat: 'envelope' })).records);
      }),
      { numRuns: 300, seed: SEED },
    );
    seen.expectOften(0.6, 0.5);
  });

  it('raw NDJSON logs (directions inferred): the same holds', async () => {
    const seen = new Exercised();
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 5, maxLength: 80 }).map(answered), async (items) => {
        seen.add((await run([rawLog(items)], { inputFormat: 'ndjson' })).records);
      }),
      { numRuns: 300, seed: SEED },
    );
    seen.expectOften(0.6, 0.5);
  });

  it('real samples with their lines shuffled: the same holds', async () => {
    const lineBased = SAMPLES.filter((s) => s.format === 'ndjson' || s.format === 'envelope');
    const seen = new Exercised();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...lineBased), fc.infiniteStream(fc.nat()), async (sample, rand) => {
        const lines = sample.bytes.toString('utf8').split('\n');
        for (let i = lines.length - 1; i > 0; i--) {
          const j = rand.next().value % (i + 1);
          [lines[i], lines[j]] = [lines[j], lines[i]];
        }
        const bytes = Buffer.from(lines.join('\n'));
        seen.add((await run(cut(bytes, [17, 4096]), { inputFormat: sample.format })).records);
      }),
      { numRuns: 40, seed: SEED },
    );
    seen.expectOften(0.9, 0.5);
  });

  it('the real samples pair every response (none is an orphan) and the property holds on them', async () => {
    for (const s of SAMPLES) {
      const { records } = await run([s.bytes]);
      const responses = records.filter((r) => r.kind === 'response' || r.kind === 'error').length;
      expect(responses, `${s.name} has responses`).toBeGreaterThan(0);
      expect(expectPairingSound(records), s.name).toBe(responses);
      expect(
        records.filter((r) => (r.kind === 'response' || r.kind === 'error') && r.pair === null),
        s.name,
      ).toEqual([]);
    }
  });
});
