import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { Analyzer } from '../../src/analyzer.js';
import type { Frame } from '../../src/types.js';
import { event, initReq, initRes, logLine, msg, note, req, res, resetLines } from '../helpers/frames.js';

function run(frames: Frame[]) {
  const a = new Analyzer();
  const input = a.input('t.ndjson');
  const records = frames.flatMap((f) => input.push(f));
  input.end();
  return { records, ...a.summary() };
}

beforeEach(resetLines);

describe('phases and sessions', () => {
  it('walks initialization → operation → shutdown', () => {
    const { records, sessions } = run([
      event('start'),
      msg('c2s', initReq(0, { roots: { listChanged: true } })),
      msg('s2c', initRes(0, { tools: { listChanged: true } })),
      msg('c2s', note('notifications/initialized')),
      msg('c2s', req(1, 'tools/list')),
      msg('s2c', res(1, { tools: [] })),
      event('stdin-closed'),
      event('exit'),
    ]);
    expect(records.map((r) => r.phase)).toEqual([
      'initialization',
      'initialization',
      'initialization',
      'initialization',
      'operation',
      'operation',
      'shutdown',
      'shutdown',
    ]);
    expect(records[0]).toMatchObject({ kind: 'event', event: { name: 'start' } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      key: '1',
      requestedRevision: '2025-11-25',
      negotiatedRevision: '2025-11-25',
      initializeSeen: true,
      initializedSeen: true,
      clientInfo: { name: 'test-client' },
      serverInfo: { name: 'test-server' },
      transport: 'stdio',
    });
  });

  it('treats a log that starts mid-session as operation with negotiated null', () => {
    const { records } = run([msg('c2s', req(9, 'resources/subscribe', { uri: 'x://a' })), msg('s2c', res(9))]);
    expect(records[0]).toMatchObject({
      phase: 'operation',
      capability: { side: 'server', path: 'resources.subscribe', negotiated: null },
    });
    expect(records[1].capability).toEqual(records[0].capability);
  });

  it('starts a new session at each new initialize', () => {
    const { records, sessions } = run([
      msg('c2s', initReq(0)),
      msg('s2c', initRes(0)),
      msg('c2s', note('notifications/initialized')),
      msg('c2s', req(1, 'ping')),
      msg('s2c', res(1)),
      msg('c2s', initReq(0)),
      msg('s2c', initRes(0)),
    ]);
    expect(records.map((r) => r.session)).toEqual(['1', '1', '1', '1', '1', '2', '2']);
    expect(records[6].pair).toBe(6);
    expect(sessions.map((s) => s.key)).toEqual(['1', '2']);
  });

  it('keys sessions by the envelope session id and pairs within each', () => {
    const { records } = run([
      msg('c2s', req(1, 'tools/list'), { session: 'A' }),
      msg('c2s', req(1, 'tools/list'), { session: 'B' }),
      msg('s2c', res(1, { tools: [] }), { session: 'B' }),
      msg('s2c', res(1, { tools: [] }), { session: 'A' }),
    ]);
    expect(records.map((r) => [r.session, r.pair])).toEqual([
      ['A', null],
      ['B', null],
      ['B', 2],
      ['A', 1],
    ]);
    expect(records.flatMap((r) => r.findings)).toEqual([]);
  });

  it('annotates capabilities and whether they were negotiated', () => {
    const { records } = run([
      msg('c2s', initReq(0, { sampling: {}, elicitation: {} })),
      msg('s2c', initRes(0, { resources: { subscribe: false, listChanged: true }, tools: {} })),
      msg('c2s', note('notifications/initialized')),
      msg('c2s', req(1, 'resources/subscribe', { uri: 'x://a' })),
      msg('s2c', note('notifications/resources/list_changed')),
      msg('s2c', note('notifications/tools/list_changed')),
      msg('s2c', req(1, 'sampling/createMessage', { messages: [], maxTokens: 5, tools: [] })),
      msg('s2c', req(2, 'elicitation/create', { mode: 'url', url: 'https://x', message: 'm', elicitationId: 'e' })),
      msg('s2c', req(3, 'elicitation/create', { message: 'm', requestedSchema: { type: 'object', properties: {} } })),
      msg('c2s', req(2, 'ping')),
    ]);
    const caps = records.map((r) => r.capability);
    expect(caps[0]).toBeNull();
    expect(caps[3]).toEqual({ side: 'server', path: 'resources.subscribe', negotiated: false });
    expect(caps[4]).toEqual({ side: 'server', path: 'resources.listChanged', negotiated: true });
    expect(caps[5]).toEqual({ side: 'server', path: 'tools.listChanged', negotiated: false });
    expect(caps[6]).toEqual({ side: 'client', path: 'sampling.tools', negotiated: false });
    expect(caps[7]).toEqual({ side: 'client', path: 'elicitation.url', negotiated: false });
    expect(caps[8]).toEqual({ side: 'client', path: 'elicitation.form', negotiated: true });
    expect(caps[9]).toBeNull();
  });

  it('moves to operation when the client goes on without notifications/initialized', () => {
    const { records } = run([
      msg('c2s', initReq(0)),
      msg('s2c', initRes(0)),
      msg('c2s', req(1, 'ping')),
      msg('c2s', req(2, 'tools/list')),
    ]);
    expect(records.map((r) => r.phase)).toEqual(['initialization', 'initialization', 'initialization', 'operation']);
  });
});

