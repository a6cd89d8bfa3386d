// Packet captures made in a test with tcpdump, and tshark's reading of them: the independent check of what mcptrace reads.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { captureStreams } from '../../src/input/capture/capture-streams.js';

const run = promisify(execFile);

export interface Capture {
  /** Ends the capture (SIGINT, so tcpdump writes what it holds) and waits for tcpdump to exit. */
  stop(): Promise<void>;
}

/**
 * `tcpdump -i IFACE -w FILE [args] FILTER`, resolved once tcpdump says it is listening (so no packet sent after is
 * missed). Packets go to the file as the kernel hands them over (`-U`), in blocks, up to a second late (not
 * `--immediate-mode`: on `any` it drops packets here); `-Z root` keeps tcpdump able to write in a test's private folder.
 * Wait for a last packet in the file (`waitForPacket`) before `stop`, which may lose what the kernel still holds.
 */
export function startTcpdump(iface: string, file: string, filter: string, args: string[] = []): Promise<Capture> {
  const child = spawn('tcpdump', ['-i', iface, '-w', file, '-U', '-Z', 'root', ...args, filter], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => {
      if (err.includes('listening on')) return;
      err += s;
      if (err.includes('listening on')) {
        resolve({
          stop: async () => {
            child.kill('SIGINT');
            await exited;
          },
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`tcpdump exited (${code}) before listening: ${err}`)));
    child.once('error', reject);
  });
}

/** Polls `found` every 50 ms until it is true (a file tcpdump writes has no event to wait for), failing after `ms`. */
export async function waitFor(found: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await found())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A last connection to `port` on 127.0.0.1, opened and closed with no byte sent: once its FIN is in every capture file,
 * the files hold all the traffic before it (tcpdump writes what the kernel hands it late, in blocks).
 */
export async function markEnd(port: number, captures: string[]): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const local = socket.localPort!;
  socket.end();
  await once(socket, 'close');
  const closed = async (file: string) => {
    const mine = new Set<string>();
    for await (const e of captureStreams(createReadStream(file))) {
      if (e.kind === 'open' && e.client.port === local) mine.add(e.conn);
      else if (e.kind === 'close' && e.how === 'fin' && mine.has(e.conn)) return true;
    }
    return false;
  };
  for (const file of captures) await waitFor(() => closed(file), `the last connection in ${file}`);
}

export async function tshark(args: string[]): Promise<string> {
  return (await run('tshark', args, { maxBuffer: 1 << 28 })).stdout;
}

/** A capture converted by editcap (`-F pcapng`, `-F nsecpcap` …). */
export async function editcap(from: string, to: string, format: string): Promise<void> {
  await run('editcap', ['-F', format, from, to]);
}

/** One TCP conversation as tshark follows it: its two endpoints and the bytes each sent, in order. */
export interface Followed {
  stream: number;
  /** `addr:port` of each node as tshark prints it (node 0 sent the first packet tshark saw: not always the client). */
  nodes: [string, string];
  bytes: [Buffer, Buffer];
}

/**
 * Every TCP conversation of a capture as `tshark -q -z follow,tcp,raw,N` prints it, all in one pass: blocks of hex
 * lines, those of node 1 indented by a tab.
 */
export async function tsharkFollow(file: string): Promise<Followed[]> {
  const ids = (await tshark(['-r', file, '-T', 'fields', '-e', 'tcp.stream'])).split('\n').filter(Boolean).map(Number);
  const streams = [...new Set(ids)].sort((a, b) => a - b);
  if (streams.length === 0) return [];
  const out = await tshark(['-r', file, '-q', ...streams.flatMap((n) => ['-z', `follow,tcp,raw,${n}`])]);
  const follows: Followed[] = [];
  for (const block of out.split(/^=+$/m)) {
    const filter = /^Filter: tcp\.stream eq (\d+)$/m.exec(block);
    if (filter === null) continue;
    const nodes = [/^Node 0: (.*)$/m.exec(block)![1]!, /^Node 1: (.*)$/m.exec(block)![1]!] as [string, string];
    const hex: [string[], string[]] = [[], []];
    for (const line of block.split('\n')) {
      if (/^\t[0-9a-f]+$/.test(line)) hex[1].push(line.slice(1));
      else if (/^[0-9a-f]+$/.test(line)) hex[0].push(line);
    }
    follows.push({
      stream: Number(filter[1]),
      nodes,
      bytes: [Buffer.from(hex[0].join(''), 'hex'), Buffer.from(hex[1].join(''), 'hex')],
    });
  }
  return follows;
}
