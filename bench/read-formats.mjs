// Reading speed per input family, against the build of another commit: detection plus frames → records, on the same
// generated files in the same run.
//
//   node bench/read-formats.mjs [--base REF] [--this REF] [--size 4m] [--runs 5] [--families ndjson,envelope,…]
//
// The base REF defaults to the commit before the format registry (the first commit of src/input/formats/index.ts);
// `--this REF` measures the build of another commit in place of this checkout's dist/ (`--this <registry commit>`:
// the registry's own change, nothing after it). A REF is checked out with `git worktree add` into a temporary folder, built there (`npm run build`, this checkout's
// node_modules linked in), and its dist/ kept in $TMPDIR/mcptrace-bench/base-<commit> for the next run; the worktree
// is removed. Each family's file (a few MB, bench/generate.mjs; the JSON document is the NDJSON file's messages under
// `messages`; the pcap bench/pcap-generate.mjs's) is read by `mcptrace annotate -f ndjson FILE > /dev/null`, with no
// --input-format, by this build and by the base, interleaved (base, this, base, this …). Reported: the median CPU time
// (user + system, node start-up included) of each, and the ratio base / this (1.00 = as fast, 0.90 = 10 % slower now).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { option } from './args.mjs';
import { DEFAULT_DIR, ensureData } from './generate.mjs';
import { measure, median } from './measure.mjs';
import { ensurePcap } from './pcap-generate.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim();

const registry = git('log', '--format=%H', '--', 'src/input/formats/index.ts').split('\n').pop();
const base = git('rev-parse', option(args, 'base', `${registry}^`));
const against = option(args, 'this', null);
const size = option(args, 'size', '4m');
const runs = option(args, 'runs', 5);
const families = option(args, 'families', 'start-up,ndjson,envelope,transcript,claude-desktop,json,pcap').split(',');

/** The base's built dist/, made once per commit. */
function baseBuild(commit) {
  const dir = join(DEFAULT_DIR, `base-${commit.slice(0, 12)}`);
  const bin = join(dir, 'dist/cli/mcptrace.js');
  if (existsSync(bin)) return bin;
  const work = join(tmpdir(), `mcptrace-base-${process.pid}`);
  process.stderr.write(`building ${commit.slice(0, 12)} in ${work} …\n`);
  git('worktree', 'add', '--quiet', '--detach', work, commit);
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'), 'dir');
    execFileSync('npm', ['run', 'build'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    mkdirSync(dir, { recursive: true });
    cpSync(join(work, 'dist'), join(dir, 'dist'), { recursive: true });
    cpSync(join(work, 'package.json'), join(dir, 'package.json'));
  } finally {
    git('worktree', 'remove', '--force', work);
  }
  return bin;
}

/** The fixed cost of a run (node start-up, loading the bundle): one message. */
function startUp() {
  const file = join(DEFAULT_DIR, 'one-message.ndjson');
  writeFileSync(file, '{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
  return file;
}

/** A JSON document of the NDJSON file's messages: `{"messages":[…]}`, one message a line. */
function jsonDocument(ndjson) {
  const file = ndjson.replace(/\.ndjson$/, '.document.json');
  if (existsSync(file)) return file;
  const lines = readFileSync(ndjson, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  writeFileSync(file, `{"messages":[\n${lines.join(',\n')}\n]}\n`);
  return file;
}

function input(family) {
  if (family === 'start-up') return startUp();
  if (family === 'pcap') return ensurePcap(size);
  if (family === 'json') return jsonDocument(ensureData({ size, format: 'ndjson' }).file);
  return ensureData({ size, format: family }).file;
}

const builds = {
  base: baseBuild(base),
  this: against === null ? join(ROOT, 'dist/cli/mcptrace.js') : baseBuild(git('rev-parse', against)),
};
const rows = [];
for (const family of families) {
  const file = input(family);
  // What each build reads the file as: the same number of records, or the ratio compares different work.
  const count = (bin) =>
    spawnSync(process.execPath, [bin, 'annotate', '-f', 'ndjson', file], { maxBuffer: 1 << 30 })
      .stdout.toString()
      .split('\n').length - 1;
  const records = { base: count(builds.base), this: count(builds.this) };
  const cpu = { base: [], this: [] };
  for (let r = 0; r < runs; r++) {
    for (const which of ['base', 'this']) {
      const m = await measure(process.execPath, [builds[which], 'annotate', '-f', 'ndjson', file]);
      if (m.code !== 0) throw new Error(`${which} failed on ${file}: ${m.stderr}`);
      cpu[which].push(m.cpuS);
    }
  }
  const b = median(cpu.base);
  const t = median(cpu.this);
  rows.push({ family, file, b, t, records });
}

console.log(
  `Reading speed: \`annotate -f ndjson FILE > /dev/null\`, detection included, ${size} inputs, median CPU of ${runs} runs each`,
);
const subject = (ref) => `${ref.slice(0, 12)} (${git('log', '-1', '--format=%s', ref).slice(0, 60)}…)`;
console.log(
  `base ${subject(base)} against ${against === null ? "this checkout's build" : subject(git('rev-parse', against))}\n`,
);
console.log('| family | file | records (base / this) | base CPU s | this CPU s | base / this |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  const name = r.file.split('/').pop();
  const rec = r.records.base === r.records.this ? String(r.records.this) : `${r.records.base} / ${r.records.this}`;
  console.log(`| ${r.family} | ${name} | ${rec} | ${r.b.toFixed(2)} | ${r.t.toFixed(2)} | ${(r.b / r.t).toFixed(2)} |`);
}
