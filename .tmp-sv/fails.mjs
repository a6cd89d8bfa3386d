import { readFileSync } from 'node:fs';
import { PARAMS, RESULT } from '../dist/src/protocol/schemas.js';
const lines = readFileSync('samples/everything.ndjson', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const pending = new Map(); const jobs = [];
for (const m of lines) {
  if (m.method) { if (m.id !== undefined) pending.set(m.id, m); const s = PARAMS.get(m.method); if (s) jobs.push([m.method + ' params', s, m.params]); }
  else if (m.result) { const req = pending.get(m.id); const s = RESULT.get(req?.method); if (s) jobs.push([req.method + ' result' + (req.params?.task ? ' (task)' : ''), s, m.result]); }
}
for (const [name, s, v] of jobs) { const r = s.safeParse(v, { reportInput: true }); if (!r.success) console.log('FAIL', name, JSON.stringify(r.error.issues).slice(0, 300)); }
// timing, many iterations
const by = {};
for (const [name, s, v] of jobs) for (let i = 0; i < 300; i++) s.safeParse(v, { reportInput: true });
const c0 = process.cpuUsage();
for (const [name, s, v] of jobs) { const c = process.hrtime.bigint(); for (let i = 0; i < 700; i++) s.safeParse(v, { reportInput: true }); (by[name] ??= [0, 0]); by[name][0]++; by[name][1] += Number(process.hrtime.bigint() - c) / 1e6; }
const rows = Object.entries(by).sort((a, b) => b[1][1] - a[1][1]);
for (const [k, [n, ms]] of rows.slice(0, 12)) console.log(k.padEnd(36), n, ms.toFixed(0), 'ms for 700 copies', (ms / n / 700 * 1000).toFixed(1), 'us each');
const d = process.cpuUsage(c0); console.log('total cpu', ((d.user + d.system) / 1000).toFixed(0), 'ms');
