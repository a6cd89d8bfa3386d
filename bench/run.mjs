// `npm run bench`: throughput and memory of mcptrace against two references on the same files, plus --jobs scaling
// and wrap and proxy overhead. Prints Markdown tables (docs/performance.md's Results are one of these outputs).
//
//   npm run bench                                   # 10 MB and 100 MB inputs, jobs scaling, wrap and proxy overhead
//   npm run bench -- --size 1g                      # the 1 GB inputs (≈ 3 GB of data in $TMPDIR/mcptrace-bench)
//   npm run bench -- --size 100m --runs 5 --only throughput --formats ndjson --commands stats
//
// Every measurement is a whole process (node startup included), stdout to /dev/null, several runs interleaved
// (floor, jq, stats, annotate, audit, then again), medians reported. The references, run on the same file in the same
// run: the floor (bench/floor.mjs: split lines, JSON.parse each, nothing else) and `jq -c .` (installed here when
// missing; on a transcript, which is not JSON, `jq -cR 'sub("^[^{]*"; "") | fromjson?'`: the floor's work in jq).
// Ratios are throughput ratios: ×floor = floor time / command time (1.0 = as fast as the floor), ×jq =
// jq time / command time (3.0 = three times faster than jq).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DIR, ensureData, parseSize } from './generate.mjs';
import { measure, median } from './measure.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'dist/cli/mcptrace.js');
const FLOOR = join(ROOT, 'bench/floor.mjs');

/** Targets from the issue, as throughput ratios to the floor. Transcript input: 0.5 for every command but audit (0.4). */
export function floorTarget(command, format) {
  if (command === 'audit') return 0.4;
  if (format === 'transcript') return 0.5;
  if (format === 'claude-desktop') return command === 'stats' ? 0.6 : 0.4;
  return command === 'stats' ? 0.8 : 0.6;
}
const JQ_TARGET = 3;
const JQ_TRANSCRIPT = 'sub("^[^{]*"; "") | fromjson?';
const RSS_LIMIT_MIB = 200;

const COMMANDS = {
  stats: ['stats', '--format', 'json'],
  annotate: ['annotate', '--format', 'ndjson'],
  audit: ['audit', '--format', 'json'],
};
/** The commands are measured in one thread (from 256 MiB they would take the cores unless told: the `-jobs2` references). */
const ONE_THREAD = ['--jobs', '1'];

/**
 * Reference commands, run only when named with `--commands`, with no target of their own: `annotate-bare` is
 * `annotate --format ndjson` with every rule off (a config file in the data folder), what annotating and writing the
 * records cost before any check — the bound the checks start from; `stats-jobs2`, `annotate-jobs2` and `audit-jobs2` are
 * those commands with `--jobs 2` (a raw, envelope or transcript file is cut into pieces, docs/performance.md "Many files,
 * or one large file"); `export-otlp` and `export-otlp-jobs2` the OTLP JSON lines to stdout, in one thread and with a
 * second thread that encodes them.
 */
const REFERENCES = {
  'annotate-bare': {
    args: (dir) => ['annotate', '--format', 'ndjson', '--config', rulesOffConfig(dir)],
    label: '`annotate --format ndjson` (every rule off)',
  },
  'stats-jobs2': { args: () => [...COMMANDS.stats, '--jobs', '2'], label: '`stats --format json --jobs 2`' },
  'audit-jobs2': { args: () => [...COMMANDS.audit, '--jobs', '2'], label: '`audit --format json --jobs 2`' },
  'annotate-jobs2': {
    args: () => [...COMMANDS.annotate, '--jobs', '2'],
    label: '`annotate --format ndjson --jobs 2`',
  },
  'export-otlp': { args: () => ['export', '--to', 'otlp', ...ONE_THREAD], label: '`export --to otlp --jobs 1`' },
  'export-otlp-jobs2': { args: () => ['export', '--to', 'otlp', '--jobs', '2'], label: '`export --to otlp --jobs 2`' },
};

