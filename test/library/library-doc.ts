// Reads docs/library.md (its examples, and its lists of public names) and src/index.ts (the names it exports), as text.

export interface LibraryExample {
  /** 1-based line of the block's opening fence. */
  line: number;
  code: string;
  /** The lines of the `text` block right after it (blank ones left out): lines the example prints. */
  prints: string[];
}

/** Every ```ts block of the page, each with the ```text block that follows it, when one does (blank lines between). */
export function libraryExamples(md: string): LibraryExample[] {
  const lines = md.split('\n');
  const out: LibraryExample[] = [];
  /** The block opened at `i` (its fence's info string `lang`): its lines, and the line after its closing fence. */
  const block = (i: number, lang: string): { body: string[]; next: number } | null => {
    if (lines[i]?.trim() !== '```' + lang) return null;
    const end = lines.indexOf('```', i + 1);
    if (end < 0) throw new Error(`line ${i + 1}: a block with no closing fence`);
    return { body: lines.slice(i + 1, end), next: end + 1 };
  };
  for (let i = 0; i < lines.length; i++) {
    const ts = block(i, 'ts');
    if (!ts) continue;
    let j = ts.next;
    while (lines[j]?.trim() === '') j++;
    const text = block(j, 'text');
    out.push({
      line: i + 1,
      code: ts.body.join('\n') + '\n',
      prints: text ? text.body.map((l) => l.trimEnd()).filter((l) => l !== '') : [],
    });
    i = (text ?? ts).next - 1;
  }
  return out;
}

/** The names of the table under the heading `### TITLE`: the first cell of each row, one name in backticks. */
export function documentedNames(md: string, title: string): string[] {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => l.trim() === `### ${title}`);
  if (start < 0) throw new Error(`no section "### ${title}"`);
  const names: string[] = [];
  for (const l of lines.slice(start + 1)) {
    if (/^#{1,3} /.test(l)) break;
    const m = /^\|\s*`([^`]+)`\s*\|/.exec(l);
    if (m) names.push(m[1]!);
  }
  return names;
}

/**
 * The names a module re-exports (`export { … } from`, `export type { … } from`, `export type * from`), as values and
 * types; `typesOf(spec)` gives the type names of a module re-exported whole.
 */
export function sourceExports(
  text: string,
  typesOf: (spec: string) => string[],
): { values: string[]; types: string[] } {
  const values: string[] = [];
  const types: string[] = [];
  for (const m of text.matchAll(/^export\s+(type\s+)?(?:\{([^}]*)\}|\*)\s*from\s*'([^']+)';/gm)) {
    const allTypes = m[1] !== undefined;
    if (m[2] === undefined) {
      if (!allTypes) throw new Error(`export * from '${m[3]}': list the names`);
      types.push(...typesOf(m[3]!));
      continue;
    }
    for (const part of m[2].split(',')) {
      const item = part.trim();
      if (item === '') continue;
      const isType = allTypes || item.startsWith('type ');
      const name = item
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!;
      (isType ? types : values).push(name);
    }
  }
  return { values, types };
}
