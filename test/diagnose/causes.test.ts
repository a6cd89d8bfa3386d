// Every cause has its doc page, and the line patterns are bounded and linear: hostile lines are read whole.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXCEPTION_SHAPES } from '../../src/diagnose/patterns/exceptions.js';
import { HOST_LINE_PATTERNS } from '../../src/diagnose/patterns/host-lines.js';
import { CAUSE_METAS } from '../../src/diagnose/registry.js';
import { readSignals } from '../../src/diagnose/signals.js';
import { rec } from '../helpers/records.js';

describe('causes', () => {
  it('each has a doc page and a unique id', () => {
    expect(new Set(CAUSE_METAS.map((m) => m.id)).size).toBe(CAUSE_METAS.length);
    for (const m of CAUSE_METAS) expect(existsSync(`docs/causes/${m.id}.md`), m.id).toBe(true);
  });

  it('no pattern has an unbounded quantifier inside a repeated group', () => {
    const res = [
      ...HOST_LINE_PATTERNS.map((p) => p.re),
      ...EXCEPTION_SHAPES.flatMap((s) => [s.start, s.headline, s.cause ?? null]),
    ];
    for (const re of res) if (re) expect(re.source, re.source).not.toMatch(/\([^)]*[*+][^)]*\)[*+{]/);
  });

  it('reads hostile lines (long runs of what the patterns repeat) and a traceback of 10,000 lines', () => {
    const hostile = [
      'a'.repeat(100_000),
      ' '.repeat(100_000),
      'spawn '.repeat(20_000),
      '(HTTP '.repeat(20_000),
      'a.'.repeat(50_000) + 'Error',
      '| '.repeat(50_000),
    ];
    for (const text of hostile)
      expect(Array.isArray(readSignals(rec({ kind: 'log', text, message: null })))).toBe(true);
    const tb = [
      'Traceback (most recent call last):',
      ...Array.from({ length: 10_000 }, () => '  File "x.py", line 1, in f'),
      'ValueError: boom',
    ].join('\n');
    // Only the first and last 250 lines of a long record are read: the headline, last, is found.
    expect(readSignals(rec({ kind: 'log', text: tb, message: null })).find((s) => s.kind === 'exception')?.text).toBe(
      'ValueError: boom',
    );
    const short = ['Traceback (most recent call last):', '  File "x.py", line 1, in f', 'ValueError: boom'].join('\n');
    expect(
      readSignals(rec({ kind: 'log', text: short, message: null })).find((s) => s.kind === 'exception')?.text,
    ).toBe('ValueError: boom');
  });
});
