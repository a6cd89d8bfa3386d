// Classic pcap (libpcap's format, draft-ietf-opsawg-pcap): a 24-byte file header, then a 16-byte header and the bytes of each packet.
import type { ByteQueue } from '../tcp/byte-queue.js';
import type { CaptureFileReader, PacketSink } from './packet.js';

const FILE_HEADER = 24;
const RECORD_HEADER = 16;
/** The largest snap length tcpdump and Wireshark write (256 KiB): a record is believed up to it, or the file's own if larger. */
const STANDARD_MAX = 262_144;
/** Past this no record is believed, whatever the header says: a length this large is damage. */
const ABSOLUTE_MAX = 16 * 1024 * 1024;

export class PcapReader implements CaptureFileReader {
  private link = -1;
  private maxCaplen = STANDARD_MAX;
  private num = 0;
  private stopped = false;

  constructor(
    private readonly q: ByteQueue,
    private readonly littleEndian: boolean,
    private readonly nanos: boolean,
  ) {}

  private u32(b: Buffer, at: number): number {
    return this.littleEndian ? b.readUInt32LE(at) : b.readUInt32BE(at);
  }

  read(sink: PacketSink): void {
    const q = this.q;
    if (this.stopped) return q.clear();
    if (this.link < 0) {
      if (q.length < FILE_HEADER) return;
      const h = q.peek(FILE_HEADER);
      // The link type is the low 16 bits; the high ones may say how long a frame check sequence is (it is not needed:
      // the IP length says where a packet ends).
      this.link = this.u32(h, 20) & 0xffff;
      this.maxCaplen = Math.min(Math.max(this.u32(h, 16), STANDARD_MAX), ABSOLUTE_MAX);
      q.skip(FILE_HEADER);
    }
    while (q.length >= RECORD_HEADER) {
      const h = q.peek(RECORD_HEADER);
      const caplen = this.u32(h, 8);
      if (caplen > this.maxCaplen) {
        // Records are found only by adding lengths: past a wrong one nothing can be located again (Wireshark stops too).
        sink.finding(
          'corrupt-record',
          `packet ${this.num + 1}'s record says ${caplen} bytes were captured, more than a record holds (${this.maxCaplen}); the rest of the file cannot be located, reading stops`,
          q.offset,
          this.num + 1,
        );
        this.stopped = true;
        return q.clear();
      }
      const size = RECORD_HEADER + caplen;
      if (q.length < size) return;
      const rec = q.peek(size);
      const sec = this.u32(rec, 0);
      const frac = this.u32(rec, 4);
      sink.packet({
        num: ++this.num,
        ts: sec * 1000 + (this.nanos ? frac / 1e6 : frac / 1e3),
        link: this.link,
        data: rec.subarray(RECORD_HEADER),
        origLen: this.u32(rec, 12),
        offset: q.offset,
      });
      q.skip(size);
    }
  }

  end(sink: PacketSink): void {
    const q = this.q;
    if (this.stopped || q.length === 0) return;
    if (this.link < 0) {
      sink.finding(
        'truncated',
        `the file ends inside the pcap file header (${q.length} of ${FILE_HEADER} bytes)`,
        q.offset,
        null,
      );
      return;
    }
    const whole = q.length >= RECORD_HEADER ? ` of ${RECORD_HEADER + this.u32(q.peek(RECORD_HEADER), 8)}` : '';
    sink.finding(
      'truncated',
      `the file ends inside packet ${this.num + 1}'s record (${q.length}${whole} bytes); the packet is not read`,
      q.offset,
      this.num + 1,
    );
  }
}
