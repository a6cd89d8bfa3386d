// `mcptrace mock`'s usage: what it needs (a capture file: its stdin is the MCP channel), what it refuses, and a whole
// stdio session in-process (the capture's answers on stdout, the summary on stderr).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

const SAMPLE = join(REPO_ROOT, 'samples', 'everything.envelope.ndjson');

describe('mcptrace mock', () => {
  it('needs a capture file, not stdin', async () => {
    for (const args of [['mock'], ['mock', '-']]) {
      const r = await runMain(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('mock needs a capture file: its stdin is the MCP channel');
    }
  });

  it('says what --http takes', async () => {
    const r = await runMain(['mock', '--http', 'localhost:http', SAMPLE]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--http localhost:http: give PORT, HOST:PORT or [IPv6]:PORT');
  });

  it('refuses --follow and a file with no message', async () => {
    expect((await runMain(['mock', '--follow', SAMPLE])).stderr).toContain(
      'mock serves a finished capture: --follow does not apply',
    );
    const empty = await runMain([
      'mock',
      join(REPO_ROOT, 'test/fixtures/hosts/claude-desktop/mcp-log-2024-11-connect-only.log'),
    ]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('no MCP message to serve');
  });

  it('answers the lines of stdin with the recorded answers and sums up', async () => {
    const input =
      [
        { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'get-sum', arguments: { a: 2, b: 3 } } },
        { jsonrpc: '2.0', id: 'b', method: 'prompts/list' },
      ]
        .map((m) => JSON.stringify(m))
        .join('\n') + '\n';
    const r = await runMain(['mock', SAMPLE], { input });
    expect(r.code).toBe(0);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out[0]).toMatchObject({ id: 'a', error: { code: -32601 } });
    expect(out[1].id).toBe('b');
    expect(out[1].result.prompts.length).toBeGreaterThan(0);
    expect(r.stderr).toContain('2 requests served: 1 answered as recorded, 1 not in the recording');
    expect(r.stderr).toContain('not recorded: tools/call {"arguments":{"a":2,"b":3},"name":"get-sum"}');
  });
});
