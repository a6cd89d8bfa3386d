// ISO timestamps as captures write them are read without Date.parse per message (the second is parsed once, the
// milliseconds added); the result must be Date.parse's, whatever the order of the times, and other forms must take
// the general path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isoTime,
  ClockTimeline,
  clockTextMs,
  envelopeTime,
  logTime,
  passesMidnight,
} from '../../src/input/shared/time.js';

describe('isoTime', () => {
  it("gives Date.parse's epoch ms for toISOString times, in any order", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.date({
            min: new Date('1970-01-01T00:00:00Z'),
            max: new Date('2100-01-01T00:00:00Z'),
            noInvalidDate: true,
          }),
          { minLength: 1, maxLength: 50 },
        ),
        (dates) => {
          // Neighbours in the same second as well as far apart.
          const texts = dates.flatMap((d) => [d.toISOString(), new Date(d.getTime() + 1).toISOString()]);
          for (const t of texts) expect(isoTime(t)).toEqual({ ts: t, tsMs: Date.parse(t) });
        },
      ),
    );
  });

  it('reads the other ISO forms as before: zones, no milliseconds, a space, a comma, more digits', () => {
    const cases: [string, number | null][] = [
      ['2026-11-30T00:13:15.395Z', Date.parse('2026-11-30T00:13:15.395Z')],
      ['2026-11-30T00:13:15Z', Date.parse('2026-11-30T00:13:15Z')],
      ['2026-11-30T00:13:15.395+02:00', Date.parse('2026-11-30T00:13:15.395+02:00')],
      ['2026-11-30 00:13:15.395Z', Date.parse('2026-11-30T00:13:15.395Z')],
      ['2026-11-30T00:13:15,395Z', Date.parse('2026-11-30T00:13:15.395Z')],
      ['2026-11-30T00:13:15.395', Date.parse('2026-11-30T00:13:15.395Z')],
      ['2026-11-30T00:13:15.395123Z', Date.parse('2026-11-30T00:13:15.395123Z')],
      ['2026-11-30T00:13:15.3x5Z', null],
      ['2026-13-30T00:13:15.395Z', null],
    ];
    for (const [text, ms] of cases)
      expect(isoTime(text), text).toEqual({ ts: text, tsMs: Number.isFinite(ms) ? ms : null });
  });
});

describe('clock times', () => {
  const H = 3_600_000;
  it('reads a clock time as written, in every spelling the readers take', () => {
    expect(clockTextMs('00:13:15.395')).toBe(13 * 60_000 + 15_395);
    expect(clockTextMs('9:05:01')).toBe(9 * H + 5 * 60_000 + 1000);
    expect(clockTextMs('23:59:59,5')).toBe(24 * H - 500);
    expect(clockTextMs('2026-11-30T00:00:00Z')).toBeNull();
    expect(clockTextMs('12.5')).toBeNull();
  });

  it('counts a day each time the clock goes back by more than 12 hours, from the days it was given', () => {
    const read = (c: ClockTimeline, texts: string[]) => texts.map((t) => c.read(t)!.tsMs);
    expect(read(new ClockTimeline(), ['22:00:00.000', '09:00:00.000', '23:00:00.000', '01:00:00.000'])).toEqual([
      22 * H,
      33 * H,
      47 * H,
      49 * H,
    ]);
    // Back by 12 hours or less is the same day (a log written out of order).
    expect(read(new ClockTimeline(), ['13:00:00.000', '01:00:00.000', '22:00:00.000', '10:00:00.000'])).toEqual([
      13 * H,
      H,
      22 * H,
      10 * H,
    ]);
    const piece = new ClockTimeline(86_400_000);
    expect(read(piece, ['01:00:00.000'])).toEqual([25 * H]);
    expect(piece.offset).toBe(86_400_000);
    expect(passesMidnight(23 * H, H)).toBe(true);
    expect(passesMidnight(13 * H, H)).toBe(false);
  });
});

describe("log lines' times", () => {
  it('reads ISO 8601 in its basic format (logback) and writes it out in the extended one', () => {
    expect(isoTime('20250626T141149.044')).toEqual({
      ts: '2025-06-26T14:11:49.044',
      tsMs: Date.parse('2025-06-26T14:11:49.044Z'),
    });
    expect(isoTime('20250626T141149,044+0200')).toEqual({
      ts: '2025-06-26T14:11:49,044+0200',
      tsMs: Date.parse('2025-06-26T12:11:49.044Z'),
    });
    expect(envelopeTime('20250626T141149Z', new ClockTimeline())).toEqual({
      ts: '2025-06-26T14:11:49Z',
      tsMs: Date.parse('2025-06-26T14:11:49Z'),
    });
    expect(isoTime('20251326T141149').tsMs).toBeNull();
  });

  it("reads Python's comma before the milliseconds, rich's MM/DD/YY, and a clock time with no date", () => {
    expect(logTime('2025-06-26 14:11:49,044')).toEqual({
      ts: '2025-06-26 14:11:49,044',
      tsMs: Date.parse('2025-06-26T14:11:49.044Z'),
    });
    expect(logTime('08/09/25 06:47:31')).toEqual({
      ts: '2025-08-09T06:47:31',
      tsMs: Date.parse('2025-08-09T06:47:31Z'),
    });
    expect(logTime('22:13:36.665')).toEqual({ ts: '22:13:36.665', tsMs: clockTextMs('22:13:36.665') });
    expect(logTime('13/40/25 06:47:31').tsMs).toBeNull();
  });
});
