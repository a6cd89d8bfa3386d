// What the packet layers say besides the streams: located findings on the capture, and the counts of what was read.

/** What a finding is about (docs/formats.md §26 lists each). */
export type CaptureFindingCode =
  /** Read as a capture (`--input-format pcap`), the file does not start as pcap or pcapng does: nothing is read. */
  | 'not-a-capture'
  /** The file ends inside a record or block: the last packet is incomplete. */
  | 'truncated'
  /** A classic pcap record with an impossible length: nothing after it can be located, so reading stops. */
  | 'corrupt-record'
  /** A pcapng block with an impossible or inconsistent length: reading looks for the next block. */
  | 'corrupt-block'
  /** Reading found a block again after a corrupt one. */
  | 'resynced'
  /** A pcapng packet names an interface its section never described. */
  | 'unknown-interface'
  /** Packets of a link type mcptrace does not read (they are counted). */
  | 'link-type'
  /** A link, IP or TCP header that is cut short or invalid (the packet is counted and skipped). */
  | 'malformed'
  /** An IP fragment: fragments are counted, not reassembled, so their bytes become a gap of the stream. */
  | 'ip-fragment'
  /** The capture kept only the start of a packet (snap length): the rest is a gap of its stream. */
  | 'snapped'
  /** A connection held more out-of-order bytes than the bound: the missing bytes before them became a gap. */
  | 'reassembly-bound'
  /** More connections open at once than the bound: the oldest was closed (`end-of-capture`). */
  | 'connection-bound'
  /** A new connection (SYN) on the ports of one never seen to close: the old one was closed. */
  | 'port-reused';

/** A finding located in the capture: `offset` is the byte offset of the record or block, `packet` its 1-based number. */
export interface CaptureFinding {
  kind: 'finding';
  code: CaptureFindingCode;
  message: string;
  offset: number;
  /** The packet concerned (the one being read, for a truncated or corrupt record); null for a block that is no packet. */
  packet: number | null;
  /** The connection concerned (`tcp/N`), when there is one. */
  conn?: string;
}

/** What the capture held, once it is read: everything counted, nothing turned into a stream silently dropped. */
export interface CaptureCounts {
  kind: 'counts';
  /** null: the file was no capture. */
  format: 'pcap' | 'pcapng' | null;
  /** Packets read (records of classic pcap; EPB, SPB and obsolete packet blocks of pcapng). */
  packets: number;
  /** Bytes captured, over all packets. */
  bytes: number;
  /** Packets by link type name (`ethernet`, `linux-sll` …; `linktype-N` for one not read). */
  links: Record<string, number>;
  /** TCP segments read into streams. */
  tcp: number;
  /** Connections seen (`open` events), and of those, started before the capture (`midstream`). */
  connections: number;
  midstream: number;
  /** Packets that are not TCP, by protocol (`udp`, `icmp`, `arp`, `ethertype-0x88cc`, `ip-proto-132` …). */
  notTcp: Record<string, number>;
  /** IP fragments (not reassembled). */
  fragments: number;
  /** Packets whose headers were cut short or invalid. */
  malformed: number;
  /** Segments carrying only bytes already delivered (retransmissions, duplicates), and their bytes. */
  duplicates: number;
  duplicateBytes: number;
  /** Segments that arrived before bytes preceding them and were held. */
  outOfOrder: number;
  /** `gap` events and the bytes they stand for. */
  gaps: number;
  gapBytes: number;
  /** Segments of a connection already closed (a last ACK, a retransmitted FIN), ignored. */
  afterClose: number;
  /** Findings not emitted because their code had already been reported `FINDINGS_PER_CODE` times. */
  findingsNotShown: Record<string, number>;
}

export type CaptureNote = CaptureFinding | CaptureCounts;

/** Located findings emitted per code; more are only counted (a capture of a million fragments is one line, not a million). */
export const FINDINGS_PER_CODE = 10;
