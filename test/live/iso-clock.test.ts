// The capture's clock: one ISO string per millisecond, the same text `Date#toISOString` gives.
import { describe, expect, it } from 'vitest';
import { IsoClock } from '../../src/live/iso-clock.js';

describe('IsoClock', () => {
  it('formats the time as Date#toISOString does', () => {
    const times = [0, 1_764_453_600_123, 1_764_453_600_999, 1_764_453_601_000];
    let i = 0;
    const clock = new IsoClock(() => times[i]);
    for (; i < times.length; i++) expect(clock.now()).toBe(new Date(times[i]).toISOString());
  });

  it('formats once per millisecond and again when the millisecond changes', () => {
    let ms = 1_764_453_600_123;
    const clock = new IsoClock(() => ms);
    const first = clock.now();
    expect(clock.now()).toBe(first);
    ms++;
    expect(clock.now()).toBe('2025-11-29T22:00:00.124Z');
    ms--; // a clock stepped back is followed, not ignored
    expect(clock.now()).toBe(first);
  });
});
