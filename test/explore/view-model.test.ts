// The explorer's pure parts: the index, the rows a filter keeps, the list's window and the key table; a million
// records scrolled, jumped through and filtered with the work bounded by the screen, counted in records read back.
import { describe, expect, it } from 'vitest';
import { createPalette } from '../../src/output/color.js';
import { clip } from '../../src/explore/clip.js';
import { Explorer } from '../../src/explore/explorer.js';
import { composeFrame } from '../../src/explore/frame.js';
import { BINDINGS, actionOf, keyName } from '../../src/explore/keys.js';
import { ListView } from '../../src/explore/list-view.js';
import { parseQuery } from '../../src/explore/filter-scan.js';
import { FLAG, RecordIndex } from '../../src/explore/record-index.js';
import { RowSet } from '../../src/explore/rows.js';
import type { Finding, PipelineRecord } from '../../src/types.js';

const MILLION = 1_000_000;
/** Every this many records, one carries a warning. */
const FINDING_EVERY = 250_000;

/** Record `seq` of a synthetic log: tools/call requests and their answers, one session. */
function record(seq: number): PipelineRecord {
  const request = seq % 2 === 1;
  const findings: Finding[] =
    seq % FINDING_EVERY === 0 ? [{ rule: 'slow-response', severity: 'warning', message: 'slow' }] : [];
  return {
    seq,
    source: 'big.ndjson',
    session: 'a',
    ts: null,
    dir: request ? 'c2s' : 's2c',
    dirInferred: false,
    kind: request ? 'request' : 'response',
    id: Math.ceil(seq / 2),
    method: 'tools/call',
    primitive: 'tools',
    feature: null,
    phase: 'operation',
    capability: null,
    pair: request ? null : seq - 1,
    latencyMs: request ? null : 3,
    bytes: 60,
    findings,
    server: null,
    format: 'ndjson',
    revision: null,
    message: request
      ? { jsonrpc: '2.0', id: Math.ceil(seq / 2), method: 'tools/call', params: { name: `tool${seq % 7}` } }
      : { jsonrpc: '2.0', id: seq / 2, result: {} },
    wire: { file: 'big.ndjson', line: seq, lines: 1, tsMs: null, text: null },
  };
}

/** An explorer over `n` synthetic records; `reads` counts the records read back. */
function bigExplorer(n: number): { ex: Explorer; reads: () => number } {
  const index = new RecordIndex();
  for (let seq = 1; seq <= n; seq++) index.add(record(seq));
  let reads = 0;
  const ex = new Explorer(
    {
      index,
      read: (row) => {
        reads++;
        return record(index.seq(row));
      },
      sessionInfo: () => undefined,
      diagnosis: () => null,
      endFindings: () => [],
    },
    createPalette(false),
    'big.ndjson',
  );
  ex.status = 'done';
  return { ex, reads: () => reads };
}

