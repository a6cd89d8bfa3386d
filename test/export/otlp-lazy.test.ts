// The OpenTelemetry packages are loaded by `export --to otlp` only: no other command's start-up reads them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

const BUNDLE = join(REPO_ROOT, 'dist', 'cli');

/** The bundle's chunks that `file` loads at start-up: its static imports, transitively (not `import()`). */
function staticallyLoaded(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(BUNDLE, file), 'utf8');
  for (const m of text.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*from\s*)?["']\.\/([\w.-]+\.js)["']/g))
    staticallyLoaded(m[1]!, seen);
  return seen;
}

describe('export --to otlp: loaded lazily', () => {
  // `resourceSpans`: the ExportTraceServiceRequest's field, which only the OTLP code writes.
  const chunks = () => readdirSync(BUNDLE).filter((f) => f.endsWith('.js'));
  const otlpChunks = () => chunks().filter((f) => readFileSync(join(BUNDLE, f), 'utf8').includes('resourceSpans'));

  it('the chunk holding the OTLP serializers is not among those the executable loads at start-up', () => {
    const otlp = otlpChunks();
    expect(otlp).toHaveLength(1);
    const loaded = staticallyLoaded('mcptrace.js');
    expect(loaded.size).toBeGreaterThan(3);
    expect([...loaded].filter((f) => otlp.includes(f))).toEqual([]);
  });

  it('nor among those wrap and proxy load (only --otlp-endpoint imports it)', () => {
    const otlp = otlpChunks();
    for (const command of ['wrap', 'proxy']) {
      const chunk = chunks().find((f) => f.startsWith(`${command}-`))!;
      expect(chunk).toBeDefined();
      expect([...staticallyLoaded(chunk)].filter((f) => otlp.includes(f))).toEqual([]);
    }
  });
});
