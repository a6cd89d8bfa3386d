// What each rule says of itself, its doc page and its output cannot drift apart: the summary that tables, SARIF and
// `mcptrace rules` print is one plain sentence and the rule's page opens with it; the page shows each of the rule's
// message templates verbatim; and every finding the rule fixtures give is one of its templates with each placeholder
// filled from a field its data has.
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyzerOptions } from '../../src/analyzer.js';
import { analyze } from '../../src/analyze-stream.js';
import { placeholders, templatesOf } from '../../src/rules/message.js';
import { RULES } from '../../src/rules/registry.js';

const FIXTURES = 'test/fixtures/violations';

/** The messages of every finding of the rule fixtures (bad and good logs, with their options), by rule. */
async function corpusMessages(): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const add = (rule: string, message: string) => {
    if (!out.has(rule)) out.set(rule, []);
    out.get(rule)!.push(message);
  };
  for (const d of readdirSync(FIXTURES)) {
    const dir = join(FIXTURES, d);
    const optsPath = join(dir, 'options.json');
    const opts = existsSync(optsPath) ? (JSON.parse(readFileSync(optsPath, 'utf8')) as AnalyzerOptions) : {};
    for (const f of readdirSync(dir).filter((x) => /^(bad|good)\./.test(x))) {
      const file = join(dir, f);
      const r = await analyze(createReadStream(file), { ...opts, file });
      for (const rec of r.records) for (const x of rec.findings) add(x.rule, x.message);
      for (const x of r.findings) add(x.rule, x.message);
    }
  }
  return out;
}

/** A template as a pattern: its text, each placeholder a capture. */
function patternOf(template: string): RegExp {
  const parts = template.split(/\{[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\}/);
  return new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('([\\s\\S]*?)')}$`);
}

let messages = new Map<string, string[]>();
beforeAll(async () => {
  messages = await corpusMessages();
});

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

  it('shows each of its message templates verbatim in the "Message" section of its page', () => {
    const page = readFileSync(`docs/rules/${id}.md`, 'utf8');
    const section = page.slice(page.indexOf('\n## Message\n'), page.indexOf('\n## Violating'));
    expect(section.length, 'a "## Message" section before "## Violating"').toBeGreaterThan(20);
    // One line each: the template alone, or `name:` and the template.
    const lines = section.split('\n');
    for (const [name, template] of templatesOf(rule.message)) {
      const shown = lines.some((l) =>
        name === '' ? l === template : l.startsWith(`${name}:`) && l.endsWith(` ${template}`),
      );
      expect(shown, `${name} ${template}`).toBe(true);
    }
  });

  it("gives messages that are its templates, each placeholder filled from a field of the finding's data", () => {
    const found = messages.get(id) ?? [];
    expect(found.length, `findings of ${id} in ${FIXTURES}`).toBeGreaterThan(0);
    const patterns = templatesOf(rule.message).map(([, t]) => ({ t, re: patternOf(t), fields: placeholders(t) }));
    for (const m of found) {
      const hits = patterns.flatMap((p) => {
        const x = p.re.exec(m);
        return x === null ? [] : [{ ...p, values: x.slice(1) }];
      });
      expect(hits.length, m).toBeGreaterThan(0);
      // A placeholder whose field the data lacks prints `undefined`; an object prints `[object Object]`.
      expect(
        hits.some((h) => h.values.every((v) => v !== 'undefined' && !v.includes('[object Object]'))),
        m,
      ).toBe(true);
    }
  });
});
