// `mcptrace proxy` overhead: the official SDK client pings a real server (server-everything, Streamable HTTP) directly
// and through `mcptrace proxy`, in the same run and against the same server process, and the difference is the proxy's
// cost.
//
//   node bench/proxy.mjs [--requests 5000] [--rounds 3]
//
// Each round starts three proxies (`mcptrace proxy --out FILE`; `mcptrace proxy` without a capture: what its forwarding
// alone costs; `bench/http-forward.mjs`, the least a Node HTTP proxy does: what any proxy process costs) and connects
// four clients (direct, through each proxy), warms them up, then sends `--requests` pings per client, interleaved one by one
// in a rotating order (a ping is a POST answered with an SSE stream; every round trip timed). p50 and p99 per setup,
// medians over the rounds; "added" is proxied minus direct, and the ratio proxied / direct. Where /proc exists, the CPU
// time each proxy process used per request is reported, and the CPU other processes used meanwhile (a busy machine
// makes every number unreliable).
import { spawn } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { median, percentile } from './measure.mjs';
import { option } from './args.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
// server-everything listens on every interface and does not say its port: this preload binds 127.0.0.1 and says it.
const LOOPBACK = join(ROOT, 'test/helpers/loopback-listen.mjs');
const SETUPS = ['direct', 'plain', 'proxy', 'capture'];
// The SDK's HTTP client transport adds an abort listener to one signal per request it sends (its own leak, the same
// direct or not): thousands of pings would print a warning each.
setMaxListeners(0);

