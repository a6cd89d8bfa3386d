// A session's tag (`(s2)`) is given from all the records read, not from those the filters keep, and `--session` and
// the filter's `session` field take it as they take the key.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNdjson } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { lazyTempDir } from '../helpers/temp.js';

const tmp = lazyTempDir('session-tags');
const [A, B] = ['aaaa-1111-session-one', 'bbbb-2222-session-two'];

/** Two HTTP-like sessions (keys too long to be their own tags), interleaved: A calls echo, B calls add. */
function log(): string {
  const rows: [string, string, object][] = [
    [
      A,
      'c2s',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      },
    ],
    [
      A,
      's2c',
      {
        jsonrpc: '2.0',
        id: 1,
        result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } },
      },
    ],
    [
      B,
      'c2s',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      },
    ],
    [
      B,
      's2c',
      {
        jsonrpc: '2.0',
        id: 1,
        result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } },
      },
    ],
    [A, 'c2s', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: {} } }],
    [B, 'c2s', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: {} } }],
    [A, 's2c', { jsonrpc: '2.0', id: 2, result: { content: [] } }],
    [B, 's2c', { jsonrpc: '2.0', id: 2, result: { content: [] } }],
  ];
  const file = join(tmp.path, 'two.ndjson');
  writeFileSync(
    file,
    rows
      .map(([session, dir, m], i) =>
        JSON.stringify({ ts: `2026-11-30T10:00:0${i}Z`, session, dir, line: JSON.stringify(m) }),
      )
      .join('\n') + '\n',
  );
  return file;
}

async function text(args: string[]): Promise<string> {
  const r = await runMain(['annotate', '--width', '100', ...args, log()]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

async function sessions(args: string[]): Promise<string[]> {
  const r = await runMain(['annotate', '-f', 'ndjson', '--no-body', ...args, log()]);
  expect(r.code).toBe(0);
  return [...new Set(parseNdjson(r.stdout).map((x) => String(x.session)))];
}

describe('session tags', () => {
  it('a session keeps the tag of the whole log under a filter that leaves the sessions before it out', async () => {
    expect(await text([])).toContain(`session ${B} (s2)`);
    const filtered = await text(['--where', 'tool == add']);
    expect(filtered).toContain(`session ${B} (s2)`);
    expect(filtered).not.toContain('(s1)');
  });
  it('--session takes the tag shown, and the key as before', async () => {
    expect(await sessions(['--session', 's2'])).toEqual([B]);
    expect(await sessions(['--session', B])).toEqual([B]);
    expect(await text(['--session', 's2'])).toContain(`session ${B} (s2)`);
  });
  it('stats --jobs: a tag is numbered over the whole run, not per worker (session in --where runs in one thread)', async () => {
    const other = join(tmp.path, 'other.ndjson');
    const C = 'cccc-3333-session-three';
    const m = { jsonrpc: '2.0', id: 1, method: 'ping' };
    writeFileSync(
      other,
      JSON.stringify({ ts: '2026-11-30T10:01:00Z', session: C, dir: 'c2s', line: JSON.stringify(m) }) + '\n',
    );
    const args = ['stats', '-f', 'json', '--where', 'session == "s3"', log(), other];
    const one = await runMain(args);
    const jobs = await runMain([...args, '--jobs', '2'], { env: { MCPTRACE_JOBS_IN_THREAD: '1' } });
    expect(one.code).toBe(0);
    expect(JSON.stringify(JSON.parse(one.stdout))).toContain(C);
    expect(jobs.stdout).toBe(one.stdout);
  });
  it('the filter language: session == "s2" and session in {…} take the tag too; != leaves it out', async () => {
    expect(await sessions(['--where', 'session == "s2"'])).toEqual([B]);
    expect(await sessions(['--where', `session in {"s1", "${B}"}`])).toEqual([A, B]);
    expect(await sessions(['--where', 'session != "s2"'])).toEqual([A]);
  });
});
