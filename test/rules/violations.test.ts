// Table-driven: each rule has crafted fixtures in test/fixtures/violations/<id>/ — bad.* breaks the rule,
// good.* is its clean twin and must not. options.json (optional): analyzer options for both (maxPending,
// maxSessions, maxMessageBytes, ruleOptions), and
// `"count": N` for the exact number of findings bad.* must give.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { RULES } from '../../src/rules/registry.js';

const ROOT = 'test/fixtures/violations';

interface CaseOptions {
  maxPending?: number;
  maxSessions?: number;
  maxMessageBytes?: number;
  ruleOptions?: { slowMs?: number };
  count?: number;
}

function fixture(id: string, name: 'bad' | 'good'): string | undefined {
  const dir = join(ROOT, id);
  if (!existsSync(dir)) return undefined;
  const file = readdirSync(dir).find((f) => f.startsWith(`${name}.`));
  return file ? join(dir, file) : undefined;
}

async function findingsOf(path: string, opts: CaseOptions): Promise<{ rule: string; source: string }[]> {
  const bytes = readFileSync(path);
  const out = await analyze(
    (async function* () {
      yield bytes;
    })(),
    {
      file: path,
      maxPending: opts.maxPending,
      maxSessions: opts.maxSessions,
      maxMessageBytes: opts.maxMessageBytes,
      ruleOptions: opts.ruleOptions,
    },
  );
  return [
    ...out.records.flatMap((r) => r.findings.map((f) => ({ rule: f.rule, source: r.source }))),
    ...out.findings.map((f) => ({ rule: f.rule, source: f.source })),
  ];
}

describe.each(RULES.map((r) => [r.meta.id] as const))('rule %s', (id) => {
  const optsPath = join(ROOT, id, 'options.json');
  const opts: CaseOptions = existsSync(optsPath) ? JSON.parse(readFileSync(optsPath, 'utf8')) : {};

  it('has a violating fixture that triggers it', async () => {
    const bad = fixture(id, 'bad');
    expect(bad, `${ROOT}/${id}/bad.* exists`).toBeDefined();
    const hits = (await findingsOf(bad!, opts)).filter((f) => f.rule === id);
    if (opts.count !== undefined) expect(hits).toHaveLength(opts.count);
    else expect(hits.length).toBeGreaterThan(0);
  });

  it('has a clean twin that does not trigger it', async () => {
    const good = fixture(id, 'good');
    expect(good, `${ROOT}/${id}/good.* exists`).toBeDefined();
    expect((await findingsOf(good!, opts)).filter((f) => f.rule === id)).toEqual([]);
  });
});