/** The records of a fixture as `#seq kind name phase` (events by name, messages by method), up to the first message's answer. */
async function phasesOf(file: string, upTo: number): Promise<string[]> {
  const bytes = readFileSync(file);
  const { records } = await analyze(
    (async function* () {
      yield bytes;
    })(),
    { file },
  );
  return records.slice(0, upTo).map((r) => `#${r.seq} ${r.kind} ${r.event?.name ?? r.method ?? ''} ${r.phase}`);
}

describe('what comes before the handshake', () => {
  it("VS Code's connection states before initialize, in a log that never says `Starting server`, are initialization", async () => {
    expect(await phasesOf('test/fixtures/hosts/vscode/mcp-server-memory-2025-03-no-start-line.log', 3)).toEqual([
      '#1 event starting initialization',
      '#2 event connected initialization',
      '#3 request initialize initialization',
    ]);
  });

  it("a bridge's connecting, endpoint and connected events and its chatter before initialize are initialization (mcp-proxy)", async () => {
    const rows = await phasesOf('test/fixtures/hosts/mcp-proxy/g1-client-mode-default-format.log', 15);
    expect(rows.filter((r) => / event /.test(r))).toEqual([
      '#3 event connecting initialization',
      '#13 event endpoint initialization',
      '#14 event connected initialization',
    ]);
    expect(rows.filter((r) => !r.endsWith(' initialization'))).toEqual([]);
  });

  it("the same for every dialect: no event or log line before a session's first message is operation", () => {
    const { records } = run([
      logLine('server banner'),
      event('listening'),
      event('connected'),
      msg('c2s', req(1, 'tools/list')),
      event('connected'),
      logLine('after'),
      msg('s2c', res(1)),
    ]);
    // A session seen from its middle operates from its first message on; what came before it was its setting up.
    expect(records.map((r) => r.phase)).toEqual([
      'initialization',
      'initialization',
      'initialization',
      'operation',
      'operation',
      'operation',
      'operation',
    ]);
  });

  it('in the 2026-07-28 era too: events before the first request are initialization, the request operation', () => {
    const meta = {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
      },
    };
    const { records } = run([
      event('listening'),
      event('connected'),
      msg('c2s', req(1, 'tools/list', meta)),
      msg('s2c', res(1, { tools: [], resultType: 'complete' })),
    ]);
    expect(records.map((r) => `${r.revision ?? '-'} ${r.phase}`)).toEqual([
      '- initialization',
      '- initialization',
      '2026-07-28 operation',
      '2026-07-28 operation',
    ]);
  });

  it('a close before any message stays shutdown', () => {
    const { records } = run([event('exit')]);
    expect(records.map((r) => r.phase)).toEqual(['shutdown']);
  });
});

