// `export --to parquet` against `annotate --format ndjson` on the same generated log, in the same run: throughput
// ratio, peak RSS (and whether it grows with the input), and the dataset's size against the gzipped NDJSON.
//
//   node bench/parquet.mjs                              # 10 MB and 100 MB envelope logs, 3 runs each
//   node bench/parquet.mjs --size 1g --runs 1           # the 1 GB log
//   node bench/parquet.mjs --size 100m --format ndjson  # raw NDJSON (no times: every record in date=unknown)
//
// Every measurement is a whole process (bench/measure.mjs: wall time, CPU, peak RSS), stdout to /dev/null, runs
// interleaved (annotate, export, then again), medians reported. ×annotate = annotate time / export time (1.0 = as fast;
// the target is ≥ 0.5). Sizes: the dataset (every file), the input gzipped (-6), and `annotate -f ndjson` gzipped (-6).
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { DEFAULT_DIR, ensureData } from './generate.mjs';
import { measure, median } from './measure.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'dist/cli/mcptrace.js');

function parseArgs(argv) {
  const o = { sizes: ['10m', '100m'], format: 'envelope', runs: 3, dir: DEFAULT_DIR };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === '--size' || a === '--sizes') o.sizes = next().split(',');
    else if (a === '--format') o.format = next();
    else if (a === '--runs') o.runs = Number(next());
    else if (a === '--dir') o.dir = next();
    else throw new Error(`unknown option ${a}`);
  }
  return o;
}

/** Bytes of gzip -6 of a stream. */
function gzippedSize(readable) {
  return new Promise((resolve, reject) => {
    let n = 0;
    const gz = createGzip({ level: 6 });
    gz.on('data', (b) => (n += b.length))
      .on('end', () => resolve(n))
      .on('error', reject);
    readable.on('error', reject).pipe(gz);
  });
}

function folderBytes(dir) {
  let n = 0;
  let files = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) {
      n += statSync(join(e.parentPath ?? e.path, e.name)).size;
      files++;
    }
  }
  return { bytes: n, files };
}

const mb = (b) => (b / 1e6).toFixed(1);
const mib = (kib) => (kib / 1024).toFixed(0);

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const rows = [];
  for (const size of o.sizes) {
    const data = ensureData({ dir: o.dir, size, format: o.format, log: (s) => process.stderr.write(`${s}\n`) });
    const work = mkdtempSync(join(tmpdir(), 'mcptrace-bench-parquet-'));
    try {
      await measure('cat', [data.file]);
      const samples = { annotate: [], parquet: [] };
      let dataset = null;
      for (let r = 0; r < o.runs; r++) {
        const a = await measure(process.execPath, [BIN, 'annotate', '--format', 'ndjson', data.file]);
        if (a.code !== 0) throw new Error(`annotate exited ${a.code}: ${a.stderr.slice(0, 300)}`);
        samples.annotate.push(a);
        const out = join(work, 'ds');
        rmSync(out, { recursive: true, force: true });
        const p = await measure(process.execPath, [BIN, 'export', '--to', 'parquet', '--out', out, data.file]);
        if (p.code !== 0) throw new Error(`export exited ${p.code}: ${p.stderr.slice(0, 300)}`);
        samples.parquet.push(p);
        dataset = folderBytes(out);
        process.stderr.write(
          `  ${size} run ${r + 1}/${o.runs}: annotate ${(a.ms / 1000).toFixed(2)} s ${mib(a.rssKiB)} MiB; parquet ${(p.ms / 1000).toFixed(2)} s ${mib(p.rssKiB)} MiB\n`,
        );
      }
      const med = (s) => ({
        ms: median(s.map((m) => m.ms)),
        cpuS: median(s.map((m) => m.cpuS)),
        rssKiB: median(s.map((m) => m.rssKiB)),
      });
      const a = med(samples.annotate);
      const p = med(samples.parquet);
      const inputGz = await gzippedSize(createReadStream(data.file));
      const child = spawn(process.execPath, [BIN, 'annotate', '--format', 'ndjson', data.file], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const annotatedGz = await gzippedSize(child.stdout);
      rows.push({ size, bytes: data.bytes, a, p, dataset, inputGz, annotatedGz });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const lines = [
    `Parquet export (${o.format} input, ${o.runs} run(s) each, medians; node ${process.version})`,
    '',
    '| input | annotate -f ndjson | export --to parquet | ×annotate (time) | ×annotate (CPU) | peak RSS annotate / parquet | dataset (files) | input .gz | annotated NDJSON .gz | dataset / input.gz | dataset / annotated.gz |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.size} (${mb(r.bytes)} MB) | ${(r.a.ms / 1000).toFixed(2)} s | ${(r.p.ms / 1000).toFixed(2)} s | ${(r.a.ms / r.p.ms).toFixed(2)} | ${(r.a.cpuS / r.p.cpuS).toFixed(2)} | ` +
        `${mib(r.a.rssKiB)} / ${mib(r.p.rssKiB)} MiB | ${mb(r.dataset.bytes)} MB (${r.dataset.files}) | ${mb(r.inputGz)} MB | ${mb(r.annotatedGz)} MB | ` +
        `${(r.dataset.bytes / r.inputGz).toFixed(2)} | ${(r.dataset.bytes / r.annotatedGz).toFixed(2)} |`,
    );
  }
  // Between two sizes, the CPU each added megabyte costs: start-up (module loading, the first compilations) is paid once
  // per process and weighs more in a short run, so the ratio of whole runs falls with the size even when the cost per
  // record does not grow. The marginal ratio is what a long run tends to.
  for (let i = 1; i < rows.length; i++) {
    const [x, y] = [rows[i - 1], rows[i]];
    const perMb = (cpu0, cpu1) => ((cpu1 - cpu0) / ((y.bytes - x.bytes) / 1e6)) * 1000;
    const a = perMb(x.a.cpuS, y.a.cpuS);
    const p = perMb(x.p.cpuS, y.p.cpuS);
    lines.push(
      '',
      `${x.size} → ${y.size}: CPU per added MB: annotate ${a.toFixed(1)} ms, parquet ${p.toFixed(1)} ms; marginal ×annotate (CPU) ${(a / p).toFixed(2)}`,
    );
  }
  process.stdout.write(lines.join('\n') + '\n');
}

await main();
