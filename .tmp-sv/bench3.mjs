// CPU time of the pipeline over a file: schema-violation off, on, and on without its verdict cache (interleaved, median).
import { createReadStream } from 'node:fs';
import { Analyzer } from '../dist/src/analyzer.js';
import { analyzeStream } from '../dist/src/analyze-stream.js';
import { VerdictCache } from '../dist/src/rules/schema-cache.js';
const file = process.argv[2] ?? '/tmp/big.ndjson';
const N = Number(process.argv[3] ?? 5);
const realGet = VerdictCache.prototype.get;
async function run(mode) {
  VerdictCache.prototype.get = mode === 'nocache' ? () => undefined : realGet;
  const a = new Analyzer({ rules: mode === 'off' ? { 'schema-violation': 'off' } : {} });
  const c = process.cpuUsage();
  let f = 0;
  for await (const r of analyzeStream(a, createReadStream(file), file)) for (const x of r.findings) if (x.rule === 'schema-violation') f++;
  a.summary();
  const d = process.cpuUsage(c);
  return [(d.user + d.system) / 1000, f];
}
const res = { off: [], on: [], nocache: [] };
for (let i = 0; i < N; i++) for (const m of ['off', 'on', 'nocache']) res[m].push(await run(m));
const med = (xs) => xs.map((x) => x[0]).sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const m of Object.keys(res)) console.log(m.padEnd(8), res[m].map((x) => x[0].toFixed(0)).join(' '), '| median', med(res[m]).toFixed(0), '| ratio', (med(res[m]) / med(res.off)).toFixed(2), '| findings', res[m][0][1]);
