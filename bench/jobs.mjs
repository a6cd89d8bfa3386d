// `--jobs` scaling: the same set of input files with 1 and 2 worker threads, whole processes, medians.
//
//   node bench/jobs.mjs [--files 4] [--size 100m] [--format ndjson|envelope|transcript] [--runs 3]
//
// The files are links to one generated log (raw NDJSON, 100 MB by default) under different names (each file is its own
// stream, so their content may repeat). With fewer files than workers a file is cut into pieces (`--files 1`: one
// file in two pieces, docs/performance.md "Many files, or one large file").
import { existsSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DIR, ensureData } from './generate.mjs';
import { measure, median } from './measure.mjs';
import { option } from './args.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'dist/cli/mcptrace.js');

export async function jobsBench({
  dir = DEFAULT_DIR,
  files = 4,
  size = '100m',
  format = 'ndjson',
  runs = 3,
  log = () => {},
} = {}) {
  const data = ensureData({ dir, size, format, log });
  const names = [];
  for (let i = 1; i <= files; i++) {
    const name = join(dir, `jobs-${size}-${format}-${i}.${format === 'transcript' ? 'txt' : 'ndjson'}`);
    if (!existsSync(name)) symlinkSync(data.file, name);
    names.push(name);
  }
  const rows = [];
  for (const command of [
    ['stats', '--format', 'json'],
    ['audit', '--format', 'json'],
  ]) {
    const samples = { 1: [], 2: [] };
    for (let r = 0; r < runs; r++) {
      for (const jobs of [1, 2]) {
        const m = await measure(process.execPath, [BIN, ...command, '--jobs', String(jobs), ...names]);
        if (m.code !== 0 && !(command[0] === 'audit' && m.code === 1))
          throw new Error(`${command[0]} --jobs ${jobs} exited ${m.code}: ${m.stderr.slice(0, 300)}`);
        samples[jobs].push(m);
        log(`  jobs ${command[0]} --jobs ${jobs} run ${r + 1}/${runs}: ${(m.ms / 1000).toFixed(3)} s`);
      }
    }
    const one = median(samples[1].map((m) => m.ms));
    const two = median(samples[2].map((m) => m.ms));
    rows.push({
      command: command.join(' '),
      files,
      format,
      bytes: data.bytes * files,
      ms1: one,
      ms2: two,
      rss1: median(samples[1].map((m) => m.rssKiB)) / 1024,
      rss2: median(samples[2].map((m) => m.rssKiB)) / 1024,
      speedup: one / two,
    });
  }
  return rows;
}

const FORMAT_LABELS = { ndjson: 'raw NDJSON', envelope: 'envelope NDJSON', transcript: 'text transcript' };

export function jobsTable(rows) {
  const out = [
    `${rows[0]?.files ?? 0} file${rows[0]?.files === 1 ? '' : 's'} of ${((rows[0]?.bytes ?? 0) / (rows[0]?.files || 1) / 1e6).toFixed(0)} MB ${FORMAT_LABELS[rows[0]?.format] ?? 'raw NDJSON'}, whole processes, medians.`,
    '',
    '| command | --jobs 1 (s) | --jobs 2 (s) | speedup | peak RSS 1 / 2 (MiB) |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    out.push(
      `| \`${r.command}\` | ${(r.ms1 / 1000).toFixed(2)} | ${(r.ms2 / 1000).toFixed(2)} | ${r.speedup.toFixed(2)}× | ${r.rss1.toFixed(0)} / ${r.rss2.toFixed(0)} |`,
    );
  }
  return out.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (name, d) => option(args, name, d);
  const rows = await jobsBench({
    files: opt('files', 4),
    size: opt('size', '100m'),
    format: opt('format', 'ndjson'),
    runs: opt('runs', 3),
    log: (m) => process.stderr.write(m + '\n'),
  });
  process.stdout.write(jobsTable(rows) + '\n');
}
