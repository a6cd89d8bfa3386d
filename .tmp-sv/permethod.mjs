import { readFileSync } from 'node:fs';
import { PARAMS, RESULT } from '../dist/src/protocol/schemas.js';
const lines = readFileSync('samples/everything.ndjson', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const pending = new Map(); const jobs = [];
for (const m of lines) {
  if (m.method) { if (m.id !== undefined) pending.set(m.id, m.method); const s = PARAMS.get(m.method); if (s) jobs.push([m.method + ' params', s, m.params, JSON.stringify(m.params ?? null).length]); }
  else if (m.result) { const meth = pending.get(m.id); const s = RESULT.get(meth); if (s) jobs.push([meth + ' result', s, m.result, JSON.stringify(m.result).length]); }
}
const by = {};
for (let k = 0; k < 3; k++) for (const [name, s, v, len] of jobs) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < 200; i++) s.safeParse(v, { reportInput: true });
  const d = Number(process.hrtime.bigint() - t) / 1e6 / 200;
  (by[name] ??= { n: 0, ms: 0, len }); if (k === 2) { by[name].n++; by[name].ms += d; }
}
const rows = Object.entries(by).sort((a, b) => b[1].ms - a[1].ms);
let tot = 0; for (const [, r] of rows) tot += r.ms;
for (const [k, r] of rows.slice(0, 15)) console.log(k.padEnd(40), r.n, (r.ms * 1000).toFixed(0) + 'us total', 'len', r.len);
console.log('per copy ms', tot.toFixed(2), 'x700 =', (tot * 700).toFixed(0), 'ms');
