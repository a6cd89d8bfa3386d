// `wrap` overhead: the official SDK client pings a real server (server-everything over stdio) directly and through
// `mcptrace wrap --out FILE`, and the difference is wrap's cost.
//
//   node bench/wrap.mjs [--pings 10000] [--rounds 3] [--window 32]
//
// Each round runs both setups, alternating, in fresh processes: a connect (initialize), then `--pings` pings one
// after another (every round trip timed: p50, p99), then `--pings` pings with `--window` in flight at once
// (throughput, pings/s). Medians over the rounds are reported; "added" is wrapped minus direct.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median, percentile } from './measure.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'];

async function session(setup, { pings, window, out }) {
  const params =
    setup === 'direct'
      ? { command: process.execPath, args: SERVER }
      : { command: process.execPath, args: [join(ROOT, 'dist/cli/mcptrace.js'), 'wrap', '--out', out, '--', process.execPath, ...SERVER] };
  const transport = new StdioClientTransport({ ...params, cwd: ROOT, stderr: 'ignore' });
  const client = new Client({ name: 'mcptrace-bench', version: '0.1.0' });
  await client.connect(transport);
  // Warm both ends up (JIT), untimed.
  for (let i = 0; i < 200; i++) await client.ping();
  const rtt = new Float64Array(pings);
  for (let i = 0; i < pings; i++) {
    const t = process.hrtime.bigint();
    await client.ping();
    rtt[i] = Number(process.hrtime.bigint() - t) / 1e6;
  }
  const t0 = process.hrtime.bigint();
  let sent = 0;
  const lane = async () => {
    while (sent < pings) {
      sent++;
      await client.ping();
    }
  };
  await Promise.all(Array.from({ length: window }, lane));
  const throughput = pings / (Number(process.hrtime.bigint() - t0) / 1e9);
  await client.close();
  const sorted = [...rtt];
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), mean: sorted.reduce((a, b) => a + b, 0) / pings, throughput };
}

export async function wrapBench({ pings = 10_000, rounds = 3, window = 32, log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mcptrace-wrap-'));
  const runs = { direct: [], wrapped: [] };
  try {
    for (let r = 0; r < rounds; r++) {
      for (const setup of r % 2 === 0 ? ['direct', 'wrapped'] : ['wrapped', 'direct']) {
        const out = join(dir, `capture-${r}.ndjson`);
        const m = await session(setup, { pings, window, out });
        if (setup === 'wrapped') m.captureBytes = statSync(out).size;
        runs[setup].push(m);
        log(`  wrap round ${r + 1}/${rounds} ${setup}: p50 ${m.p50.toFixed(3)} ms, p99 ${m.p99.toFixed(3)} ms, ${Math.round(m.throughput)} pings/s`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const med = (setup, k) => median(runs[setup].map((m) => m[k]));
  const direct = { p50: med('direct', 'p50'), p99: med('direct', 'p99'), throughput: med('direct', 'throughput') };
  const wrapped = { p50: med('wrapped', 'p50'), p99: med('wrapped', 'p99'), throughput: med('wrapped', 'throughput') };
  return {
    pings,
    rounds,
    window,
    direct,
    wrapped,
    addedP50: wrapped.p50 - direct.p50,
    addedP99: wrapped.p99 - direct.p99,
    throughputRatio: wrapped.throughput / direct.throughput,
    captureBytes: median(runs.wrapped.map((m) => m.captureBytes)),
    runs,
  };
}

export function wrapTable(r) {
  const f = (n) => n.toFixed(3);
  return [
    `${r.pings.toLocaleString('en-US')} pings one after another (round trip), then ${r.pings.toLocaleString('en-US')} with ${r.window} in flight (throughput); medians of ${r.rounds} rounds; server-everything over stdio, SDK client.`,
    '',
    '| setup | p50 (ms) | p99 (ms) | throughput (pings/s) |',
    '|---|---:|---:|---:|',
    `| direct | ${f(r.direct.p50)} | ${f(r.direct.p99)} | ${Math.round(r.direct.throughput).toLocaleString('en-US')} |`,
    `| \`wrap --out FILE\` | ${f(r.wrapped.p50)} | ${f(r.wrapped.p99)} | ${Math.round(r.wrapped.throughput).toLocaleString('en-US')} |`,
    `| added by wrap | ${f(r.addedP50)} | ${f(r.addedP99)} ${r.addedP99 < 1 ? '✓ < 1' : '✗ ≥ 1'} | ratio ${r.throughputRatio.toFixed(2)} ${r.throughputRatio >= 0.9 ? '✓ ≥ 0.9' : '✗ < 0.9'} |`,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (name, d) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : d;
  };
  const r = await wrapBench({ pings: opt('pings', 10_000), rounds: opt('rounds', 3), window: opt('window', 32), log: (m) => process.stderr.write(m + '\n') });
  process.stdout.write(wrapTable(r) + '\n');
}
