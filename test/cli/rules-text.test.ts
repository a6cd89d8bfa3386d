// `mcptrace rules` as text: one aligned row per rule with its summary of what it checks, fitting the width.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/registry.js';
import { runMain } from '../helpers/in-process.js';

describe('mcptrace rules (text)', () => {
  it.each([80, 120, 200])(
    'fits %i columns, every rule in order with its severity, revisions and summary column',
    async (width) => {
      const { code, stdout } = await runMain(['rules', '--width', String(width)]);
      expect(code).toBe(0);
      const lines = stdout.trimEnd().split('\n');
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(width);
      expect(lines[0]).toMatch(/^rule +severity +revisions/);
      const starts = lines
        .filter((l) => /^[a-z][a-z0-9-]+ {2}/.test(l) && !l.startsWith('rule '))
        .map((l) => l.split(/\s+/)[0]);
      expect(starts).toEqual(RULES.map((r) => r.meta.id));
      // Aligned: the severity column starts at the same place on every rule's line.
      const at = new Set(
        lines
          .filter((l) => RULES.some((r) => l.startsWith(`${r.meta.id} `)))
          .map((l) => l.search(/ (error|warning|info)/)),
      );
      expect(at.size).toBe(1);
    },
  );

  it("shows each rule's summary, whole, and where the rule pages are", async () => {
    const { stdout } = await runMain(['rules', '--width', '400']);
    const row = (id: string) => stdout.split('\n').find((l) => l.startsWith(`${id} `))!;
    expect(row('unanswered-request')).toMatch(/ A request was never answered before the log ended\.$/);
    for (const r of RULES) expect(row(r.meta.id).endsWith(` ${r.meta.summary}`), r.meta.id).toBe(true);
    expect(row('non-integer-id')).toMatch(/ A request id is a number that is not an integer\.$/);
    expect(row('capability-not-negotiated')).toMatch(/warning→error +all +\(error from 2025-06-18\) A request/);
    expect(row('accept-header')).toMatch(/ 2025-03-26\+ /);
    const docs = /Each rule's page: mcptrace rules <rule> \((\S+)<rule>\.md\)/.exec(stdout)![1]!;
    for (const r of RULES) expect(existsSync(`${docs}${r.meta.id}.md`), r.meta.id).toBe(true);
  });

  it('refuses a width that is no positive whole number', async () => {
    const { code, stderr } = await runMain(['rules', '--width', '0']);
    expect(code).toBe(2);
    expect(stderr).toContain('--width');
  });
});
