// Helpers for the capture tests: a capture's events in chunks of any size, and each connection's bytes per direction.
import { Buffer } from 'node:buffer';
import { captureStreams, type CaptureEvent } from '../../../src/input/capture/capture-streams.js';
import type { CaptureCounts, CaptureFinding } from '../../../src/input/capture/capture-note.js';
import type { ReassemblyLimits } from '../../../src/input/capture/tcp/tcp-reassembly.js';
import type { StreamEvent } from '../../../src/input/capture/http/stream-event.js';
import { chunked } from '../helpers.js';

export async function events(file: Buffer, chunk = 0, limits?: ReassemblyLimits): Promise<CaptureEvent[]> {
  const out: CaptureEvent[] = [];
  for await (const e of captureStreams(chunked(file, chunk), limits))
    out.push(e.kind === 'data' ? { ...e, bytes: Buffer.from(e.bytes) } : e);
  return out;
}

export const findings = (es: CaptureEvent[]) => es.filter((e): e is CaptureFinding => e.kind === 'finding');
export const countsOf = (es: CaptureEvent[]) => es.find((e): e is CaptureCounts => e.kind === 'counts')!;
export const streamEvents = (es: CaptureEvent[]) =>
  es.filter((e): e is StreamEvent => ['open', 'data', 'gap', 'close'].includes(e.kind));

export interface Conn {
  open: Extract<StreamEvent, { kind: 'open' }>;
  c2s: Buffer;
  s2c: Buffer;
  /** Data and gaps of each direction in order: a string of bytes, or a number of missing bytes. */
  parts: { c2s: (string | number)[]; s2c: (string | number)[] };
  close: Extract<StreamEvent, { kind: 'close' }> | null;
}

/** Each connection's bytes per direction (gaps leave nothing), by `conn`. */
export function connections(es: CaptureEvent[]): Map<string, Conn> {
  const m = new Map<string, Conn>();
  for (const e of es) {
    if (e.kind === 'open')
      m.set(e.conn, { open: e, c2s: Buffer.alloc(0), s2c: Buffer.alloc(0), parts: { c2s: [], s2c: [] }, close: null });
    else if (e.kind === 'data') {
      const c = m.get(e.conn)!;
      c[e.dir] = Buffer.concat([c[e.dir], e.bytes]);
      const p = c.parts[e.dir];
      if (typeof p.at(-1) === 'string') p[p.length - 1] += Buffer.from(e.bytes).toString('latin1');
      else p.push(Buffer.from(e.bytes).toString('latin1'));
    } else if (e.kind === 'gap') m.get(e.conn)!.parts[e.dir].push(e.bytes);
    else if (e.kind === 'close') m.get(e.conn)!.close = e;
  }
  return m;
}
