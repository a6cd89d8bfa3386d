// The cut rules of `--jobs` on one large file, and the reports that show whether a cut held (src/session/cuts.ts),
// on pieces read by the real analyzer the way a worker reads them.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import { analyzeStreamBatches } from '../../src/analyze-stream.js';
import { CutCheck, cutRule, cutsHeld, isInitializeRequest, isUnkeyedStart, type CutFormat, type CutReport } from '../../src/session/cuts.js';

const PREFIX = '\u0000test:';

/** Reads `lines` as a worker reads a piece of `format` that starts at line `firstLine` (undefined: the first piece). */
async function report(format: CutFormat, lines: string[], firstLine?: number): Promise<CutReport> {
  const analyzer = new Analyzer({ inputFormat: format, renumberable: { ordinalPrefix: PREFIX } });
  const check = new CutCheck(format, firstLine, PREFIX);
  const text = lines.map((l) => l + '\n').join('');
  for await (const batch of analyzeStreamBatches(analyzer, Readable.from([Buffer.from(text)]), 'log', { firstLine })) {
    for (const r of batch) check.see(r);
  }
  return check.report();
}

const init = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
const pong = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, result: {} });
const env = (o: object) => JSON.stringify({ ts: '2026-11-30T00:00:00.000Z', ...o });
const start = (extra: object = {}) => env({ event: 'start', command: ['server'], pid: 1, ...extra });
const c2s = (line: string, extra: object = {}) => env({ dir: 'c2s', line, ...extra });

describe('cut rules', () => {
  it('cuts raw NDJSON before an initialize request and nothing that only looks like one', () => {
    const { needles, cutAt } = cutRule('ndjson');
    expect(needles).toEqual(['"initialize"']);
    expect(cutAt(init(1))).toBe(true);
    expect(cutAt(init(1) + '\r')).toBe(true);
    expect(cutAt(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { method: 'initialize' } }))).toBe(false);
    expect(cutAt(JSON.stringify({ jsonrpc: '2.0', method: 'initialize' }))).toBe(false); // a notification
    expect(cutAt(`[${init(1)}]`)).toBe(false); // a batch
    expect(cutAt('{"method":"initialize",')).toBe(false);
    expect(isInitializeRequest(`${'['.repeat(200)}${']'.repeat(200)}`)).toBe(false);
  });

  it('cuts envelope NDJSON before a process start with no session key', () => {
    const { needles, cutAt } = cutRule('envelope');
    expect(needles).toContain('"start"');
    expect(cutAt(start())).toBe(true);
    expect(isUnkeyedStart(start({ session: 'a' }))).toBe(false);
    expect(isUnkeyedStart(c2s(init(1)))).toBe(false);
    expect(isUnkeyedStart(env({ event: 'exit', code: 0 }))).toBe(false);
  });
});

describe('CutCheck', () => {
  it('reports a raw piece that starts at its cut and ends in a session with messages', async () => {
    const r = await report('ndjson', [init(1), pong(1), ping(2)], 10);
    expect(r).toEqual({ starts: true, ends: true, keyed: false, clock: false });
  });

  it('reports a piece that does not start with the record it was cut at', async () => {
    expect((await report('ndjson', [ping(2), init(1)], 10)).starts).toBe(false);
    expect((await report('envelope', [c2s(ping(2)), start()], 10)).starts).toBe(false);
    // The first piece starts wherever the file does.
    expect((await report('ndjson', [ping(2), init(1)])).starts).toBe(true);
  });

  it('reports a piece whose first record came from a blank-line-shifted cut (the line number disagrees)', async () => {
    expect((await report('ndjson', ['', init(1)], 10)).starts).toBe(false);
  });

  it('reports keyed sessions and, after the first piece, dateless clock times', async () => {
    expect((await report('envelope', [start(), c2s(init(1), { session: 's1' })], 5)).keyed).toBe(true);
    const clock = [start(), JSON.stringify({ ts: '12:00:00.000', dir: 'c2s', line: init(1) })];
    expect((await report('envelope', clock, 5)).clock).toBe(true);
    expect((await report('envelope', clock)).clock).toBe(false);
  });

  it('tells whether the last session would give way to the next cut', async () => {
    // A start event alone: the session was seen starting.
    expect((await report('envelope', [start()])).ends).toBe(true);
    // Events that start nothing, before any process start: the next start would not begin a new session.
    expect((await report('envelope', [env({ event: 'stderr', text: 'x' })])).ends).toBe(false);
    expect((await report('envelope', [])).ends).toBe(true);
  });
});

describe('cutsHeld', () => {
  const ok: CutReport = { starts: true, ends: true, keyed: false, clock: false };
  it('holds only when every piece starts at its cut, has no keyed session or clock time, and the piece before ends', () => {
    expect(cutsHeld([ok, ok, ok])).toBe(true);
    expect(cutsHeld([ok, { ...ok, starts: false }])).toBe(false);
    expect(cutsHeld([ok, { ...ok, keyed: true }])).toBe(false);
    expect(cutsHeld([ok, { ...ok, clock: true }])).toBe(false);
    expect(cutsHeld([{ ...ok, ends: false }, ok])).toBe(false);
    // The last piece's end is followed by no cut.
    expect(cutsHeld([ok, { ...ok, ends: false }])).toBe(true);
  });
});
