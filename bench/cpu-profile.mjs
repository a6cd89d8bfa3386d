// Where a command's time goes: the functions with the most self time in `node --cpu-prof` profiles, named by their
// place in src/ (through the bundle's source map, then tsc's), with the share of the busy samples each takes.
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof dist/cli/mcptrace.js stats --format json FILE > /dev/null
//   node bench/cpu-profile.mjs [--top 10] [--lines 5] /tmp/prof/*.cpuprofile
//
// Several profiles (runs of one command) are added up. A builtin, Node's own code or a dependency is named with the
// first src/ function that called it (`write node:buffer ← append src/cli/writer.ts`); V8 charges a builtin such as
// JSON.parse to its caller. Shares count samples, not their time deltas: on a loaded machine a delta holds the time
// the process waited for a core, charged to wherever it resumed. `--lines N` shows, for the top N functions, the
// source lines their samples fell on; the shipped bundle is minified (a few long lines), so for that build an
// unminified one (rolldown.config.mjs with `minify: false`, its output dir elsewhere, package.json one level up).
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const maps = new Map();
const sources = new Map();

const linesOf = (file) => {
  if (!sources.has(file)) sources.set(file, existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []);
  return sources.get(file);
};

/** A generated position through every source map on the way (the bundle's, then tsc's): file and 0-based line. */
function original(file, line, column) {
  for (;;) {
    if (!maps.has(file))
      maps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
    const e = maps.get(file)?.findEntry(line, column);
    if (!e?.originalSource) return { file, line };
    const next = e.originalSource.startsWith('file://')
      ? fileURLToPath(e.originalSource)
      : resolve(dirname(file), e.originalSource);
    if (next === file) return { file, line: e.originalLine };
    [file, line, column] = [next, e.originalLine, e.originalColumn];
  }
}

/** `name src/path.ts:line` for a frame of our code; the name is read off the source line where the function starts. */
function label(cf) {
  if (!cf.url.startsWith('file://'))
    return `${cf.functionName || '(anonymous)'}${cf.url ? ` ${cf.url}:${cf.lineNumber + 1}` : ''}`;
  const o = original(fileURLToPath(cf.url), cf.lineNumber, cf.columnNumber);
  const text = (linesOf(o.file)[o.line] ?? '').trim();
  const m =
    /(?:function\*?\s+|(?:const|let)\s+)([\w$]+)|^(?:(?:export|async|static|private|public|get|set|readonly)\s+)*([\w$#]+)\s*[(<=]/.exec(
      text,
    );
  const name = m?.[1] ?? m?.[2] ?? (cf.functionName || `(${text.slice(0, 40)})`);
  return `${name} ${relative(ROOT, o.file).replace(/^.*node_modules\//, 'node_modules/')}:${o.line + 1}`;
}

const ours = (l) => / src\//.test(l);

function parseArgs(argv) {
  const o = { top: 10, lines: 0, files: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--top') o.top = Number(argv[++i]);
    else if (argv[i] === '--lines') o.lines = Number(argv[++i]);
    else o.files.push(argv[i]);
  }
  if (o.files.length === 0) throw new Error('usage: node bench/cpu-profile.mjs [--top N] [--lines N] FILE.cpuprofile…');
  return o;
}

const o = parseArgs(process.argv.slice(2));
const self = new Map(); // function → samples
const at = new Map(); // function → Map(generated 'url:line' → ticks)
let samples = 0;
let idle = 0;
for (const file of o.files) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const keys = new Map();
  for (const n of p.nodes) {
    let key = label(n.callFrame);
    if (!ours(key) && !key.startsWith('(')) {
      for (let up = parent.get(n.id); up; up = parent.get(up.id)) {
        const l = label(up.callFrame);
        if (ours(l)) {
          key = `${key} ← ${l}`;
          break;
        }
      }
    }
    keys.set(n.id, key);
    if (!n.positionTicks || !n.callFrame.url.startsWith('file://')) continue;
    if (!at.has(key)) at.set(key, new Map());
    const m = at.get(key);
    for (const t of n.positionTicks)
      m.set(`${n.callFrame.url}:${t.line}`, (m.get(`${n.callFrame.url}:${t.line}`) ?? 0) + t.ticks);
  }
  for (const id of p.samples) {
    const key = keys.get(id);
    if (key === '(idle)') idle++;
    else self.set(key, (self.get(key) ?? 0) + 1);
    samples++;
  }
}

const busy = samples - idle;
const pct = (n) => `${((100 * n) / busy).toFixed(1)}%`;
console.log(`${o.files.length} profile(s), ${samples} samples (${idle} idle); shares of the ${busy} busy samples:\n`);
console.log('| share | function |\n|---:|---|');
const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, o.top);
for (const [k, n] of rows) console.log(`| ${pct(n)} | \`${k}\` |`);
for (const [k] of rows.slice(0, o.lines)) {
  const m = at.get(k);
  if (!m) continue;
  const sum = [...m.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${k}:`);
  for (const [where, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, 3)) {
    const [, url, line] = /^(.*):(\d+)$/.exec(where);
    console.log(
      `  ${((100 * t) / sum).toFixed(0).padStart(3)}%  ${linesOf(fileURLToPath(url))[Number(line) - 1]?.trim().slice(0, 100)}`,
    );
  }
}
