// What `mock` and `diff` cost, each against a baseline in the same run:
//
//   node bench/mock-diff.mjs [--calls 2000] [--rounds 3] [--captures 1000]
//
// mock: the official SDK client calls `echo` on server-everything over stdio (the bare server), then the same calls on
// `mcptrace mock` serving a capture of that session; every round trip is timed (p50, p99) and the mock's median is
// reported over the server's. The capture is recorded here first, through `mcptrace wrap`, with every call's message
// distinct (the mock's matching table holds --calls answers).
//
// diff: two sets of --captures captures (copies of the bundled server-everything session, the candidate's with one tool
// call answered differently in each) compared with `mcptrace diff A/ B/`, against `mcptrace stats A/ B/` reading the
// same files (the reading every command pays): the ratio is what the comparison adds.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { option } from './args.mjs';
import { measure, median, percentile } from './measure.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist/cli/mcptrace.js');
const SERVER = [join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];
const args = process.argv.slice(2);
const CALLS = option(args, 'calls', 2000);
const ROUNDS = option(args, 'rounds', 3);
const CAPTURES = option(args, 'captures', 1000);
const dir = mkdtempSync(join(tmpdir(), 'mcptrace-bench-mock-diff-'));

/** Connects the SDK client to `command args`, calls echo CALLS times one after another, returns each round trip (ms). */
async function calls(command, argv) {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command, args: argv, cwd: ROOT, stderr: 'ignore' }));
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = process.hrtime.bigint();
    await client.callTool({ name: 'echo', arguments: { message: `call ${i}` } });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  await client.close();
  return times;
}

try {
  const capture = join(dir, 'capture.ndjson');
  await calls(process.execPath, [CLI, 'wrap', '--out', capture, '--', process.execPath, ...SERVER]);
  const bare = [];
  const mocked = [];
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['bare', 'mock'] : ['mock', 'bare'];
    for (const setup of order) {
      const t =
        setup === 'bare'
          ? await calls(process.execPath, SERVER)
          : await calls(process.execPath, [CLI, 'mock', capture]);
      (setup === 'bare' ? bare : mocked).push({ p50: percentile(t, 50), p99: percentile(t, 99) });
    }
  }
  const p50b = median(bare.map((x) => x.p50));
  const p50m = median(mocked.map((x) => x.p50));
  const p99b = median(bare.map((x) => x.p99));
  const p99m = median(mocked.map((x) => x.p99));
  console.log(`mock: ${CALLS} tools/call echo, ${ROUNDS} rounds`);
  console.log(`  server-everything  p50 ${p50b.toFixed(3)} ms  p99 ${p99b.toFixed(3)} ms`);
  console.log(`  mcptrace mock      p50 ${p50m.toFixed(3)} ms  p99 ${p99m.toFixed(3)} ms`);
  console.log(`  mock / server      p50 ${(p50m / p50b).toFixed(2)}×  p99 ${(p99m / p99b).toFixed(2)}×`);

  // Two sets of captures: the sample, and the sample with echo's answer changed.
  const sample = readFileSync(join(ROOT, 'samples/everything.envelope.ndjson'), 'utf8');
  const changed = sample.replace('Echo: hello from mcptrace', 'Echo: HELLO from mcptrace');
  if (changed === sample) throw new Error('the sample no longer holds the echo answer this bench changes');
  const a = join(dir, 'a');
  const b = join(dir, 'b');
  mkdirSync(a);
  mkdirSync(b);
  writeFileSync(join(a, '0.ndjson'), sample);
  writeFileSync(join(b, '0.ndjson'), changed);
  for (let i = 1; i < CAPTURES; i++) {
    copyFileSync(join(a, '0.ndjson'), join(a, `${i}.ndjson`));
    copyFileSync(join(b, '0.ndjson'), join(b, `${i}.ndjson`));
  }
  const read = [];
  const diff = [];
  for (let r = 0; r < ROUNDS; r++) {
    const s = await measure(process.execPath, [CLI, 'stats', a, b]);
    const d = await measure(process.execPath, [CLI, 'diff', '--fail-on', 'none', a, b]);
    if (s.code !== 0 || d.code !== 0)
      throw new Error(`stats exit ${s.code}, diff exit ${d.code}: ${s.stderr}${d.stderr}`);
    read.push(s);
    diff.push(d);
  }
  const ms = (xs) => median(xs.map((x) => x.ms));
  const rss = (xs) => median(xs.map((x) => x.rssKiB));
  console.log(
    `diff: two sets of ${CAPTURES} captures (${((sample.length * CAPTURES * 2) / 1e6).toFixed(0)} MB), ${ROUNDS} rounds`,
  );
  console.log(`  stats A/ B/ (reading)   ${(ms(read) / 1000).toFixed(2)} s  ${(rss(read) / 1024).toFixed(0)} MB`);
  console.log(`  diff A/ B/              ${(ms(diff) / 1000).toFixed(2)} s  ${(rss(diff) / 1024).toFixed(0)} MB`);
  console.log(
    `  diff / reading          ${(ms(diff) / ms(read)).toFixed(2)}× time  ${(rss(diff) / rss(read)).toFixed(2)}× memory`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
