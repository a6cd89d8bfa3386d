// A TCP relay on 127.0.0.1 that forwards to a server and records each direction's chunks as StreamEvents.
//
// What TCP reassembly would hand the HTTP reader from a capture of the same traffic (src/input/capture/http/stream-event.ts):
// each connection's bytes in order per direction, timed when the relay read them, `packet` counting chunks.
import { once } from 'node:events';
import net from 'node:net';
import type { StreamEvent } from '../../src/input/capture/http/stream-event.js';

export interface Relay {
  port: number;
  events: StreamEvent[];
  /** Breaks a connection as a network failure would: both sockets destroyed, recorded as an `rst` close. */
  cut(conn: string): void;
  /** Stops listening; connections still open end with `end-of-capture`. */
  stop(): Promise<void>;
}

export async function startRelay(targetPort: number): Promise<Relay> {
  const events: StreamEvent[] = [];
  const open = new Map<string, { client: net.Socket; upstream: net.Socket; close: (how: 'fin' | 'rst') => void }>();
  let n = 0;
  let packet = 0;
  const server = net.createServer((client) => {
    const conn = `tcp/${++n}`;
    const upstream = net.connect(targetPort, '127.0.0.1');
    events.push({
      kind: 'open',
      conn,
      ts: Date.now(),
      midstream: false,
      client: { addr: client.remoteAddress!.replace(/^::ffff:/, ''), port: client.remotePort! },
      server: { addr: '127.0.0.1', port: (server.address() as net.AddressInfo).port },
    });
    let ended = 0;
    let closed = false;
    const close = (how: 'fin' | 'rst') => {
      if (closed) return;
      closed = true;
      open.delete(conn);
      events.push({ kind: 'close', conn, ts: Date.now(), how });
    };
    open.set(conn, { client, upstream, close });
    const pipe = (from: net.Socket, to: net.Socket, dir: 'c2s' | 's2c') => {
      from.on('data', (bytes: Buffer) => {
        events.push({ kind: 'data', conn, dir, ts: Date.now(), packet: ++packet, bytes: Uint8Array.from(bytes) });
        to.write(bytes);
      });
      from.on('end', () => {
        to.end();
        if (++ended === 2) close('fin');
      });
      from.on('error', () => {
        to.destroy();
        close('rst');
      });
    };
    pipe(client, upstream, 'c2s');
    pipe(upstream, client, 's2c');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    events,
    cut(conn) {
      const s = open.get(conn);
      if (s === undefined) return;
      s.close('rst');
      s.client.destroy();
      s.upstream.destroy();
    },
    async stop() {
      const closing = once(server, 'close');
      server.close();
      for (const [conn, s] of open) {
        events.push({ kind: 'close', conn, ts: Date.now(), how: 'end-of-capture' });
        s.client.destroy();
        s.upstream.destroy();
      }
      open.clear();
      await closing;
    },
  };
}
