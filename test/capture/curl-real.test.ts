// A real curl transcript: curl -v (and --trace-ascii, --trace) against server-everything's Streamable HTTP mode, each run's
// command line and its stderr and stdout in one file as a user pastes them, captured by tcpdump at the same time: the
// transcript gives the messages, sessions and pairs that tshark's decoding of the capture shows, and that mcptrace
// reads from the capture.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync, closeSync, createReadStream, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { detectFormat } from '../../src/input/detect.js';
import type { PipelineRecord } from '../../src/types.js';
import { canonical } from '../helpers/canonical-json.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { markEnd, startTcpdump } from '../helpers/tcpdump.js';
import { tempDir } from '../helpers/temp.js';
import { tsharkMessages } from '../helpers/tshark-http.js';
import { chunked } from '../input/helpers.js';

const INIT =
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"curl","version":"8"}}}';
const JSON_HEADERS = ['-H', 'Content-Type: application/json', '-H', 'Accept: application/json, text/event-stream'];

let server: HttpServer;
let dir = '';
let transcript = '';
let pcap = '';
let session = '';
let records: PipelineRecord[] = [];

/** A word as a user types it in a POSIX shell: single-quoted when it needs quoting. */
const quote = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/** Runs curl with stdout and stderr into the transcript (`2>&1 >> file`), after the command line a user would paste. */
async function curl(args: string[]): Promise<number | null> {
  appendFileSync(transcript, `$ curl ${args.map(quote).join(' ')}\n`);
  const fd = openSync(transcript, 'a');
  try {
    const child = spawn('curl', args, { stdio: ['ignore', fd, fd] });
    const [code] = (await once(child, 'exit')) as [number | null];
    return code;
  } finally {
    closeSync(fd);
  }
}

