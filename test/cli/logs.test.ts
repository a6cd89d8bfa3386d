// Logs that are not all MCP messages, end to end: log lines, --no-logs, inputs without a message, --fail-on-empty,
// one-sided raw logs. What is printed is the subject: runs are in-process (test/helpers/in-process.ts), with the files
// named from the repository root; the audit that fails on an empty input runs the built executable (its exit code).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNdjson, REPO_ROOT, runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp.js';

let tmp: string;
/** A file of the temporary folder as the CLI is given it: relative to the repository root, where runs start. */
const at = (name: string) => relative(REPO_ROOT, join(tmp, name));
const HOST =
  [
    '[10:00:00.000] Starting server memory',
    '[10:00:00.100] -> {"jsonrpc":"2.0","id":1,"method":"ping"}',
    'Traceback (most recent call last):',
    '  File "server.py", line 1',
    '[10:00:00.200] <- {"jsonrpc":"2.0","id":1,"result":{}}',
    '[10:00:00.300] Server transport closed',
  ].join('\n') + '\n';
const CHATTER = 'Initializing server...\nServer started and connected successfully\n\nClient transport closed\n';
/** A Claude Desktop log of a server that could not be started (the shape of gensecaihq/Wazuh-MCP-Server#8): no message. */
const SPAWN =
  [
    '2025-04-23T10:53:18.930Z [wazuh] [info] Initializing server...',
    '2025-04-23T10:53:18.943Z [wazuh] [error] spawn python3 ENOENT {"context":"connection","stack":"Error: spawn python3 ENOENT"}',
    '2025-04-23T10:53:18.946Z [wazuh] [info] Server transport closed',
  ].join('\n') + '\n';
/** A server's stdout (what `server < requests.ndjson | mcptrace annotate -` reads): only its side. */
const STDOUT =
  [
    '{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"srv","version":"1.2.3"}}}',
    '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}',
  ].join('\n') + '\n';

beforeAll(() => {
  tmp = tempDir('logs');
  writeFileSync(join(tmp, 'host.txt'), HOST);
  writeFileSync(join(tmp, 'chatter.log'), CHATTER);
  writeFileSync(join(tmp, 'stdout.ndjson'), STDOUT);
  writeFileSync(join(tmp, 'spawn.log'), SPAWN);
});

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('log lines', () => {
  it('are records of kind log in the contract, and --no-logs hides them', async () => {
    const all = await runMain(['annotate', '-f', 'ndjson', at('host.txt')]);
    expect(all.code).toBe(0);
    const rs = parseNdjson(all.stdout);
    expect(rs.map((r) => [r.source, r.kind, r.text ?? null, r.lines ?? null])).toEqual([
      [`${at('host.txt')}:1`, 'log', 'Starting server memory', 1],
      [`${at('host.txt')}:2`, 'request', null, null],
      [`${at('host.txt')}:3`, 'log', 'Traceback (most recent call last):\n  File "server.py", line 1', 2],
      [`${at('host.txt')}:5`, 'response', null, null],
      [`${at('host.txt')}:6`, 'log', 'Server transport closed', 1],
    ]);
    expect(rs[3]).toMatchObject({ pair: 2, latencyMs: 100, format: 'transcript', server: null });
    const lean = await runMain(['annotate', '-f', 'ndjson', '--no-logs', at('host.txt')]);
    expect(parseNdjson(lean.stdout).map((r) => r.kind)).toEqual(['request', 'response']);
    const text = await runMain(['annotate', '--no-logs', at('host.txt')]);
    expect(text.stdout).not.toMatch(/ log /);
    expect((await runMain(['annotate', '--width', '100', at('host.txt')])).stdout).toMatch(
      /^ +#1 10:00:00\.000 · {2}log {10}Starting server memory$/m,
    );
  });

  it('are counted apart by stats, and never fail an audit', async () => {
    const stats = JSON.parse((await runMain(['stats', '-f', 'json', at('host.txt')])).stdout);
    expect(stats).toMatchObject({ messages: 2, logs: 3, lifecycle: { messages: 0 }, operation: { messages: 2 } });
    const audit = await runMain(['audit', '-f', 'json', at('host.txt')]);
    expect(audit.code).toBe(0);
    expect(JSON.parse(audit.stdout).summary.totals).toEqual({ error: 0, warning: 0, info: 0 });
  });
});

