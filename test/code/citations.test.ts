// The code cites what a reader can open: the specification's own pages (https://modelcontextprotocol.io/specification/
// <revision>/<page> and the section), the repository's files, public repositories. Never a file outside the
// repository (a sibling folder's notes, a table of facts, a design document), which no reader of mcptrace has.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

const FOLDERS = ['src', 'test', 'docs', 'bench', 'scripts'];
/** The root's own pages. */
const ROOT_PAGES = ['README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md'];
const SOURCE = /\.(?:ts|mts|mjs|js|md)$/;
const SELF = relative(REPO_ROOT, new URL(import.meta.url).pathname);

/** What cites a file outside the repository. Built from pieces: this file would cite them otherwise. */
const OUTSIDE: readonly RegExp[] = [
  new RegExp(['spec', 'table'].join('-'), 'i'),
  new RegExp(`${'DESIGN'}(?:\\.md| principle)`),
  new RegExp(`\\b${'shared'}/spec\\b`),
];
/** `../shared` but as a module specifier (`from '../shared/time.js'`: src/input/shared/). */
const UP_TO_SHARED = /(?<!(?:from|import\(|mock\()\s*['"](?:\.\.\/)*)\.\.\/shared\b/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'fixtures') return [];
    if (statSync(p).isDirectory()) return files(p);
    return SOURCE.test(name) ? [p] : [];
  });
}

/** `file:line: text` of every line that cites a file outside the repository. */
function citations(path: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const cites = OUTSIDE.some((re) => re.test(line)) || [...line.matchAll(UP_TO_SHARED)].length > 0;
    return cites ? [`${path}:${i + 1}: ${line.trim()}`] : [];
  });
}

describe('citations', () => {
  it('the code, the tests, the docs and the root pages cite no file outside the repository', () => {
    const found = [...FOLDERS.flatMap((f) => files(join(REPO_ROOT, f))), ...ROOT_PAGES.map((p) => join(REPO_ROOT, p))]
      .map((p) => relative(REPO_ROOT, p))
      .filter((p) => p !== SELF)
      .flatMap((p) => citations(p, readFileSync(join(REPO_ROOT, p), 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds such a citation, and leaves module specifiers alone', () => {
    const cited = ['spec', 'table §3'].join('-');
    expect(citations('a.ts', `// Known strings (${cited}).`)).toHaveLength(1);
    expect(citations('a.ts', `// see ${'DESIGN'} principle 4`)).toHaveLength(1);
    expect(citations('a.mjs', `const dir = join(here, '../../../${'shared'}/spec');`)).toHaveLength(1);
    expect(citations('a.ts', `// (defaults to ../${'shared'})`)).toHaveLength(1);
    expect(citations('a.ts', "import { MAX_NESTING } from '../../shared/depth.js';")).toEqual([]);
    expect(citations('a.ts', "const m = await import('../shared/time.js');")).toEqual([]);
  });
});
