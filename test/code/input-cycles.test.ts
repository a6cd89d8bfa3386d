// The input stage's modules import each other in no circle (type-only imports aside: the compiler drops them). The format
// registry (src/input/formats/) is imported by detection and reading and imports the readers: an entry that imported
// detect.ts or read.ts back would close one.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const INPUT = join(ROOT, 'src/input');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The modules of src/input/ a file imports or re-exports at run time (not `import type`, nor a clause of types only). */
function runtimeImports(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]/gm)) {
    if (m[1] !== undefined) continue;
    const names = /\{([^}]*)\}/
      .exec(m[2]!)?.[1]
      ?.split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const onlyTypes =
      names !== undefined &&
      names.length > 0 &&
      names.every((n) => n.startsWith('type ')) &&
      !/^[\w$]+\s*,/.test(m[2]!.trim());
    if (onlyTypes) continue;
    const target = resolve(dirname(file), m[3]!.replace(/\.js$/, '.ts'));
    if (target.startsWith(INPUT + '/')) out.push(target);
  }
  return out;
}

/** Every circle of the graph, each once, as the files along it (relative to the repository). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    path.push(f);
    for (const g of graph.get(f) ?? []) {
      if (state.get(g) === 'open') {
        const c = path.slice(path.indexOf(g)).map((p) => relative(ROOT, p));
        found.set([...c].sort().join(' '), c);
      } else if (!state.has(g)) visit(g);
    }
    path.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return [...found.values()];
}

describe('input module graph', () => {
  it('src/input/ has no import circle', () => {
    const graph = new Map(files(INPUT).map((f) => [f, runtimeImports(f, readFileSync(f, 'utf8'))]));
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph)).toEqual([]);
  });

  it('a type-only import is no edge; a value import, or a re-export, is', () => {
    const f = join(INPUT, 'x.ts');
    const text = [
      "import type { A } from './a.js';",
      "import { type B } from './b.js';",
      "import { type C, d } from './c.js';",
      "export { e } from './e.js';",
      "import { f } from '../types.js';",
    ].join('\n');
    expect(runtimeImports(f, text).map((p) => relative(INPUT, p))).toEqual(['c.ts', 'e.ts']);
  });
});