beforeAll(async () => {
  dir = tempDir('curl');
  transcript = join(dir, 'curl-session.txt');
  pcap = join(dir, 'lo.pcap');
  appendFileSync(
    transcript,
    '# initialize, initialized, tools/list, an echo traced as text, a ping traced in hex, the GET stream, DELETE\n',
  );
  server = await startEverything('streamableHttp');
  const url = `http://127.0.0.1:${server.port}/mcp`;
  const capture = await startTcpdump('lo', pcap, `tcp port ${server.port}`);
  try {
    // The issue's command: `curl -v -N -X POST … -d '{…}'`.
    expect(await curl(['-v', '-N', '-X', 'POST', url, ...JSON_HEADERS, '-d', INIT])).toBe(0);
    session = /^< mcp-session-id: (\S+)\r?$/m.exec(readFileSync(transcript, 'utf8'))![1]!;
    const inSession = [...JSON_HEADERS, '-H', `Mcp-Session-Id: ${session}`, '-H', 'MCP-Protocol-Version: 2025-06-18'];
    expect(
      await curl(['-v', '-N', url, ...inSession, '-d', '{"jsonrpc":"2.0","method":"notifications/initialized"}']),
    ).toBe(0);
    expect(
      await curl([
        '-v',
        '-N',
        '--trace-time',
        url,
        ...inSession,
        '-d',
        '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
      ]),
    ).toBe(0);
    expect(
      await curl([
        '-s',
        '--trace-ascii',
        '-',
        url,
        ...inSession,
        '-d',
        '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"message":"traced as text"}}}',
      ]),
    ).toBe(0);
    expect(
      await curl(['-s', '--trace', '-', url, ...inSession, '-d', '{"jsonrpc":"2.0","id":4,"method":"ping"}']),
    ).toBe(0);
    // The server's stream, left open until curl gives up on it (exit 28: timed out).
    expect(
      await curl([
        '-v',
        '-N',
        '-m',
        '1',
        url,
        '-H',
        'Accept: text/event-stream',
        '-H',
        `Mcp-Session-Id: ${session}`,
        '-H',
        'MCP-Protocol-Version: 2025-06-18',
      ]),
    ).toBe(28);
    expect(
      await curl([
        '-v',
        '-X',
        'DELETE',
        url,
        '-H',
        `Mcp-Session-Id: ${session}`,
        '-H',
        'MCP-Protocol-Version: 2025-06-18',
      ]),
    ).toBe(0);
    await markEnd(server.port, [pcap]);
  } finally {
    await capture.stop();
    await server.stop();
  }
  records = (await analyze(createReadStream(transcript), { file: 'curl-session.txt' })).records;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const isMessage = (r: PipelineRecord) => ['request', 'response', 'error', 'notification'].includes(r.kind);
const key = (
  session: string | null,
  dir: string,
  method: string,
  status: number | null,
  type: string | null,
  message: unknown,
) => `${session} ${dir} ${method} ${status} ${type} ${canonical(message)}`;
const recordKey = (r: PipelineRecord) =>
  key(r.session, r.dir, r.http!.method, r.http!.status, r.http!.contentType, r.message);

describe('a real curl transcript of a Streamable HTTP session', () => {
  it('is detected as curl, and holds its progress meter, its -v lines and its traces', () => {
    const text = readFileSync(transcript, 'utf8');
    expect(detectFormat(text)).toBe('curl');
    expect(text).toMatch(/^< HTTP\/1\.1 202 Accepted\r$/m);
    expect(text).toMatch(/% Total +% Received/);
    expect(text).toMatch(/^=> Send data, \d+ bytes/m);
    expect(text).toMatch(/^0000: 7b 22 6a 73 6f 6e 72 70 63 22/m);
    expect(text).toMatch(/^\d\d:\d\d:\d\d\.\d{6} > POST \/mcp HTTP\/1\.1\r$/m);
    expect(records.every((r) => r.format === 'curl')).toBe(true);
  });

  it("has every message, session and direction of tshark's decoding of the same traffic, and nothing else", async () => {
    const t = await tsharkMessages(pcap, server.port);
    const messages = records.filter(isMessage);
    expect(t.map((m) => `${m.dir} ${(m.message as { method?: string }).method ?? 'answer'}`)).toEqual([
      'c2s initialize',
      's2c answer',
      'c2s notifications/initialized',
      'c2s tools/list',
      's2c answer',
      'c2s tools/call',
      's2c answer',
      'c2s ping',
      's2c answer',
    ]);
    expect(messages.map(recordKey)).toEqual(
      t.map((m) => key(m.session, m.dir, m.method, m.status, m.contentType, m.message)),
    );
    expect(new Set(messages.map((r) => r.session))).toEqual(new Set([session]));
    for (const r of messages.filter((x) => x.kind === 'response')) expect(r.pair, r.source).not.toBeNull();
    expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
  });

  it('the same messages as mcptrace reads from the capture, and the transport events: 202, the GET stream, DELETE', async () => {
    const fromPcap = (await analyze(createReadStream(pcap), { file: 'lo.pcap' })).records;
    expect(records.filter(isMessage).map(recordKey)).toEqual(fromPcap.filter(isMessage).map(recordKey));
    expect(records.filter((r) => r.kind === 'event').map((r) => [r.event!.name, r.http!.method])).toEqual([
      ['http-accepted', 'POST'],
      ['http-delete', 'DELETE'],
    ]);
    expect(records.filter((r) => r.kind === 'log' && r.level === 'error').map((r) => r.text)).toEqual([
      expect.stringMatching(/^curl: \(28\) Operation timed out after \d+ milliseconds/),
    ]);
    // Each run is a connection of its own; the traced ones are read from their bytes.
    expect(new Set(records.filter(isMessage).map((r) => r.http!.conn))).toEqual(
      new Set(['curl/1', 'curl/2', 'curl/3', 'curl/4', 'curl/5']),
    );
  });

  it('gives the same records in 7-byte chunks', async () => {
    const bytes = readFileSync(transcript);
    const line = (r: PipelineRecord) => [r.source, r.kind, r.session, r.http?.conn, canonical(r.message)];
    expect((await analyze(chunked(bytes, 7), { file: 'curl-session.txt' })).records.map(line)).toEqual(
      records.map(line),
    );
  });
});
