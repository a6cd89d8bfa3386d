// One captured packet as the file readers (pcap, pcapng) hand it to the link layers, and what they report to.
import type { CaptureFindingCode } from '../capture-note.js';

export interface Packet {
  /** 1-based number in the capture, as Wireshark numbers frames. */
  num: number;
  /** Epoch milliseconds (fractional). */
  ts: number;
  /** The interface's LINKTYPE_* number. */
  link: number;
  /** The bytes captured (a view into the input: read it before the next packet, copy what is kept). */
  data: Buffer;
  /** The packet's length on the wire (`data` is shorter when the capture's snap length cut it). */
  origLen: number;
  /** Byte offset of its record or block in the file. */
  offset: number;
}

/** Where a file reader delivers packets and findings. */
export interface PacketSink {
  packet(p: Packet): void;
  finding(code: CaptureFindingCode, message: string, offset: number, packet: number | null): void;
}

/** A capture file's block reader: a pure state machine over the queued bytes. */
export interface CaptureFileReader {
  /** Reads every whole record or block queued, delivering to `sink`. */
  read(sink: PacketSink): void;
  /** The input has ended: reports a record or block left incomplete. */
  end(sink: PacketSink): void;
}
