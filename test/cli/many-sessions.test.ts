// Many sessions: audit (text, markdown) and why lead with the counts and the failures grouped by cause and words, then
// one session of each group in full, the others of the group named on a line, and the ok sessions counted.
import { beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { manySessionInputs } from '../helpers/failures.js';
import { markdownTables, tableProblems } from '../output/audit/support.js';

/** The corpus five times and the samples: about 300 diagnosed sessions. */
const FILES = manySessionInputs(5);
const out: Record<'text' | 'markdown' | 'why' | 'json', string> = { text: '', markdown: '', why: '', json: '' };
let diagnoses: { session: string; verdict: string; cause: string }[] = [];

beforeAll(async () => {
  const [text, markdown, why, json] = await Promise.all([
    runMain(['audit', '--width', '80', ...FILES]),
    runMain(['audit', '-f', 'markdown', ...FILES]),
    runMain(['why', ...FILES]),
    runMain(['why', '-f', 'json', ...FILES]),
  ]);
  Object.assign(out, { text: text.stdout, markdown: markdown.stdout, why: why.stdout, json: json.stdout });
  diagnoses = JSON.parse(json.stdout);
}, 120_000);

/** `failed`/`degraded` sessions grouped by headline cause, as the JSON has them. */
const counts = () => {
  const c = { ok: 0, degraded: 0, failed: 0 } as Record<string, number>;
  for (const d of diagnoses) c[d.verdict]!++;
  return c;
};

describe('many sessions', () => {
  it('is a run of about 300 sessions with all three verdicts', () => {
    expect(diagnoses.length).toBeGreaterThan(250);
    const c = counts();
    expect(c.ok).toBeGreaterThan(0);
    expect(c.degraded).toBeGreaterThan(0);
    expect(c.failed).toBeGreaterThan(0);
  });

  it('why: the counts first, then a line per group with how many, then one session per group, the ok ones counted', () => {
    const lines = out.why.split('\n');
    const c = counts();
    expect(out.why.split('\nfailed ')[0]!.replace(/\n +/g, ' ')).toMatch(
      new RegExp(
        `^\\d+ sessions and the lines outside any session: ${c.ok} ok, ${c.degraded} degraded, ${c.failed} failed$`,
      ),
    );
    // The five launches of pdf-tools that died of the same ModuleNotFoundError, three times in each copy: one line.
    expect(out.why).toMatch(
      /\nfailed {4}×15 {3}server-exited: the server exited before answering initialize:\n {16}ModuleNotFoundError: No module named 'yaml'\n/,
    );
    expect(out.why.match(/^FAILED {2}pdf-tools$/gm)).toHaveLength(1);
    expect(out.why).toContain('  14 more alike: pdf-tools ×14');
    expect(out.why).toContain(`\n${c.ok} ok\n`);
    // A group line per group: as many as full sessions shown.
    const groups = lines.filter((l) => /^(failed|degraded) +×\d+ /.test(l)).length;
    expect(lines.filter((l) => /^(FAILED|DEGRADED) {2}/.test(l))).toHaveLength(groups);
    expect(groups).toBeLessThan(diagnoses.length / 5);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    // The total, wrapped where the width says: the lines outside any session that failed are named in it.
    expect(out.why.trimEnd().split('\n\n').at(-1)!.replace(/\n +/g, ' ')).toMatch(
      /^\d+ sessions and the lines outside any session: .* — failed$/,
    );
  });

  it('audit text: What happened with the counts, the groups and the rules; quiet sessions counted, not shown', () => {
    const text = out.text;
    const happened = text.indexOf('━━ What happened: ');
    expect(happened).toBeGreaterThan(0);
    expect(text.slice(happened)).toMatch(
      /^━━ What happened: \d+ sessions and the lines outside any session: \d+ ok, \d+ degraded, \d+ failed\n/,
    );
    expect(text).toMatch(
      /\n {3}failed {3}×15 {4}server-exited: the server exited before answering initialize:\n {20}ModuleNotFoundError: No module named 'yaml'\n/,
    );
    expect(text).toMatch(/\n {3}by rule /);
    expect(text.match(/^ {3}FAILED pdf-tools$/gm)).toHaveLength(1);
    expect(text).toMatch(/\n {5}14 more alike: pdf-tools ×14\n/);
    expect(text).toMatch(/\n━━ \d+ more sessions ok, without findings\n/);
    // The evidence's words are there at 80 columns: the place on a line, the words under it.
    expect(text).toContain("         ModuleNotFoundError: No module named 'yaml'");
    expect(happened).toBeLessThan(text.indexOf('━━ session'));
  });

  it('audit markdown: the counts, a row per group, the rules, then a session per group', () => {
    const md = out.markdown;
    expect(tableProblems(md)).toEqual([]);
    const groups = markdownTables(md).find((t) => t[0] === '| verdict | sessions | cause | what happened |')!;
    expect(groups.slice(2)).toContain(
      "| ❌ failed | 15 | server-exited | the server exited before answering initialize: ModuleNotFoundError: No module named 'yaml' |",
    );
    expect(md).toMatch(/\n\*\*\d+ sessions and the lines outside any session: \d+ ok, \d+ degraded, \d+ failed\*\*\n/);
    expect(md).toMatch(/\nBy rule: [a-z-]+ ×\d+/);
    expect(md.match(/^#### (❌|⚠️) /gm)).toHaveLength(groups.length - 2);
    expect(md).toContain('\n14 more alike: pdf-tools ×14\n');
    expect(md.indexOf('### What happened')).toBeLessThan(md.indexOf('### Findings by rule'));
  });
});
