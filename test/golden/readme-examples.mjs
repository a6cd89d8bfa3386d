// The examples of real output in the README and the docs (README.md, CONTRIBUTING.md, docs/**/*.md), shared by
// readme-examples.test.ts and scripts/update-golden.mjs, so that the test and the regeneration read the pages the same
// way and the examples cannot drift from what mcptrace prints.
//
// An example is an HTML comment naming the command (its arguments after `mcptrace`, split at spaces: no quoting) and
// the lines of its stdout shown, followed at once by a fenced block:
//
//   <!-- example: stats samples/everything.envelope.ndjson; lines 1-12, 20-21 -->
//   ```
//   $ mcptrace stats samples/everything.envelope.ndjson
//   <stdout lines 1 to 12>
//   …
//   <stdout lines 20 and 21>
//   …
//   ```
//
// The block is the command, then the chosen lines (1-based, inclusive ranges, in order; `$` is the last line), with a
// line `…` wherever lines are left out: before the first range, between two, after the last. The command runs from
// the repository root with stdout piped, without NO_COLOR / FORCE_COLOR (as the goldens: no colour) and with
// EXAMPLE_ENV. `npm run golden:update` rewrites every block; review it.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The README, relative to the repository root: its first example is what `npm start` runs. */
export const README = 'README.md';

/**
 * The pages that may hold examples, relative to the repository root: the README first, CONTRIBUTING.md, then every
 * Markdown page under docs/, sorted. Only those with at least one marker are returned.
 */
export function examplePages(root) {
  const under = (dir) =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? under(`${dir}/${e.name}`) : e.name.endsWith('.md') ? [`${dir}/${e.name}`] : [],
    );
  const pages = [README, 'CONTRIBUTING.md', ...under('docs').sort()];
  return pages.filter((p) => readFileSync(join(root, p), 'utf8').includes('\n<!-- example:'));
}

/**
 * Set for every example's command: a width of 100 columns, so that what fits the terminal is the same in the test,
 * in the regeneration and on any machine (a transcript fits `--width`, else the terminal, else `$COLUMNS`).
 */
export const EXAMPLE_ENV = { COLUMNS: '100' };

const MARKER = /^<!-- example: (.+?); lines ([\d\s,$-]+) -->$/;

/** `1-6, 20-21, 42, $` → [[1, 6], [20, 21], [42, 42], [∞, ∞]] (∞: the last line); throws on a bad or out-of-order range. */
export function parseRanges(spec) {
  const line = (s) => (s === '$' ? Infinity : Number(s));
  const ranges = spec.split(',').map((part) => {
    const m = /^\s*(\d+|\$)\s*(?:-\s*(\d+|\$)\s*)?$/.exec(part);
    if (!m) throw new Error(`readme example: bad line range "${part.trim()}"`);
    const from = line(m[1]);
    const to = m[2] === undefined ? from : line(m[2]);
    if (from < 1 || to < from) throw new Error(`readme example: bad line range "${part.trim()}"`);
    return [from, to];
  });
  ranges.forEach(([from], i) => {
    if (i > 0 && from <= ranges[i - 1][1]) throw new Error(`readme example: line ranges out of order: ${spec}`);
  });
  return ranges;
}

/**
 * Every example of a page's text (`page` names it in errors): `args` (after `mcptrace`), `ranges`, and where its block's lines are
 * (`first`, `end`: 0-based indexes of the lines between the fences, end exclusive).
 */
export function readmeExamples(text, page = README) {
  const lines = text.split('\n');
  const examples = [];
  lines.forEach((line, i) => {
    const m = MARKER.exec(line);
    if (!m) {
      if (line.startsWith('<!-- example:')) throw new Error(`${page}:${i + 1}: an example marker must read <!-- example: ARGS; lines A-B, C-D -->`);
      return;
    }
    if (lines[i + 1] !== '```') throw new Error(`${page}:${i + 2}: the example's fenced block (a line \`\`\`) must follow its marker`);
    const close = lines.indexOf('```', i + 2);
    if (close < 0) throw new Error(`${page}:${i + 2}: the example's fenced block is not closed`);
    examples.push({ line: i + 1, args: m[1].trim().split(/\s+/), ranges: parseRanges(m[2]), first: i + 2, end: close });
  });
  return examples;
}

/** The block an example shows for a command's stdout. Throws when a range goes past the output's last line. */
export function exampleBlock(example, stdout) {
  const out = stdout.endsWith('\n') ? stdout.slice(0, -1).split('\n') : stdout.split('\n');
  const last = (n) => (n === Infinity ? out.length : n);
  const block = [`$ mcptrace ${example.args.join(' ')}`];
  let shown = 0; // the last line shown so far
  for (const [from, to] of example.ranges.map(([a, b]) => [last(a), last(b)])) {
    if (to > out.length) throw new Error(`readme example mcptrace ${example.args.join(' ')}: line ${to} is past the output's ${out.length} lines`);
    if (from <= shown) throw new Error(`readme example mcptrace ${example.args.join(' ')}: line ${from} is shown twice`);
    if (from > shown + 1) block.push('…');
    block.push(...out.slice(from - 1, to));
    shown = to;
  }
  if (shown < out.length) block.push('…');
  return block;
}

/** The block as the page holds it now. */
export function currentBlock(text, example) {
  return text.split('\n').slice(example.first, example.end);
}

/** The page's text with every example's block replaced: `stdouts[i]` is the output of `examples[i]`. */
export function rewriteReadme(text, examples, stdouts) {
  const lines = text.split('\n');
  // From the last to the first, so that the indexes of the earlier examples stay right.
  for (let i = examples.length - 1; i >= 0; i--) {
    const e = examples[i];
    lines.splice(e.first, e.end - e.first, ...exampleBlock(e, stdouts[i]));
  }
  return lines.join('\n');
}
