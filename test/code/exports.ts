// Finds exports nothing else uses: a module graph of the repository's TypeScript and JavaScript, read as text.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface UnusedExport {
  file: string;
  name: string;
}

const SOURCE = /\.(ts|mts|mjs|js)$/;

function walk(dir: string, out: string[]): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name === 'fixtures' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The names a module exports by declaration or by `export { … }` (not re-exports from other modules). */
export function declaredExports(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(
    /^export\s+(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm,
  )) {
    names.add(m[1]!);
  }
  for (const m of text.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}\s*(?!from)[;\n]/gm)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name) names.add(name);
    }
  }
  return [...names];
}

/** Module specifiers a file imports or re-exports, statically or dynamically, with what it brings in. */
function references(text: string): { spec: string; all: boolean; names: string[] }[] {
  const refs: { spec: string; all: boolean; names: string[] }[] = [];
  for (const m of text.matchAll(/(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g)) {
    const clause = m[2]!;
    const braces = /\{([^}]*)\}/.exec(clause);
    const star = /\*/.test(clause.replace(/\{[^}]*\}/, ''));
    const names = braces
      ? braces[1]!
          .split(',')
          .map((p) =>
            p
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!
              .trim(),
          )
          .filter(Boolean)
      : [];
    // `import x from` (a default) or `* as ns`: the importer may use any name.
    const all = star || (!braces && clause.trim() !== '');
    refs.push({ spec: m[3]!, all, names });
  }
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) refs.push({ spec: m[1]!, all: true, names: [] });
  return refs;
}

/** A specifier as a repository file: `.js` for its `.ts` source, `dist/` output for the source it was built from. */
function resolveSpec(root: string, from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  let p = relative(root, resolve(dirname(from), spec));
  p = p.replace(/^dist\/(src|bin)\//, '$1/');
  return p.replace(/\.js$/, '.ts');
}

/** Exports of `src/` and `bin/` that no other file of the repository imports (the library entry's are used). */
export function unusedExports(root: string): UnusedExport[] {
  const files = ['src', 'bin', 'test', 'bench', 'scripts'].flatMap((d) => {
    try {
      return walk(join(root, d), []);
    } catch {
      return [];
    }
  });
  const used = new Map<string, Set<string> | 'all'>();
  for (const f of files) {
    for (const ref of references(readFileSync(f, 'utf8'))) {
      const target = resolveSpec(root, f, ref.spec);
      if (target === null || target === relative(root, f)) continue;
      const prior = used.get(target);
      if (ref.all || prior === 'all') used.set(target, 'all');
      else used.set(target, new Set([...(prior ?? []), ...ref.names]));
    }
  }
  const out: UnusedExport[] = [];
  for (const f of files) {
    const rel = relative(root, f);
    if (!/^(src|bin)\//.test(rel)) continue;
    const u = used.get(rel);
    if (u === 'all') continue;
    for (const name of declaredExports(readFileSync(f, 'utf8'))) if (!u?.has(name)) out.push({ file: rel, name });
  }
  return out;
}
