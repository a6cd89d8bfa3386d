// The messy 2026-07-28 fixtures (test/fixtures/modern/messy/): modern sessions in the log shapes users have, read
// field by field — era per message, chains, capabilities, the only findings the deliberate damage causes, every
// input line accounted for, and every MCP message valid against the official schema.
import { createReadStream, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { readFrameBatches } from '../../src/input/index.js';
import { checkModern, modernTarget } from '../../src/rules/modern-schema-check.js';
import type { PipelineRecord, SessionInfo } from '../../src/types.js';

const DIR = 'test/fixtures/modern/messy';

async function run(
  file: string,
): Promise<{ records: PipelineRecord[]; sessions: SessionInfo[]; findings: [number, string, string][] }> {
  const bytes = readFileSync(`${DIR}/${file}`);
  const out = await analyze(
    (async function* () {
      yield bytes;
    })(),
    { file },
  );
  const findings = [
    ...out.records.flatMap((r) => r.findings.map((f) => [r.seq, f.rule, f.severity] as [number, string, string])),
    ...out.findings.map((f) => [f.seq, f.rule, f.severity] as [number, string, string]),
  ];
  return { records: out.records, sessions: out.sessions, findings };
}

/** `seq kind method revision chain` of the message records, for the field-by-field expectations below. */
function rows(records: readonly PipelineRecord[]): string[] {
  return records
    .filter((r) => r.kind !== 'log' && r.kind !== 'event')
    .map((r) =>
      [
        r.seq,
        r.session,
        r.kind,
        r.method ?? '-',
        r.revision ?? '-',
        r.phase,
        r.chain === undefined ? '-' : `${r.chain.first}/${r.chain.round}`,
        r.truncated ? 'cut' : '',
      ]
        .join(' ')
        .trim(),
    );
}

/** Lines of the file that no frame spans; they must be blank. Every frame spans lines of its own. */
async function uncoveredLines(file: string): Promise<string[]> {
  const path = `${DIR}/${file}`;
  const lines = readFileSync(path, 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const covered = new Uint8Array(lines.length + 2);
  let last: unknown = null;
  for await (const frames of readFrameBatches(createReadStream(path), { file: path })) {
    for (const f of frames) {
      if (f === last || f.lines === 0) continue;
      last = f;
      for (let n = f.line; n < f.line + f.lines; n++) {
        expect(covered[n], `line ${n} in two records`).toBe(0);
        covered[n] = 1;
      }
    }
  }
  return lines.filter((_, i) => !covered[i + 1]);
}

/** Every modern message record the log gave whole (revision 2026-07-28 or later) is valid against the 2026-07-28 schema. */
function expectSchemaValid(records: readonly PipelineRecord[]): number {
  let checked = 0;
  for (const r of records) {
    if (
      r.message === null ||
      r.truncated ||
      !['request', 'response', 'error', 'notification'].includes(r.kind) ||
      r.revision === null ||
      r.revision === undefined ||
      r.revision < '2026-07-28'
    )
      continue;
    const target = modernTarget(r.kind, r.method, r.message);
    expect(target, `#${r.seq} has a definition`).toBeDefined();
    expect(checkModern(target!, r.message), `#${r.seq} ${target!.def}`).toEqual([]);
    checked++;
  }
  return checked;
}

describe('a wrap capture with stderr appended, two crossing chains, a listen stream, and a cut last line', () => {
  const file = 'wrap-capture.envelope.ndjson';

  it('annotates every message: modern, chained, capabilities from each request', async () => {
    const { records, sessions, findings } = await run(file);
    expect(sessions.map((s) => [s.key, s.eras, s.modernRevision])).toEqual([['1', ['modern'], '2026-07-28']]);
    expect(rows(records)).toEqual([
      '3 1 request server/discover 2026-07-28 initialization 3/1',
      '4 1 response server/discover 2026-07-28 initialization 3/1',
      '5 1 request subscriptions/listen 2026-07-28 operation 5/1',
      '6 1 notification notifications/subscriptions/acknowledged 2026-07-28 operation 5/1',
      '8 1 request tools/call 2026-07-28 operation 8/1',
      '9 1 request tools/call 2026-07-28 operation 9/1',
      '10 1 response tools/call 2026-07-28 operation 8/1',
      '12 1 response tools/call 2026-07-28 operation 9/1',
      '13 1 request tools/call 2026-07-28 operation 9/2',
      '14 1 request tools/call 2026-07-28 operation 8/2',
      '15 1 response tools/call 2026-07-28 operation 8/2',
      '16 1 notification notifications/tools/list_changed 2026-07-28 operation 5/1',
      '17 1 response tools/call 2026-07-28 operation 9/2',
      '18 1 request tools/list 2026-07-28 operation 18/1',
      '19 1 response tools/list 2026-07-28 operation 18/1',
      '20 1 request tools/call 2026-07-28 operation 20/1',
      '21 1 invalid - 2026-07-28 operation -',
    ]);
    const bySeq = new Map(records.map((r) => [r.seq, r]));
    expect(bySeq.get(10)!.inputs).toEqual([
      {
        key: 'confirm',
        method: 'elicitation/create',
        primitive: 'elicitation',
        capability: { side: 'client', path: 'elicitation.form', negotiated: true },
      },
    ]);
    expect(bySeq.get(12)!.inputs).toEqual([
      {
        key: 'prose',
        method: 'sampling/createMessage',
        primitive: 'sampling',
        capability: { side: 'client', path: 'sampling', negotiated: true },
      },
    ]);
    expect(bySeq.get(15)!.operation).toEqual({ first: 8, rounds: 2, latencyMs: 2910, serverMs: 90, clientMs: 2820 });
    expect(bySeq.get(17)!.operation).toEqual({ first: 9, rounds: 2, latencyMs: 2996, serverMs: 746, clientMs: 2250 });
    // The server's stderr appended to the capture: text lines and a pino JSON line are log records, never findings.
    expect(records.filter((r) => r.kind === 'log').map((r) => [r.seq, r.level])).toEqual([
      [2, null],
      [7, 'info'],
      [11, null],
    ]);
    // The only findings: the capture's last line, cut in the middle of its envelope, and the request it answered.
    expect(findings).toEqual([
      [21, 'invalid-frame', 'error'],
      [20, 'unanswered-request', 'warning'],
    ]);
  });

  it('accounts for every line and holds only schema-valid MCP messages', async () => {
    expect(await uncoveredLines(file)).toEqual([]);
    expect(expectSchemaValid((await run(file)).records)).toBe(16);
  });
});

describe("VS Code's channel: a dual-era fallback mid-log, then a modern launch with a version retry and an input round", () => {
  const file = 'vscode-dual-era.log';

  it('annotates every message: the first launch modern until initialize, then legacy; the second modern', async () => {
    const { records, sessions, findings } = await run(file);
    expect(sessions.map((s) => [s.key, s.eras, s.negotiatedRevision, s.modernRevision])).toEqual([
      ['notes', ['modern', 'legacy'], '2025-11-25', '2026-07-28'],
      ['notes#2', ['modern'], null, '2026-07-28'],
    ]);
    expect(rows(records)).toEqual([
      '5 notes request server/discover 2026-07-28 initialization 5/1',
      '7 notes error server/discover 2026-07-28 initialization 5/1',
      '8 notes request initialize 2025-11-25 initialization -',
      '9 notes response initialize 2025-11-25 initialization -',
      '10 notes notification notifications/initialized 2025-11-25 initialization -',
      '11 notes request tools/list 2025-11-25 operation -',
      '12 notes response tools/list 2025-11-25 operation -',
      '14 notes request tools/call 2025-11-25 operation -',
      '16 notes response tools/call 2025-11-25 operation -',
      '23 notes#2 request server/discover 2026-07-28 initialization 23/1',
      '25 notes#2 response server/discover 2026-07-28 initialization 23/1',
      '26 notes#2 request tools/list 2026-12-01 operation 26/1',
      '27 notes#2 error tools/list 2026-12-01 initialization 26/1',
      '28 notes#2 request tools/list 2026-07-28 operation 26/2',
      '29 notes#2 response tools/list 2026-07-28 operation 26/2',
      '31 notes#2 request tools/call 2026-07-28 operation 31/1',
      '32 notes#2 response tools/call 2026-07-28 operation 31/1',
      '33 notes#2 request tools/call 2026-07-28 operation 31/2',
      '35 notes#2 response tools/call 2026-07-28 operation 31/2',
    ]);
    const bySeq = new Map(records.map((r) => [r.seq, r]));
    expect(bySeq.get(29)!.operation).toEqual({ first: 26, rounds: 2, latencyMs: 20, serverMs: 17, clientMs: 3 });
    expect(bySeq.get(32)!.inputs).toEqual([
      {
        key: 'ok',
        method: 'elicitation/create',
        primitive: 'elicitation',
        capability: { side: 'client', path: 'elicitation.form', negotiated: true },
      },
    ]);
    // The legacy launch's capabilities come from its handshake; the modern one's from its server/discover.
    expect(bySeq.get(14)!.capability).toEqual({ side: 'server', path: 'tools', negotiated: true });
    expect(bySeq.get(31)!.capability).toEqual({ side: 'server', path: 'tools', negotiated: true });
    // `[server stderr]` lines, a JSON one among them, and VS Code's own lines are logs.
    expect(records.filter((r) => r.kind === 'log').length).toBe(8);
    // The probe is no "request before initialize"; the only finding is the warning on a version no revision has.
    expect(findings).toEqual([[26, 'unknown-protocol-version', 'warning']]);
  });

  it('accounts for every line and holds only schema-valid MCP messages (the modern legs)', async () => {
    expect(await uncoveredLines(file)).toEqual([]);
    expect(expectSchemaValid((await run(file)).records)).toBe(12);
  });
});

describe("Claude Desktop's mcp.log: two modern servers interleaved, stderr between, the last line cut", () => {
  const file = 'claude-desktop-mcp.log';

  it('annotates every message: two sessions, a chain of four rounds, a listen stream, the cut answer truncated', async () => {
    const { records, sessions, findings } = await run(file);
    expect(sessions.map((s) => [s.key, s.eras, s.modernRevision, s.serverInfo?.name])).toEqual([
      ['tasks', ['modern'], '2026-07-28', 'tasks-server'],
      ['feeds', ['modern'], '2026-07-28', 'feeds-server'],
    ]);
    expect(rows(records)).toEqual([
      '6 tasks request server/discover 2026-07-28 initialization 6/1',
      '7 feeds request server/discover 2026-07-28 initialization 7/1',
      '8 tasks response server/discover 2026-07-28 initialization 6/1',
      '9 feeds response server/discover 2026-07-28 initialization 7/1',
      '10 feeds request subscriptions/listen 2026-07-28 operation 10/1',
      '11 tasks request tools/call 2026-07-28 operation 11/1',
      '12 feeds notification notifications/subscriptions/acknowledged 2026-07-28 operation 10/1',
      '13 tasks response tools/call 2026-07-28 operation 11/1',
      '15 tasks request tools/call 2026-07-28 operation 11/2',
      '16 feeds notification notifications/resources/updated 2026-07-28 operation 10/1',
      '17 tasks response tools/call 2026-07-28 operation 11/2',
      '18 tasks request tools/call 2026-07-28 operation 11/3',
      '19 feeds request resources/read 2026-07-28 operation 19/1',
      '20 tasks response tools/call 2026-07-28 operation 11/3',
      '21 feeds response resources/read 2026-07-28 operation 19/1',
      '22 tasks request tools/call 2026-07-28 operation 11/4',
      '23 tasks response tools/call 2026-07-28 operation 11/4',
      '24 feeds notification notifications/resources/updated 2026-07-28 operation 10/1',
      '25 feeds request resources/read 2026-07-28 operation 25/1',
      '26 feeds response resources/read 2026-07-28 operation 25/1 cut',
    ]);
    const bySeq = new Map(records.map((r) => [r.seq, r]));
    expect(
      [13, 17, 20].map((s) =>
        bySeq.get(s)!.inputs?.map((i) => `${i.primitive} ${i.capability?.path} ${i.capability?.negotiated}`),
      ),
    ).toEqual([['sampling sampling true'], ['roots roots true'], undefined]);
    expect(bySeq.get(23)!.operation).toEqual({ first: 11, rounds: 4, latencyMs: 2238, serverMs: 153, clientMs: 2085 });
    expect(bySeq.get(16)!.capability).toEqual({ side: 'server', path: 'resources.subscribe', negotiated: true });
    // The cut answer still pairs: nothing is left unanswered but the listen, whose stream the log outlived.
    expect(bySeq.get(26)!.pair).toBe(25);
    expect(records.filter((r) => r.kind === 'log').map((r) => r.text)).toEqual([
      '2026-09-14 11:00:00,021 INFO tasks_server: serving on stdio',
      '{"event":"tool_started","tool":"plan","round":1}',
    ]);
    expect(findings).toEqual([]);
  });

  it('accounts for every line and holds only schema-valid MCP messages', async () => {
    expect(await uncoveredLines(file)).toEqual([]);
    expect(expectSchemaValid((await run(file)).records)).toBe(19);
  });
});
