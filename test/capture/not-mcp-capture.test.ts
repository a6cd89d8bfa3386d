// A real capture of traffic that carries no MCP mcptrace can read: TLS (a full PSK handshake and an encrypted request), HTTP/2
// with prior knowledge, an HTTP/1.1 page, a UDP datagram. None becomes a record; each kind is named in one line on stderr.
import { Buffer } from 'node:buffer';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { createServer as createHttpServer, get } from 'node:http';
import { connect as h2connect, createServer as createH2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { connect as tlsConnect, createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { runCli } from '../helpers/cli.js';
import { markEnd, startTcpdump } from '../helpers/tcpdump.js';
import { tempDir } from '../helpers/temp.js';

const PSK = Buffer.from('6d637074726163652d746573742d70736b', 'hex');
// TLS 1.2 with a pre-shared key: a real handshake and encrypted records, with no certificate to make.
const TLS = { ciphers: 'PSK-AES128-GCM-SHA256', maxVersion: 'TLSv1.2' as const, minVersion: 'TLSv1.2' as const };
const BODY = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';

const ports = { tls: 0, h2: 0, page: 0, udp: 0 };
let file = '';
const closers: (() => Promise<void>)[] = [];
const portOf = (s: { address(): AddressInfo | string | null }) => (s.address() as AddressInfo).port;

/** A POST of an MCP message over TLS: its answer comes back decrypted here, and encrypted on the wire. */
async function overTls(): Promise<string> {
  const socket = tlsConnect({
    ...TLS,
    host: '127.0.0.1',
    port: ports.tls,
    pskCallback: () => ({ psk: PSK, identity: 'mcptrace' }),
    checkServerIdentity: () => undefined,
  });
  await once(socket, 'secureConnect');
  socket.end(
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\nConnection: close\r\n\r\n${BODY}`,
  );
  let got = '';
  for await (const chunk of socket) got += String(chunk);
  return got;
}

async function overH2(): Promise<number> {
  const session = h2connect(`http://127.0.0.1:${ports.h2}`);
  const req = session.request({ ':method': 'POST', ':path': '/mcp', 'content-type': 'application/json' });
  req.end(BODY);
  const [headers] = (await once(req, 'response')) as [Record<string, unknown>];
  for await (const _ of req);
  session.close();
  await once(session, 'close');
  return Number(headers[':status']);
}

async function page(): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: ports.page, path: '/', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  const tls = createTlsServer(
    { ...TLS, pskCallback: (_socket, identity) => (identity === 'mcptrace' ? PSK : null) },
    (s) => {
      s.once('data', () =>
        s.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}'),
      );
    },
  );
  const h2 = createH2Server((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  const web = createHttpServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>hello</p>'));
  const udp = createSocket('udp4');
  for (const s of [tls, h2, web]) {
    s.listen(0, '127.0.0.1');
    await once(s, 'listening');
    closers.push(() => new Promise((r) => s.close(() => r())));
  }
  udp.bind(0, '127.0.0.1');
  await once(udp, 'listening');
  closers.push(() => new Promise((r) => udp.close(() => r())));
  Object.assign(ports, { tls: portOf(tls), h2: portOf(h2), page: portOf(web), udp: portOf(udp) });

  file = join(tempDir('not-mcp'), 'other.pcap');
  const capture = await startTcpdump(
    'lo',
    file,
    `tcp port ${ports.tls} or tcp port ${ports.h2} or tcp port ${ports.page} or udp port ${ports.udp}`,
  );
  try {
    expect(await overTls()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(await overH2()).toBe(200);
    expect(await page()).toBe(200);
    const sender = createSocket('udp4');
    sender.send('ping', ports.udp, '127.0.0.1');
    await once(udp, 'message');
    sender.close();
    await markEnd(ports.page, [file]);
  } finally {
    await capture.stop();
  }
}, 60_000);

afterAll(async () => {
  for (const close of closers) await close();
});

describe('a capture of traffic without MCP that mcptrace reads', () => {
  const expected = () => [
    expect.stringMatching(
      /^pcap: \d+ packets, 4 TCP connections \(1 HTTP without MCP, 1 TLS, 1 HTTP\/2, 1 without data\), not TCP: udp 1$/,
    ),
    expect.stringMatching(
      new RegExp(
        `^1 connection is TLS, encrypted and not read \\(tcp/1 127\\.0\\.0\\.1:\\d+ → 127\\.0\\.0\\.1:${ports.tls}\\)\\. To read its MCP traffic, capture it in plaintext: `,
      ),
    ),
    expect.stringMatching(
      new RegExp(
        `^1 connection speaks HTTP/2, which is not read \\(tcp/2 127\\.0\\.0\\.1:\\d+ → 127\\.0\\.0\\.1:${ports.h2}\\): mcptrace reads HTTP/1\\.1\\.`,
      ),
    ),
    '1 HTTP connection carried no MCP message (tcp/3: GET / 200).',
  ];

  it('gives no record, and a line for each kind of connection it did not read', async () => {
    const notes: string[] = [];
    const { records } = await analyze(createReadStream(file), { file, onNote: (_f, t) => notes.push(t) });
    expect(records).toEqual([]);
    expect(notes).toEqual(expected());
  });

  it('on the command line: those lines on stderr, and that the file held no MCP message', async () => {
    const r = await runCli(['annotate', '-f', 'ndjson', file]);
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: '' });
    const lines = r.stderr.split('\n').filter(Boolean);
    expect(lines).toEqual([
      ...expected().map((l) => (typeof l === 'string' ? `mcptrace: ${file}: ${l}` : expect.anything())),
      `mcptrace: ${file}: no MCP messages`,
    ]);
    expect(lines.slice(0, 4).every((l) => l.startsWith(`mcptrace: ${file}: `))).toBe(true);
  });

  it('stats and audit with --jobs: the same lines, from the worker that read the file', async () => {
    for (const args of [
      ['stats', '-f', 'json'],
      ['audit', '-f', 'json'],
    ]) {
      const one = await runCli([...args, file]);
      const pool = await runCli([...args, '--jobs', '2', file, file]);
      const notes = (r: { stderr: string }) =>
        r.stderr.split('\n').filter((l) => l.startsWith(`mcptrace: ${file}: `) && !l.endsWith('no MCP messages'));
      expect(notes(one), args[0]).toHaveLength(4);
      // Two inputs, each with its notes, in input order.
      expect(notes(pool), args[0]).toEqual([...notes(one), ...notes(one)]);
    }
  });
});
