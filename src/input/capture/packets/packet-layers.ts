// One packet through the layers: its link header, IP, then TCP into reassembly; what is not TCP is counted by what it is.
import type { CaptureCounts, CaptureFindingCode } from '../capture-note.js';
import { IP_READERS } from '../ip/ip-packet.js';
import { ipProtocolName, TCP } from '../ip/ip-protocols.js';
import { LINK_TYPES } from './link-types.js';
import type { Packet } from './packet.js';
import { readTcp } from '../tcp/tcp-header.js';
import type { TcpReassembly } from '../tcp/tcp-reassembly.js';

const bump = (r: Record<string, number>, k: string) => {
  r[k] = (r[k] ?? 0) + 1;
};

type Note = (code: CaptureFindingCode, message: string, offset: number, packet: number) => void;

export class PacketLayers {
  /** Link types not read that were reported (once each). */
  private readonly unreadLinks = new Set<number>();

  constructor(
    private readonly counts: Pick<CaptureCounts, 'links' | 'notTcp' | 'fragments' | 'malformed'>,
    private readonly note: Note,
    private readonly tcp: TcpReassembly,
  ) {}

  packet(p: Packet): void {
    const c = this.counts;
    const link = LINK_TYPES.get(p.link);
    if (link === undefined) {
      bump(c.links, `linktype-${p.link}`);
      if (!this.unreadLinks.has(p.link)) {
        this.unreadLinks.add(p.link);
        this.note(
          'link-type',
          `packet ${p.num} has link type ${p.link}, which is not read (Ethernet, Linux cooked SLL and SLL2, BSD loopback and raw IP are): packets of this link type are counted only`,
          p.offset,
          p.num,
        );
      }
      return;
    }
    bump(c.links, link.name);
    const lp = link.decode(p.data);
    if (lp === null) return this.malformed(p, `${link.name} header cut short`);
    const readIp = IP_READERS.get(lp.net);
    if (readIp === undefined) return bump(c.notTcp, lp.net);
    const ip = readIp(p.data, lp.offset);
    if (typeof ip === 'string') return this.malformed(p, ip);
    if (ip.fragment) {
      c.fragments++;
      this.note(
        'ip-fragment',
        `packet ${p.num} is a fragment of an IP datagram from ${ip.src} to ${ip.dst}: fragments are not reassembled, so a TCP stream they belong to has a gap there`,
        p.offset,
        p.num,
      );
      return;
    }
    if (ip.proto !== TCP) return bump(c.notTcp, ipProtocolName(ip.proto));
    const seg = readTcp(ip.payload, ip.length);
    if (typeof seg === 'string') return this.malformed(p, seg);
    if (seg.data.length < seg.length) {
      this.note(
        'snapped',
        `packet ${p.num} was captured cut (${p.data.length} of ${p.origLen} bytes, the snap length): its last ${seg.length - seg.data.length} bytes of TCP data are a gap`,
        p.offset,
        p.num,
      );
    }
    this.tcp.segment(ip.src, ip.dst, seg, p.ts, p.num);
  }

  private malformed(p: Packet, why: string): void {
    this.counts.malformed++;
    this.note('malformed', `packet ${p.num}: ${why}; it is not read`, p.offset, p.num);
  }
}