function rulesOffConfig(dir) {
  const file = join(dir, 'all-rules-off.json');
  const ids = JSON.parse(
    spawnSync(process.execPath, [BIN, 'rules', '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 26 }).stdout,
  ).map((r) => r.id);
  writeFileSync(file, JSON.stringify({ rules: Object.fromEntries(ids.map((id) => [id, 'off'])) }));
  return file;
}

function commandArgs(name, dir) {
  if (name in COMMANDS) return [...COMMANDS[name], ...ONE_THREAD];
  if (name in REFERENCES) return REFERENCES[name].args(dir);
  throw new Error(
    `unknown command ${name} (one of ${[...Object.keys(COMMANDS), ...Object.keys(REFERENCES)].join(', ')})`,
  );
}

function parseArgs(argv) {
  const o = {
    sizes: ['10m', '100m'],
    formats: ['ndjson', 'envelope', 'transcript'],
    commands: Object.keys(COMMANDS),
    runs: null,
    dir: DEFAULT_DIR,
    only: null,
    jq: true,
    json: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === '--size' || a === '--sizes') o.sizes = next().split(',');
    else if (a === '--formats' || a === '--format') o.formats = next().split(',');
    else if (a === '--commands' || a === '--command') o.commands = next().split(',');
    else if (a === '--runs') o.runs = Number(next());
    else if (a === '--dir') o.dir = next();
    else if (a === '--only') o.only = next().split(',');
    else if (a === '--no-jq') o.jq = false;
    else if (a === '--json') o.json = next();
    else throw new Error(`unknown option ${a}`);
  }
  return o;
}

function ensureJq() {
  if (spawnSync('jq', ['--version']).status === 0) return true;
  process.stderr.write('jq not found: installing it (apt-get install -y jq) …\n');
  const r = spawnSync(
    'sh',
    [
      '-c',
      'apt-get install -y -qq jq >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq jq) >/dev/null 2>&1',
    ],
    { stdio: 'inherit' },
  );
  if (r.status === 0 && spawnSync('jq', ['--version']).status === 0) return true;
  process.stderr.write('warning: could not install jq; the ×jq column is left empty\n');
  return false;
}

const fmt = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '–');
const mib = (kib) => kib / 1024;

async function throughput(o, jqOk, log) {
  const rows = [];
  for (const size of o.sizes) {
    const runs = o.runs ?? (parseSize(size) >= 1e9 ? 3 : parseSize(size) >= 1e8 ? 3 : 5);
    for (const format of o.formats) {
      const data = ensureData({ dir: o.dir, size, format, log });
      const floorMode = format === 'transcript' ? ['--transcript'] : format === 'claude-desktop' ? ['--host'] : [];
      const cases = [{ name: 'floor', cmd: process.execPath, args: [FLOOR, data.file, ...floorMode] }];
      // jq cannot read a transcript as JSON: the reference does the floor's work in jq, each line read as a string, cut
      // before its first `{` (time and marker) and parsed; lines that are not JSON then (pretty-printed parts) are skipped.
      if (o.jq && jqOk && format !== 'claude-desktop')
        cases.push({
          name: 'jq',
          cmd: 'jq',
          args: format === 'transcript' ? ['-cR', JQ_TRANSCRIPT, data.file] : ['-c', '.', data.file],
        });
      for (const c of o.commands)
        cases.push({ name: c, cmd: process.execPath, args: [BIN, ...commandArgs(c, o.dir), data.file] });
      // Warm the page cache, then interleave the runs so that drift hits every case alike.
      await measure('cat', [data.file]);
      const samples = new Map(cases.map((c) => [c.name, []]));
      for (let r = 0; r < runs; r++) {
        for (const c of cases) {
          const m = await measure(c.cmd, c.args);
          if (m.code !== 0 && !(c.name.startsWith('audit') && m.code === 1)) {
            throw new Error(`${c.name} on ${data.file} exited ${m.code}: ${m.stderr.slice(0, 500)}`);
          }
          samples.get(c.name).push(m);
          log(
            `  ${size} ${format} ${c.name} run ${r + 1}/${runs}: ${(m.ms / 1000).toFixed(3)} s, ${mib(m.rssKiB).toFixed(0)} MiB`,
          );
        }
      }
      const med = (name) => {
        const s = samples.get(name);
        return s
          ? {
              ms: median(s.map((m) => m.ms)),
              cpuS: median(s.map((m) => m.cpuS)),
              rssKiB: median(s.map((m) => m.rssKiB)),
              all: s.map((m) => Math.round(m.ms)),
            }
          : null;
      };
      const floor = med('floor');
      const jq = med('jq');
      for (const c of cases) {
        const m = med(c.name);
        const isCommand = c.name in COMMANDS;
        rows.push({
          size,
          format,
          bytes: data.bytes,
          messages: data.messages,
          command: c.name,
          runs,
          ms: m.ms,
          cpuS: m.cpuS,
          runsMs: m.all,
          mbPerS: data.bytes / 1e6 / (m.ms / 1000),
          msgPerS: data.messages / (m.ms / 1000),
          rssMiB: mib(m.rssKiB),
          vsFloor: floor.ms / m.ms,
          vsJq: jq ? jq.ms / m.ms : NaN,
          floorTarget: isCommand ? floorTarget(c.name, format) : null,
        });
      }
    }
  }
  return rows;
}

