// The HTML audit links each diagnosed session to its own section, by its input and key: two inputs may hold sessions
// of the same key, and a session known only from a host's lines has no section.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderAuditHtml } from '../../../src/output/audit/html.js';
import { reportOf } from '../../helpers/audit.js';
import { tempDir } from '../../helpers/temp.js';

const AGGREGATE = 'test/fixtures/failures/claude-desktop/mcp-log-aggregate-spawn-enoent.log';
/** A capture of another launch of a server of the same name: session `filesystem` too. */
const CAPTURE =
  [
    {
      ts: '2026-01-05T10:00:00.000Z',
      session: 'filesystem',
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
      session: 'filesystem',
      dir: 's2c',
      msg: {
        jsonrpc: '2.0',
        id: 0,
        result: {
          protocolVersion: '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'filesystem', version: '1' },
        },
      },
    },
    {
      ts: '2026-01-05T10:00:00.110Z',
      session: 'filesystem',
      dir: 'c2s',
      msg: { jsonrpc: '2.0', method: 'notifications/initialized' },
    },
  ]
    .map((e) => JSON.stringify(e))
    .join('\n') + '\n';

let dir = '';
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('html audit: what happened to which session', () => {
  it('links a diagnosis to the section of its own input and session, not to the n-th section of its key', async () => {
    dir = tempDir('html-places');
    const capture = join(dir, 'filesystem.envelope.ndjson');
    writeFileSync(capture, CAPTURE);
    const report = await reportOf([AGGREGATE, capture]);
    expect(report.diagnoses.map((d) => [d.file, d.session, d.verdict])).toEqual([
      [AGGREGATE, 'filesystem', 'failed'],
      [AGGREGATE, 'memory', 'ok'],
      [capture, 'filesystem', 'ok'],
    ]);
    // The failed launch known only from the host's lines has no section of its own.
    report.sessions = report.sessions.filter((s) => !(s.info.file === AGGREGATE && s.info.key === 'filesystem'));
    const at = report.sessions.findIndex((s) => s.info.file === capture);
    const page = renderAuditHtml(report);
    const rows = [...page.matchAll(/<tr class="diagnosis (\w+)">(.*?)<\/tr>/g)].map((m) => [
      m[1],
      /href="#(session-\d+)">session</.exec(m[2]!)?.[1] ?? null,
    ]);
    expect(rows).toEqual([
      ['failed', null],
      ['ok', 'session-0'],
      ['ok', `session-${at}`],
    ]);
    expect(page).not.toMatch(/<div class="why failed" id="why-0"><h4>[^\n]*the session in this report/);
  });
});
