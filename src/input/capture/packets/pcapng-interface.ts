// A pcapng Interface Description Block: the link type, snap length and time unit (`if_tsresol`, `if_tsoffset`) of an interface.

export interface Interface {
  link: number;
  /** 0: no limit. */
  snaplen: number;
  /** A packet's time (epoch ms) from its 64-bit timestamp's high and low 32 bits. */
  time(high: number, low: number): number;
}

const OPT_END = 0;
const IF_TSRESOL = 9;
const IF_TSOFFSET = 14;
/** Fixed fields after the block's type and length: link type, reserved, snap length. */
const OPTIONS_AT = 16;

/**
 * Reads an IDB (`b` is the whole block). `if_tsresol` (§4.2): high bit clear, units of 10^-n s; set, 2^-n s; default
 * µs. `if_tsoffset`: seconds added to every time (the timestamps are then relative to it).
 */
export function readInterface(b: Buffer, littleEndian: boolean): Interface {
  const u16 = (at: number) => (littleEndian ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const link = u16(8);
  const snaplen = littleEndian ? b.readUInt32LE(12) : b.readUInt32BE(12);
  let resol = 6;
  let offsetMs = 0;
  const end = b.length - 4;
  for (let at = OPTIONS_AT; at + 4 <= end; ) {
    const code = u16(at);
    const len = u16(at + 2);
    if (code === OPT_END || at + 4 + len > end) break;
    if (code === IF_TSRESOL && len >= 1) resol = b[at + 4]!;
    else if (code === IF_TSOFFSET && len >= 8)
      offsetMs = Number(littleEndian ? b.readBigInt64LE(at + 4) : b.readBigInt64BE(at + 4)) * 1000;
    at += 4 + ((len + 3) & ~3);
  }
  // Units per millisecond; a time is high × 2^32 + low units, computed in two parts so that no 64-bit integer is needed.
  const perMs = resol & 0x80 ? 2 ** (resol & 0x7f) / 1000 : 10 ** (resol - 3);
  const highMs = 4294967296 / perMs;
  return { link, snaplen, time: (high, low) => high * highMs + low / perMs + offsetMs };
}
