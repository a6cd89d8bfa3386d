// The per-rule summaries say the severities of the rule's findings: capability-not-negotiated is listed as a warning
// (its default), but its findings are errors from 2025-06-18 on, and a run over two revisions has both.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../../src/audit/types.js';
import { createPalette } from '../../../src/output/color.js';
import { AUDIT_RENDERERS } from '../../../src/output/audit/renderers.js';
import { reportOf } from '../../helpers/audit.js';
import { tempDir } from '../../helpers/temp.js';
import { bad, markdownTables } from './support.js';

const RULE = 'capability-not-negotiated';
const ctx = { palette: createPalette(false) };

/** The severity cell of the rule's row in the markdown "Findings by rule" table. */
function markdownCell(report: AuditReport): string {
  const row = markdownTables(AUDIT_RENDERERS.markdown(report, ctx))
    .find((t) => t[0]!.startsWith('| rule |'))!
    .find((r) => r.startsWith(`| [${RULE}]`))!;
  return row.split(' | ')[1]!;
}

/** The severity cell of the rule's row in the HTML rules table (the first table: rules that fired). */
function htmlCell(report: AuditReport): string {
  const page = AUDIT_RENDERERS.html(report, ctx);
  return new RegExp(`<td class="mono rule">${RULE}</td><td>(.*?)</td>`).exec(page)![1]!;
}

/** The rule's warnings, counted from the findings themselves. */
function warnings(report: AuditReport): number {
  return report.findings.filter((f) => f.rule === RULE && f.severity === 'warning').length;
}

describe(`per-rule summaries of ${RULE}`, () => {
  let errors: AuditReport;
  let mixed: AuditReport;
  beforeAll(async () => {
    // The rule's bad fixture negotiates 2025-11-25 (errors); the same session in 2025-03-26 (SHOULD: warnings).
    const file = bad(RULE);
    const older = join(tempDir('rule-severities'), 'bad-2025-03-26.txt');
    writeFileSync(older, readFileSync(file, 'utf8').replaceAll('"2025-11-25"', '"2025-03-26"'));
    errors = await reportOf(file);
    mixed = await reportOf([file, older]);
  });

  it('counts the findings by severity in the report and the json summary', () => {
    expect(errors.rules.find((r) => r.id === RULE)!.effectiveSeverity).toBe('warning');
    const n = errors.byRule[RULE]!;
    expect(n).toBeGreaterThan(1);
    expect(errors.findings.filter((f) => f.rule === RULE).every((f) => f.severity === 'error')).toBe(true);
    expect(errors.byRuleSeverity[RULE]).toEqual({ error: n, warning: 0, info: 0 });
    const w = warnings(mixed);
    expect(w).toBeGreaterThan(0);
    expect(mixed.byRuleSeverity[RULE]).toEqual({ error: n, warning: w, info: 0 });
    const json = JSON.parse(AUDIT_RENDERERS.json(mixed, ctx)) as {
      summary: { byRule: Record<string, number>; byRuleSeverity: AuditReport['byRuleSeverity'] };
    };
    expect(json.summary.byRule[RULE]).toBe(n + w);
    expect(json.summary.byRuleSeverity[RULE]).toEqual({ error: n, warning: w, info: 0 });
  });

  it('shows error when every finding is an error, and each severity with its count when they differ', () => {
    const [n, w] = [errors.byRule[RULE]!, warnings(mixed)];
    expect(markdownCell(errors)).toBe('❌ error');
    expect(markdownCell(mixed)).toBe(`❌ error ${n} · ⚠️ warning ${w}`);
    expect(htmlCell(errors)).toBe('<span class="sev error">error</span>');
    expect(htmlCell(mixed)).toBe(
      `<span class="sev error">error</span> ${n} <span class="sev warning">warning</span> ${w}`,
    );
  });

  it('keeps the listed severity for a rule without findings (the HTML list of every active rule)', () => {
    const page = AUDIT_RENDERERS.html(errors, ctx);
    expect(page).toContain(
      '<td class="mono rule">unanswered-request</td><td><span class="sev warning">warning</span></td><td class="num">0</td>',
    );
  });
});
