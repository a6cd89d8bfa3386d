// `wrap` overhead: the official SDK client pings a real server (server-everything over stdio) directly and through
// `mcptrace wrap --out FILE`, and the difference is wrap's cost. A third setup, `bench/forward.mjs` (a plain Node
// `.pipe()` proxy, no capture), shows how much of it any proxy process costs before wrap does any work.
//
//   node bench/wrap.mjs [--pings 10000] [--rounds 3] [--window 32]
//
// Each round runs the setups, in a rotating order, in fresh processes: a connect (start-up and initialize, timed), then `--pings` pings
// one after another (every round trip timed: p50, p99), then `--pings` pings with `--window` in flight at once
// (throughput, pings/s). Medians over the rounds are reported; "added" is wrapped minus direct. Where /proc exists,
// the CPU time each process used in the throughput phase is reported per ping (client, proxy, server), and so is
// the CPU other processes on the machine used meanwhile (a busy machine makes every ratio unreliable).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median, percentile } from './measure.mjs';
import { option } from './args.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'];

const SETUPS = ['direct', 'forward', 'wrapped'];

function params(setup, out) {
  if (setup === 'direct') return { command: process.execPath, args: SERVER };
  if (setup === 'forward')
    return { command: process.execPath, args: [join(ROOT, 'bench/forward.mjs'), process.execPath, ...SERVER] };
  return {
    command: process.execPath,
    args: [join(ROOT, 'dist/cli/mcptrace.js'), 'wrap', '--out', out, '--', process.execPath, ...SERVER],
  };
}

/** CPU seconds (user + system) a process has used, from /proc; null where there is none. */
function cpuOf(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in USER_HZ (100 on Linux)
  } catch {
    return null;
  }
}

/** Busy and total CPU seconds of the whole machine, from /proc/stat; null where there is none. */
function machineCpu() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { busy: (f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) / 100 };
  } catch {
    return null;
  }
}

/** The first child of a process (the server behind a proxy), from /proc; null where there is none. */
function childOf(pid) {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return kids.length > 0 ? Number(kids[0]) : null;
  } catch {
    return null;
  }
}

async function session(setup, { pings, window, out }) {
  const transport = new StdioClientTransport({ ...params(setup, out), cwd: ROOT, stderr: 'ignore' });
  const client = new Client({ name: 'mcptrace-bench', version: '0.1.0' });
  const started = process.hrtime.bigint();
  await client.connect(transport);
  const connect = Number(process.hrtime.bigint() - started) / 1e6;
  // Warm both ends up (JIT), untimed.
  for (let i = 0; i < 200; i++) await client.ping();
  const rtt = new Float64Array(pings);
  for (let i = 0; i < pings; i++) {
    const t = process.hrtime.bigint();
    await client.ping();
    rtt[i] = Number(process.hrtime.bigint() - t) / 1e6;
  }
  const proxyPid = setup === 'direct' ? null : transport.pid;
  const serverPid = setup === 'direct' ? transport.pid : childOf(transport.pid);
  const cpu0 = {
    client: process.cpuUsage(),
    proxy: proxyPid && cpuOf(proxyPid),
    server: serverPid && cpuOf(serverPid),
    machine: machineCpu(),
  };
  const t0 = process.hrtime.bigint();
  let sent = 0;
  const lane = async () => {
    while (sent < pings) {
      sent++;
      await client.ping();
    }
  };
  await Promise.all(Array.from({ length: window }, lane));
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu1 = {
    client: process.cpuUsage(),
    proxy: proxyPid && cpuOf(proxyPid),
    server: serverPid && cpuOf(serverPid),
    machine: machineCpu(),
  };
  const throughput = pings / secs;
  await client.close();
  // CPU per ping in the throughput phase (µs), and the cores the rest of the machine kept busy meanwhile.
  const perPing = (a, b) => (a == null || b == null ? null : ((b - a) / pings) * 1e6);
  const cpu = {
    client: perPing(0, (cpu1.client.user - cpu0.client.user + cpu1.client.system - cpu0.client.system) / 1e6),
    proxy: setup === 'direct' ? 0 : perPing(cpu0.proxy, cpu1.proxy),
    server: perPing(cpu0.server, cpu1.server),
  };
  const ours = [cpu.client, cpu.proxy, cpu.server].every((x) => x !== null)
    ? ((cpu.client + cpu.proxy + cpu.server) * pings) / 1e6
    : null;
  const background =
    cpu0.machine && cpu1.machine && ours !== null ? (cpu1.machine.busy - cpu0.machine.busy - ours) / secs : null;
  const sorted = [...rtt];
  return {
    connect,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: sorted.reduce((a, b) => a + b, 0) / pings,
    throughput,
    cpu,
    background,
  };
}

