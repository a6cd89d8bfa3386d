// Every text command lays out for one width: `--width N` (else the terminal's, $COLUMNS, the controlling terminal's, 100)
// for annotate, audit and stats alike.
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { runMain } from '../helpers/in-process.js';

const SAMPLE = 'samples/everything.envelope.ndjson';

describe('--width on every text command', () => {
  it.each([
    ['annotate', 80],
    ['audit', 80],
    ['stats', 80],
    ['audit', 120],
    ['stats', 120],
  ])('%s --width %i: no line wider than that', async (command, width) => {
    const { code, stdout } = await runMain([command, '--width', String(width), '--color=false', SAMPLE]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(10);
    // A URL is never cut (a terminal must be able to open it): a line holding one word alone may be longer.
    for (const l of lines) if (l.trim().includes(' ')) expect(displayWidth(l), l).toBeLessThanOrEqual(width);
  });

  // The samples and real captures whose audit has the lines that were too wide: a long place, a degraded session's
  // name, notes, a cause's side, many sessions, the slowest tools.
  const CAPTURES = [
    SAMPLE,
    'samples/everything-http.pcap',
    'test/fixtures/hosts/supergateway/v2-stdio-to-sse.log',
    'test/fixtures/hosts/typescript-sdk/example-simple-streamable-server.log',
    'test/fixtures/hosts/inspector/inspector-history-memory-2026-06-02T07-41-10.164Z.json',
    'test/fixtures/hosts/mcp-proxy/g1-client-mode-default-format.log',
    'test/fixtures/hosts/claude-desktop/mcp-log-2025-06-aggregate.log',
    'test/fixtures/failures/vscode/mcp-server-kb-remote-session-404-retry.log',
    'test/fixtures/failures/cursor/cursor-mcp-0.49-tool-call-crash.log',
    'test/fixtures/failures/claude-desktop/mcp-server-notes-search-crash-x3.log',
  ];
  it.each([['audit'], ['stats'], ['annotate']])(
    '%s fits $COLUMNS (80, 120) when piped, over samples and real captures',
    async (command) => {
      for (const file of CAPTURES) {
        for (const width of [80, 120]) {
          const { stdout } = await runMain([command, '--color=false', file], { env: { COLUMNS: String(width) } });
          for (const l of stdout.split('\n'))
            if (!/^\s*https?:\/\/\S+$/.test(l))
              expect(displayWidth(l), `${file} at ${width}: ${l}`).toBeLessThanOrEqual(width);
        }
      }
    },
  );

  it('annotate at 120 columns: the free text takes what the method leaves of its column rather than be cut', async () => {
    const { stdout } = await runMain(['annotate', '--width', '120', '--color=false', SAMPLE]);
    const lines = stdout.split('\n');
    expect(lines.find((l) => l.startsWith('  #51 '))).toMatch(
      /resources\/read +demo:\/\/resource\/static\/document\/extension\.md ↔ #50 \d+ms$/,
    );
    // Lines that fit keep the method's column: their free text starts where every other line's does.
    const start = (n: number) => lines.find((l) => l.startsWith(`  #${n} `))!.indexOf(n === 52 ? 'demo:' : '↔');
    expect(start(52)).toBe(start(47));
    for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(120);
  });

  it('audit and stats without --width and no terminal keep whole lines (what a file or CI log gets)', async () => {
    const drop = (s: string) => s.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z$/m, 'T');
    for (const command of ['audit', 'stats']) {
      const plain = await runMain([command, '--color=false', SAMPLE], { env: { COLUMNS: '' } });
      const narrow = await runMain([command, '--color=false', '--width', '60', SAMPLE]);
      const wide = await runMain([command, '--color=false', '--width', '100000', SAMPLE]);
      expect(drop(plain.stdout), command).toBe(drop(wide.stdout));
      expect(drop(plain.stdout), command).not.toBe(drop(narrow.stdout));
    }
  });

  it('refuses a width that is not a positive whole number, as every count option', async () => {
    for (const command of ['audit', 'stats', 'rules']) {
      const { code, stderr } = await runMain([command, '--width', '0', SAMPLE]);
      expect(code, command).toBe(2);
      expect(stderr).toContain('--width');
    }
  });
});
