// Every rule has a doc page whose violating example triggers it and whose clean example does not.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { RULES } from '../../src/rules/registry.js';

interface Example {
  text: string;
  maxPending?: number;
  maxSessions?: number;
  maxMessageBytes?: number;
}

function example(doc: string, heading: 'Violating' | 'Clean'): Example {
  const at = doc.search(new RegExp(`^## ${heading}`, 'm'));
  expect(at, `doc has a "## ${heading}" section`).toBeGreaterThanOrEqual(0);
  const section = doc.slice(at);
  const title = section.slice(0, section.indexOf('\n'));
  const block = /```[^\n]*\n([\s\S]*?)```/.exec(section);
  expect(block, `"## ${heading}" has a code block`).not.toBeNull();
  const pending = /--max-pending (\d+)/.exec(title);
  const sessions = /--max-sessions (\d+)/.exec(title);
  const size = /--max-message-bytes (\d+)/.exec(title);
  return {
    text: block![1],
    maxPending: pending ? Number(pending[1]) : undefined,
    maxSessions: sessions ? Number(sessions[1]) : undefined,
    maxMessageBytes: size ? Number(size[1]) : undefined,
  };
}

async function ruleIdsFor(ex: Example): Promise<string[]> {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(ex.text);
    })(),
    { file: 'example', maxPending: ex.maxPending, maxSessions: ex.maxSessions, maxMessageBytes: ex.maxMessageBytes },
  );
  return [...out.records.flatMap((r) => r.findings.map((f) => f.rule)), ...out.findings.map((f) => f.rule)];
}

describe('rule registry', () => {
  it('is sorted by id with no duplicates', () => {
    const ids = RULES.map((r) => r.meta.id);
    expect(ids).toEqual([...new Set(ids)].sort());
  });

  it('gives every rule a spec URL, a summary and a severity', () => {
    for (const r of RULES) {
      expect(r.meta.specUrl).toMatch(/^https:\/\//);
      expect(r.meta.summary.length).toBeGreaterThan(20);
      expect(['error', 'warning', 'info']).toContain(r.meta.severity);
    }
  });
});

describe.each(RULES.map((r) => [r.meta.id, r] as const))('rule %s', (id, rule) => {
  const path = `docs/rules/${id}.md`;

  it('has a doc page naming its id and severity', () => {
    expect(existsSync(path), `${path} exists`).toBe(true);
    expect(readFileSync(path, 'utf8').split('\n')[0]).toBe(`# ${id} (${rule.meta.severity})`);
  });

  it('is triggered by the violating example of its doc page', async () => {
    expect(await ruleIdsFor(example(readFileSync(path, 'utf8'), 'Violating'))).toContain(id);
  });

  it('is not triggered by the clean example of its doc page', async () => {
    const ids = await ruleIdsFor(example(readFileSync(path, 'utf8'), 'Clean'));
    expect(ids).not.toContain(id);
  });
});
