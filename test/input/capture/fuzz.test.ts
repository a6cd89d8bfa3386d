// A bounded fuzz run of the packet side: random bytes after each magic number, and random mutations of a capture,
// never throw, always end with the counts, and keep every stream's data and gaps in order (events of a connection
// between its open and its close); read as an input, through the HTTP reader, they give located frames and the summary.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../property/support.js';
import { ethernet, sll2, tcpPacket } from '../../helpers/packets.js';
import { pcapFile, pcapngFile } from '../../helpers/pcap-writer.js';
import { readFrames } from '../../../src/input/read.js';
import { chunked } from '../helpers.js';
import { events } from './helpers.js';

const a = { src: '10.0.0.1', dst: '10.0.0.2', sport: 40000, dport: 3001 };
const b = { src: '10.0.0.2', dst: '10.0.0.1', sport: 3001, dport: 40000 };
const ips = [
  tcpPacket({ ...a, seq: 1, flags: 'S' }),
  tcpPacket({ ...b, seq: 9, ack: 2, flags: 'SA' }),
  tcpPacket({ ...a, seq: 2, ack: 10, flags: 'PA', data: 'POST /mcp HTTP/1.1\r\n\r\n{}' }),
  tcpPacket({ ...b, seq: 10, ack: 26, flags: 'PA', data: 'HTTP/1.1 202 Accepted\r\n\r\n' }),
  tcpPacket({ ...a, seq: 26, ack: 36, flags: 'FA' }),
  tcpPacket({ ...b, seq: 36, ack: 27, flags: 'FA' }),
];
const CAPTURES = [
  pcapFile(
    1,
    ips.map((p, i) => ({ ts: 1e12 + i, data: ethernet(p) })),
  ),
  pcapngFile({
    interfaces: [{ link: 276, tsresol: 9 }],
    blocks: ips.map((p, i) => ({ epb: { iface: 0, ts: 1e12 + i, data: sll2(p) } })),
  }),
];
const MAGICS = ['d4c3b2a1', 'a1b2c3d4', '4d3cb2a1', 'a1b23c4d', '0a0d0d0a'].map((h) => Buffer.from(h, 'hex'));

async function expectWellFormed(file: Buffer, chunk: number): Promise<void> {
  const es = await events(file, chunk);
  expect(es.at(-1)!.kind).toBe('counts');
  const open = new Set<string>();
  for (const e of es) {
    if (e.kind === 'open') {
      expect(open.has(e.conn)).toBe(false);
      open.add(e.conn);
    } else if (e.kind === 'data' || e.kind === 'gap') expect(open.has(e.conn)).toBe(true);
    else if (e.kind === 'close') expect(open.delete(e.conn)).toBe(true);
  }
  expect(open.size).toBe(0);
  const notes: string[] = [];
  for await (const f of readFrames(chunked(file, chunk), {
    file: 'fuzz',
    format: 'pcap',
    status: { note: (_source, t) => notes.push(t) },
  })) {
    expect(f.line).toBeGreaterThanOrEqual(1);
  }
  expect(notes[0]).toMatch(/^(pcap|pcapng): \d+ packets?, \d+ TCP connections?|^not a packet capture/);
}

describe('packet side under random input', () => {
  it('random bytes after a magic number', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MAGICS),
        fc.uint8Array({ maxLength: 600 }),
        fc.constantFrom(0, 1, 5),
        async (magic, rest, chunk) => {
          await expectWellFormed(Buffer.concat([magic, rest]), chunk);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('a capture with bytes changed, cut or repeated', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CAPTURES),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.constantFrom(0, 3),
        async (capture, changes, cut, chunk) => {
          const file = Buffer.from(capture);
          for (const [at, v] of changes) file[at % file.length] = v;
          const end = cut % (file.length + 1);
          await expectWellFormed(Buffer.concat([file.subarray(0, end), file.subarray(4, end)]), chunk);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
