// The cut rules of `--jobs` on one large file, and the reports that show whether a cut held (src/session/cuts.ts),
// on pieces read by the real analyzer the way a worker reads them.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import { analyzeStreamBatches } from '../../src/analyze-stream.js';
import {
  CutCheck,
  cutRule,
  cutsHeld,
  envelopeTimeText,
  isInitializeRequest,
  isNamedSessionBreak,
  isUnkeyedStart,
  transcriptTimeText,
  type CutFormat,
  type CutReport,
} from '../../src/session/cuts.js';

const PREFIX = '\u0000test:';
const H = 3600_000;
const DAY = 24 * H;

/** Reads `lines` as a worker reads a piece of `format` that starts at line `firstLine` (undefined: the first piece). */
async function report(
  format: CutFormat,
  lines: string[],
  firstLine?: number,
  clockOffset?: number,
): Promise<CutReport> {
  const analyzer = new Analyzer({ inputFormat: format, renumberable: { ordinalPrefix: PREFIX } });
  const check = new CutCheck(format, firstLine, PREFIX, clockOffset);
  const text = lines.map((l) => l + '\n').join('');
  for await (const batch of analyzeStreamBatches(analyzer, Readable.from([Buffer.from(text)]), 'log', {
    firstLine,
    clockOffset,
  })) {
    for (const r of batch) check.see(r);
  }
  return check.report();
}

const init = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  });
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

  it('cuts a transcript before a session break that names its session', () => {
    const { needles, cutAt } = cutRule('transcript');
    expect(needles).toEqual(['===']);
    expect(cutAt('=== session everything-2 ===')).toBe(true);
    expect(cutAt('[00:00:01.000] === session b ===\r')).toBe(true);
    expect(cutAt('===Session b')).toBe(true);
    expect(isNamedSessionBreak('=== session ===')).toBe(false); // no name: the reader numbers it
    expect(isNamedSessionBreak('# === session a ===')).toBe(false);
    expect(isNamedSessionBreak('  "text": "=== session a ==="')).toBe(false);
    expect(isNamedSessionBreak('[00:00:01.000] -> {"jsonrpc":"2.0","method":"ping","id":1}')).toBe(false);
  });
  it('finds the time at the start of a line, where the readers take it from', () => {
    expect(cutRule('ndjson').timeOf).toBeUndefined();
    expect(envelopeTimeText('{"ts":"23:59:59.000","dir":"c2s","line":"{}"}')).toBe('23:59:59.000');
    expect(envelopeTimeText(' {"dir":"s2c", "time" : " 01:02:03 ","line":"{}"}')).toBe('01:02:03');
    expect(envelopeTimeText('{"dir":"c2s","line":"{\\"ts\\":1}"}')).toBeNull();
    expect(envelopeTimeText('{"ts":1796025975462,"dir":"c2s"}')).toBeNull();
    expect(transcriptTimeText('[00:13:15.401] -> {')).toBe('00:13:15.401');
    expect(transcriptTimeText('12:00:00 <- {"jsonrpc":"2.0","id":1,"result":{}}')).toBe('12:00:00');
    expect(transcriptTimeText('[10:00:00.000] === session a ===')).toBe('10:00:00.000');
    expect(transcriptTimeText('  "id": 1,')).toBeNull();
    expect(transcriptTimeText('[10:00:00.000] stray text')).toBeNull(); // no record
  });
});

