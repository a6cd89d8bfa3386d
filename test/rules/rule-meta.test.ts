// What each rule says of itself, and its doc page, cannot drift apart: the summary that tables, SARIF and `mcptrace
// rules` print is one plain sentence, and the rule's page opens with it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules/registry.js';

/** The page's paragraphs, each on one line. */
function paragraphs(page: string): string[] {
  return page
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '');
}

describe.each(RULES.map((r) => [r.meta.id, r] as const))('rule %s', (id, rule) => {
  const { summary } = rule.meta;

  it('has a summary of one plain sentence, one line, at most 100 characters', () => {
    expect(summary.length).toBeLessThanOrEqual(100);
    expect(summary).not.toMatch(/\n/);
    expect(summary).toMatch(/^[A-Z"-].*\.$/);
    // One sentence: no sentence end inside it.
    expect(summary.slice(0, -1)).not.toMatch(/[.!?] [A-Z]/);
    // No Markdown: code spans, emphasis, links, HTML.
    expect(summary).not.toMatch(/[`*<>]|\]\(|\[[^\]]*\]/);
  });

  it('opens its doc page, right under the title', () => {
    const page = paragraphs(readFileSync(`docs/rules/${id}.md`, 'utf8'));
    expect(page[0]).toBe(`# ${id} (${rule.meta.severity})`);
    expect(page[1]).toBe(summary);
  });
});
