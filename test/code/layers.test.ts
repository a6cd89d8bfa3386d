// The layers of ARCHITECTURE.md as a test: every import of src/ (type-only and dynamic ones included) goes down the
// layer order or stays in its layer, and the folders make no circle. There is no exception.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

const SRC = join(REPO_ROOT, 'src');

/** Each part of src/ (a folder, or a file at its root) and its layer, top (13) to bottom (1), as ARCHITECTURE.md lists them. */
const LAYERS: Readonly<Record<string, number>> = {
  cli: 13,
  'index.ts': 13,
  live: 12,
  explore: 12,
  export: 11,
  sql: 11,
  output: 10,
  audit: 9,
  stats: 9,
  story: 9,
  diff: 9,
  mock: 9,
  replay: 9,
  filter: 9,
  diagnose: 8,
  'analyzer.ts': 7,
  'analyze-stream.ts': 7,
  rules: 6,
  session: 5,
  decode: 4,
  input: 3,
  protocol: 2,
  'types.ts': 1,
  util: 1,
};

interface Edge {
  from: string;
  to: string;
  file: string;
}

function partOf(path: string): string {
  const rel = relative(SRC, path);
  const slash = rel.indexOf('/');
  return slash === -1 ? rel : rel.slice(0, slash);
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return tsFiles(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

/** Every import between two parts of src/: `import … from`, `export … from`, `import type`, `import('…')`. */
function edges(): Edge[] {
  const out: Edge[] = [];
  const specifiers =
    /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)|(?:^|\n)\s*import\s+'(\.{1,2}\/[^']+)'/g;
  for (const file of tsFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(specifiers)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
      if (!target.startsWith(SRC)) continue;
      const from = partOf(file);
      const to = partOf(target);
      if (from !== to) out.push({ from, to, file: relative(REPO_ROOT, file) });
    }
  }
  return out;
}

const all = edges();

describe('the layers of ARCHITECTURE.md', () => {
  it('every part of src/ has its layer', () => {
    const parts = readdirSync(SRC).filter((n) => n.endsWith('.ts') || statSync(join(SRC, n)).isDirectory());
    expect(parts.filter((p) => LAYERS[p] === undefined)).toEqual([]);
  });

  it('no import runs up the order', () => {
    const up = all
      .filter((e) => LAYERS[e.to]! > LAYERS[e.from]!)
      .map((e) => `${e.file} → ${e.to}/ (${e.from} is below ${e.to})`);
    expect([...new Set(up)]).toEqual([]);
  });

  it('the parts of one layer make no circle', () => {
    const next = new Map<string, Set<string>>();
    for (const e of all) (next.get(e.from) ?? next.set(e.from, new Set()).get(e.from)!).add(e.to);
    const circles: string[] = [];
    const visit = (at: string, path: string[]): void => {
      for (const to of next.get(at) ?? []) {
        if (to === path[0]) circles.push([...path, to].join(' → '));
        else if (!path.includes(to) && to > path[0]!) visit(to, [...path, to]);
      }
    };
    for (const start of next.keys()) visit(start, [start]);
    expect(circles).toEqual([]);
  });

  it('finds an import that runs up (the test reads what it must)', () => {
    // session/ (layer 5) importing rules/ (layer 6) would be caught; one real import is read as the order says
    expect(all.some((e) => e.from === 'rules' && e.to === 'session')).toBe(true);
    expect(LAYERS.rules! > LAYERS.session!).toBe(true);
  });
});