describe('an input whose detected format finds no MCP message', () => {
  const file = 'test/fixtures/input/carried/config-dump-first.log';

  it('is read another way that finds them, and says which on stderr; stdin is told what to try', async () => {
    const r = await runMain(['annotate', '-f', 'ndjson', file]);
    expect(r.stderr).toBe(`mcptrace: ${file}: read as ndjson: its detected format, json, found no MCP message in it\n`);
    const records = parseNdjson(r.stdout) as Array<{ kind: string; format: string }>;
    expect(records.filter((x) => x.kind !== 'log').map((x) => [x.kind, x.format])).toEqual([
      ['response', 'ndjson'],
      ['notification', 'ndjson'],
      ['response', 'ndjson'],
    ]);
    const piped = await runMain(['stats', '-'], { input: readFileSync(join(REPO_ROOT, file), 'utf8') });
    expect(piped.stderr).toBe(
      'mcptrace: -: its detected format, json, found no MCP message; its start read as ndjson holds some: try --input-format ndjson\nmcptrace: -: no MCP messages (0 of 12 lines)\n',
    );
    // Given its format, it is read so.
    expect((await runMain(['stats', '--input-format', 'json', file])).stderr).toBe(
      `mcptrace: ${file}: no MCP messages (0 of 12 lines)\n`,
    );
  });
});

