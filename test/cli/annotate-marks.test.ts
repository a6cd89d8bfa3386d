// annotate marks a failure on the record where it shows (a crash, a timeout, stdout pollution, a failed start), in
// the transcript under the record and in -f ndjson / -f json as `marks`; every mark of the failure corpus names a
// cause its session's diagnosis reports.
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';

const ROOT = 'test/fixtures/failures';

interface Mark {
  cause: string;
  impact: string;
  text: string;
  beforeInitialize?: boolean;
  open?: number;
  exitCode?: number;
  request?: string;
  openMs?: number;
}
interface Rec {
  seq: number;
  session: string;
  kind: string;
  marks?: Mark[];
}

const fixtures = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(`${ROOT}/${d.name}`)
      .filter((f) => !f.endsWith('.json'))
      .map((f) => `${ROOT}/${d.name}/${f}`),
  )
  .sort();

async function records(...args: string[]): Promise<Rec[]> {
  const r = await runMain(['annotate', '-f', 'ndjson', '--no-body', ...args]);
  expect(r.code).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Rec);
}

function marked(recs: readonly Rec[]): Record<number, Mark[]> {
  return Object.fromEntries(recs.filter((r) => r.marks).map((r) => [r.seq, r.marks!]));
}

/** A timed envelope capture: a tool call the host gave up on, answered by a proxy with the SDK's -32001. */
const TIMED_OUT =
  [
    {
      ts: '2026-01-05T10:00:00.000Z',
      dir: 'c2s',
      msg: {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      },
    },
    {
      ts: '2026-01-05T10:00:00.100Z',
      dir: 's2c',
      msg: {
        jsonrpc: '2.0',
        id: 0,
        result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } },
      },
    },
    { ts: '2026-01-05T10:00:00.110Z', dir: 'c2s', msg: { jsonrpc: '2.0', method: 'notifications/initialized' } },
    {
      ts: '2026-01-05T10:00:01.000Z',
      dir: 'c2s',
      msg: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: {} } },
    },
    {
      ts: '2026-01-05T10:00:02.000Z',
      dir: 'c2s',
      msg: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'fetch', arguments: {} } },
    },
    {
      ts: '2026-01-05T10:01:01.000Z',
      dir: 'c2s',
      msg: {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 1, reason: 'McpError: MCP error -32001: Request timed out' },
      },
    },
    {
      ts: '2026-01-05T10:01:32.000Z',
      dir: 's2c',
      msg: { jsonrpc: '2.0', id: 2, error: { code: -32001, message: 'Request timed out' } },
    },
    {
      ts: '2026-01-05T10:01:33.000Z',
      dir: 'c2s',
      msg: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9, reason: 'user cancelled' } },
    },
  ]
    .map((e) => JSON.stringify(e))
    .join('\n') + '\n';

describe('annotate marks', () => {
  const out = new Map<string, Rec[]>();
  beforeAll(async () => {
    for (const f of fixtures) out.set(f, await records(f));
  });

  it('marks the end of a server that crashed before answering initialize, and a failed start', () => {
    const m = marked(out.get(`${ROOT}/claude-desktop/mcp-server-notes-search-crash-x3.log`)!);
    expect(m[8]).toEqual([
      {
        cause: 'server-exited',
        impact: 'failed',
        beforeInitialize: true,
        open: 0,
        text: 'the server exited before answering initialize',
      },
    ]);
    expect(m[18]?.map((x) => x.cause)).toEqual(['server-exited']);
    // The third launch never ran: its start failed, and its end is no crash of its own.
    expect(m[25]).toEqual([{ cause: 'spawn-failed', impact: 'failed', text: 'the server could not be started' }]);
    expect(Object.keys(m)).toEqual(['8', '18', '25']);
  });

  it('marks a cancelled initialize with how long it was open, and a line on stdout that is no message', () => {
    const vault = Object.values(
      marked(out.get(`${ROOT}/claude-desktop/mcp-server-vault-initialize-timeout.log`)!),
    ).flat();
    expect(vault).toEqual([
      {
        cause: 'initialize-timeout',
        impact: 'failed',
        request: 'initialize',
        openMs: 60_005,
        text: 'initialize open for 1m 00s: the host gave up',
      },
    ]);
    const kb = Object.values(marked(out.get(`${ROOT}/vscode/mcp-server-kb-failed-to-parse.log`)!)).flat();
    expect(kb.map((x) => x.cause)).toEqual(['stdout-pollution']);
  });

  it('marks an exit with a request open, with its exit code', async () => {
    const crash =
      TIMED_OUT.split('\n').slice(0, 4).join('\n') +
      '\n' +
      [
        { ts: '2026-01-05T10:00:01.500Z', event: 'stdout-closed' },
        { ts: '2026-01-05T10:00:01.501Z', event: 'exit', code: 1, signal: null },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n') +
      '\n';
    const r = await runMain(['annotate', '-f', 'ndjson', '--no-body', '--input-format', 'envelope', '-'], {
      input: crash,
    });
    expect(
      marked(
        r.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Rec),
      ),
    ).toEqual({
      6: [
        {
          cause: 'server-exited',
          impact: 'failed',
          beforeInitialize: false,
          open: 1,
          exitCode: 1,
          text: 'the server exited with 1 request open (exit code 1)',
        },
      ],
    });
  });

  it('marks a request timeout at the cancel and at a -32001 answer, with how long each was open; not a user cancel', async () => {
    const r = await runMain(['annotate', '-f', 'ndjson', '--no-body', '--input-format', 'envelope', '-'], {
      input: TIMED_OUT,
    });
    const m = marked(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Rec),
    );
    expect(m).toEqual({
      6: [
        {
          cause: 'request-timeout',
          impact: 'degraded',
          request: 'tools/call search',
          openMs: 60_000,
          text: 'tools/call search open for 1m 00s: the host gave up',
        },
      ],
      7: [
        {
          cause: 'request-timeout',
          impact: 'degraded',
          request: 'tools/call',
          openMs: 90_000,
          text: 'tools/call open for 1m 30s: the host gave up',
        },
      ],
    });
  });

  it('every mark of the corpus names a cause its session is diagnosed with', async () => {
    let n = 0;
    for (const f of fixtures) {
      const r = await runMain(['why', '-f', 'json', f]);
      const why = JSON.parse(r.stdout) as { session: string; diagnoses: { cause: string }[] }[];
      const causes = new Map(why.map((s) => [s.session, new Set(s.diagnoses.map((d) => d.cause))]));
      for (const rec of out.get(f)!)
        for (const m of rec.marks ?? []) {
          n++;
          expect({
            f,
            seq: rec.seq,
            cause: m.cause,
            diagnosed: causes.get(rec.session)?.has(m.cause) ?? false,
          }).toMatchObject({ diagnosed: true });
        }
    }
    expect(n).toBeGreaterThan(10);
  });

  it('prints each mark under its record in the transcript, and in -f json', async () => {
    const f = `${ROOT}/claude-desktop/mcp-server-notes-search-crash-x3.log`;
    const text = (await runMain(['annotate', '--width', '120', f])).stdout.split('\n');
    const at = text.findIndex((l) => /^ +#8 /.test(l));
    expect(text[at + 1]).toMatch(/^ +↳ ✖ server-exited: the server exited before answering initialize$/);
    const json = JSON.parse((await runMain(['annotate', '-f', 'json', '--no-body', f])).stdout) as { records: Rec[] };
    expect(marked(json.records)).toEqual(marked(out.get(f)!));
  });
});
