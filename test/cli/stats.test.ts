// `mcptrace stats` end to end: the JSON report's shape and its agreement with the annotated records; Markdown.
// In-process (test/helpers/in-process.ts); the built executable's stats runs in golden.test.ts and exit-codes.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseNdjson } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

type Rec = Record<string, any>;

const ENVELOPE = 'samples/everything.envelope.ndjson';

async function statsJson(args: string[]): Promise<Rec> {
  const r = await runMain(['stats', '-f', 'json', ...args]);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(r.stdout);
}

const countsShape = { messages: expect.any(Number), bytes: expect.any(Number) };

let stats: Rec;
let records: Rec[];

beforeAll(async () => {
  stats = await statsJson([ENVELOPE]);
  const r = await runMain(['annotate', '-f', 'ndjson', '--no-body', ENVELOPE]);
  records = parseNdjson(r.stdout);
});

describe('stats -f json', () => {
  it('has the documented keys, in order', () => {
    expect(Object.keys(stats).slice(0, 9)).toEqual([
      'messages',
      'bytes',
      'byKind',
      'byDirection',
      'byPrimitive',
      'byPhase',
      'lifecycle',
      'operation',
      'methods',
    ]);
    expect(Object.keys(stats)).toEqual(expect.arrayContaining(['pairs', 'sessions']));
  });

  it('breakdowns are {messages, bytes}; lifecycle and operation {messages, bytes, share}', () => {
    for (const k of ['byKind', 'byDirection', 'byPrimitive', 'byPhase']) {
      const t = stats[k] as Record<string, Rec>;
      expect(Object.keys(t).length).toBeGreaterThan(1);
      for (const v of Object.values(t)) expect(v).toEqual(countsShape);
    }
    for (const k of ['lifecycle', 'operation'])
      expect(stats[k]).toMatchObject({ ...countsShape, share: expect.any(Number) });
    expect(stats.lifecycle.share + stats.operation.share).toBeCloseTo(1, 3);
  });

  it('methods are {count, errors, latencyMs: {p50, p95, max}}', () => {
    const methods = Object.entries(stats.methods as Record<string, Rec>);
    expect(methods.length).toBeGreaterThan(20);
    // Answered methods have latencies, so the order check below is made.
    expect(methods.filter(([, m]) => m.latencyMs.max !== null).length).toBeGreaterThan(10);
    for (const [, m] of methods) {
      expect(Object.keys(m)).toEqual(['count', 'errors', 'latencyMs']);
      expect(Object.keys(m.latencyMs)).toEqual(['p50', 'p95', 'max']);
      const { p50, p95, max } = m.latencyMs;
      if (max !== null) expect(p50 <= p95 && p95 <= max).toBe(true);
    }
  });

  it('pairs are {answered, unanswered, cancelled, orphans}; sessions name the peers', () => {
    expect(stats.pairs).toEqual({ answered: 55, unanswered: 0, cancelled: 1, orphans: 0 });
    expect(stats.sessions).toHaveLength(1);
    expect(stats.sessions[0]).toMatchObject({
      key: '1',
      file: ENVELOPE,
      client: { name: 'mcptrace-recorder', version: '0.1.0' },
      server: { name: 'mcp-servers/everything', version: '2.0.0' },
      negotiatedRevision: '2025-11-25',
      messages: stats.messages,
    });
  });

  it('agrees with the annotated records of the same file', () => {
    const msgs = records.filter((r) => r.kind !== 'event');
    const sum = (rs: Rec[]) => ({ messages: rs.length, bytes: rs.reduce((n, r) => n + r.bytes, 0) });
    expect({ messages: stats.messages, bytes: stats.bytes }).toEqual(sum(msgs));
    for (const kind of ['request', 'response', 'error', 'notification'])
      expect(stats.byKind[kind]).toEqual(sum(msgs.filter((r) => r.kind === kind)));
    for (const dir of ['c2s', 's2c']) expect(stats.byDirection[dir]).toEqual(sum(msgs.filter((r) => r.dir === dir)));
    for (const p of ['tools', 'resources', 'prompts', 'base'])
      expect(stats.byPrimitive[p]).toEqual(sum(msgs.filter((r) => r.primitive === p)));
    for (const ph of ['initialization', 'operation'])
      expect(stats.byPhase[ph]).toEqual(sum(msgs.filter((r) => r.phase === ph)));
    const lifecycle = sum(msgs.filter((r) => r.phase !== 'operation'));
    expect(stats.lifecycle).toMatchObject(lifecycle);
    expect(stats.lifecycle.share).toBeCloseTo(lifecycle.messages / msgs.length, 3);
    expect(stats.operation).toMatchObject(sum(msgs.filter((r) => r.phase === 'operation')));
    // Per method: requests + notifications sent, error responses, slowest latency.
    for (const [method, m] of Object.entries(stats.methods as Record<string, Rec>)) {
      const sent = msgs.filter((r) => r.method === method && (r.kind === 'request' || r.kind === 'notification'));
      const answers = msgs.filter((r) => r.method === method && (r.kind === 'response' || r.kind === 'error'));
      expect({ method, count: m.count, errors: m.errors }).toEqual({
        method,
        count: sent.length,
        errors: answers.filter((r) => r.kind === 'error').length,
      });
      const lat = answers.map((r) => r.latencyMs).filter((x) => x !== null);
      expect(m.latencyMs.max).toBe(lat.length ? Math.max(...lat) : null);
    }
  });

  it('honours the filters', async () => {
    const s = await statsJson([ENVELOPE, '--primitive', 'tools']);
    const tools = records.filter((r) => r.kind !== 'event' && r.primitive === 'tools');
    expect(s.messages).toBe(tools.length);
    expect(Object.keys(s.methods).sort()).toEqual(['notifications/tools/list_changed', 'tools/call', 'tools/list']);
  });

  it('sums several files, one session each', async () => {
    const both = await statsJson([ENVELOPE, 'samples/memory.envelope.ndjson']);
    const memory = await statsJson(['samples/memory.envelope.ndjson']);
    expect(both.messages).toBe(stats.messages + memory.messages);
    expect(both.sessions.map((s: Rec) => s.file)).toEqual([ENVELOPE, 'samples/memory.envelope.ndjson']);
    expect(both.pairs.answered).toBe(stats.pairs.answered + memory.pairs.answered);
  });
});

