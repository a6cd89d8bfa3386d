// CPU time of the pipeline over a file with schema-violation on and off (alternating runs, median).
import { createReadStream } from 'node:fs';
import { Analyzer } from '../dist/src/analyzer.js';
import { analyzeStream } from '../dist/src/analyze-stream.js';
const file = process.argv[2] ?? '/tmp/big.ndjson';
const N = Number(process.argv[3] ?? 5);
async function run(rules) {
  const a = new Analyzer({ rules });
  const c = process.cpuUsage();
  let n = 0, f = 0;
  for await (const r of analyzeStream(a, createReadStream(file), file)) { n++; for (const x of r.findings) if (x.rule === 'schema-violation') f++; }
  a.summary();
  const d = process.cpuUsage(c);
  return [(d.user + d.system) / 1000, n, f];
}
const off = [], on = [];
for (let i = 0; i < N; i++) { off.push(await run({ 'schema-violation': 'off' })); on.push(await run({})); }
const med = (xs) => xs.map((x) => x[0]).sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('cpu ms off', off.map((x) => x[0].toFixed(0)).join(' '), '| on', on.map((x) => x[0].toFixed(0)).join(' '), '| records', on[0][1], 'findings', on[0][2], '| median ratio', (med(on) / med(off)).toFixed(2));
