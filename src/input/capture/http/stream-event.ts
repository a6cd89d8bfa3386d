// What TCP reassembly hands the HTTP reader: a connection's bytes in order per direction, with its gaps and its end.
//
// The boundary between the packet layers (pcap/pcapng blocks, link layers, IP, TCP reassembly) and the HTTP layer
// (HTTP/1.1 framing, bodies, SSE, sessions): the packet side produces these from a capture, the HTTP side reads them
// and never sees a packet. Events come in capture order; a connection's `data` of one direction is contiguous and in
// sequence order (a `gap` says how many bytes were never captured between two of them).

import type { Endpoint } from '../../../types.js';

export type { Endpoint };

/** Who sent bytes: the side that opened the connection (`c2s`), or the side that accepted it (`s2c`). */
export type StreamDir = 'c2s' | 's2c';

export type StreamEvent =
  /**
   * A connection was seen for the first time. `conn` names it in every later event (a short stable key such as
   * `tcp/3`, numbered in order of appearance). `midstream`: the capture started after the handshake, so which side is
   * the client was guessed (the side whose first bytes look like an HTTP request, else the higher port).
   */
  | { kind: 'open'; conn: string; ts: number; client: Endpoint; server: Endpoint; midstream: boolean }
  /** Bytes in order; `ts` is the time (epoch ms, fractional) of the packet that completed them. `packet`: its 1-based number. */
  | { kind: 'data'; conn: string; dir: StreamDir; ts: number; packet: number; bytes: Uint8Array }
  /** Bytes that were never captured (dropped packets): `bytes` of them, before the next `data` of that direction. */
  | { kind: 'gap'; conn: string; dir: StreamDir; ts: number; packet: number; bytes: number }
  /**
   * One side closed its direction (its FIN, after every byte before it) while the other's is still open: that side may
   * still send. An HTTP client closes so when it gives up an answer it is reading (2026-07-28: a cancellation).
   */
  | { kind: 'half-close'; conn: string; dir: StreamDir; ts: number; packet: number }
  /** The connection ended: by FIN from both sides or one, by RST, or the capture ended with it still open. */
  | { kind: 'close'; conn: string; ts: number; how: 'fin' | 'rst' | 'end-of-capture' };
