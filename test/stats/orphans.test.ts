// One definition of an orphan (session/orphan.ts): what stats counts is what the orphan-response rule reports.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { StatsCollector } from '../../src/stats/collector.js';
import { chunked } from '../input/helpers.js';

const HOSTS = fileURLToPath(new URL('../fixtures/hosts/', import.meta.url));

/** Every host log of the fixtures (not their notes and expectations). */
const hostLogs = readdirSync(HOSTS).flatMap((dir) =>
  readdirSync(join(HOSTS, dir))
    .filter((f) => !f.endsWith('.expect.json') && !f.endsWith('.md'))
    .map((f) => `test/fixtures/hosts/${dir}/${f}`),
);

/** The run's stats orphans, and the orphan-response findings of the same records. */
async function orphansOf(file: string, bytes: Buffer = readFileSync(file)) {
  const run = await analyze(chunked(bytes, 0), { file });
  const c = new StatsCollector();
  for (const r of run.records) c.add(r);
  const stats = c.finish(run.sessions, run.open);
  return {
    stats: stats.pairs.orphans,
    perSession: stats.sessions.reduce((n, s) => n + s.pairs.orphans, 0),
    rule: run.records.flatMap((r) => r.findings).filter((f) => f.rule === 'orphan-response').length,
  };
}

describe('orphans', () => {
  it("mcp-remote's one-word answers, which take the requests the log gave without id, are no orphans for stats either", async () => {
    // `[Remote→Local] 1` names no method: it answers one of the requests logged without their id (pending.ts).
    expect(await orphansOf('test/fixtures/hosts/mcp-remote/g3-pid-every-line.log')).toEqual({
      stats: 0,
      perSession: 0,
      rule: 0,
    });
  });

  it("a raw log of the server's side: its responses answer requests that are not in it, no orphans for stats either", async () => {
    const lines = [
      {
        jsonrpc: '2.0',
        id: 0,
        result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } },
      },
      { jsonrpc: '2.0', id: 1, result: { tools: [] } },
    ];
    const bytes = Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    expect(await orphansOf('server-stdout.ndjson', bytes)).toEqual({ stats: 0, perSession: 0, rule: 0 });
  });

  it('an answer to no request is an orphan for both', async () => {
    const lines = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 2, result: { tools: [] } },
    ];
    const bytes = Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    expect(await orphansOf('orphan.ndjson', bytes)).toEqual({ stats: 1, perSession: 1, rule: 1 });
  });

  it('every host log: stats counts the orphans the rule reports, no more', async () => {
    expect(hostLogs.length).toBeGreaterThan(60);
    const differ: string[] = [];
    for (const file of hostLogs) {
      const o = await orphansOf(file);
      if (o.stats !== o.rule || o.perSession !== o.rule)
        differ.push(`${file}: stats ${o.stats} (sessions ${o.perSession}), rule ${o.rule}`);
    }
    expect(differ).toEqual([]);
  });
});
