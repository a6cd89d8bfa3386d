// `mcptrace formats`: every input format and dialect with its title and an example line, as text and JSON; each
// example is read as its own format, by detection and by the reader.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { dialectNamed } from '../../src/input/dialects/index.js';
import { INPUT_FORMATS, type InputFormat } from '../../src/input/index.js';
import { detectFormat } from '../../src/input/detect.js';
import { chunked } from '../input/helpers.js';
import { runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { displayWidth } from '../../src/output/width.js';

interface Row {
  name: InputFormat;
  kind: 'format' | 'dialect';
  title: string;
  example: string;
}

describe('formats command', () => {
  it('-f json lists every input format, base and capture formats then dialects, each with a title and an example line', async () => {
    const r = await runCli(['formats', '-f', 'json']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const rows = JSON.parse(r.stdout) as Row[];
    expect(rows.map((x) => x.name)).toEqual(INPUT_FORMATS);
    expect(rows.map((x) => x.kind)).toEqual(
      INPUT_FORMATS.map((f) =>
        ['ndjson', 'envelope', 'transcript', 'json', 'har', 'pcap', 'curl'].includes(f) ? 'format' : 'dialect',
      ),
    );
    for (const x of rows) {
      expect(x.title.length, x.name).toBeGreaterThan(10);
      expect(x.example, x.name).not.toContain('\n');
    }
  });

  it('each example line is detected as its format and read as one message (an event for a host that logs none)', async () => {
    const rows = JSON.parse((await runCli(['formats', '-f', 'json'])).stdout) as Row[];
    // A packet capture's example is its first bytes in hex, not a line of it (test/input/capture covers reading captures);
    // a curl transcript's is its lines joined with ` · `: read again as lines, they are the request and its answer.
    const curl = rows.find((r) => r.name === 'curl')!;
    const transcript = `${curl.example.split(' · ').join('\n')}\n`;
    expect(detectFormat(transcript)).toBe('curl');
    const { records: exchange } = await analyze(chunked(Buffer.from(transcript)), { file: 'example' });
    expect(
      exchange
        .filter((r) => r.kind === 'request' || r.kind === 'response')
        .map((rec) => [rec.format, rec.kind, rec.method]),
    ).toEqual([
      ['curl', 'request', 'tools/list'],
      ['curl', 'response', 'tools/list'],
    ]);
    for (const x of rows.filter((r) => r.name !== 'pcap' && r.name !== 'curl')) {
      expect(detectFormat(x.example), x.name).toBe(x.name);
      const { records } = await analyze(chunked(Buffer.from(`${x.example}\n`)), { file: 'example' });
      // Claude Code and Cursor log no JSON-RPC: their example is the line that starts a server.
      const expected =
        dialectNamed(x.name)?.markers.length === 0 ? [x.name, 'event', null] : [x.name, 'request', 'tools/list'];
      expect(
        records.map((rec) => [rec.format, rec.kind, rec.method]),
        x.name,
      ).toEqual([expected]);
    }
  });

  it('text: one block of formats and one of host logs, every name and example in it', async () => {
    const r = await runCli(['formats'], { env: { COLUMNS: '' } });
    expect(r.code).toBe(0);
    const [formats, dialects] = r.stdout.split('\n\n');
    expect(formats).toMatch(/^Formats:\n {2}ndjson /);
    // The HTTP formats side by side, after the generic formats.
    expect(formats).toMatch(
      /\n {2}har +HAR 1\.2[^\n]*\n[^\n]*\n {2}pcap +Packet capture[^\n]*\n[^\n]*\n {2}curl +curl -v transcript/,
    );
    expect(dialects).toMatch(/^Host logs \(dialects\):\n {2}claude-desktop {2}Claude Desktop/);
    const rows = JSON.parse((await runCli(['formats', '-f', 'json'])).stdout) as Row[];
    for (const x of rows) expect(r.stdout).toContain(x.example);
    expect(r.stdout).toContain('--input-format NAME');
  });

  it("names the family of each format: generic, mcptrace, http, then each dialect's own (host, bridge, sdk) and tool-capture", async () => {
    const rows = JSON.parse((await runMain(['formats', '-f', 'json'])).stdout) as Array<Row & { family: string }>;
    const family = (name: string) => rows.find((r) => r.name === name)!.family;
    expect(['ndjson', 'envelope', 'transcript', 'json', 'har', 'pcap', 'curl'].map(family)).toEqual([
      'generic',
      'mcptrace',
      'mcptrace',
      'generic',
      'http',
      'http',
      'http',
    ]);
    expect(
      ['claude-desktop', 'zed', 'supergateway', 'mcp-remote', 'python-sdk', 'fastmcp', 'mcpspy', 'inspector'].map(
        family,
      ),
    ).toEqual(['host', 'host', 'bridge', 'bridge', 'sdk', 'sdk', 'tool-capture', 'tool-capture']);
    for (const x of rows) {
      expect(x.kind, x.name).toBe(['generic', 'mcptrace', 'http'].includes(x.family) ? 'format' : 'dialect');
      if (dialectNamed(x.name) !== undefined) expect(x.family, x.name).toBe(dialectNamed(x.name)!.family);
    }
    // The text: the family under the name, in the column the example line leaves free.
    const text = (await runMain(['formats'])).stdout;
    expect(text).toMatch(/\n {2}ndjson +Raw NDJSON[^\n]*\n {2}\(generic\) +\{"jsonrpc"/);
    expect(text).toMatch(/\n {2}claude-desktop {2}Claude Desktop[^\n]*\n {2}\(host\) +2025-07-23T/);
    expect(text).toMatch(/\n {2}inspector +MCP Inspector[^\n]*\n {2}\(tool-capture\) {2}\S/);
  });

  it('text fits the width (a terminal, --width, $COLUMNS when piped): titles and examples wrap under their column', async () => {
    const rows = JSON.parse((await runMain(['formats', '-f', 'json'])).stdout) as Row[];
    for (const [args, width] of [
      [['formats'], 80],
      [['formats'], 120],
      [['formats', '--width', '60'], 60],
    ] as const) {
      const r = await runMain([...args], { env: { COLUMNS: String(width) } });
      for (const l of r.stdout.split('\n')) expect(displayWidth(l), l).toBeLessThanOrEqual(width);
      // Every example is whole once its lines are joined again.
      const joined = r.stdout.replace(/\s+/g, '');
      for (const x of rows) expect(joined, x.name).toContain(x.example.replace(/\s+/g, ''));
    }
  });

  it('every format of the registry has its section in docs/formats.md (`## N. Title (`name`)`), and every such section is one', () => {
    const doc = readFileSync(new URL('../../docs/formats.md', import.meta.url), 'utf8');
    // (`## 7. A growing file (`--follow`)` names an option, not a format.)
    const documented = [...doc.matchAll(/^## \d+\. .*\(`([a-z][^`]*)`\)$/gm)].map((m) => m[1]);
    expect([...documented].sort()).toEqual([...INPUT_FORMATS].sort());
  });

  it('the root help names the command', async () => {
    expect((await runCli(['--help'])).stdout).toMatch(/mcptrace formats\s+list every input format/);
  });
});
