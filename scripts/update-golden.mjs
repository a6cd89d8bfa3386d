#!/usr/bin/env node
// Regenerates the golden test's expected outputs (test/golden/expected/) and the examples of real output in the README
// and the docs (test/golden/readme-examples.mjs) from the built CLI.
//
//   npm run build && node scripts/update-golden.mjs      (or: npm run golden:update)
//
// Then review the diff by eye (`git diff test/golden/expected/`) before committing: every change must be
// one you meant. The expected files are the CLI's exact stdout for each sample in samples/ and each command
// in test/golden/cases.mjs (annotate text and ndjson, stats table and json), run from the repository root
// with relative paths, stdout piped, and NO_COLOR / FORCE_COLOR removed; nothing is masked (see cases.mjs for
// why nothing is volatile). What a command writes to stderr is expected too (`<file>.stderr`, only when there is
// something: a capture's summary line). Expected files that no longer belong to a case are deleted. Each
// example's block is rewritten from its command's stdout, run the same way. Exits 1 when a command fails (an exit code
// other than 0) or an example's lines are past its output; nothing is written then.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXPECTED_DIR, goldenCases, goldenEnv } from '../test/golden/cases.mjs';
import { EXAMPLE_ENV, examplePages, readmeExamples, rewriteReadme } from '../test/golden/readme-examples.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist', 'cli', 'mcptrace.js');
if (!existsSync(cli)) {
  console.error(`update-golden: ${cli} is missing; run \`npm run build\` first`);
  process.exit(1);
}

/**
 * `mcptrace ARGS` from the repository root, stdout piped, in the golden environment plus `env`; null (and `failed`)
 * when it exits with another code than 0.
 */
function run(args, env = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: root,
    env: { ...goldenEnv(), ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status === 0) return r;
  failed = true;
  console.error(`update-golden: mcptrace ${args.join(' ')} failed (exit ${r.status}): ${String(r.stderr).trim()}`);
  return null;
}

const outputs = new Map();
let failed = false;
for (const c of goldenCases(root)) {
  const r = run(c.args);
  if (r === null) continue;
  outputs.set(c.expected, r.stdout);
  if (r.stderr !== '') outputs.set(c.stderr, r.stderr);
}
// The pages with examples of real output: the README and the docs pages that hold a marker.
const pages = examplePages(root).map((page) => {
  const text = readFileSync(join(root, page), 'utf8');
  return { page, text, newText: text };
});
for (const p of pages) {
  try {
    const examples = readmeExamples(p.text, p.page);
    const stdouts = examples.map((e) => run(e.args, EXAMPLE_ENV)?.stdout ?? '');
    if (!failed) p.newText = rewriteReadme(p.text, examples, stdouts);
  } catch (e) {
    failed = true;
    console.error(`update-golden: ${e.message}`);
  }
}
if (failed) process.exit(1);

const dir = join(root, EXPECTED_DIR);
mkdirSync(dir, { recursive: true });
let changed = 0;
for (const [rel, text] of outputs) {
  const path = join(root, rel);
  const old = existsSync(path) ? readFileSync(path, 'utf8') : null;
  if (old === text) continue;
  writeFileSync(path, text);
  changed++;
  console.error(`${old === null ? 'created' : 'updated'} ${rel}`);
}
const wanted = new Set([...outputs.keys()].map((rel) => rel.slice(EXPECTED_DIR.length + 1)));
for (const f of readdirSync(dir)) {
  if (wanted.has(f)) continue;
  rmSync(join(dir, f));
  changed++;
  console.error(`deleted ${EXPECTED_DIR}/${f}`);
}
for (const p of pages) {
  if (p.newText === p.text) continue;
  writeFileSync(join(root, p.page), p.newText);
  changed++;
  console.error(`updated the examples in ${p.page}`);
}
const pageNames = pages.map((p) => p.page).join(' ');
console.error(
  `update-golden: ${outputs.size} expected files and the examples of ${pages.length} pages, ${changed} changed; review with: git diff ${EXPECTED_DIR} ${pageNames}`,
);