describe('the explorer over a million records', () => {
  const { ex, reads } = bigExplorer(MILLION);
  const HEIGHT = 24;
  /** The list's rows on a 24-row screen (title and help bar aside); an answer's line reads its request too. */
  const PER_FRAME = 2 * (HEIGHT - 2);

  it('renders only the visible rows, wherever the list is', () => {
    let before = reads();
    const frame = composeFrame(ex, 80, HEIGHT);
    expect(frame).toHaveLength(HEIGHT);
    expect(frame[0]).toMatch(/^big\.ndjson · 1,000,000 records .*#1 1\/1,000,000$/);
    expect(reads() - before).toBeLessThanOrEqual(PER_FRAME);

    // A thousand pages down, a frame after each.
    before = reads();
    for (let i = 0; i < 1000; i++) {
      ex.key('pagedown');
      composeFrame(ex, 80, HEIGHT);
    }
    expect(reads() - before).toBeLessThanOrEqual(1000 * PER_FRAME);
    expect(ex.list.cursor).toBe(1000 * (HEIGHT - 3));

    before = reads();
    ex.key('G');
    const last = composeFrame(ex, 80, HEIGHT);
    expect(reads() - before).toBeLessThanOrEqual(PER_FRAME);
    expect(last.find((l) => l.startsWith('>'))).toMatch(/#1000000 .*res/);
  });

  it('jumps to a finding, a pair and a record number by the index alone', () => {
    ex.key('g');
    composeFrame(ex, 80, 24);
    const before = reads();
    ex.key('n');
    expect(ex.source.index.seq(ex.selectedRow)).toBe(FINDING_EVERY);
    ex.key('n');
    expect(ex.source.index.seq(ex.selectedRow)).toBe(2 * FINDING_EVERY);
    ex.key('p');
    expect(ex.source.index.seq(ex.selectedRow)).toBe(2 * FINDING_EVERY - 1);
    ex.key(':');
    for (const c of '765432') ex.key(c);
    ex.key('return');
    expect(ex.source.index.seq(ex.selectedRow)).toBe(765_432);
    // Each jump looked at the flags and pairs of the index: no record was read back.
    expect(reads() - before).toBe(0);
    const frame = composeFrame(ex, 80, 24);
    // Landed a third of the way down the list.
    expect(frame.findIndex((l) => l.startsWith('>'))).toBe(1 + Math.floor(22 / 3));
  });

  it('filters a bounded number of records per step', () => {
    ex.key('/');
    for (const c of 'kind == request and tool == tool3') ex.key(c === ' ' ? 'space' : c);
    let before = reads();
    ex.key('return');
    // The first step ran with the filter's start; each answer of a kept request is read with its request.
    expect(reads() - before).toBeLessThanOrEqual(2 * 5_000);
    expect(ex.scan?.done).toBe(false);
    before = reads();
    let steps = 0;
    while (ex.work()) steps++;
    expect(ex.scan?.done).toBe(true);
    expect(reads() - before).toBeLessThanOrEqual(2 * MILLION);
    expect(steps).toBeGreaterThan(MILLION / 5_000 - 3);
    // tool3: every seventh request, each with its answer.
    const kept = ex.count;
    expect(kept).toBeGreaterThan(MILLION / 7 - 10);
    expect(kept).toBeLessThan(MILLION / 7 + 10);
    before = reads();
    const frame = composeFrame(ex, 80, 24);
    expect(reads() - before).toBeLessThanOrEqual(PER_FRAME);
    const listed = frame.slice(1, -1).filter((l) => / #\d+ /.test(l));
    expect(listed.length).toBe(22);
    for (const l of listed) expect(l).toMatch(/tool3|↔/);
  });
});

describe('RecordIndex', () => {
  it('pairs answers with requests both ways, flags findings and failures, and tags interleaved sessions', () => {
    const index = new RecordIndex();
    const a = { ...record(1), session: 'alpha' };
    const b = { ...record(2), session: 'a-very-long-session-key' };
    const c = { ...record(3), session: 'alpha', kind: 'error' as const, pair: 1 };
    for (const r of [a, b, c]) index.add(r);
    expect(index.pair(0)).toBe(2);
    expect(index.pair(2)).toBe(0);
    expect(index.flags(2) & FLAG.failed).toBe(FLAG.failed);
    expect(index.session(1).tag).toBe('s2');
    expect(index.interleaved).toBe(true);
    index.addFindings(0, [{ rule: 'unanswered-request', severity: 'error', message: 'x' }]);
    expect(index.flags(0) & FLAG.errorFinding).toBe(FLAG.errorFinding);
    expect(index.rowAtOrAfter(2)).toBe(1);
    expect(index.rowAtOrAfter(9)).toBe(-1);
  });

  it('the filter line takes a session by the tag the list shows it with, as annotate --where does', () => {
    const index = new RecordIndex();
    const long = { ...record(2), session: 'a-very-long-session-key' };
    for (const r of [{ ...record(1), session: 'alpha' }, long]) index.add(r);
    const q = parseQuery('session == "s2"', { sessionTag: (key) => index.tagOf(key) });
    expect(q.ok && q.predicate(long, null)).toBe(true);
    const bare = parseQuery('session == "s2"');
    expect(bare.ok && bare.predicate(long, null)).toBe(false);
  });
});

describe('ListView and RowSet', () => {
  it('keeps the cursor on screen, and at the end as rows come when it was there', () => {
    const v = new ListView(10);
    v.moveTo(95, 100);
    expect(v.visible(100)).toEqual({ from: 86, to: 96 });
    v.moveTo(99, 100);
    expect(v.tail).toBe(true);
    v.grew(150);
    expect(v.cursor).toBe(149);
    v.move(-1, 150);
    v.grew(200);
    expect(v.cursor).toBe(148);
    v.resize(4, 200);
    expect(v.visible(200)).toEqual({ from: 145, to: 149 });
  });

  it('maps positions to kept rows and finds the next kept one', () => {
    const rows = RowSet.only(Uint32Array.from([2, 5, 9]));
    expect(rows.count).toBe(3);
    expect(rows.row(1)).toBe(5);
    expect(rows.positionAtOrAfter(6)).toBe(2);
    expect(rows.positionOf(6)).toBe(-1);
    expect(rows.positionAtOrAfter(10)).toBe(-1);
  });
});

describe('keys', () => {
  it('binds each key to one action', () => {
    const keys = BINDINGS.flatMap((b) => b.keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(actionOf('q')).toBe('quit');
    expect(actionOf('C-c')).toBe('quit');
  });

  it("names keys as Node's parser reports them", () => {
    expect(keyName(undefined, { name: 'down' })).toBe('down');
    expect(keyName('\x03', { name: 'c', ctrl: true })).toBe('C-c');
    expect(keyName('G', { name: 'g', shift: true })).toBe('G');
    expect(keyName(' ', { name: 'space' })).toBe('space');
    expect(keyName('?', undefined)).toBe('?');
  });
});

describe('clip', () => {
  it('cuts a styled line to the width, styles taking no column', () => {
    const p = createPalette(true);
    const line = p.red('abc') + 'def' + p.bold('ghi');
    expect(clip(line, 5)).toBe('\x1b[31mabc\x1b[39mde\x1b[0m');
    expect(clip(line, 20, true)).toBe(line + '\x1b[0m' + ' '.repeat(11));
    expect(clip('日本語', 5)).toBe('日本');
  });
});
