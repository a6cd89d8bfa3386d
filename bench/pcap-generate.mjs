// Benchmark data: a large packet capture of Streamable HTTP traffic carrying the recorded MCP messages, as tcpdump on Ethernet would write it.
//
// 32 clients at a time, their packets interleaved. Each client replays the recorded session (samples/everything.envelope.ndjson)
// as one Streamable HTTP session: `initialize` (answered with the Mcp-Session-Id), then each client message POSTed in
// turn. A request is answered with every server message the recording has between it and its response, the response
// last: as `application/json` (Content-Length) when that is the response alone, else, and one in four times anyway, as
// a chunked `text/event-stream` of one event per message. A notification or a client's response is answered
// `202 Accepted`. The session ends with a DELETE; the client starts the next one. A connection makes 20 exchanges, then
// closes, and the client opens another from a new port: a session spans connections. Bodies are cut into 1448-byte
// segments (an Ethernet MSS), each side acknowledges the other's bytes after each message, and every packet is 40 µs
// after the one before.
//
//   node bench/pcap-generate.mjs [--size 100m] [--dir DIR] [--force]
//
// File: DIR/<size>.pcap (DIR defaults to $TMPDIR/mcptrace-bench), kept when it exists with the same generator version.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DIR, parseSize } from './generate.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GENERATOR_VERSION = 2;
const MSS = 1448;
const SLOTS = 32;
const EXCHANGES = 20;
const SERVER = [10, 0, 0, 2];
const CLIENT = [10, 0, 0, 1];
const SERVER_PORT = 3001;
const STEP_US = 40;

/**
 * The recording as HTTP exchanges, in order: each client message POSTed, with what answers it (`answer`: the server
 * messages, the response last; null for a 202).
 */