function throughputTable(rows) {
  const out = [
    '| input | command | time (s) | CPU (s) | MB/s | msgs/s | peak RSS (MiB) | × floor | × jq | target ×floor / ×jq |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const isCommand = r.floorTarget !== null;
    const check = isCommand
      ? `${r.vsFloor >= r.floorTarget ? '✓' : '✗'} ≥ ${r.floorTarget} / ${Number.isFinite(r.vsJq) ? (r.vsJq >= JQ_TARGET ? '✓' : '✗') : '–'} ≥ ${JQ_TARGET}`
      : '';
    const name = isCommand
      ? `\`${[...COMMANDS[r.command], ...ONE_THREAD].join(' ')}\``
      : r.command in REFERENCES
        ? REFERENCES[r.command].label
        : r.command === 'floor'
          ? 'floor (split + JSON.parse)'
          : r.format === 'transcript'
            ? `\`jq -cR '${JQ_TRANSCRIPT}'\``
            : '`jq -c .`';
    out.push(
      `| ${r.size} ${r.format} | ${name} | ${fmt(r.ms / 1000, 3)} | ${fmt(r.cpuS, 2)} | ${fmt(r.mbPerS, 1)} | ${Math.round(r.msgPerS).toLocaleString('en-US')} | ${fmt(r.rssMiB, 0)} | ${fmt(r.vsFloor)} | ${fmt(r.vsJq)} | ${check} |`,
    );
  }
  return out.join('\n');
}

/** The memory targets: under 200 MiB on 1 GB, and within 20% of the 100 MB run. */
function memoryTable(rows) {
  const big = rows.filter((r) => r.floorTarget !== null && parseSize(r.size) >= 1e9);
  if (big.length === 0) return '';
  const out = [
    '| input | command | peak RSS 1 GB (MiB) | peak RSS 100 MB (MiB) | growth | target |',
    '|---|---|---:|---:|---:|---|',
  ];
  for (const r of big) {
    const mid = rows.find((x) => x.command === r.command && x.format === r.format && parseSize(x.size) === 1e8);
    const growth = mid ? r.rssMiB / mid.rssMiB - 1 : NaN;
    const ok = r.rssMiB < RSS_LIMIT_MIB && (!mid || growth <= 0.2);
    out.push(
      `| ${r.format} | ${r.command} | ${fmt(r.rssMiB, 0)} | ${mid ? fmt(mid.rssMiB, 0) : '–'} | ${Number.isFinite(growth) ? `${(growth * 100).toFixed(0)}%` : '–'} | ${ok ? '✓' : '✗'} < ${RSS_LIMIT_MIB} MiB, ≤ +20% |`,
    );
  }
  return out.join('\n');
}

function machine() {
  const jq = spawnSync('jq', ['--version'], { encoding: 'utf8' }).stdout?.trim() || 'none';
  return `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${jq}`;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (!existsSync(BIN)) throw new Error('dist/cli/mcptrace.js is missing: run `npm run build` first');
  const log = (m) => process.stderr.write(m + '\n');
  const wanted = (part) => o.only === null || o.only.includes(part);
  const sections = [
    `Machine: ${machine()}. Command: \`npm run bench -- ${process.argv.slice(2).join(' ')}\`.`.replace(' -- .', '.'),
  ];
  const results = { machine: machine(), date: new Date().toISOString(), args: process.argv.slice(2) };
  if (wanted('throughput')) {
    const jqOk = o.jq ? ensureJq() : false;
    const rows = await throughput(o, jqOk, log);
    results.throughput = rows;
    sections.push('### Throughput (medians)\n\n' + throughputTable(rows));
    const mem = memoryTable(rows);
    if (mem) sections.push('### Memory bound\n\n' + mem);
  }
  if (wanted('jobs')) {
    const { jobsBench, jobsTable } = await import('./jobs.mjs');
    const r = await jobsBench({ dir: o.dir, log });
    results.jobs = r;
    sections.push('### Many files: `--jobs`\n\n' + jobsTable(r));
  }
  if (wanted('wrap')) {
    const { wrapBench, wrapTable } = await import('./wrap.mjs');
    const r = await wrapBench({ log });
    results.wrap = r;
    sections.push('### `wrap` overhead\n\n' + wrapTable(r));
  }
  if (wanted('proxy')) {
    const { proxyBench, proxyTable } = await import('./proxy.mjs');
    const r = await proxyBench({ log });
    results.proxy = r;
    sections.push('### `proxy` overhead\n\n' + proxyTable(r));
  }
  const md = sections.join('\n\n') + '\n';
  process.stdout.write(md);
  const jsonOut = o.json ?? join(o.dir, `results-${results.date.replace(/[:.]/g, '-')}.json`);
  mkdirSync(dirname(jsonOut), { recursive: true });
  writeFileSync(jsonOut, JSON.stringify(results, null, 2) + '\n');
  log(`results: ${jsonOut}`);
}

main().catch((err) => {
  process.stderr.write(`bench: ${err.stack ?? err}\n`);
  process.exit(1);
});
