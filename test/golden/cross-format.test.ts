// Cross-format consistency: the everything session as envelope NDJSON, transcript, JSON document and raw
// NDJSON must annotate to the same message records (samples/README.md: the other files are re-framed from the
// envelope by the same recording run). Event records differ by design and are compared separately. The records come
// from in-process runs (test/helpers/in-process.ts); golden.test.ts runs the built executable.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseNdjson, REPO_ROOT } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

type Rec = Record<string, any>;

async function annotate(file: string): Promise<Rec[]> {
  const r = await runMain(['annotate', '--format', 'ndjson', file]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return parseNdjson(r.stdout);
}

const messagesOf = (rs: Rec[]) => rs.filter((r) => r.kind !== 'event');
const eventsOf = (rs: Rec[]) => rs.filter((r) => r.kind === 'event');

/** `pair` as a position in the message list, so logs with different event counts (different seqs) compare. */
function pairIndex(messages: Rec[]): (number | null)[] {
  const at = new Map(messages.map((r, i) => [r.seq as number, i]));
  return messages.map((r) => (r.pair === null ? null : (at.get(r.pair) ?? -1)));
}

/** Every difference in `fields` between two equally long message lists, as readable lines. */
function differences(a: Rec[], b: Rec[], fields: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    for (const f of fields) {
      const x = JSON.stringify(a[i][f]);
      const y = JSON.stringify(b[i][f]);
      if (x !== y) out.push(`message #${i + 1} (${a[i].source} vs ${b[i].source}, ${a[i].kind} ${a[i].method}): ${f} ${x} vs ${y}`);
    }
  }
  return out;
}

const SHARED = ['kind', 'id', 'method', 'primitive', 'feature', 'phase', 'capability', 'dir', 'dirInferred', 'findings', 'message'] as const;

let envelope: Rec[];
let transcript: Rec[];
let document: Rec[];
let raw: Rec[];

beforeAll(async () => {
  [envelope, transcript, document, raw] = await Promise.all([
    annotate('samples/everything.envelope.ndjson'),
    annotate('samples/everything.transcript.txt'),
    annotate('samples/everything.json'),
    annotate('samples/everything.ndjson'),
  ]);
});

describe('everything.* samples agree with the envelope recording', () => {
  it('every wire line is one message record in every format', () => {
    const wireLines = readFileSync(join(REPO_ROOT, 'samples/everything.ndjson'), 'utf8').split('\n').filter((l) => l.trim() !== '').length;
    expect(wireLines).toBeGreaterThan(100);
    for (const rs of [envelope, transcript, document, raw]) expect(messagesOf(rs)).toHaveLength(wireLines);
  });

  it('the transcript: same kind, id, method, primitive, feature, phase, capability, dir, body and pairing', () => {
    const a = messagesOf(envelope);
    const b = messagesOf(transcript);
    expect(differences(a, b, SHARED)).toEqual([]);
    expect(pairIndex(b)).toEqual(pairIndex(a));
  });

  it('the transcript: latencies agree within 1 ms (clock times of ms precision) wherever the envelope has one', () => {
    const a = messagesOf(envelope);
    const b = messagesOf(transcript);
    const off: string[] = [];
    let compared = 0;
    for (let i = 0; i < a.length; i++) {
      if ((a[i].latencyMs === null) !== (b[i].latencyMs === null)) off.push(`${a[i].source}: ${a[i].latencyMs} vs ${b[i].latencyMs}`);
      else if (a[i].latencyMs !== null) {
        compared++;
        if (Math.abs(a[i].latencyMs - b[i].latencyMs) > 1) off.push(`${a[i].source}: ${a[i].latencyMs} vs ${b[i].latencyMs}`);
      }
    }
    expect(off).toEqual([]);
    expect(compared).toBe(a.filter((r) => r.kind === 'response' || r.kind === 'error').length);
  });

  it('the transcript: the same transport events, after its own session-break event', () => {
    // `=== session everything ===` is an event of its own and names the session; the envelope has neither.
    const names = (rs: Rec[]) => eventsOf(rs).map((r) => [r.event.name, r.phase, r.event.data ?? null]);
    const t = eventsOf(transcript);
    expect(t[0].event).toEqual({ name: 'session', data: { id: 'everything' } });
    expect(names(transcript).slice(1)).toEqual(names(envelope));
    expect(new Set(transcript.map((r) => r.session))).toEqual(new Set(['everything']));
    // One event more, so every later seq is one higher.
    expect(transcript.map((r) => r.seq)).toEqual(transcript.map((_, i) => i + 1));
    expect(messagesOf(transcript).map((r) => r.seq)).toEqual(messagesOf(envelope).map((r) => r.seq + 1));
  });

  it('the JSON document: identical records apart from the source position and the reader', () => {
    const strip = (rs: Rec[]) => rs.map(({ source: _s, format: _f, ...rest }) => rest);
    expect(strip(document)).toEqual(strip(envelope));
    expect(document.every((r) => r.format === 'json') && envelope.every((r) => r.format === 'envelope')).toBe(true);
    expect(document.every((r) => /^samples\/everything\.json:\d+$/.test(r.source))).toBe(true);
  });

  it('the raw NDJSON: same kind, id, method, primitive, feature, phase, bytes, body and pairing', () => {
    const a = messagesOf(envelope);
    const b = messagesOf(raw);
    expect(eventsOf(raw)).toEqual([]);
    expect(differences(a, b, ['kind', 'id', 'method', 'primitive', 'feature', 'phase', 'bytes', 'findings', 'message'])).toEqual([]);
    expect(pairIndex(b)).toEqual(pairIndex(a));
    // The raw log has no times: no ts and no latency anywhere.
    expect(b.filter((r) => r.ts !== null || r.latencyMs !== null)).toEqual([]);
  });

  it('the raw NDJSON: every inferred direction equals the recorded one, and is marked dirInferred', () => {
    const a = messagesOf(envelope);
    const b = messagesOf(raw);
    expect(a.every((r) => r.dirInferred === false && (r.dir === 'c2s' || r.dir === 's2c'))).toBe(true);
    const wrong = b
      .map((r, i) => ({ r, want: a[i].dir }))
      .filter(({ r, want }) => r.dir !== want || r.dirInferred !== true)
      .map(({ r, want }) => `${r.source} ${r.kind} ${r.method}: inferred ${r.dir} (dirInferred ${r.dirInferred}), recorded ${want}`);
    expect(wrong).toEqual([]);
  });

  it('the raw NDJSON: where the direction was inferred right, the capability is the same', () => {
    const a = messagesOf(envelope);
    const b = messagesOf(raw);
    const same = b.map((r, i) => [r, a[i]] as const).filter(([r, e]) => r.dir === e.dir);
    expect(same.length).toBeGreaterThan(100);
    const diff = same
      .filter(([r, e]) => JSON.stringify(r.capability) !== JSON.stringify(e.capability))
      .map(([r, e]) => `${r.source} ${r.method}: ${JSON.stringify(r.capability)} vs ${JSON.stringify(e.capability)}`);
    expect(diff).toEqual([]);
  });
});
