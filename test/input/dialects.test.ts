// Every fixture of the implemented host dialects, end to end: detection with no flag picks its dialect, the analyzer's
// counts are exactly its `.expect.json` (counting rules: the folder's SOURCES.md), every non-blank line is in exactly
// one record, and 1-, 3-, 7-byte chunks, CRLF and `--input-format` give the same records.
import { describe, expect, it } from 'vitest';
import { detectInput } from '../../src/input/detect.js';
import type { Frame } from '../../src/types.js';
import { chunked, expectLinesCovered, isBlankLine, toCrlf } from './helpers.js';
import { COUNT_FIELDS, hostCases, hostCounts, isMessageRecord, recordsOf } from './host-fixtures.js';
/** The dialects implemented so far: every `*.log`, `*.txt` and `*.jsonl` in their folders is a case, but those in SKIPPED. */
const DIALECT_DIRS = [
  'claude-desktop',
  'vscode',
  'claude-code',
  'cursor',
  'codex',
  'codex-terminal',
  'gemini-cli',
  'cline',
  'amazon-q',
  'kiro',
  'librechat',
  'opencode',
  'goose',
  'lm-studio',
  'copilot',
  'zed',
  'supergateway',
  'mcp-proxy',
  'mcp-remote',
  'mcptools',
  'typescript-sdk',
  'python-sdk',
  'java-sdk',
  'csharp-sdk',
  'go-sdk',
  'rust-sdk',
  'kotlin-sdk',
  'mcp-go',
  'fastmcp',
];
const CASE = /\.(?:log|txt|jsonl)$/;
/** Fixtures of those folders that are not a line dialect's, with why. */
const SKIPPED: Record<string, string> = {};
/** Fixtures whose log writes no time at all, with why: their messages have none (every other message must). */
const UNTIMED: Record<string, string> = {
  'supergateway/v2-sse-to-stdio.log': 'the [supergateway] text format has no time',
  'supergateway/v2-stdio-to-sse.log': 'the [supergateway] text format has no time',
  'supergateway/v3-stdio-to-sse-debug.log': 'the [supergateway] text format has no time',
  'supergateway/v3-stdio-to-streamable-http-stateful.log': 'the [supergateway] text format has no time',
  'mcp-proxy/g1-client-mode-default-format.log': "Python's default logging format has no time",
  'typescript-sdk/example-json-response-server.log': "the SDK examples' console.log lines have no time",
  'typescript-sdk/example-simple-streamable-server.log': "the SDK examples' console.log lines have no time",
  'python-sdk/g0-sse-server-dict-body.log': "Python's default logging format has no time",
  'python-sdk/g1-sse-server-default-format.log': "Python's default logging format has no time",
  'python-sdk/writer-lines-excerpt.log': "Python's default logging format has no time",
  'java-sdk/client-stdio-slf4j-simple.log':
    "slf4j-simple's default format has no time (only a JUL line's own, not a message's)",
  'csharp-sdk/client-console-result-bodies.log':
    'the .NET console writes no time unless the application sets TimestampFormat',
  'go-sdk/client-command-transport-stderr.log':
    "the LoggingTransport's lines have no time (only the app's log lines do)",
  'go-sdk/server-stdio-logging-file.log': "the LoggingTransport's lines have no time (only the app's log lines do)",
  'kotlin-sdk/server-stdio-slf4j-simple-trace.log': "slf4j-simple as the SDK's samples set it up shows no time",
  'fastmcp/middleware-g1-source-type-method.log': "Python's default logging format has no time",
  // mcp-remote prints times only with --debug (generation 4).
  'mcp-remote/g1-no-pid.log': "mcp-remote's stderr has no time without --debug",
  'mcp-remote/g2-pid-on-connect.log': "mcp-remote's stderr has no time without --debug",
  'mcp-remote/g3-oauth-and-errors.log': "mcp-remote's stderr has no time without --debug",
  'mcp-remote/g3-pid-every-line.log': "mcp-remote's stderr has no time without --debug",
};
/**
 * A dialect's JSON form (Dialect.entries: Claude Code's per-server cache file, a JSON array of entries) is a case like
 * any other; its records are its entries, and the lines between them are only the document's brackets.
 */
const opensDocument = (bytes: Buffer) => /^\s*\[\s*[{\]]/.test(bytes.toString('utf8', 0, 256));
const isDocumentLine = (l: string) => isBlankLine(l) || /^\s*[[\]{}],?\s*$/.test(l);

const ALL = hostCases(DIALECT_DIRS, CASE, (name) => SKIPPED[name] !== undefined);

describe('host dialect fixtures', () => {
  it('there are fixtures for every implemented dialect', () => {
    expect(new Set(ALL.map((c) => c.expected.dialect))).toEqual(new Set(DIALECT_DIRS));
    expect(ALL.length).toBeGreaterThanOrEqual(12);
  });

  describe.each(ALL.map((c) => [c.name, c] as const))('%s', (name, c) => {
    it('is detected as its dialect with no flag, from its first lines', async () => {
      const d = await detectInput(chunked(c.bytes, 7));
      expect(d.format).toBe(c.expected.dialect);
      expect(d.conclusive).toBe(true);
      const mine = d.scores.dialects.find((s) => s.name === c.expected.dialect)!;
      for (const other of d.scores.dialects) if (other !== mine) expect(mine.score).toBeGreaterThan(2 * other.score);
    });

    it('gives exactly the counts of its .expect.json', async () => {
      const records = await recordsOf(c.bytes, name);
      const got = hostCounts(records);
      for (const f of COUNT_FIELDS) expect(got[f], f).toEqual(c.expected[f]);
      expect(records.every((r) => r.format === c.expected.dialect)).toBe(true);
      // Nothing in a host's log is an error of the log: no invalid record.
      expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
      // The log states every direction. The server's name is on every message when the log names one (a server's own
      // log may not: SOURCES.md), and on none when it does not; every message has its time unless the log writes none.
      for (const r of records.filter(isMessageRecord)) {
        expect(r.dirInferred, `${r.source}`).toBe(false);
        if (c.expected.servers.length > 0) expect(c.expected.servers, `${r.source}`).toContain(r.server);
        else expect(r.server, `${r.source}`).toBeNull();
        if (UNTIMED[name] === undefined) expect(r.ts, `${r.source}`).not.toBeNull();
        else expect(r.ts, `${r.source}`).toBeNull();
      }
    });

    it('puts every non-blank line in exactly one record', async () => {
      const records = await recordsOf(c.bytes, name, 3);
      const spans = records.map((r) => ({ line: r.wire.line, lines: r.wire.lines }) as Frame);
      expectLinesCovered(spans, c.bytes, opensDocument(c.bytes) ? isDocumentLine : isBlankLine);
    });

    it('gives the same records in 1-, 3- and 7-byte chunks, with CRLF, and with --input-format', async () => {
      const whole = await recordsOf(c.bytes, name);
      for (const size of [1, 3, 7]) expect(await recordsOf(c.bytes, name, size), `chunk ${size}`).toEqual(whole);
      const crlf = toCrlf(c.bytes);
      for (const size of [0, 7]) expect(await recordsOf(crlf, name, size), `CRLF chunk ${size}`).toEqual(whole);
      expect(await recordsOf(c.bytes, name, 5, c.expected.dialect)).toEqual(whole);
    });
  });
});