describe('an input without any MCP message', () => {
  it('says so in one line on stderr, in every command; not at --log-level error', async () => {
    const line = `mcptrace: ${at('chatter.log')}: no MCP messages (0 of 4 lines)\n`;
    for (const args of [['annotate'], ['stats'], ['audit', '-f', 'json'], ['stats', '--jobs', '2']]) {
      const r = await runMain([...args, at('chatter.log'), ...(args.includes('--jobs') ? [at('host.txt')] : [])]);
      expect(r.stderr, args.join(' ')).toBe(line);
      expect(r.code, args.join(' ')).toBe(0);
    }
    expect((await runMain(['stats', '--log-level', 'error', at('chatter.log')])).stderr).toBe('');
    expect((await runMain(['stats', at('host.txt')])).stderr).toBe('');
  });

  it('whose lines show what went wrong says so, beside the diagnosis, not that there is nothing', async () => {
    const line = `mcptrace: ${at('spawn.log')}: no MCP messages, but its 3 lines say what went wrong\n`;
    for (const args of [
      ['annotate'],
      ['why'],
      ['stats'],
      ['audit', '-f', 'json'],
      ['stats', '--jobs', '2'],
      ['audit', '--jobs', '2'],
    ]) {
      const r = await runMain([...args, at('spawn.log'), ...(args.includes('--jobs') ? [at('host.txt')] : [])]);
      expect(r.stderr, args.join(' ')).toBe(line);
    }
  });

  it('counts a session known only from its lines as a session, as the diagnosis does; the lines outside any session are none', async () => {
    expect((await runMain(['audit', at('spawn.log')])).stdout).toMatch(
      / in 1 session, 0 messages — FAILED 1 session failed\n$/,
    );
    expect((await runMain(['audit', '-f', 'markdown', at('spawn.log')])).stdout).toContain(
      '❌ **Failed** 1 session failed · 0 errors, 0 warnings, 0 info · 1 session · 0 messages',
    );
    expect((await runMain(['audit', '-f', 'html', at('spawn.log')])).stdout).toContain('<dt>sessions</dt><dd>1</dd>');
    // AnythingLLM's log names no server: its failure is in lines outside any session.
    const outside = await runMain([
      'audit',
      'test/fixtures/failures/anythingllm/anythingllm-desktop-spawn-npx-enoent.log',
    ]);
    expect(outside.stdout).toMatch(/ in 0 sessions, 0 messages — FAILED the lines outside any session failed\n$/);
    // Codex names the server on each line: two servers, two sessions known only from their lines.
    const codex = await runMain(['audit', 'test/fixtures/failures/codex/codex-tui-log-handshake-closed.log']);
    expect(codex.stdout).toMatch(/ in 2 sessions, 0 messages — FAILED 2 sessions failed\n$/);
  });

  it('fails the audit only with --fail-on-empty: exit 1, and the report says why', async () => {
    const gate = await runCli(['audit', '-f', 'json', '--fail-on-empty', at('host.txt'), at('chatter.log')]);
    expect(gate.code).toBe(1);
    expect(JSON.parse(gate.stdout).summary).toMatchObject({
      failed: true,
      failOnEmpty: true,
      empty: [{ file: at('chatter.log'), lines: 4 }],
    });
    const text = await runMain(['audit', '-f', 'text', '--fail-on-empty', at('chatter.log')]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('FAILED no MCP messages in 1 input (--fail-on-empty)');
    expect((await runMain(['audit', '-f', 'json', '--fail-on-empty', at('host.txt')])).code).toBe(0);
    // A CI config can set it; the flag wins over the file.
    writeFileSync(join(tmp, 'gate.json'), JSON.stringify({ failOnEmpty: true }));
    expect((await runMain(['audit', '-f', 'json', '--config', at('gate.json'), at('chatter.log')])).code).toBe(1);
    expect(
      (await runMain(['audit', '-f', 'json', '--config', at('gate.json'), '--no-fail-on-empty', at('chatter.log')]))
        .code,
    ).toBe(0);
  });
});

describe('a raw log of the server side only', () => {
  it("reads its responses as the server's, not orphans, with the server info; says so at --log-level info", async () => {
    const r = await runMain(['annotate', '-f', 'ndjson', '--log-level', 'info', '-'], { input: STDOUT });
    const rs = parseNdjson(r.stdout);
    expect(rs.map((x) => [x.kind, x.dir, x.dirInferred, x.method, x.findings])).toEqual([
      ['response', 's2c', true, 'initialize', []],
      ['response', 's2c', true, null, []],
    ]);
    const info = r.stderr
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l));
    expect(info).toEqual([
      // Which format detection chose (src/cli/context.ts), then the note on the input.
      expect.objectContaining({ level: 30, input: '-', format: 'ndjson', conclusive: true }),
      expect.objectContaining({
        level: 30,
        input: '-',
        side: 'server',
        msg: expect.stringMatching(/^only the server's side is in the log/),
      }),
    ]);
    const stats = JSON.parse((await runMain(['stats', '-f', 'json', at('stdout.ndjson')])).stdout);
    expect(stats.sessions[0]).toMatchObject({
      onlySide: 'server',
      server: { name: 'srv', version: '1.2.3' },
      negotiatedRevision: '2025-11-25',
    });
    expect((await runMain(['annotate', at('stdout.ndjson')])).stderr).toBe('');
  });
});

describe('text a host log wrote over several lines', () => {
  it("shows no `\\n` on an event's line: its first line and how many more (mcp-remote)", async () => {
    // An HTML 404 page after `Received error (status 404): …` (the shape of penpot/penpot#8809).
    const out = (
      await runMain(['annotate', '--width', '400', 'test/fixtures/hosts/mcp-remote/g3-oauth-and-errors.log'])
    ).stdout.split('\n');
    const events = out.filter((l) => / evt /.test(l));
    expect(events.length).toBeGreaterThan(10);
    expect(events.filter((l) => l.includes('\\n'))).toEqual([]);
    expect(events.find((l) => l.includes('connection-error'))).toMatch(
      /Error POSTing to endpoint: <!DOCTYPE html> \(\+9 lines\)$/,
    );
    // `log('\nShutting down...')`, and a line of the paste after it that the bridge's grammar attaches to it.
    const pasted = readFileSync('test/fixtures/hosts/mcp-remote/g2-pid-on-connect.log', 'utf8').replace(
      /^Shutting down\.\.\.$/m,
      'Shutting down...\n---',
    );
    const shut = (await runMain(['annotate', '--width', '120', '-'], { input: pasted })).stdout
      .split('\n')
      .filter((l) => l.includes(' shutdown '));
    expect(shut[0]).toMatch(/ Shutting down\.\.\. \(\+1 line\)$/);
    expect(shut.filter((l) => l.includes('\\n'))).toEqual([]);
  });
});
