// ISO timestamps as captures write them are read without Date.parse per message (the second is parsed once, the
// milliseconds added); the result must be Date.parse's, whatever the order of the times, and other forms must take
// the general path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from '../../src/input/time.js';

describe('isoTime', () => {
  it("gives Date.parse's epoch ms for toISOString times, in any order", () => {
    fc.assert(
      fc.property(fc.array(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), { minLength: 1, maxLength: 50 }), (dates) => {
        // Neighbours in the same second as well as far apart.
        const texts = dates.flatMap((d) => [d.toISOString(), new Date(d.getTime() + 1).toISOString()]);
        for (const t of texts) expect(isoTime(t)).toEqual({ ts: t, tsMs: Date.parse(t) });
      }),
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
    for (const [text, ms] of cases) expect(isoTime(text), text).toEqual({ ts: text, tsMs: Number.isFinite(ms) ? ms : null });
  });
});