function exchanges() {
  const recs = readFileSync(join(ROOT, 'samples/everything.envelope.ndjson'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((r) => r.line !== undefined);
  const msgs = recs.map((r) => ({ dir: r.dir, line: r.line, msg: JSON.parse(r.line), used: false }));
  const out = [];
  for (let i = 0; i < msgs.length; i++) {
    const c = msgs[i];
    if (c.dir !== 'c2s') continue;
    if (c.msg.method === undefined || c.msg.id === undefined) {
      out.push({ req: c.line, answer: null });
      continue;
    }
    const answer = [];
    const answered = msgs.some(
      (m, j) => j > i && m.dir === 's2c' && m.msg.method === undefined && m.msg.id === c.msg.id,
    );
    for (let j = i + 1; j < msgs.length; j++) {
      const s = msgs[j];
      // With no response in the recording, the stream ends before the next client message (a request left unanswered).
      if (!answered && s.dir === 'c2s') break;
      if (s.used || s.dir !== 's2c') continue;
      s.used = true;
      answer.push(s.line);
      if (s.msg.method === undefined && s.msg.id === c.msg.id) break;
    }
    out.push({ req: c.line, answer });
  }
  return out;
}

/** An Ethernet frame with an IPv4/TCP header (checksums 0, as captured on a host with offloading). */
function frame(src, dst, sport, dport, seq, ack, flags, data) {
  const f = Buffer.alloc(54 + data.length);
  f.writeUInt16BE(0x0800, 12);
  f[14] = 0x45;
  f.writeUInt16BE(40 + data.length, 16);
  f[22] = 64;
  f[23] = 6;
  Buffer.from(src).copy(f, 26);
  Buffer.from(dst).copy(f, 30);
  f.writeUInt16BE(sport, 34);
  f.writeUInt16BE(dport, 36);
  f.writeUInt32BE(seq >>> 0, 38);
  f.writeUInt32BE(ack >>> 0, 42);
  f[46] = 0x50;
  f[47] = flags;
  f.writeUInt16BE(65535, 48);
  data.copy(f, 54);
  return f;
}

const FIN = 0x01;
const SYN = 0x02;
const PSH = 0x08;
const ACK = 0x10;

/** A client replaying the recording as sessions, one after another, over its connections. */
class Client {
  constructor(n, plan) {
    this.n = n;
    this.plan = plan;
    this.sessions = 0;
    this.k = 0;
    this.session = null;
  }

  /** The next exchange's request and response heads and bodies: the plan's next step, or the DELETE that ends the session. */
  next() {
    const sid = `bench-${this.n}-${this.sessions}`;
    const h = (extra) => `Host: 10.0.0.2:3001\r\n${extra}`;
    if (this.k === this.plan.length) {
      this.k = 0;
      this.sessions++;
      return {
        req: Buffer.from(
          `DELETE /mcp HTTP/1.1\r\n${h(`Mcp-Session-Id: ${sid}\r\nMCP-Protocol-Version: 2025-11-25\r\n`)}\r\n`,
        ),
        res: Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'),
      };
    }
    const step = this.plan[this.k];
    const first = this.k++ === 0;
    const body = Buffer.from(step.req);
    const session = first ? '' : `Mcp-Session-Id: ${sid}\r\nMCP-Protocol-Version: 2025-11-25\r\n`;
    const req = Buffer.concat([
      Buffer.from(
        `POST /mcp HTTP/1.1\r\n${h(`Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${session}Content-Length: ${body.length}\r\n`)}\r\n`,
      ),
      body,
    ]);
    if (step.answer === null) return { req, res: Buffer.from('HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n') };
    const assigned = `Mcp-Session-Id: ${sid}\r\n`;
    if (step.answer.length === 1 && this.k % 4 !== 0) {
      const b = Buffer.from(step.answer[0]);
      return {
        req,
        res: Buffer.concat([
          Buffer.from(
            `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n${assigned}Content-Length: ${b.length}\r\n\r\n`,
          ),
          b,
        ]),
      };
    }
    const chunks = step.answer.map((line) => {
      const event = Buffer.from(`event: message\ndata: ${line}\n\n`);
      return Buffer.concat([Buffer.from(`${event.length.toString(16)}\r\n`), event, Buffer.from('\r\n')]);
    });
    const head = `HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n${assigned}Transfer-Encoding: chunked\r\n\r\n`;
    return { req, res: Buffer.concat([Buffer.from(head), ...chunks, Buffer.from('0\r\n\r\n')]) };
  }
}

/** One connection's packets, made an exchange at a time. */
class Connection {
  constructor(port, client) {
    this.port = port;
    this.client = client;
    this.cseq = (port * 7919) >>> 0;
    this.sseq = (port * 104729) >>> 0;
    this.queue = [];
    this.exchanges = 0;
    this.done = false;
    this.c(SYN, Buffer.alloc(0));
    this.cseq++;
    this.s(SYN | ACK, Buffer.alloc(0));
    this.sseq++;
    this.c(ACK, Buffer.alloc(0));
  }

  c(flags, data) {
    this.queue.push(frame(CLIENT, SERVER, this.port, SERVER_PORT, this.cseq, this.sseq, flags, data));
    this.cseq += data.length;
  }

  s(flags, data) {
    this.queue.push(frame(SERVER, CLIENT, SERVER_PORT, this.port, this.sseq, this.cseq, flags, data));
    this.sseq += data.length;
  }

  send(from, bytes) {
    for (let at = 0; at < bytes.length; at += MSS) this[from](PSH | ACK, bytes.subarray(at, at + MSS));
    this[from === 'c' ? 's' : 'c'](ACK, Buffer.alloc(0));
  }

  exchange() {
    const { req, res } = this.client.next();
    this.send('c', req);
    this.send('s', res);
    if (++this.exchanges === EXCHANGES) {
      this.c(FIN | ACK, Buffer.alloc(0));
      this.cseq++;
      this.s(FIN | ACK, Buffer.alloc(0));
      this.sseq++;
      this.c(ACK, Buffer.alloc(0));
      this.done = true;
    }
  }

  /** The next packet, or null when the connection has closed and sent everything. */
  take() {
    if (this.queue.length === 0 && !this.done) this.exchange();
    return this.queue.shift() ?? null;
  }
}

/** Writes DIR/<size>.pcap of about `bytes` bytes. */
function generate(path, bytes) {
  const plan = exchanges();
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w');
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(262144, 16);
  header.writeUInt32LE(1, 20);
  writeSync(fd, header);
  let written = 24;
  let port = 20000;
  const clients = Array.from({ length: SLOTS }, (_, n) => new Client(n, plan));
  const slots = clients.map((c) => new Connection(port++, c));
  let us = 1_764_000_000_000_000; // µs since the epoch
  let pending = [];
  let pendingBytes = 0;
  let packets = 0;
  for (let i = 0; written < bytes; i = (i + 1) % SLOTS) {
    let p = slots[i].take();
    if (p === null) {
      if (port > 65000) port = 20000;
      slots[i] = new Connection(port++, clients[i]);
      p = slots[i].take();
    }
    const h = Buffer.alloc(16);
    us += STEP_US;
    h.writeUInt32LE(Math.floor(us / 1e6), 0);
    h.writeUInt32LE(us % 1e6, 4);
    h.writeUInt32LE(p.length, 8);
    h.writeUInt32LE(p.length, 12);
    pending.push(h, p);
    pendingBytes += 16 + p.length;
    written += 16 + p.length;
    packets++;
    if (pendingBytes > 1 << 20) {
      writeSync(fd, Buffer.concat(pending));
      pending = [];
      pendingBytes = 0;
    }
  }
  writeSync(fd, Buffer.concat(pending));
  closeSync(fd);
  renameSync(tmp, path);
  return packets;
}

/** The capture of `size` (`100m`, `1g` …) in `dir`, generated unless it exists from this generator version. */
export function ensurePcap(size, dir = DEFAULT_DIR, force = false) {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${size}.pcap`);
  const meta = `${path}.meta.json`;
  const want = JSON.stringify({ version: GENERATOR_VERSION, size });
  if (!force && existsSync(path) && existsSync(meta) && readFileSync(meta, 'utf8') === want) return path;
  const t0 = Date.now();
  const packets = generate(path, parseSize(size));
  writeFileSync(meta, want);
  process.stderr.write(`generated ${path}: ${packets} packets in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  return path;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, def) => {
    const i = process.argv.indexOf(`--${name}`);
    return i < 0 ? def : process.argv[i + 1];
  };
  for (const size of arg('size', '100m').split(','))
    console.log(ensurePcap(size, arg('dir', DEFAULT_DIR), process.argv.includes('--force')));
}
