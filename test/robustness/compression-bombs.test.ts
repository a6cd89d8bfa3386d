// Compression bombs in packet captures, through the built CLI with a capped heap: every layer of a body's codings is
// held to --max-message-bytes, so that a body of a few hundred bytes that unpacks to hundreds of megabytes costs what a
// message of the limit costs, in memory (the peak RSS, measured) and in work (the bytes decoded, which the oversized
// record reports). The pcaps are built here, at test time.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bomb, type Coding } from '../helpers/bomb.js';
import { boundedCli } from '../helpers/bounded-cli.js';
import { assertBuilt } from '../helpers/cli.js';
import { conversation } from '../helpers/packets.js';
import { pcapFile } from '../helpers/pcap-writer.js';
import { lazyTempDir } from '../helpers/temp.js';
import { msg, post, reply } from '../input/capture/streams.js';

const LIMIT = 1 << 20;
/** What the bombs unpack to: before every layer was held to the limit, decoding one took more than twice this in memory. */
const UNPACKED = 256 << 20;
const HEAP_MB = 256;
/** Peak RSS allowed: the code, a body of the limit and its text, with room to spare; far below what the bomb unpacks to. */
const MAX_RSS_MB = 200;

const dir = lazyTempDir('bombs');
const SID = { 'Mcp-Session-Id': 's-1' };
const init = msg({
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
});
const initResult = msg({
  id: 0,
  result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } },
});

/** A capture whose `tools/call` gets `body` (coded with `codings`) as its answer; a ping answered after it. */
async function capture(name: string, codings: Coding[]): Promise<string> {
  const body = await bomb(UNPACKED, codings);
  const packets = conversation(
    40000,
    3001,
    [
      [post(init), reply(200, initResult, { 'Content-Type': 'application/json', ...SID })],
      [post(msg({ method: 'notifications/initialized' }), SID), reply(202, '')],
      [
        post(msg({ id: 1, method: 'tools/call', params: { name: 't', arguments: {} } }), SID),
        reply(200, body, { 'Content-Type': 'application/json', 'Content-Encoding': codings.join(', ') }),
      ],
      [
        post(msg({ id: 2, method: 'ping' }), SID),
        reply(200, msg({ id: 2, result: {} }), { 'Content-Type': 'application/json' }),
      ],
    ],
    1400,
  );
  const path = join(dir.path, `${name}.pcap`);
  writeFileSync(
    path,
    pcapFile(
      101,
      packets.map((data, i) => ({ ts: 1_700_000_000_000 + i, data })),
    ),
  );
  return path;
}

const CASES: Coding[][] = [
  ['gzip', 'gzip', 'gzip'],
  ['deflate', 'br', 'gzip'],
];

describe.concurrent('a compression bomb in a capture', () => {
  const files = new Map<string, string>();
  beforeAll(async () => {
    assertBuilt();
    for (const c of CASES) files.set(c.join(', '), await capture(c.join('-'), c));
  }, 120_000);

  it.each(CASES.map((c) => [c.join(', ')]))(
    '%s: an oversized record, decoding stopped at the limit, the next exchange read, memory bounded',
    async (codings) => {
      const r = await boundedCli(
        ['annotate', '-f', 'ndjson', '--max-message-bytes', String(LIMIT), files.get(codings)!],
        HEAP_MB,
      );
      console.log(
        `${codings}: annotate peak RSS ${r.maxRssMb?.toFixed(0)} MB (the body unpacks to ${UNPACKED >> 20} MiB)`,
      );
      expect(r.code, r.stderr).toBe(0);
      const records = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { kind: string; method?: string; bytes: number; findings: { rule: string }[] });
      expect(records.map((x) => x.method ?? x.kind)).toEqual([
        'initialize',
        'initialize',
        'notifications/initialized',
        'event',
        'tools/call',
        'invalid',
        'ping',
        'ping',
      ]);
      const over = records[5]!;
      expect(over.findings.map((f) => f.rule)).toEqual(['oversized']);
      // The work: the layer that passed the limit decoded one zlib chunk (16 KiB) past it at most.
      expect(over.bytes).toBeGreaterThan(LIMIT);
      expect(over.bytes).toBeLessThanOrEqual(LIMIT + 16 * 1024);
      expect(r.maxRssMb, `peak RSS ${r.maxRssMb} MB`).toBeLessThan(MAX_RSS_MB);
    },
  );
});
