// Detection's cost beside the run it starts: detectInput over the start of each input, against `stats` over the whole.
//
//   node bench/detect.mjs [FILE …]   (default: the 100 MB Claude Desktop bench log, see bench/generate.mjs)
//
// Detection reads at most 50 lines some dialect scored (400 meaningful lines in all) or 64 KiB and scores every dialect
// on them, so its cost does not grow with the file. This measures it directly, in this process (the median of many
// calls, after warm-up), on each given file and on two worst cases: lines no dialect claims (every line scored to the
// 50-line limit), and stderr no dialect reads (lines judged to the 400-line limit); and reports it
// as a share of one `stats -f json` run of the file (its user + system CPU, measured in a child process).
import { spawnSync } from 'node:child_process';
import { openSync, readSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { detectInput } from '../dist/src/input/detect.js';

const files = process.argv.slice(2);
if (files.length === 0) files.push(join(process.env.TMPDIR ?? tmpdir(), 'mcptrace-bench', '100m.claude-desktop.log'));

function head(file, n = 256 * 1024) {
  const buf = Buffer.alloc(n);
  const fd = openSync(file, 'r');
  const got = readSync(fd, buf, 0, n, 0);
  closeSync(fd);
  return buf.subarray(0, got);
}

async function* chunks(buf, size = 64 * 1024) {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

/** Median ms of one detection over `buf` (after warm-up), and what it chose. */
async function detectMs(buf, runs = 200) {
  let format = null;
  for (let i = 0; i < 20; i++) format = (await detectInput(chunks(buf))).format;
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await detectInput(chunks(buf));
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1], format };
}

function statsCpuMs(file) {
  const r = spawnSync(
    '/usr/bin/time',
    ['-f', '%U %S', process.execPath, 'dist/cli/mcptrace.js', 'stats', '-f', 'json', file],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const [u, s] = r.stderr.toString().trim().split('\n').pop().split(' ').map(Number);
  return (u + s) * 1000;
}

// A worst case: 64 KiB of plain text lines with times, which every dialect scores and none claims.
const worst = Buffer.from(
  Array.from(
    { length: 2000 },
    (_, i) => `2026-01-01 00:00:${String(i % 60).padStart(2, '0')} note number ${i} of a text log no host writes`,
  ).join('\n') + '\n',
);
const w = await detectMs(worst);
console.log(`worst case (no dialect claims it): detection ${w.ms.toFixed(2)} ms → ${w.format}`);
// Another: 64 KiB of a server's stderr that no dialect's host lines read (lines judged, none scored, to JUDGED_LINES).
const stderr = Buffer.from(
  Array.from(
    { length: 2000 },
    (_, i) => `    at handler (/srv/app/node_modules/server/lib/index.js:${i}:17) — a stack line no host writes`,
  ).join('\n') + '\n',
);
const e = await detectMs(stderr);
console.log(`stderr no dialect reads: detection ${e.ms.toFixed(2)} ms → ${e.format}`);
for (const file of files) {
  const d = await detectMs(head(file));
  const cpu = statsCpuMs(file);
  console.log(
    `${file}: detection ${d.ms.toFixed(2)} ms → ${d.format}; stats ${(cpu / 1000).toFixed(2)} s CPU; detection = ${((d.ms / cpu) * 100).toFixed(4)} % (worst case ${((w.ms / cpu) * 100).toFixed(4)} %)`,
  );
}
