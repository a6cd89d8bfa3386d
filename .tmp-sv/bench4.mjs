import { createReadStream } from 'node:fs';
import { Analyzer } from '../dist/src/analyzer.js';
import { analyzeStream } from '../dist/src/analyze-stream.js';
import { schemaViolation } from '../dist/src/rules/schema-violation.js';
import { keyText, sampleHash } from '../dist/src/rules/schema-cache.js';
import { paramsSchema, resultSchema } from '../dist/src/protocol/schemas.js';
const file = '/tmp/big.ndjson';
const real = schemaViolation.check;
const variants = {
  off: null,
  noop: () => undefined,
  keyOnly: ({ record }) => { const t = record.wire.text; if (t) keyText(t, record.id); return undefined; },
  lookup: ({ record, session }) => { if (!record.method) return; const s = record.kind === 'response' ? resultSchema(record.method) : paramsSchema(record.method, session.revision); const t = record.wire.text; if (t) keyText(t, record.id); return undefined; },
  hash: ({ record, session }) => { if (!record.method) return; const s = record.kind === 'response' ? resultSchema(record.method) : paramsSchema(record.method, session.revision); const t = record.wire.text; if (t) { const k = keyText(t, record.id); sampleHash(k.body); } return undefined; },
  real,
};
async function run(name) {
  schemaViolation.check = variants[name] ?? real;
  const a = new Analyzer({ rules: name === 'off' ? { 'schema-violation': 'off' } : {} });
  const c = process.cpuUsage();
  for await (const r of analyzeStream(a, createReadStream(file), file));
  const d = process.cpuUsage(c);
  return (d.user + d.system) / 1000;
}
const res = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
for (let i = 0; i < 5; i++) for (const k of Object.keys(variants)) res[k].push(await run(k));
const med = (xs) => [...xs].sort((a, b) => a - b)[2];
for (const k of Object.keys(res)) console.log(k.padEnd(8), med(res[k]).toFixed(0), (med(res[k]) / med(res.off)).toFixed(2));