/** Starts a process and resolves with it once `pattern` matches its stderr (the match's first group too). */
function startUntil(args, pattern, env = process.env) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (d) => {
      err += d;
      const m = pattern.exec(err);
      if (m) resolve({ child, match: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}):\n${err}`)));
  });
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}

/** CPU seconds (user + system) a process has used, from /proc; null where there is none. */
function cpuOf(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

/** Busy CPU seconds of the whole machine, from /proc/stat; null where there is none. */
function machineBusy() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return (f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) / 100;
  } catch {
    return null;
  }
}

async function connect(url) {
  const client = new Client({ name: 'mcptrace-bench', version: '0.1.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

async function round(serverUrl, serverPid, { requests, capture }) {
  const target = `${serverUrl}/mcp`;
  const proxy = await startUntil(
    [join(ROOT, 'dist/cli/mcptrace.js'), 'proxy', '--target', target],
    /^MCP server URL: (\S+)$/m,
  );
  const captured = await startUntil(
    [join(ROOT, 'dist/cli/mcptrace.js'), 'proxy', '--target', target, '--out', capture],
    /^MCP server URL: (\S+)$/m,
  );
  const plain = await startUntil([join(ROOT, 'bench/http-forward.mjs'), target], /^MCP server URL: (\S+)$/m);
  const procs = { plain, proxy, capture: captured };
  const clients = {
    direct: await connect(target),
    plain: await connect(plain.match),
    proxy: await connect(proxy.match),
    capture: await connect(captured.match),
  };
  const rtt = Object.fromEntries(SETUPS.map((s) => [s, new Float64Array(requests)]));
  try {
    // Warm every end up (JIT, keep-alive connections), untimed.
    for (let i = 0; i < 300; i++) for (const s of SETUPS) await clients[s].ping();
    const cpuNow = () => ({
      ...Object.fromEntries(Object.entries(procs).map(([s, p]) => [s, cpuOf(p.child.pid)])),
      server: cpuOf(serverPid),
    });
    const cpu0 = { ...cpuNow(), machine: machineBusy(), self: process.cpuUsage() };
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < requests; i++) {
      for (let k = 0; k < SETUPS.length; k++) {
        const s = SETUPS[(i + k) % SETUPS.length];
        const t = process.hrtime.bigint();
        await clients[s].ping();
        rtt[s][i] = Number(process.hrtime.bigint() - t) / 1e6;
      }
    }
    const secs = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu1 = { ...cpuNow(), machine: machineBusy(), self: process.cpuUsage(cpu0.self) };
    const per = (a, b) => (a == null || b == null ? null : ((b - a) / requests) * 1e6);
    const cpu = {
      plain: per(cpu0.plain, cpu1.plain),
      proxy: per(cpu0.proxy, cpu1.proxy),
      capture: per(cpu0.capture, cpu1.capture),
    };
    // The machine's busy time (all its processes, steal included) minus the client's, the proxies' and the
    // server's: the load of everything else.
    const ours =
      cpu.proxy === null || cpu1.server === null
        ? null
        : (cpu1.self.user + cpu1.self.system) / 1e6 +
          ((cpu.plain + cpu.proxy + cpu.capture) * requests) / 1e6 +
          (cpu1.server - cpu0.server);
    const others = cpu0.machine === null || ours === null ? null : (cpu1.machine - cpu0.machine - ours) / secs;
    const stats = Object.fromEntries(
      SETUPS.map((s) => [s, { p50: percentile([...rtt[s]], 50), p99: percentile([...rtt[s]], 99) }]),
    );
    return { ...stats, cpu, others };
  } finally {
    for (const c of Object.values(clients)) await c.close();
    for (const p of Object.values(procs)) await stop(p.child);
  }
}

export async function proxyBench({ requests = 5000, rounds = 3, log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mcptrace-proxy-'));
  const server = await startUntil(
    ['--import', LOOPBACK, EVERYTHING, 'streamableHttp'],
    /mcptrace-test: listening on (127\.0\.0\.1:\d+)/,
    { ...process.env, PORT: '0' },
  );
  const runs = [];
  try {
    for (let r = 0; r < rounds; r++) {
      const capture = join(dir, `capture-${r}.ndjson`);
      const m = await round(`http://${server.match}`, server.child.pid, { requests, capture });
      m.captureBytes = statSync(capture).size;
      runs.push(m);
      const fmt = (s) => `${s} p50 ${m[s].p50.toFixed(3)} / p99 ${m[s].p99.toFixed(3)} ms`;
      log(
        `  proxy round ${r + 1}/${rounds}: ${SETUPS.map(fmt).join(', ')}; CPU µs/request plain ${fmt1(m.cpu.plain)}, proxy ${fmt1(m.cpu.proxy)}, with capture ${fmt1(m.cpu.capture)}; other load ≤ ${m.others === null ? '?' : m.others.toFixed(2)} cores`,
      );
    }
  } finally {
    await stop(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
  const med = (f) => median(runs.map(f));
  const summary = (s) => ({ p50: med((m) => m[s].p50), p99: med((m) => m[s].p99) });
  // Added latency and ratios are taken round by round (against the direct pings of the same round), then the median.
  const added = (s, k) => med((m) => m[s][k] - m.direct[k]);
  const ratio = (s, k) => med((m) => m[s][k] / m.direct[k]);
  return {
    requests,
    rounds,
    direct: summary('direct'),
    plain: {
      ...summary('plain'),
      addedP50: added('plain', 'p50'),
      addedP99: added('plain', 'p99'),
      ratioP50: ratio('plain', 'p50'),
      ratioP99: ratio('plain', 'p99'),
      cpu: runs.some((m) => m.cpu.plain === null) ? null : med((m) => m.cpu.plain),
    },
    proxy: {
      ...summary('proxy'),
      addedP50: added('proxy', 'p50'),
      addedP99: added('proxy', 'p99'),
      ratioP50: ratio('proxy', 'p50'),
      ratioP99: ratio('proxy', 'p99'),
      cpu: runs.some((m) => m.cpu.proxy === null) ? null : med((m) => m.cpu.proxy),
    },
    capture: {
      ...summary('capture'),
      addedP50: added('capture', 'p50'),
      addedP99: added('capture', 'p99'),
      ratioP50: ratio('capture', 'p50'),
      ratioP99: ratio('capture', 'p99'),
      cpu: runs.some((m) => m.cpu.capture === null) ? null : med((m) => m.cpu.capture),
    },
    maxOthers: runs.some((m) => m.others === null) ? null : Math.max(...runs.map((m) => m.others)),
    captureBytes: med((m) => m.captureBytes),
    runs,
  };
}

const fmt1 = (n) => (n === null ? '–' : n.toFixed(1));

export function proxyTable(r) {
  const f = (n) => n.toFixed(3);
  const row = (name, s) =>
    `| ${name} | ${f(s.p50)} | ${f(s.p99)} | +${f(s.addedP50)} | +${f(s.addedP99)} ${s.addedP99 < 1 ? '✓ < 1' : '✗ ≥ 1'} | ${s.ratioP50.toFixed(2)} / ${s.ratioP99.toFixed(2)} | ${fmt1(s.cpu)} |`;
  return [
    `${r.requests.toLocaleString('en-US')} pings per setup, interleaved one by one in the same run against one server-everything (Streamable HTTP: each ping a POST answered with an SSE stream), SDK client; medians of ${r.rounds} rounds. Added latency and ratios: each round against its own direct pings, median.`,
    '',
    '| setup | p50 (ms) | p99 (ms) | added p50 (ms) | added p99 (ms) | ratio p50 / p99 | proxy CPU µs/request |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| direct | ${f(r.direct.p50)} | ${f(r.direct.p99)} | | | 1 | |`,
    row('plain Node proxy (`bench/http-forward.mjs`, no capture)', r.plain),
    row('`mcptrace proxy` (no capture)', r.proxy),
    row('`mcptrace proxy --out FILE`', r.capture),
    ...(r.maxOthers !== null && r.maxOthers >= 0.3
      ? [
          '',
          `Other processes kept up to ${r.maxOthers.toFixed(2)} cores busy during a round: these numbers are not reliable; run again on a quiet machine.`,
        ]
      : []),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (name, d) => option(args, name, d);
  const r = await proxyBench({
    requests: opt('requests', 5000),
    rounds: opt('rounds', 3),
    log: (m) => process.stderr.write(m + '\n'),
  });
  process.stdout.write(proxyTable(r) + '\n');
}
