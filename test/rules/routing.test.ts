// The engine calls a rule only on the records its trigger (`on`) lets through, and updates shared memories only on
// theirs. A trigger narrower than what its check does would lose findings: every log of the corpus is analysed both
// ways (routed, and every check on every record) and must give the same findings on the same records.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import type { AnalyzerOptions } from '../../src/analyzer.js';
import { RULES } from '../../src/rules/registry.js';

const ROOTS = ['samples', 'test/fixtures'];
/** Not logs: documentation, generators, expected outcomes, per-case options. */
const NOT_LOGS = /(\.md|\.mjs|options\.json|cases\.json|spec-methods\.json)$/;

function logs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return logs(path);
    return NOT_LOGS.test(name) ? [] : [path];
  });
}

/** A violation fixture's analyzer options (some rules only fire under a small bound). */
function optionsFor(path: string): AnalyzerOptions {
  const file = join(dirname(path), 'options.json');
  if (!existsSync(file)) return {};
  const { count: _count, ...opts } = JSON.parse(readFileSync(file, 'utf8')) as AnalyzerOptions & { count?: number };
  return opts;
}

async function findings(path: string, unrouted: boolean): Promise<string[]> {
  const bytes = readFileSync(path);
  const out = await analyze(
    (async function* () {
      yield bytes;
    })(),
    { file: path, ...optionsFor(path), unrouted },
  );
  return [
    ...out.records.flatMap((r) => r.findings.map((f) => `${r.seq} ${f.rule} ${f.severity} ${f.message}`)),
    ...out.findings.map((f) => `end ${f.seq} ${f.rule} ${f.severity} ${f.message}`),
  ];
}

const FILES = ROOTS.flatMap(logs);

/** Each log's routed findings, computed once: the corpus check and the per-log comparison share them. */
const routedOnce = new Map<string, Promise<string[]>>();
function routed(path: string): Promise<string[]> {
  if (!routedOnce.has(path)) routedOnce.set(path, findings(path, false));
  return routedOnce.get(path)!;
}

describe('rule routing', () => {
  it('covers a corpus in which every rule fires', async () => {
    const fired = new Set<string>();
    for (const f of FILES)
      for (const line of await routed(f)) fired.add(line.split(' ')[line.startsWith('end') ? 2 : 1]!);
    expect(RULES.map((r) => r.meta.id).filter((id) => !fired.has(id))).toEqual([]);
  });

  it.each(FILES)('%s: the same findings routed as with every check on every record', async (file) => {
    const unrouted = await findings(file, true);
    expect(await routed(file)).toEqual(unrouted);
  });
});
