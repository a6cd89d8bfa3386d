// Every relative link in README.md, CONTRIBUTING.md, samples/README.md and docs/**/*.md points to a file or folder that
// exists, and a
// `#anchor` to a heading of the page it names, slugged as GitHub slugs it (github-slugger): a section moved or renamed
// cannot leave a dead link behind.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function markdownUnder(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) markdownUnder(p, out);
    else if (e.name.endsWith('.md')) out.push(p);
  }
  return out;
}

const PAGES = [
  join(ROOT, 'README.md'),
  join(ROOT, 'CONTRIBUTING.md'),
  join(ROOT, 'samples', 'README.md'),
  join(ROOT, 'ARCHITECTURE.md'),
  ...markdownUnder(join(ROOT, 'docs')),
];

/** The page's lines outside fenced code blocks, with their 1-based line numbers. */
function prose(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((l, i) => {
    const m = /^\s*(```+|~~~+)/.exec(l);
    if (m) {
      if (fence === null) fence = m[1]!;
      else if (m[1]!.startsWith(fence)) fence = null;
      return;
    }
    if (fence === null) out.push({ line: i + 1, text: l });
  });
  return out;
}

/** The anchors GitHub gives the page's headings (a repeated heading gets `-1`, `-2` …). */
function anchors(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const out = new Set<string>();
  for (const { text: l } of prose(text)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(l);
    if (!m) continue;
    // What GitHub slugs is the rendered text: a link's text, without emphasis markers.
    const rendered = m[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*/g, '');
    out.add(slugger.slug(rendered));
  }
  return out;
}

interface Link {
  page: string;
  line: number;
  target: string;
}

/** Inline links and images `[text](target)` outside code (fenced blocks and code spans). */
function links(page: string, text: string): Link[] {
  const out: Link[] = [];
  for (const { line, text: l } of prose(text)) {
    const noCode = l.replace(/(`+)[^`]*?\1/g, '');
    for (const m of noCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      out.push({ page, line, target: m[1]! });
  }
  return out;
}

const texts = new Map(PAGES.map((p) => [p, readFileSync(p, 'utf8')]));
const anchorCache = new Map<string, Set<string>>();
function anchorsOf(path: string): Set<string> {
  let a = anchorCache.get(path);
  if (!a) anchorCache.set(path, (a = anchors(texts.get(path) ?? readFileSync(path, 'utf8'))));
  return a;
}

/** Why the link does not resolve, or null when it does. */
function broken(link: Link): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) return null; // https:, mailto: … : not a file of the repository
  const hash = link.target.indexOf('#');
  const path = hash < 0 ? link.target : link.target.slice(0, hash);
  const anchor = hash < 0 ? null : decodeURIComponent(link.target.slice(hash + 1));
  const file = path === '' ? link.page : join(dirname(link.page), decodeURIComponent(path));
  if (!existsSync(file)) return `${relative(ROOT, file)} does not exist`;
  if (anchor === null) return null;
  if (!file.endsWith('.md') || statSync(file).isDirectory()) return `#${anchor}: not a Markdown page`;
  return anchorsOf(file).has(anchor) ? null : `no heading #${anchor} in ${relative(ROOT, file)}`;
}

/**
 * The repository paths a page names as code (`src/cli/main.ts`, `test/code/`): a newcomer follows them to find where a
 * change goes. Patterns (`<name>`, `*`, `{a,b}`) and built files (`dist/…`) are not paths of the tree.
 */
function namedPaths(page: string, text: string): Link[] {
  const out: Link[] = [];
  text.split('\n').forEach((l, i) => {
    for (const m of l.matchAll(/`((?:src|test|bench|scripts|docs|samples)\/[^`\s]*)`/g)) {
      const path = m[1]!.replace(/:\d+(?:-\d+)?$/, '');
      const after = l.slice(m.index! + m[0].length);
      // A pattern, a built file, or the text of a link to another repository's file.
      if (/[<>*{}…]/.test(path) || l.slice(0, m.index).endsWith('dist/') || /^\]\(https?:/.test(after)) continue;
      out.push({ page, line: i + 1, target: path });
    }
  });
  return out;
}

describe('paths the pages name', () => {
  it('every src/, test/, bench/, scripts/, docs/ or samples/ path a page names in code exists', () => {
    const bad = PAGES.flatMap((p) => namedPaths(p, texts.get(p)!))
      .filter((l) => !existsSync(join(ROOT, l.target)))
      .map((l) => `${relative(ROOT, l.page)}:${l.line}: ${l.target}`);
    expect(bad).toEqual([]);
  });

  it('finds a path, and leaves patterns and built files alone', () => {
    const found = namedPaths(
      'x.md',
      'see `src/cli/main.ts`, `src/rules/<id>.ts`, `dist/src/index.d.ts` and `test/code/`',
    );
    expect(found.map((l) => l.target)).toEqual(['src/cli/main.ts', 'test/code/']);
  });
});

describe('relative links in the README and docs', () => {
  const all = PAGES.flatMap((p) => links(p, texts.get(p)!));

  it('finds the pages and their links', () => {
    expect(PAGES.length).toBeGreaterThan(40);
    expect(all.filter((l) => l.page === PAGES[0]).length).toBeGreaterThan(30);
    expect(all.filter((l) => l.page === PAGES[1]).length).toBeGreaterThan(5);
  });

  it('every relative link resolves to a file and, with #anchor, to a heading', () => {
    const bad = all.flatMap((l) => {
      const why = broken(l);
      return why === null ? [] : [`${relative(ROOT, l.page)}:${l.line}: (${l.target}) ${why}`];
    });
    expect(bad).toEqual([]);
  });

  it('slugs headings as GitHub does, repeated ones numbered', () => {
    const a = anchors(
      '# A\n### `mcptrace annotate [files..]` (the default command)\n## Following a growing file (`--follow`)\n## A\n```\n# not a heading\n```\n',
    );
    expect([...a]).toEqual([
      'a',
      'mcptrace-annotate-files-the-default-command',
      'following-a-growing-file---follow',
      'a-1',
    ]);
  });

  it('reports a missing file and a missing anchor', () => {
    const page = join(ROOT, 'README.md');
    expect(broken({ page, line: 1, target: 'docs/no-such-page.md' })).toBe('docs/no-such-page.md does not exist');
    expect(broken({ page, line: 1, target: '#no-such-heading' })).toBe('no heading #no-such-heading in README.md');
    expect(broken({ page, line: 1, target: 'docs/formats.md#detection' })).toBeNull();
  });
});
