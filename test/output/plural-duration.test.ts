// Counts with their noun in the right number, and durations in one unit system (ms below a second, then s, m, h).
import { describe, expect, it } from 'vitest';
import { formatMs } from '../../src/util/numbers.js';
import { countOf } from '../../src/util/plural.js';
import { wrapCell } from '../../src/output/wrap-cell.js';

describe('countOf', () => {
  it('says 1 message, 2 messages, 0 findings, 1 info, 1,024 bytes', () => {
    expect(countOf(1, 'message')).toBe('1 message');
    expect(countOf(2, 'message')).toBe('2 messages');
    expect(countOf(0, 'finding')).toBe('0 findings');
    expect(countOf(1, 'info')).toBe('1 info');
    expect(countOf(3, 'info')).toBe('3 info');
    expect(countOf(1024, 'byte')).toBe('1,024 bytes');
    expect(countOf(2, 'batch')).toBe('2 batches');
  });
});

describe('formatMs', () => {
  it('prints milliseconds below a second and seconds, minutes and hours above, never 1485ms', () => {
    const cases: Array<[number | null, string]> = [
      [null, '-'],
      [0, '0ms'],
      [0.42, '0.4ms'],
      [312, '312ms'],
      [999.4, '999ms'],
      [999.6, '1.00s'],
      [1485, '1.49s'],
      [9_994, '9.99s'],
      [15_800, '15.8s'],
      [59_949, '59.9s'],
      [125_000, '2m 05s'],
      [3_720_000, '1h 02m'],
      [-1485, '-1.49s'],
    ];
    for (const [ms, text] of cases) expect(formatMs(ms), String(ms)).toBe(text);
  });

  it('prints days and hours past 48 hours, not thousands of hours', () => {
    const H = 3_600_000;
    const cases: Array<[number, string]> = [
      [47 * H + 59 * 60_000, '47h 59m'],
      [48 * H - 30_000, '2d 00h'],
      [48 * H, '2d 00h'],
      [49.5 * H, '2d 02h'],
      [6502 * H + 41 * 60_000, '270d 23h'],
      [-(72 * H), '-3d 00h'],
    ];
    for (const [ms, text] of cases) expect(formatMs(ms), String(ms)).toBe(text);
  });
});

describe('wrapCell', () => {
  it('breaks at spaces and after / - # @, splits a word only when it is wider than the line', () => {
    expect(wrapCell('mcp-servers/everything 2.0.0', 14)).toBe('mcp-servers/\neverything\n2.0.0');
    expect(wrapCell('mcptrace-recorder 0.1.0', 12)).toBe('mcptrace-\nrecorder\n0.1.0');
    expect(wrapCell('2f4c8e1a7b3d4c59', 6)).toBe('2f4c8e\n1a7b3d\n4c59');
    expect(wrapCell('short', 10)).toBe('short');
    for (const w of [4, 7, 10])
      for (const line of wrapCell('json-response-streamable-http-server#2', w).split('\n'))
        expect(line.length).toBeLessThanOrEqual(w);
  });
});

describe('wrapCell dates', () => {
  it('never breaks a date at its dashes', () => {
    expect(wrapCell('revisions 2025-06-18 or 2025-11-25', 14)).toBe('revisions\n2025-06-18 or\n2025-11-25');
  });
});
