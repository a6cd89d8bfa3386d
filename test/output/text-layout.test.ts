// The transcript's layout for a width: what is dropped first as it narrows, and where the width comes from.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WIDTH,
  FREE_MIN,
  fixedWidth,
  indentOf,
  textLayout,
  transcriptWidth,
} from '../../src/output/text-layout.js';

describe('textLayout', () => {
  it('shows every column at 200 and leaves room for the free text at every width', () => {
    expect(textLayout(200)).toMatchObject({ primitive: 16, capability: 28, method: 36, phase: 4, time: 12 });
    for (const width of [60, 80, 100, 120, 160, 200]) {
      expect(fixedWidth(textLayout(width)) + FREE_MIN, `width ${width}`).toBeLessThanOrEqual(width);
    }
  });

  it('gives up the capability path and the primitive before the method is shortened', () => {
    for (let width = 60; width <= 200; width++) {
      const l = textLayout(width);
      if (l.method < 36) expect([l.capability, l.primitive], `width ${width}`).toEqual([0, 0]);
      if (l.capability > 0) expect(l.method, `width ${width}`).toBe(36);
    }
  });

  it('at 120 keeps the whole method column and drops the capability; at 80 the method runs into the free text', () => {
    const at120 = textLayout(120);
    expect(at120).toMatchObject({ method: 36, capability: 0, primitive: 0, phase: 4, time: 12 });
    const at80 = textLayout(80);
    expect(at80).toMatchObject({ method: 0, phase: 0, time: 12 });
    // The clock goes last: at 60, for a long method and its pairing.
    expect(textLayout(68).time).toBe(12);
    expect(textLayout(60).time).toBe(0);
  });

  it('gives the clock columns to the text when the log has no times, and narrows further with a session column', () => {
    expect(textLayout(120, { time: false }).time).toBe(0);
    const tagged = textLayout(120, { session: 5 });
    expect(tagged.session).toBe(5);
    expect(fixedWidth(tagged) + FREE_MIN).toBeLessThanOrEqual(120);
  });

  it('indents the lines under a record under the clock, closer to the left when the line is narrow', () => {
    expect(indentOf(textLayout(120))).toBe(6 + 13);
    expect(indentOf(textLayout(60))).toBeLessThan(6 + 13);
  });
});

describe('transcriptWidth', () => {
  it('takes --width, else the terminal, else $COLUMNS, else 100', () => {
    const terminal = { isTTY: true, columns: 90 };
    const pipe = { isTTY: false, columns: 90 };
    expect(transcriptWidth({ flag: 70, screens: [terminal], env: { COLUMNS: '50' } })).toBe(70);
    expect(transcriptWidth({ screens: [terminal], env: { COLUMNS: '50' } })).toBe(90);
    // Output piped into a pager: stderr is still the terminal.
    expect(transcriptWidth({ screens: [pipe, { isTTY: true, columns: 132 }], env: { COLUMNS: '50' } })).toBe(132);
    expect(transcriptWidth({ screens: [pipe, pipe], env: { COLUMNS: '50' } })).toBe(50);
    expect(transcriptWidth({ screens: [], env: { COLUMNS: 'wide' } })).toBe(DEFAULT_WIDTH);
    expect(transcriptWidth({ screens: [], env: {} })).toBe(100);
  });

  it('asks the controlling terminal only when no stream is one and $COLUMNS says nothing', () => {
    let asked = 0;
    const controlling = () => (asked++, 80);
    expect(transcriptWidth({ screens: [{ isTTY: true, columns: 90 }], env: {}, controlling })).toBe(90);
    expect(transcriptWidth({ screens: [], env: { COLUMNS: '50' }, controlling })).toBe(50);
    expect(asked).toBe(0);
    expect(transcriptWidth({ screens: [{ isTTY: false }], env: {}, controlling })).toBe(80);
    expect(transcriptWidth({ screens: [], env: {}, controlling: () => undefined })).toBe(DEFAULT_WIDTH);
  });
});
