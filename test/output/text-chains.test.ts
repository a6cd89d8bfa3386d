// A modern chain in the text transcript reads as one operation: its legs on a rail, the operation under its last answer.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { createPalette } from '../../src/output/color.js';
import { formatTextRecord } from '../../src/output/text.js';
import { displayWidth } from '../../src/output/width.js';
import type { PipelineRecord } from '../../src/types.js';

const plain = createPalette(false);

async function recordsOf(file: string): Promise<PipelineRecord[]> {
  const bytes = readFileSync(file);
  return (
    await analyze(
      (async function* () {
        yield bytes;
      })(),
      { file },
    )
  ).records;
}

/** Each record's first line from the method on, and the lines under it, at `width` columns. */
async function transcript(file: string, width: number): Promise<string[]> {
  return (await recordsOf(file)).map((r) => formatTextRecord(r, plain, { width }));
}

describe('a chain in the transcript', () => {
  it('puts the legs after the first on a rail and sums the operation up on a line under its last answer', async () => {
    const lines = await transcript('test/fixtures/modern/mrtr-one.txt', 120);
    expect(lines[1]).toMatch(/ op {3}tools\/call {2,}deploy$/);
    // Answers say what their request was about only in the transcript sink, which knows the request (`ctx.answers`).
    expect(lines[2]).toMatch(/ op {3}├ tools\/call {2,}↔ #2 20ms input required: elicitation$/);
    expect(lines[3]).toMatch(/ op {3}├ tools\/call {2,}deploy ⟳ round 2 of #2$/);
    const last = lines[4]!.split('\n');
    expect(last[0]).toMatch(/ op {3}└ tools\/call {2,}↔ #4 60ms$/);
    expect(last[1]).toBe(`${' '.repeat(19)}↳ operation #2: 2 rounds in 1.58s (server 80ms, client 1.50s)`);
  });

  it("a listen's acknowledgement and notifications name their listen; its final answer ends the rail", async () => {
    const lines = await transcript('test/fixtures/modern/subscription.txt', 120);
    expect(lines[4]).toMatch(/├ notifications\/subscriptions\/acknowledged on listen #4$/);
    expect(lines[8]).toMatch(/├ notifications\/resources\/updated {4}file:\/\/\/srv\/notes.txt on listen #4$/);
    expect(lines[5]).toMatch(/ op {3}tools\/list$/);
    expect(lines[11]).toMatch(/└ subscriptions\/listen {15}↔ #4 1.64s$/);
  });

  it("the server's notifications/cancelled that ends a listen on stdio ends its rail", async () => {
    const lines = await transcript('test/fixtures/modern/cancel-progress.txt', 200);
    expect(lines[8]).toMatch(/ op {3}notifications\/cancelled .* request=2 user pressed stop$/);
    expect(lines[11]).toMatch(
      / op {3}└ notifications\/cancelled .* request=listen-9 server shutting down ends listen #10$/,
    );
  });

  it('a -32022 answer and its retry are on the rail too', async () => {
    const lines = await transcript('test/fixtures/modern/dual-era-version-retry.txt', 120);
    expect(lines[2]).toMatch(/├ tools\/list .*-32022/);
    expect(lines[3]).toMatch(/├ tools\/list {2,}⟳ round 2 of #2$/);
    expect(lines[4]!.split('\n')[1]).toMatch(/↳ operation #2: 2 rounds in 20ms \(server 15ms, client 5ms\)$/);
  });

  it('fits the width: at 80 and 60 columns nothing goes past it, and the operation line wraps at words', async () => {
    for (const width of [60, 80, 200]) {
      const lines = (await transcript('test/fixtures/modern/messy/wrap-capture.envelope.ndjson', width)).flatMap((l) =>
        l.split('\n'),
      );
      for (const l of lines.filter((x) => /[├└↳]/.test(x) && !x.includes('error')))
        expect(displayWidth(l), `${width}: ${l}`).toBeLessThanOrEqual(width);
      const op = lines.findIndex((l) => l.includes('↳ operation #9'));
      expect(
        lines
          .slice(op, op + 2)
          .join(' ')
          .replace(/\s+/g, ' '),
      ).toContain('operation #9: 2 rounds in 3.00s (server 746ms, client 2.25s)');
    }
  });

  it('a legacy session has no rail and no operation line', async () => {
    for (const r of await recordsOf('samples/everything.transcript.txt')) {
      expect(r.chain).toBeUndefined();
      expect(formatTextRecord(r, plain, { width: 200 })).not.toMatch(/[├└] |↳ operation/);
    }
  });
});