// Records outside any session (session/outside.ts): a line or an event that no session holds is kept, and is no session.
describe('records outside any session', () => {
  it('lines and events before the first message: kept, under no session, and the first session is still `1`', () => {
    const { records, sessions } = run([
      logLine('banner'),
      event('listening'),
      msg('c2s', initReq(0)),
      msg('s2c', initRes(0)),
      logLine('after'),
    ]);
    expect(records.map((r) => `${r.seq} ${r.kind} ${JSON.stringify(r.session)}`)).toEqual([
      '1 log ""',
      '2 event ""',
      '3 request "1"',
      '4 response "1"',
      '5 log "1"',
    ]);
    expect(sessions.map((s) => s.key)).toEqual(['1']);
    expect(sessions[0]).toMatchObject({ firstSeq: 3, lastSeq: 5 });
  });

  it('a process start or a session break starts the session it opens: it is not outside', () => {
    const { records, sessions } = run([
      logLine('banner'),
      event('start'),
      logLine('Server started'),
      msg('c2s', req(1, 'ping')),
    ]);
    expect(records.map((r) => r.session)).toEqual(['', '1', '1', '1']);
    expect(sessions.map((s) => s.key)).toEqual(['1']);
    expect(run([event('session'), msg('c2s', req(1, 'ping'))]).records.map((r) => r.session)).toEqual(['1', '1']);
  });

  it("a line between named sessions, when no unnamed one is current, is outside (a bridge's next launch before it connects)", () => {
    const { records, sessions } = run([
      msg('c2s', req(1, 'ping'), { session: 'a' }),
      msg('s2c', res(1), { session: 'a' }),
      logLine('Using automatically selected callback port: 11785'),
      msg('c2s', req(1, 'ping'), { session: 'b' }),
    ]);
    expect(records.map((r) => r.session)).toEqual(['a', 'a', '', 'b']);
    expect(sessions.map((s) => s.key)).toEqual(['a', 'b']);
  });

  it("a log's empty session id names no session", () => {
    const { records, sessions } = run([
      msg('c2s', req(1, 'ping'), { session: '' }),
      msg('s2c', res(1), { session: '' }),
    ]);
    expect(records.map((r) => [r.session, r.pair])).toEqual([
      ['1', null],
      ['1', 1],
    ]);
    expect(sessions.map((s) => s.key)).toEqual(['1']);
  });

  it("the server a line outside names is the next session's", () => {
    const { records, sessions } = run([
      logLine('Initializing server...', { server: 'memory' }),
      msg('c2s', initReq(0)),
      logLine('x'),
    ]);
    expect(records.map((r) => r.server)).toEqual(['memory', 'memory', 'memory']);
    expect(sessions[0]!.server).toBe('memory');
  });

  it("a close ends a session the log did not show starting: it is that session's, and what follows is after it", () => {
    const { records } = run([
      logLine('a'),
      event('stdin-closed'),
      event('stdout-closed'),
      msg('c2s', req(9, 'x/custom')),
    ]);
    expect(records.map((r) => r.session)).toEqual(['', '1', '1', '1']);
    expect(records[3]!.findings.map((f) => f.rule)).toContain('message-after-shutdown');
  });

  it('a log of lines only: every record kept, no session, nothing judged', () => {
    const { records, sessions, findings } = run([logLine('a'), event('connected'), logLine('b'), event('listening')]);
    expect(records.map((r) => r.session)).toEqual(['', '', '', '']);
    expect(records.flatMap((r) => r.findings)).toEqual([]);
    expect(sessions).toEqual([]);
    expect(findings).toEqual([]);
  });
});
