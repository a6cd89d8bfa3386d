// Each rule declares which fields of its data are record numbers (`meta.seqFields`), and --jobs moves exactly those
// into the run's numbering. Every rule's bad fixture is read alone (as a --jobs worker numbers it, from 1) and after
// another session (as one thread numbers it): a number in the data that moved by that session's records is a seq,
// and must be declared; a declared field must move; and the message re-made from the moved data is one thread's.
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Analyzer, type AnalyzerOptions } from '../../src/analyzer.js';
import { analyzeStream } from '../../src/analyze-stream.js';
import { renumbering, shiftSeqs } from '../../src/cli/jobs-renumber.js';
import { findingData } from '../../src/rules/engine.js';
import { RULES } from '../../src/rules/registry.js';
import type { Finding } from '../../src/types.js';

const ROOT = 'test/fixtures/violations';
/** One session of 150-odd records before the fixture. */
const BEFORE = 'samples/everything.ndjson';
const PREFIX = '\u0000test:';

interface Found {
  finding: Finding & { seq: number };
  data: unknown;
}

/** The findings (on records, then at end of input) of the last of `files`, with their rule data, and the seqs before it. */
async function findingsOf(files: string[], opts: AnalyzerOptions): Promise<{ found: Found[]; offset: number }> {
  const analyzer = new Analyzer({ ...opts, renumberable: { ordinalPrefix: PREFIX } });
  const found: Found[] = [];
  let offset = 0;
  for (const [i, f] of files.entries()) {
    if (i === files.length - 1) offset = analyzer.counts().records;
    for await (const r of analyzeStream(analyzer, createReadStream(f), f)) {
      if (i === files.length - 1)
        for (const x of r.findings) found.push({ finding: { ...x, seq: r.seq }, data: findingData(x) });
    }
  }
  const last = files.at(-1)!;
  for (const x of analyzer.summary().findings)
    if (x.source.startsWith(`${last}:`)) found.push({ finding: x, data: findingData(x) });
  return { found, offset };
}

/** Paths (`a.b`) of the numbers in `data`. */
function numbers(v: unknown, at = ''): Map<string, number> {
  const out = new Map<string, number>();
  if (v === null || typeof v !== 'object') return out;
  for (const [k, x] of Object.entries(v)) {
    const path = at === '' ? k : `${at}.${k}`;
    if (typeof x === 'number') out.set(path, x);
    else for (const [p, n] of numbers(x, path)) out.set(p, n);
  }
  return out;
}

const fixtures = RULES.map((r) => {
  const dir = join(ROOT, r.meta.id);
  const bad = existsSync(dir) ? readdirSync(dir).find((f) => f.startsWith('bad.')) : undefined;
  const optsPath = join(dir, 'options.json');
  const opts = existsSync(optsPath) ? (JSON.parse(readFileSync(optsPath, 'utf8')) as AnalyzerOptions) : {};
  return { rule: r, file: bad === undefined ? null : join(dir, bad), opts };
});

describe('rule data that holds record numbers (meta.seqFields)', () => {
  /** Per rule: its fixture's findings read alone and after another session. */
  const runs = new Map<
    string,
    { alone: Awaited<ReturnType<typeof findingsOf>>; after: Awaited<ReturnType<typeof findingsOf>> }
  >();
  beforeAll(async () => {
    for (const { rule, file, opts } of fixtures) {
      if (file !== null)
        runs.set(rule.meta.id, {
          alone: await findingsOf([file], opts),
          after: await findingsOf([BEFORE, file], opts),
        });
    }
  });

  /** The paths of the numbers of `rule`'s data that moved with the records before the fixture, per finding. */
  function movedSeqs(id: string): string[][] {
    const { alone, after } = runs.get(id)!;
    return alone.found.flatMap((a, i) => {
      if (a.finding.rule !== id) return [];
      const [x, y] = [numbers(a.data), numbers(after.found[i]!.data)];
      return [[...x].filter(([p, v]) => y.get(p) === v + after.offset).map(([p]) => p)];
    });
  }

  for (const { rule, file } of fixtures) {
    it(`${rule.meta.id}: every seq in its data is declared, and --jobs re-makes its messages as one thread makes them`, () => {
      expect(file, `${ROOT}/${rule.meta.id}/bad.*`).not.toBeNull();
      const { alone, after } = runs.get(rule.meta.id)!;
      expect(alone.offset).toBe(0);
      expect(after.offset).toBeGreaterThan(100);
      expect(after.found.map((f) => f.finding.rule)).toEqual(alone.found.map((f) => f.finding.rule));
      const n = renumbering(after.offset, 1, PREFIX);
      const declared = rule.meta.seqFields ?? [];
      const seqs = movedSeqs(rule.meta.id);
      let k = 0;
      alone.found.forEach((a, i) => {
        const b = after.found[i]!;
        expect(n.seq(a.finding.seq)).toBe(b.finding.seq);
        if (a.finding.rule !== rule.meta.id) return; // another rule's finding: its own test checks it
        const moved = seqs[k++]!;
        // A number that moved with the records before it is a record number: declared.
        expect(declared, `${rule.meta.id} data ${JSON.stringify(a.data)}`).toEqual(expect.arrayContaining(moved));
        // A declared field holds a number that moved, or is absent or null in both runs.
        const [x, y] = [numbers(a.data), numbers(b.data)];
        for (const p of declared) {
          if (x.has(p)) expect(moved, `${p} in ${JSON.stringify(a.data)}`).toContain(p);
          else expect([x.has(p), y.has(p)]).toEqual([false, false]);
        }
        expect(n.message(a.finding, a.data)).toBe(b.finding.message);
      });
    });
  }

  it('shiftSeqs moves the numbers at the declared paths, nested ones too, and nothing else', () => {
    const data = { seq: 3, previousSeq: 4, id: 5, first: { seq: 6, line: 7 }, atSeq: null, list: [{ seq: 1 }] };
    expect(shiftSeqs(data, ['previousSeq', 'first.seq', 'atSeq', 'nowhere.seq'], 100)).toEqual({
      seq: 3,
      previousSeq: 104,
      id: 5,
      first: { seq: 106, line: 7 },
      atSeq: null,
      list: [{ seq: 1 }],
    });
    expect(data.previousSeq).toBe(4);
    expect(data.first.seq).toBe(6);
  });

  it("every declared field is seen to move in its rule's fixture (so that the checks above are not vacuous)", () => {
    const declared = fixtures.flatMap(({ rule }) => (rule.meta.seqFields ?? []).map((p) => [rule.meta.id, p] as const));
    expect(declared.length).toBeGreaterThan(5);
    expect(declared.filter(([id, p]) => !runs.has(id) || !movedSeqs(id).some((m) => m.includes(p)))).toEqual([]);
  });
});
