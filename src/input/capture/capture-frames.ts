// A capture's frames for the pipeline: for now one log line per TCP connection and per finding, and a summary (HTTP is not read yet).
//
// This is where the HTTP reader plugs in: it takes the same `captureStreamBatches` events and turns each connection's
// bytes into messages (HTTP/1.1 bodies, SSE events). Until it does, a capture is never hundreds of invalid records:
// each connection, finding and the counts become `log` frames, located by packet number (`source` is `FILE:PACKET`).
import type { Frame } from '../../types.js';
import { logFrame } from '../frames.js';
import type { Chunk } from '../lines.js';
import { msTime } from '../time.js';
import type { CaptureCounts } from './capture-note.js';
import { captureStreamBatches } from './capture-streams.js';
import type { Endpoint } from './stream-event.js';

interface Tally {
  client: Endpoint;
  server: Endpoint;
  midstream: boolean;
  c2s: number;
  s2c: number;
  gaps: number;
  gapBytes: number;
}

const at = (e: Endpoint) => (e.addr.includes(':') ? `[${e.addr}]:${e.port}` : `${e.addr}:${e.port}`);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const list = (r: Record<string, number>) => Object.entries(r).map(([k, n]) => `${k} ${n}`).join(', ');

function summary(c: CaptureCounts): string {
  if (c.format === null) return 'not a packet capture: nothing read';
  const parts = [`${c.format}: ${plural(c.packets, 'packet')}${c.packets > 0 ? ` (${list(c.links)})` : ''}`, `${plural(c.connections, 'TCP connection')}${c.midstream > 0 ? ` (${c.midstream} begun before the capture)` : ''}`];
  if (Object.keys(c.notTcp).length > 0) parts.push(`not TCP: ${list(c.notTcp)}`);
  if (c.fragments > 0) parts.push(plural(c.fragments, 'IP fragment'));
  if (c.malformed > 0) parts.push(`${plural(c.malformed, 'packet')} malformed`);
  if (c.gaps > 0) parts.push(`${plural(c.gaps, 'gap')} (${plural(c.gapBytes, 'byte')} missing)`);
  return `${parts.join('; ')}; HTTP inside captures is not read yet, so no message is`;
}

/** The frames of a packet capture (`--input-format pcap`), one batch per chunk read. */
export async function* captureFrameBatches(input: AsyncIterable<Chunk>, file: string): AsyncGenerator<Frame[]> {
  const conns = new Map<string, Tally>();
  let packet = 0;
  const pos = (n: number | null) => ({ file, line: Math.max(n ?? packet, 1), lines: 1 });
  for await (const batch of captureStreamBatches(input)) {
    const out: Frame[] = [];
    for (const e of batch) {
      if (e.kind === 'open') conns.set(e.conn, { client: e.client, server: e.server, midstream: e.midstream, c2s: 0, s2c: 0, gaps: 0, gapBytes: 0 });
      else if (e.kind === 'data') {
        packet = e.packet;
        conns.get(e.conn)![e.dir] += e.bytes.length;
      } else if (e.kind === 'gap') {
        const t = conns.get(e.conn)!;
        t.gaps++;
        t.gapBytes += e.bytes;
      } else if (e.kind === 'close') {
        const t = conns.get(e.conn)!;
        conns.delete(e.conn);
        const gaps = t.gaps > 0 ? `, ${plural(t.gaps, 'gap')} (${plural(t.gapBytes, 'byte')} missing)` : '';
        const text = `${e.conn} ${at(t.client)} → ${at(t.server)}${t.midstream ? ' (begun before the capture)' : ''}: ${t.c2s} bytes from the client, ${t.s2c} from the server${gaps}; closed (${e.how})`;
        out.push(logFrame(pos(null), 'info', text, { time: msTime(e.ts) }));
      } else if (e.kind === 'finding') out.push(logFrame(pos(e.packet), 'warning', `${e.code} at byte ${e.offset}: ${e.message}`));
      else out.push(logFrame(pos(null), 'info', summary(e)));
    }
    if (out.length > 0) yield out;
  }
}
