// The capture's clock: one ISO string per millisecond, the same text `Date#toISOString` gives.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IsoClock } from '../../src/live/iso-clock.js';

afterEach(() => {
  vi.restoreAllMocks();
});

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
    const format = vi.spyOn(Date.prototype, 'toISOString');
    const texts: string[] = [];
    const formatted: number[] = [];
    const look = (times: number) => {
      for (let k = 0; k < times; k++) texts.push(clock.now());
      formatted.push(format.mock.calls.length);
    };
    look(5); // five asks within one millisecond
    ms++;
    look(3);
    ms--; // a clock stepped back is followed, not ignored
    look(2);
    expect(formatted).toEqual([1, 2, 3]);
    expect(texts).toEqual([
      ...Array(5).fill('2025-11-29T22:00:00.123Z'),
      ...Array(3).fill('2025-11-29T22:00:00.124Z'),
      ...Array(2).fill('2025-11-29T22:00:00.123Z'),
    ]);
  });
});
