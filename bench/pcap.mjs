// `node bench/pcap.mjs`: reading a generated capture of Streamable HTTP, against `tshark -T ek` on the same file: time and memory.
//
//   node bench/pcap.mjs                          # 100 MB capture, 3 runs each, medians (needs `npm run build`)
//   node bench/pcap.mjs --size 1g --no-tshark    # memory on 1 GB (≈ 1 GB in $TMPDIR/mcptrace-bench)
//
// Each measurement is a whole process (node startup included), stdout to /dev/null, runs interleaved. Two of mcptrace:
// `mcptrace stats FILE`, the whole pipeline (packets, TCP reassembly, HTTP and SSE, JSON-RPC, sessions, pairing, rules,
// statistics), and bench/pcap-read.mjs, the packet stage alone (the capture read into TCP streams, where HTTP reading
// starts). The target: reading a capture, HTTP included, at least 5 × faster than `tshark -T ek` (which
// dissects every layer, HTTP included, and writes JSON per packet).
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DIR } from './generate.mjs';
import { measure, median } from './measure.mjs';
import { ensurePcap } from './pcap-generate.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? def : process.argv[i + 1];
};
const size = arg('size', '100m');
const runs = Number(arg('runs', '3'));
const withTshark = !process.argv.includes('--no-tshark');
const TARGET = 5;

const file = ensurePcap(size, arg('dir', DEFAULT_DIR));
const mb = statSync(file).size / 1e6;
const read = [process.execPath, [join(ROOT, 'bench/pcap-read.mjs'), file]];
const stats = [process.execPath, [join(ROOT, 'dist/cli/mcptrace.js'), 'stats', file]];
const tshark = ['tshark', ['-r', file, '-T', 'ek']];

const check = spawnSync(read[0], read[1], { encoding: 'utf8', maxBuffer: 1 << 24 });
if (check.status !== 0) throw new Error(`pcap-read failed: ${check.stderr}`);
const summary = JSON.parse(check.stdout);
console.error(
  `${file}: ${mb.toFixed(0)} MB, ${summary.counts.packets} packets, ${summary.counts.connections} connections, ${summary.streamBytes} stream bytes, ${summary.counts.gaps} gaps`,
);

const results = { stats: [], stage: [], tshark: [] };
for (let r = 0; r < runs; r++) {
  const s = await measure(...stats);
  if (s.code !== 0) throw new Error(`mcptrace stats exited ${s.code}: ${s.stderr}`);
  if (r === 0) console.error(s.stderr.trim());
  results.stats.push(s);
  const m = await measure(...read);
  if (m.code !== 0) throw new Error(`pcap-read exited ${m.code}: ${m.stderr}`);
  results.stage.push(m);
  if (withTshark) {
    const t = await measure(...tshark);
    if (t.code !== 0) throw new Error(`tshark exited ${t.code}: ${t.stderr}`);
    results.tshark.push(t);
  }
}

const row = (name, ms) => {
  const s = median(ms.map((m) => m.ms)) / 1000;
  return { name, s, mbps: mb / s, rss: Math.max(...ms.map((m) => m.rssKiB)) / 1024 };
};
const rows = [
  row('`mcptrace stats` (whole pipeline)', results.stats),
  row('mcptrace packet stage (bench/pcap-read.mjs)', results.stage),
];
if (withTshark) rows.push(row('`tshark -T ek`', results.tshark));
console.log(
  `| ${size} capture (${mb.toFixed(0)} MB, ${summary.counts.packets} packets) | median s | MB/s | peak RSS MiB |`,
);
console.log('|---|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.name} | ${r.s.toFixed(2)} | ${r.mbps.toFixed(1)} | ${r.rss.toFixed(0)} |`);
if (withTshark) {
  const ratio = rows[2].s / rows[0].s;
  console.log(
    `\n\`mcptrace stats\` × tshark -T ek: ${ratio.toFixed(1)} (target ≥ ${TARGET}) ${ratio >= TARGET ? 'met' : 'NOT met'}; packet stage alone: ${(rows[2].s / rows[1].s).toFixed(1)}`,
  );
}
