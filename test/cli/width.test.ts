// Every text command lays out for one width: `--width N` (else the terminal's, $COLUMNS, 100) for annotate, audit and stats alike.
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { runMain } from '../helpers/in-process.js';

const SAMPLE = 'samples/everything.envelope.ndjson';

describe('--width on every text command', () => {
  it.each([
    ['annotate', 80],
    ['audit', 80],
    ['stats', 80],
    ['audit', 120],
    ['stats', 120],
  ])('%s --width %i: no line wider than that', async (command, width) => {
    const { code, stdout } = await runMain([command, '--width', String(width), '--color=false', SAMPLE]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(10);
    // A URL is never cut (a terminal must be able to open it): a line holding one word alone may be longer.
    for (const l of lines) if (l.trim().includes(' ')) expect(displayWidth(l), l).toBeLessThanOrEqual(width);
  });

  it('audit and stats without --width and no terminal keep whole lines (what a file or CI log gets)', async () => {
    const drop = (s: string) => s.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z$/m, 'T');
    for (const command of ['audit', 'stats']) {
      const plain = await runMain([command, '--color=false', SAMPLE]);
      const narrow = await runMain([command, '--color=false', '--width', '60', SAMPLE]);
      const wide = await runMain([command, '--color=false', '--width', '100000', SAMPLE]);
      expect(drop(plain.stdout), command).toBe(drop(wide.stdout));
      expect(drop(plain.stdout), command).not.toBe(drop(narrow.stdout));
    }
  });

  it('refuses a width that is not a positive whole number, as every count option', async () => {
    for (const command of ['audit', 'stats', 'rules']) {
      const { code, stderr } = await runMain([command, '--width', '0', SAMPLE]);
      expect(code, command).toBe(2);
      expect(stderr).toContain('--width');
    }
  });
});
