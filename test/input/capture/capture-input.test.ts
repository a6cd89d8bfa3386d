// A capture as an input: detected by its first bytes in any chunking, and read into log frames (until HTTP is read), never invalid records.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { detectInput } from '../../../src/input/detect.js';
import { chunked, collect } from '../helpers.js';
import { tcpPacket } from '../../helpers/packets.js';
import { pcapFile, pcapngFile } from '../../helpers/pcap-writer.js';

const T0 = 1_700_000_000_000;
const a = { src: '127.0.0.1', dst: '127.0.0.1', sport: 40000, dport: 3001 };
const b = { src: '127.0.0.1', dst: '127.0.0.1', sport: 3001, dport: 40000 };
const packets = [
  tcpPacket({ ...a, seq: 1, flags: 'S' }),
  tcpPacket({ ...b, seq: 7, ack: 2, flags: 'SA' }),
  tcpPacket({ ...a, seq: 2, ack: 8, flags: 'PA', data: 'GET /mcp HTTP/1.1\r\n\r\n' }),
  tcpPacket({ ...b, seq: 8, ack: 23, flags: 'FPA', data: 'HTTP/1.1 405 Method Not Allowed\r\n\r\n' }),
  tcpPacket({ ...a, seq: 23, ack: 44, flags: 'FA' }),
];
const PCAP = pcapFile(101, packets.map((data, i) => ({ ts: T0 + i, data })), { littleEndian: false, nanos: true });
const PCAPNG = pcapngFile({ interfaces: [{ link: 101 }], blocks: packets.map((data, i) => ({ epb: { iface: 0, ts: T0 + i, data } })) });

async function bytesOf(it: AsyncIterable<Buffer | Uint8Array | string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of it) parts.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(parts);
}

describe('capture input', () => {
  it('is detected by its magic number in any chunking, and every byte is replayed', async () => {
    for (const file of [PCAP, PCAPNG]) {
      for (const size of [0, 1, 3, 7]) {
        const d = await detectInput(chunked(file, size));
        expect({ format: d.format, conclusive: d.conclusive }, `chunk ${size}`).toEqual({ format: 'pcap', conclusive: true });
        expect((await bytesOf(d.input)).equals(file)).toBe(true);
      }
    }
  });

  it('text inputs are detected as before, also those shorter than a magic number', async () => {
    for (const [text, format] of [['{"jsonrpc":"2.0","id":1,"method":"ping"}\n', 'ndjson'], ['[]', 'ndjson'], ['{}', 'ndjson'], ['', 'ndjson']] as const) {
      for (const size of [0, 1, 3]) expect((await detectInput(chunked(Buffer.from(text), size))).format, `${text} / ${size}`).toBe(format);
    }
  });

  it('reads into log frames: one per connection, then the counts; nothing invalid', async () => {
    for (const file of [PCAP, PCAPNG]) {
      const { frames, format } = await collect(chunked(file, 7), 'x.pcap');
      expect(format).toBe('pcap');
      expect(frames.map((f) => [f.line, f.log?.level, f.log?.text])).toEqual([
        [4, 'info', 'tcp/1 127.0.0.1:40000 → 127.0.0.1:3001: 21 bytes from the client, 35 from the server; closed (fin)'],
        [4, 'info', `${file === PCAP ? 'pcap' : 'pcapng'}: 5 packets (raw 5); 1 TCP connection; HTTP inside captures is not read yet, so no message is`],
      ]);
      expect(frames[0]).toMatchObject({ file: 'x.pcap', ts: new Date(T0 + 4).toISOString(), tsMs: T0 + 4, text: null, bytes: 0 });
      expect(frames.some((f) => f.error !== undefined)).toBe(false);
    }
  });

  it('--input-format pcap on a file that is no capture: one warning line, not a record per line', async () => {
    const { frames } = await collect(chunked(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'.repeat(50))), 'x.ndjson', 'pcap');
    expect(frames.map((f) => [f.log?.level, f.log?.text])).toEqual([
      ['warning', 'not-a-capture at byte 0: the file starts with 7b226a73, not a pcap or pcapng magic number: it is not read'],
      ['info', 'not a packet capture: nothing read'],
    ]);
  });
});
