// The hand-built 2026-07-28 sessions annotated field by field: era and revision, phase, primitive, capability, pairing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import type { PipelineRecord, SessionInfo } from '../../src/types.js';

const DIR = 'test/fixtures/modern';

async function run(file: string): Promise<{ records: PipelineRecord[]; sessions: SessionInfo[] }> {
  const bytes = readFileSync(`${DIR}/${file}`);
  const out = await analyze(
    (async function* () {
      yield bytes;
    })(),
    { file },
  );
  return { records: out.records, sessions: out.sessions };
}

/** One record as `kind id method primitive:feature phase revision capability pair`. */
function row(r: PipelineRecord): string {
  const cap =
    r.capability === null ? '-' : `${r.capability.side}:${r.capability.path}=${String(r.capability.negotiated)}`;
  return [
    r.kind,
    r.id ?? '-',
    r.method ?? '-',
    `${r.primitive}:${r.feature}`,
    r.phase,
    r.revision ?? '-',
    cap,
    r.pair ?? '-',
  ].join(' ');
}

const messages = (records: PipelineRecord[]) => records.filter((r) => r.kind !== 'event').map(row);

describe('modern sessions', () => {
  it('plain: discovery is initialization, the rest operation; server capabilities from server/discover', async () => {
    const { records, sessions } = await run('plain.txt');
    expect(messages(records).slice(0, 6)).toEqual([
      'request 1 server/discover base:discovery initialization 2026-07-28 - -',
      'response 1 server/discover base:discovery initialization 2026-07-28 - 2',
      'request 2 tools/list tools:null operation 2026-07-28 server:tools=true -',
      'response 2 tools/list tools:null operation 2026-07-28 server:tools=true 4',
      'request 3 tools/call tools:null operation 2026-07-28 server:tools=true -',
      'response 3 tools/call tools:null operation 2026-07-28 server:tools=true 6',
    ]);
    expect(messages(records).slice(12)).toEqual([
      'request 7 completion/complete base:completion operation 2026-07-28 server:completions=true -',
      'response 7 completion/complete base:completion operation 2026-07-28 server:completions=true 14',
      'request 2 tools/list tools:null operation 2026-07-28 server:tools=true -',
      'response 2 tools/list tools:null operation 2026-07-28 server:tools=true 16',
    ]);
    const s = sessions[0]!;
    expect(s.eras).toEqual(['modern']);
    expect(s.clientInfo).toEqual({ name: 'demo-client', version: '1.4.0' });
    expect(s.serverInfo).toEqual({ name: 'demo-server', version: '2.1.0' });
    expect(s.serverCapabilities).toMatchObject({ tools: { listChanged: true } });
    expect(s.initializeSeen).toBe(false);
  });

  it('without server/discover, the server capability is not known (negotiated: null)', async () => {
    const { records } = await run('mrtr-one.txt');
    expect(messages(records)[0]).toBe('request 1 tools/call tools:null operation 2026-07-28 server:tools=null -');
  });

  it('a subscription: listen, acknowledgement, tagged notifications and the final response', async () => {
    const { records } = await run('subscription.txt');
    expect(messages(records)).toEqual([
      'request 1 server/discover base:discovery initialization 2026-07-28 - -',
      'response 1 server/discover base:discovery initialization 2026-07-28 - 2',
      'request listen-1 subscriptions/listen base:subscriptions operation 2026-07-28 - -',
      'notification - notifications/subscriptions/acknowledged base:subscriptions operation 2026-07-28 - -',
      'request 2 tools/list tools:null operation 2026-07-28 server:tools=true -',
      'response 2 tools/list tools:null operation 2026-07-28 server:tools=true 6',
      'notification - notifications/tools/list_changed tools:null operation 2026-07-28 server:tools.listChanged=true -',
      'notification - notifications/resources/updated resources:null operation 2026-07-28 server:resources.subscribe=true -',
      'request 3 tools/list tools:null operation 2026-07-28 server:tools=true -',
      'response 3 tools/list tools:null operation 2026-07-28 server:tools=true 10',
      'response listen-1 subscriptions/listen base:subscriptions operation 2026-07-28 - 4',
    ]);
  });

  it('a server ends a listen stream with notifications/cancelled: the listen is closed, not left unanswered', async () => {
    const bytes = readFileSync(`${DIR}/cancel-progress.txt`);
    const out = await analyze(
      (async function* () {
        yield bytes;
      })(),
      { file: 'cancel-progress.txt' },
    );
    expect(out.open.map((o) => `${o.method} ${o.id} ${o.cancelled}`)).toEqual(['tools/call 2 true']);
  });

  it('dual-era fallback: the discover probe, then initialize; one session that became legacy', async () => {
    const { records, sessions } = await run('dual-era-fallback.txt');
    expect(messages(records)).toEqual([
      'request server-discover-probe-1 server/discover base:discovery initialization 2026-07-28 - -',
      'error server-discover-probe-1 server/discover base:discovery initialization 2026-07-28 - 2',
      'request 1 initialize base:lifecycle initialization 2025-11-25 - -',
      'response 1 initialize base:lifecycle initialization 2025-11-25 - 4',
      'notification - notifications/initialized base:lifecycle initialization 2025-11-25 - -',
      'request 2 tools/list tools:null operation 2025-11-25 server:tools=true -',
      'response 2 tools/list tools:null operation 2025-11-25 server:tools=true 7',
    ]);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.eras).toEqual(['modern', 'legacy']);
    expect(sessions[0]!.negotiatedRevision).toBe('2025-11-25');
  });

  it('dual-era fallback in a raw log (no process start): still one session', async () => {
    const text = readFileSync(`${DIR}/dual-era-fallback.txt`, 'utf8')
      .split('\n')
      .filter((l) => / (->|<-) /.test(l))
      .map((l) => l.slice(l.indexOf('{')))
      .join('\n');
    const out = await analyze(
      (async function* () {
        yield Buffer.from(text + '\n');
      })(),
      { file: 'raw.ndjson' },
    );
    expect(out.sessions).toHaveLength(1);
    expect(out.records.flatMap((r) => r.findings.map((f) => f.rule))).toEqual([]);
  });

  it('a -32022 version retry: the refusal is discovery (initialization), each leg keeps its own revision', async () => {
    const { records } = await run('dual-era-version-retry.txt');
    expect(messages(records)).toEqual([
      'request 1 tools/list tools:null operation 2027-01-01 server:tools=null -',
      'error 1 tools/list base:discovery initialization 2027-01-01 server:tools=null 2',
      'request 2 tools/list tools:null operation 2026-07-28 server:tools=null -',
      'response 2 tools/list tools:null operation 2026-07-28 server:tools=null 4',
    ]);
  });

  it.each([
    'plain.txt',
    'mrtr-one.txt',
    'mrtr-rounds.txt',
    'subscription.txt',
    'cancel-progress.txt',
    'dual-era-fallback.txt',
    'dual-era-version-retry.txt',
  ])('%s: no error finding', async (file) => {
    const { records } = await run(file);
    expect(
      records.flatMap((r) =>
        r.findings.filter((f) => f.severity === 'error').map((f) => `${r.seq} ${f.rule}: ${f.message}`),
      ),
    ).toEqual([]);
  });
});

