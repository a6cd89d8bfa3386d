// Packet captures (pcap, pcapng): TCP reassembled, HTTP/1.1 and SSE read as exchanges (../capture/).
import { captureFrameBatches } from '../capture/capture-frames.js';
import { captureMagic, MAGIC_BYTES } from '../capture/packets/capture-magic.js';
import type { FormatEntry } from './types.js';

export const pcap: FormatEntry<'pcap'> = {
  name: 'pcap',
  family: 'http',
  title:
    'Packet capture: pcap or pcapng (tcpdump -w, Wireshark); TCP reassembled, HTTP/1.1 and SSE read (Streamable HTTP, HTTP+SSE)',
  example: 'd4 c3 b2 a1 02 00 04 00 … (pcap), 0a 0d 0d 0a … (pcapng): told by its first bytes',
  detect: { by: 'bytes', bytes: MAGIC_BYTES, test: (head) => captureMagic(head) !== null },
  // Binary: no lines (the input's line count is left unknown); a record's line is its packet number.
  open: {
    batches: (input, ctx) =>
      captureFrameBatches(input, { file: ctx.file, maxMessageBytes: ctx.maxBytes, status: ctx.status }),
  },
};