describe('CutCheck', () => {
  it('reports a raw piece that starts at its cut and ends in a session with messages', async () => {
    const r = await report('ndjson', [init(1), pong(1), ping(2)], 10);
    expect(r).toEqual({ starts: true, ends: true, keys: [], clock: null });
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

  it('reports the keys of named sessions and the span of dateless clock times', async () => {
    expect(
      (await report('envelope', [start(), c2s(init(1), { session: 's1' }), c2s(ping(2), { session: 's2' })], 5)).keys,
    ).toEqual(['s1', 's2']);
    const at = (t: string) => JSON.stringify({ ts: t, dir: 'c2s', line: ping(1) });
    expect((await report('envelope', [at('22:00:00.000'), at('23:00:00.000')])).clock).toEqual({
      start: 0,
      first: 22 * H,
      last: 23 * H,
      lastOffset: 0,
    });
    // Past midnight the reader counts a day more.
    expect((await report('envelope', [at('23:00:00.000'), at('01:00:00.000')])).clock).toEqual({
      start: 0,
      first: 23 * H,
      last: 25 * H,
      lastOffset: DAY,
    });
    // A piece read from the days the whole file had counted at its start.
    expect((await report('envelope', [at('23:00:00.000'), at('01:00:00.000')], 3, 2 * DAY)).clock).toEqual({
      start: 2 * DAY,
      first: 23 * H,
      last: 3 * DAY + H,
      lastOffset: 3 * DAY,
    });
    expect((await report('envelope', [start(), c2s(init(1))])).clock).toBeNull();
  });

  it('reads a transcript piece from the session break it was cut at', async () => {
    const lines = ['=== session b ===', `[10:00:00.000] -> ${init(1)}`, `[10:00:00.100] <- ${pong(1)}`];
    expect(await report('transcript', lines, 7)).toEqual({
      starts: true,
      ends: true,
      keys: ['b'],
      clock: { start: 0, first: 10 * H, last: 10 * H + 100, lastOffset: 0 },
    });
    expect((await report('transcript', lines.slice(1), 8)).starts).toBe(false);
    expect((await report('transcript', ['=== session ===', ...lines.slice(1)], 7)).starts).toBe(false);
  });

  it('tells when a transcript piece ends inside a record its end cut off', async () => {
    const open = ['=== session b ===', '[10:00:00.000] -> {', '  "jsonrpc": "2.0",'];
    expect((await report('transcript', open)).ends).toBe(false);
    expect((await report('transcript', [...open, '  "method": "ping", "id": 1', '}'])).ends).toBe(true);
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
  const ok: CutReport = { starts: true, ends: true, keys: [], clock: null };
  const clock = (start: number, first: number, last: number, lastOffset: number) => ({
    start,
    first,
    last,
    lastOffset,
  });

  it('holds only when every piece starts at its cut and the piece before ends', () => {
    expect(cutsHeld([ok, ok, ok], 10)).toBe(true);
    expect(cutsHeld([ok, { ...ok, starts: false }], 10)).toBe(false);
    expect(cutsHeld([{ ...ok, ends: false }, ok], 10)).toBe(false);
    // The last piece's end is followed by no cut.
    expect(cutsHeld([ok, { ...ok, ends: false }], 10)).toBe(true);
  });

  it('holds when no named session is in two pieces and all of them fit under --max-sessions with one more', () => {
    expect(
      cutsHeld(
        [
          { ...ok, keys: ['a'] },
          { ...ok, keys: ['b', 'c'] },
        ],
        10,
      ),
    ).toBe(true);
    expect(
      cutsHeld(
        [
          { ...ok, keys: ['a'] },
          { ...ok, keys: ['b', 'a'] },
        ],
        10,
      ),
    ).toBe(false);
    expect(
      cutsHeld(
        [
          { ...ok, keys: ['a'] },
          { ...ok, keys: ['b', 'c'] },
        ],
        4,
      ),
    ).toBe(true);
    expect(
      cutsHeld(
        [
          { ...ok, keys: ['a'] },
          { ...ok, keys: ['b', 'c'] },
        ],
        3,
      ),
    ).toBe(false);
    expect(cutsHeld([ok, ok], 1)).toBe(true);
  });

  it('holds for clock times when each piece started from the days the whole file counts at its first clock time', () => {
    // The same day throughout.
    expect(
      cutsHeld(
        [
          { ...ok, clock: clock(0, 1 * H, 5 * H, 0) },
          { ...ok, clock: clock(0, 5 * H, 9 * H, 0) },
        ],
        10,
      ),
    ).toBe(true);
    // Midnight inside the last piece: it counts the day itself, from its own start.
    expect(
      cutsHeld(
        [
          { ...ok, clock: clock(0, 20 * H, 22 * H, 0) },
          { ...ok, clock: clock(0, 23 * H, DAY + H, DAY) },
        ],
        10,
      ),
    ).toBe(true);
    // Midnight at the cut: the whole file reads the second piece's first time a day on; the piece must start there.
    expect(
      cutsHeld(
        [
          { ...ok, clock: clock(0, 20 * H, 23 * H, 0) },
          { ...ok, clock: clock(DAY, 1 * H, DAY + 2 * H, DAY) },
        ],
        10,
      ),
    ).toBe(true);
    expect(
      cutsHeld(
        [
          { ...ok, clock: clock(0, 20 * H, 23 * H, 0) },
          { ...ok, clock: clock(0, 1 * H, 2 * H, 0) },
        ],
        10,
      ),
    ).toBe(false);
    // Midnight inside an earlier piece: the later ones start a day on, also past a piece without clock times.
    const first = { ...ok, clock: clock(0, 20 * H, DAY + 2 * H, DAY) };
    expect(cutsHeld([first, ok, { ...ok, clock: clock(DAY, 3 * H, DAY + 4 * H, DAY) }], 10)).toBe(true);
    expect(cutsHeld([first, ok, { ...ok, clock: clock(0, 3 * H, 4 * H, 0) }], 10)).toBe(false);
    expect(cutsHeld([first, ok, { ...ok, clock: clock(2 * DAY, 3 * H, 2 * DAY + 4 * H, 2 * DAY) }], 10)).toBe(false);
    // Midnight at a cut past a piece without clock times.
    expect(
      cutsHeld([{ ...ok, clock: clock(0, 20 * H, 23 * H, 0) }, ok, { ...ok, clock: clock(0, 1 * H, 2 * H, 0) }], 10),
    ).toBe(false);
    expect(
      cutsHeld(
        [{ ...ok, clock: clock(0, 20 * H, 23 * H, 0) }, ok, { ...ok, clock: clock(DAY, 1 * H, DAY + 2 * H, DAY) }],
        10,
      ),
    ).toBe(true);
    // A piece without clock times after the midnight changes nothing.
    expect(cutsHeld([first, ok], 10)).toBe(true);
  });
});