describe('era of a message', () => {
  const META = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const lines = (...m: unknown[]) => m.map((x) => JSON.stringify(x)).join('\n') + '\n';
  async function revisions(text: string): Promise<string[]> {
    const out = await analyze(
      (async function* () {
        yield Buffer.from(text);
      })(),
      { file: 't.ndjson' },
    );
    return out.records.map((r) => `${r.kind} ${r.revision ?? '-'}`);
  }

  it('a request is modern exactly when its _meta has the protocolVersion key', async () => {
    expect(
      await revisions(
        lines(
          // other reserved keys alone are no claim
          {
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/list',
            params: { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } },
          },
          { jsonrpc: '2.0', id: 1, result: { tools: [] } },
        ),
      ),
    ).toEqual(['request -', 'response -']);
    expect(
      await revisions(
        lines(
          { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } },
          { jsonrpc: '2.0', id: 1, result: { tools: [], resultType: 'complete', ttlMs: 0, cacheScope: 'public' } },
          // a notification without the envelope inherits the connection's era
          { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } },
        ),
      ),
    ).toEqual(['request 2026-07-28', 'response 2026-07-28', 'notification 2026-07-28']);
  });

  it('a claim with a malformed version is still modern (never a fallback to legacy)', async () => {
    const out = await analyze(
      (async function* () {
        yield Buffer.from(
          lines({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/list',
            params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': 7 } },
          }),
        );
      })(),
      { file: 't.ndjson' },
    );
    expect(out.sessions[0]!.eras).toEqual(['modern']);
    expect(out.records[0]!.findings.map((f) => `${f.rule} ${f.severity}`)).toContain('unknown-protocol-version error');
  });

  it('a legacy session has no eras in its summary and every record its session revision', async () => {
    const out = await analyze(
      (async function* () {
        yield Buffer.from(
          lines(
            {
              jsonrpc: '2.0',
              id: 0,
              method: 'initialize',
              params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
            },
            {
              jsonrpc: '2.0',
              id: 0,
              result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } },
            },
            { jsonrpc: '2.0', method: 'notifications/initialized' },
          ),
        );
      })(),
      { file: 't.ndjson' },
    );
    expect(out.sessions[0]!.eras).toBeUndefined();
    expect(out.records.map((r) => r.revision)).toEqual(['2025-11-25', '2025-06-18', '2025-06-18']);
  });
});