describe('stats -f markdown', () => {
  it('is a Markdown document of titled tables', async () => {
    const r = await runMain(['stats', '-f', 'markdown', ENVELOPE]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const md = r.stdout;
    expect(md.startsWith('## mcptrace stats\n')).toBe(true);
    expect(md).not.toMatch(/[┌┬┐│└┴┘─]/); // no terminal box drawing
    expect(md).not.toMatch(/\x1b\[/);
    const sections = md.split(/^### /m).slice(1);
    const titles = sections.map((s) => s.split('\n')[0]);
    expect(titles).toEqual(expect.arrayContaining(['Totals', 'Lifecycle vs operation', 'Methods', 'Pairs']));
    for (const sec of sections) {
      const rows = sec.split('\n').filter((l) => l.startsWith('|'));
      expect(rows.length, `section ${sec.split('\n')[0]}`).toBeGreaterThanOrEqual(3);
      const cells = (l: string) => l.slice(1, -1).split(/(?<!\\)\|/).length;
      expect(rows[1]).toMatch(/^\|(?: ---:? \|)+$/);
      for (const row of rows) {
        expect(row.endsWith('|')).toBe(true);
        expect(cells(row)).toBe(cells(rows[0]));
      }
    }
    expect(md).toMatch(/^\| tools\/call \| 22 \| 1 \|/m);
  });
});

describe('stats: how the sessions went (the diagnosis)', () => {
  const CRASH = 'test/fixtures/failures/claude-desktop/mcp-server-notes-search-crash-x3.log';
  const DENIED = 'test/fixtures/failures/vscode/mcp-server-filesystem-access-denied.log';
  const counts = (sessions: number, ok: number, degraded: number, failed: number, causes: Rec) => ({
    sessions,
    ok,
    degraded,
    failed,
    causes,
  });

  it('JSON: sessions by verdict and the causes that failed or degraded them, overall and per server, the same with --jobs', async () => {
    const s = await statsJson([CRASH, DENIED, ENVELOPE]);
    expect(s.diagnosis).toEqual({
      ...counts(5, 1, 1, 3, { 'server-exited': 2, 'spawn-failed': 1, 'tool-errors': 1 }),
      servers: {
        '1': counts(1, 1, 0, 0, {}), // notes only (everything's deliberate errors): no cause of how it went
        'notes-search': counts(3, 0, 0, 3, { 'server-exited': 2, 'spawn-failed': 1 }),
        filesystem: counts(1, 0, 1, 0, { 'tool-errors': 1 }),
      },
    });
    expect(Object.keys(s).slice(-2)).toEqual(['timeSpan', 'diagnosis']);
    const jobs = await runMain(['stats', '-f', 'json', '--jobs', '2', CRASH, DENIED, ENVELOPE], {
      env: { MCPTRACE_JOBS_IN_THREAD: '1' },
    });
    expect(JSON.parse(jobs.stdout).diagnosis).toEqual(s.diagnosis);
  });

  it('reads the records the filters leave out of the counts too', async () => {
    expect((await statsJson(['--method', 'tools/list', CRASH, DENIED])).diagnosis).toEqual(
      (await statsJson([CRASH, DENIED])).diagnosis,
    );
  });

  it('table and Markdown: a Diagnosis section when a session failed or degraded, none when all went well', async () => {
    const md = (await runMain(['stats', '-f', 'markdown', CRASH, DENIED])).stdout;
    expect(md).toContain(
      [
        '| server | sessions | ok | degraded | failed | causes |',
        '| --- | ---: | ---: | ---: | ---: | --- |',
        '| notes-search | 3 | 0 | 0 | 3 | server-exited ×2, spawn-failed |',
        '| filesystem | 1 | 0 | 1 | 0 | tool-errors |',
        '| all | 4 | 0 | 1 | 3 | server-exited ×2, spawn-failed, tool-errors |',
      ].join('\n'),
    );
    const table = (await runMain(['stats', '--width', '100', DENIED])).stdout;
    expect(table).toMatch(/Diagnosis\n.*\n.* server +│ sessions │ ok │ degraded │ failed │ causes/);
    expect(table).toMatch(/│ filesystem │ +1 │ +0 │ +1 │ +0 │ tool-errors +│/);
    expect(table).not.toMatch(/│ all /);
    expect((await runMain(['stats', ENVELOPE])).stdout).not.toContain('Diagnosis');
  });
});
