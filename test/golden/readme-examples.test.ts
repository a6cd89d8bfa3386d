// The examples of real output in the README and the docs (test/golden/readme-examples.mjs) are what mcptrace prints
// today: each example's command runs in-process and the page's block must be exactly the lines it names. After a
// change of output, `npm run golden:update` rewrites the blocks (review them like the goldens).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import {
  currentBlock,
  EXAMPLE_ENV,
  examplePages,
  exampleBlock,
  parseRanges,
  README,
  readmeExamples,
  rewriteReadme,
} from './readme-examples.mjs';

const pages = examplePages(REPO_ROOT).map((page) => ({ page, text: readFileSync(join(REPO_ROOT, page), 'utf8') }));
const all = pages.flatMap(({ page, text }) => readmeExamples(text, page).map((e) => ({ page, text, e })));
const examples = readmeExamples(pages.find((p) => p.page === README)!.text);
const REGENERATE = 'the example no longer matches the output: run `npm run golden:update` and review the diff of its page';

describe('the examples of real output in the README and the docs', () => {
  it('has the top example, and it is what `npm start` runs', () => {
    const start = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts.start as string;
    const startArgs = start.replace(/^node dist\/cli\/mcptrace\.js\s+/, '').split(/\s+/);
    // A fixed --width may be added for the README (npm start fits the terminal it runs in).
    const args = examples[0]!.args.join(' ').replace(/\s*--width \d+/, '').split(' ');
    expect(args).toEqual(startArgs);
    expect(examples.length).toBeGreaterThanOrEqual(2);
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(pages.map((p) => p.page)).toContain('docs/commands/why.md');
  });

  it.each(all.map(({ page, text, e }) => [`${page}:${e.line}`, e.args.join(' '), text, e] as const))('%s: mcptrace %s', async (_where, _args, text, e) => {
    const r = await runMain(e.args, { env: EXAMPLE_ENV });
    expect(r.code).toBe(0);
    expect(currentBlock(text, e).join('\n'), REGENERATE).toBe(exampleBlock(e, r.stdout).join('\n'));
  });

  it('marks the lines left out, and only those', () => {
    const e = { line: 1, args: ['stats', 'x'], ranges: parseRanges('1-2, 4'), first: 2, end: 2 };
    expect(exampleBlock(e, 'a\nb\nc\nd\n')).toEqual(['$ mcptrace stats x', 'a', 'b', '…', 'd']);
    expect(exampleBlock(e, 'a\nb\nc\nd\ne\n')).toEqual(['$ mcptrace stats x', 'a', 'b', '…', 'd', '…']);
    expect(() => exampleBlock(e, 'a\nb\n')).toThrow(/line 4 is past the output's 2 lines/);
    const tail = { ...e, ranges: parseRanges('2, $') };
    expect(exampleBlock(tail, 'a\nb\nc\nd\n')).toEqual(['$ mcptrace stats x', '…', 'b', '…', 'd']);
    expect(() => exampleBlock(tail, 'a\nb\n')).toThrow(/line 2 is shown twice/);
  });

  it('rewrites every block from its output and leaves the rest of the README as it was', () => {
    const md = 'intro\n<!-- example: stats a; lines 2 -->\n```\nold\n```\nmiddle\n<!-- example: audit b; lines 1-2 -->\n```\n```\nend';
    const found = readmeExamples(md);
    expect(found.map((e) => e.args)).toEqual([['stats', 'a'], ['audit', 'b']]);
    expect(rewriteReadme(md, found, ['x\ny\n', 'p\nq'])).toBe(
      'intro\n<!-- example: stats a; lines 2 -->\n```\n$ mcptrace stats a\n…\ny\n```\nmiddle\n<!-- example: audit b; lines 1-2 -->\n```\n$ mcptrace audit b\np\nq\n```\nend',
    );
  });

  it('refuses a marker it cannot read', () => {
    expect(() => readmeExamples('<!-- example: stats a -->\n```\n```')).toThrow(/must read/);
    expect(() => readmeExamples('<!-- example: stats a; lines 1 -->\ntext')).toThrow(/must follow its marker/);
    expect(() => parseRanges('3-1')).toThrow(/bad line range/);
    expect(() => parseRanges('4, 2')).toThrow(/out of order/);
    expect(() => parseRanges('$, 2')).toThrow(/out of order/);
  });
});