describe('chains', () => {
  const chains = (records: PipelineRecord[]) =>
    records
      .filter((r) => r.kind !== 'event')
      .map((r) => `${r.seq} ${r.kind} ${r.chain ? `${r.chain.first}/${r.chain.round}` : '-'}`);

  it('MRTR over several rounds: one operation, every leg paired on its own; the terminal answer sums it up', async () => {
    const { records } = await run('mrtr-rounds.txt');
    expect(chains(records)).toEqual([
      '2 request 2/1',
      '3 response 2/1',
      '4 request 2/2',
      '5 response 2/2',
      '6 request 2/3',
      '7 response 2/3',
      '8 request 2/4',
      '9 response 2/4',
    ]);
    expect(records.filter((r) => r.kind === 'response').map((r) => r.pair)).toEqual([2, 4, 6, 8]);
    expect(records[8]!.operation).toEqual({
      first: 2,
      rounds: 4,
      latencyMs: 1170,
      serverMs: 30 + 25 + 15 + 45,
      clientMs: 800 + 5 + 250,
    });
    expect(records.filter((r) => r.operation !== undefined)).toHaveLength(1);
  });

  it('the input requests of an input_required result: primitive and capability from the triggering request', async () => {
    const { records } = await run('mrtr-rounds.txt');
    expect(records[2]!.inputs).toEqual([
      {
        key: 'summary',
        method: 'sampling/createMessage',
        primitive: 'sampling',
        capability: { side: 'client', path: 'sampling', negotiated: true },
      },
    ]);
    expect(records[4]!.inputs).toEqual([
      {
        key: 'where',
        method: 'roots/list',
        primitive: 'roots',
        capability: { side: 'client', path: 'roots', negotiated: true },
      },
    ]);
    expect(records[6]!.inputs).toBeUndefined();
    const one = await run('mrtr-one.txt');
    expect(one.records[2]!.inputs).toEqual([
      {
        key: 'confirm',
        method: 'elicitation/create',
        primitive: 'elicitation',
        capability: { side: 'client', path: 'elicitation.form', negotiated: true },
      },
    ]);
  });

  it('never takes a capability from an earlier request', async () => {
    const text = readFileSync(`${DIR}/mrtr-one.txt`, 'utf8').split('\n');
    // the first request declares nothing; an earlier request that declared elicitation does not count
    const declared = text[1]!.replace('/clientCapabilities":{"elicitation":{"form":{}}}', '/clientCapabilities":{}');
    expect(declared).not.toBe(text[1]);
    const earlier = text[1]!.replace('"id":1', '"id":0').replace('"tools/call"', '"tools/list"');
    const out = await analyze(
      (async function* () {
        yield Buffer.from([text[0], earlier, declared, text[2]].join('\n') + '\n');
      })(),
      { file: 't.txt' },
    );
    expect(out.records[3]!.inputs?.[0]?.capability).toEqual({
      side: 'client',
      path: 'elicitation.form',
      negotiated: false,
    });
  });

  it("a subscription: the acknowledgement, the tagged notifications and the final response carry the listen's chain", async () => {
    const { records } = await run('subscription.txt');
    expect(chains(records)).toEqual([
      '2 request 2/1',
      '3 response 2/1',
      '4 request 4/1',
      '5 notification 4/1',
      '6 request 6/1',
      '7 response 6/1',
      '8 notification 4/1',
      '9 notification 4/1',
      '10 request 10/1',
      '11 response 10/1',
      '12 response 4/1',
    ]);
  });

  it('a version retry after -32022 is a chain', async () => {
    const { records } = await run('dual-era-version-retry.txt');
    expect(chains(records)).toEqual(['2 request 2/1', '3 error 2/1', '4 request 2/2', '5 response 2/2']);
    expect(records[4]!.operation).toEqual({ first: 2, rounds: 2, latencyMs: 20, serverMs: 15, clientMs: 5 });
  });

  it('legacy records have no chain', async () => {
    const { records } = await run('dual-era-fallback.txt');
    expect(records.filter((r) => r.chain !== undefined).map((r) => r.method)).toEqual([
      'server/discover',
      'server/discover',
    ]);
  });
});