export async function wrapBench({ pings = 10_000, rounds = 3, window = 32, log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mcptrace-wrap-'));
  const runs = { direct: [], forward: [], wrapped: [] };
  try {
    for (let r = 0; r < rounds; r++) {
      const order = SETUPS.map((_, i) => SETUPS[(i + r) % SETUPS.length]);
      for (const setup of order) {
        const out = join(dir, `capture-${r}.ndjson`);
        const m = await session(setup, { pings, window, out });
        if (setup === 'wrapped') m.captureBytes = statSync(out).size;
        runs[setup].push(m);
        const cpu =
          m.cpu.client === null
            ? ''
            : `; CPU µs/ping client ${fmt1(m.cpu.client)}, proxy ${fmt1(m.cpu.proxy)}, server ${fmt1(m.cpu.server)}; other load ${m.background === null ? '?' : m.background.toFixed(2)} cores`;
        log(
          `  wrap round ${r + 1}/${rounds} ${setup}: connect ${m.connect.toFixed(1)} ms, p50 ${m.p50.toFixed(3)} ms, p99 ${m.p99.toFixed(3)} ms, ${Math.round(m.throughput)} pings/s${cpu}`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const med = (setup, k) => median(runs[setup].map((m) => m[k]));
  const medCpu = (setup, k) =>
    runs[setup].some((m) => m.cpu[k] === null) ? null : median(runs[setup].map((m) => m.cpu[k]));
  const summary = (setup) => ({
    connect: med(setup, 'connect'),
    p50: med(setup, 'p50'),
    p99: med(setup, 'p99'),
    throughput: med(setup, 'throughput'),
    cpu: { client: medCpu(setup, 'client'), proxy: medCpu(setup, 'proxy'), server: medCpu(setup, 'server') },
  });
  const direct = summary('direct');
  const forward = summary('forward');
  const wrapped = summary('wrapped');
  // Ratios are taken round by round (each setup against the direct run of the same round), then the median.
  const ratio = (setup) => median(runs[setup].map((m, i) => m.throughput / runs.direct[i].throughput));
  const backgrounds = SETUPS.flatMap((s) => runs[s].map((m) => m.background)).filter((b) => b !== null);
  return {
    pings,
    rounds,
    window,
    direct,
    forward,
    wrapped,
    addedConnect: wrapped.connect - direct.connect,
    addedP50: wrapped.p50 - direct.p50,
    addedP99: wrapped.p99 - direct.p99,
    throughputRatio: ratio('wrapped'),
    forwardRatio: ratio('forward'),
    maxBackground: backgrounds.length > 0 ? Math.max(...backgrounds) : null,
    captureBytes: median(runs.wrapped.map((m) => m.captureBytes)),
    runs,
  };
}

const fmt1 = (n) => (n === null ? '–' : n.toFixed(1));

export function wrapTable(r) {
  const f = (n) => n.toFixed(3);
  const f1 = (n) => n.toFixed(1);
  const n = (x) => Math.round(x).toLocaleString('en-US');
  const cpu = (s) => `${fmt1(s.cpu.client)} / ${fmt1(s.cpu.proxy)} / ${fmt1(s.cpu.server)}`;
  return [
    `A connect (the process started, initialize answered), then ${r.pings.toLocaleString('en-US')} pings one after another (round trip), then ${r.pings.toLocaleString('en-US')} with ${r.window} in flight (throughput); medians of ${r.rounds} rounds; server-everything over stdio, SDK client. Ratios: each round against its own direct run, median. CPU: per ping in the throughput phase, client / proxy / server (µs).`,
    '',
    '| setup | connect (ms) | p50 (ms) | p99 (ms) | throughput (pings/s) | ratio to direct | CPU µs/ping |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| direct | ${f1(r.direct.connect)} | ${f(r.direct.p50)} | ${f(r.direct.p99)} | ${n(r.direct.throughput)} | 1 | ${cpu(r.direct)} |`,
    `| plain Node proxy (\`bench/forward.mjs\`, no capture) | ${f1(r.forward.connect)} | ${f(r.forward.p50)} | ${f(r.forward.p99)} | ${n(r.forward.throughput)} | ${r.forwardRatio.toFixed(2)} | ${cpu(r.forward)} |`,
    `| \`wrap --out FILE\` | ${f1(r.wrapped.connect)} | ${f(r.wrapped.p50)} | ${f(r.wrapped.p99)} | ${n(r.wrapped.throughput)} | ${r.throughputRatio.toFixed(2)} | ${cpu(r.wrapped)} |`,
    `| added by wrap | ${f1(r.addedConnect)} | ${f(r.addedP50)} | ${f(r.addedP99)} ${r.addedP99 < 1 ? '✓ < 1' : '✗ ≥ 1'} | | ${r.throughputRatio >= 0.9 ? '✓ ≥ 0.9' : '✗ < 0.9'} | |`,
    ...(r.maxBackground !== null && r.maxBackground >= 0.15
      ? [
          '',
          `Other processes kept up to ${r.maxBackground.toFixed(2)} cores busy during a run: these numbers are not reliable; run again on a quiet machine.`,
        ]
      : []),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (name, d) => option(args, name, d);
  const r = await wrapBench({
    pings: opt('pings', 10_000),
    rounds: opt('rounds', 3),
    window: opt('window', 32),
    log: (m) => process.stderr.write(m + '\n'),
  });
  process.stdout.write(wrapTable(r) + '\n');
}
