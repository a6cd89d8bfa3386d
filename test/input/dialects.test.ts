// Every fixture of the implemented host dialects, end to end: detection with no flag picks its dialect, the analyzer's
// counts are exactly its `.expect.json` (counting rules: the folder's SOURCES.md), every non-blank line is in exactly
// one record, and 1-, 3-, 7-byte chunks, CRLF and `--input-format` give the same records.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { detectInput, type InputFormat } from '../../src/input/index.js';
import type { Frame, PipelineRecord } from '../../src/types.js';
import { chunked, expectLinesCovered, isBlankLine, toCrlf } from './helpers.js';

const HOSTS = fileURLToPath(new URL('../fixtures/hosts/', import.meta.url));
/** The dialects implemented so far: every `*.log`, `*.txt` and `*.jsonl` in their folders is a case, but those in SKIPPED. */
const DIALECT_DIRS = [
  'claude-desktop', 'vscode', 'claude-code', 'cursor', 'supergateway', 'mcp-proxy', 'typescript-sdk', 'python-sdk', 'java-sdk', 'fastmcp',
];
const CASE = /\.(?:log|txt|jsonl)$/;
/** Fixtures of those folders that are not a line dialect's, with why. */
const SKIPPED: Record<string, string> = {
  // Claude Code's mid-2025 per-server cache file is one pretty-printed JSON array of `{debug|error, timestamp,
  // sessionId, cwd}` entries with no JSON-RPC in it: a JSON document, not lines the dialect engine reads.
  'claude-code/mcp-logs-sequential-thinking-2025-07.txt': 'a JSON array document, not a line log',
};
/** Fixtures whose log writes no time at all, with why: their messages have none (every other message must). */
const UNTIMED: Record<string, string> = {
  'supergateway/v2-sse-to-stdio.log': 'the [supergateway] text format has no time',
  'supergateway/v2-stdio-to-sse.log': 'the [supergateway] text format has no time',
  'supergateway/v3-stdio-to-sse-debug.log': 'the [supergateway] text format has no time',
  'supergateway/v3-stdio-to-streamable-http-stateful.log': 'the [supergateway] text format has no time',
  'mcp-proxy/g1-client-mode-default-format.log': "Python's default logging format has no time",
  'typescript-sdk/example-json-response-server.log': "the SDK examples' console.log lines have no time",
  'typescript-sdk/example-simple-streamable-server.log': "the SDK examples' console.log lines have no time",
  'python-sdk/g1-sse-server-default-format.log': "Python's default logging format has no time",
  'java-sdk/client-stdio-slf4j-simple.log': "slf4j-simple's default format has no time (only a JUL line's own, not a message's)",
  'fastmcp/middleware-g1-source-type-method.log': "Python's default logging format has no time",
};

interface Expected {
  dialect: InputFormat;
  messages: number;
  c2s: number;
  s2c: number;
  requests: number;
  responses: number;
  errors: number;
  notifications: number;
  pairs: number;
  truncated: number;
  summaries: number;
  events: number;
  logs: number;
  sessions: number;
  servers: string[];
}

const FIELDS = ['messages', 'c2s', 's2c', 'requests', 'responses', 'errors', 'notifications', 'pairs', 'truncated', 'summaries', 'events', 'logs', 'sessions', 'servers'] as const;

interface Case {
  name: string;
  bytes: Buffer;
  expected: Expected;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const dir of DIALECT_DIRS) {
    for (const f of readdirSync(join(HOSTS, dir)).filter((n) => CASE.test(n)).sort()) {
      if (SKIPPED[`${dir}/${f}`] !== undefined) continue;
      const expected = JSON.parse(readFileSync(join(HOSTS, dir, f.replace(CASE, '.expect.json')), 'utf8')) as Expected;
      out.push({ name: `${dir}/${f}`, bytes: readFileSync(join(HOSTS, dir, f)), expected });
    }
  }
  return out;
}

const ALL = cases();
const MESSAGE_KINDS = new Set(['request', 'response', 'error', 'notification']);

/** The counts an `.expect.json` holds, from the records. */
function counts(records: readonly PipelineRecord[]): Omit<Expected, 'dialect'> {
  const msgs = records.filter((r) => MESSAGE_KINDS.has(r.kind));
  const n = (p: (r: PipelineRecord) => boolean, of: readonly PipelineRecord[] = msgs) => of.filter(p).length;
  return {
    messages: msgs.length,
    c2s: n((r) => r.dir === 'c2s'),
    s2c: n((r) => r.dir === 's2c'),
    requests: n((r) => r.kind === 'request'),
    responses: n((r) => r.kind === 'response'),
    errors: n((r) => r.kind === 'error'),
    notifications: n((r) => r.kind === 'notification'),
    pairs: n((r) => (r.kind === 'response' || r.kind === 'error') && r.pair !== null),
    truncated: n((r) => r.truncated === true, records),
    summaries: n((r) => r.summary === true, records),
    events: n((r) => r.kind === 'event', records),
    logs: n((r) => r.kind === 'log', records),
    // A session = one launch of a server that holds a message.
    sessions: new Set(msgs.map((r) => r.session)).size,
    servers: [...new Set(records.map((r) => r.server).filter((s): s is string => s !== null))],
  };
}

const run = async (bytes: Buffer, name: string, chunk = 0, inputFormat?: InputFormat) =>
  (await analyze(chunked(bytes, chunk), { file: name, inputFormat })).records;

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
      const records = await run(c.bytes, name);
      const got = counts(records);
      for (const f of FIELDS) expect(got[f], f).toEqual(c.expected[f]);
      expect(records.every((r) => r.format === c.expected.dialect)).toBe(true);
      // Nothing in a host's log is an error of the log: no invalid record.
      expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
      // The log states every direction. The server's name is on every message when the log names one (a server's own
      // log may not: SOURCES.md), and on none when it does not; every message has its time unless the log writes none.
      for (const r of records.filter((x) => MESSAGE_KINDS.has(x.kind))) {
        expect(r.dirInferred, `${r.source}`).toBe(false);
        if (c.expected.servers.length > 0) expect(c.expected.servers, `${r.source}`).toContain(r.server);
        else expect(r.server, `${r.source}`).toBeNull();
        if (UNTIMED[name] === undefined) expect(r.ts, `${r.source}`).not.toBeNull();
        else expect(r.ts, `${r.source}`).toBeNull();
      }
    });

    it('puts every non-blank line in exactly one record', async () => {
      const records = await run(c.bytes, name, 3);
      const spans = records.map((r) => ({ line: r.wire.line, lines: r.wire.lines }) as Frame);
      expectLinesCovered(spans, c.bytes, isBlankLine);
    });

    it('gives the same records in 1-, 3- and 7-byte chunks, with CRLF, and with --input-format', async () => {
      const whole = await run(c.bytes, name);
      for (const size of [1, 3, 7]) expect(await run(c.bytes, name, size), `chunk ${size}`).toEqual(whole);
      const crlf = toCrlf(c.bytes);
      for (const size of [0, 7]) expect(await run(crlf, name, size), `CRLF chunk ${size}`).toEqual(whole);
      expect(await run(c.bytes, name, 5, c.expected.dialect)).toEqual(whole);
    });
  });
});
