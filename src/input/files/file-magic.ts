// What a file is by its first bytes (its magic number), for the files that are no log as they stand: compressed logs,
// archives, programs, images, databases. Packet captures are not here: they are inputs (capture/capture-magic.ts).
import { Buffer } from 'node:buffer';

/** How an input that starts with a magic is read: decompressed (gzip, zstd), or not at all (`undo` says how to get at a log inside). */
type MagicKind = 'gzip' | 'zstd' | 'compressed' | 'archive' | 'binary';

export interface FileMagic {
  kind: MagicKind;
  /** What it is, for a person: `gzip-compressed`, `ELF executable`. */
  what: string;
  /** For a compressed file or an archive mcptrace does not open: the command that gives the log inside. */
  undo?: string;
}

interface MagicEntry extends FileMagic {
  /** The bytes, in hex, as they appear in the file from `offset`. */
  hex: string;
  offset?: number;
  /**
   * A short magic that text can start with (`MZ`, `BM`): it counts only when the first bytes hold a NUL too, as a
   * binary's header does and a log's line does not.
   */
  needsNul?: boolean;
}

/** The magics looked for, longest first where one starts another. Sources: each format's specification (file(1)'s magic database lists them all). */
const MAGICS: readonly MagicEntry[] = [
  // RFC 1952 §2.3.1: ID1 ID2 CM (8, deflate).
  { hex: '1f8b08', kind: 'gzip', what: 'gzip-compressed', undo: 'gunzip' },
  // RFC 8878 §3.1.1: the frame magic 0xFD2FB528, little-endian.
  { hex: '28b52ffd', kind: 'zstd', what: 'zstd-compressed', undo: 'zstd -d' },
  { hex: '425a68', kind: 'compressed', what: 'bzip2-compressed', undo: 'bunzip2' },
  { hex: 'fd377a585a00', kind: 'compressed', what: 'xz-compressed', undo: 'xz -d' },
  { hex: '04224d18', kind: 'compressed', what: 'lz4-compressed', undo: 'lz4 -d' },
  { hex: '1f9d', kind: 'compressed', what: 'compress(1)-compressed', undo: 'uncompress' },
  { hex: '504b0304', kind: 'archive', what: 'zip archive', undo: 'unzip' },
  { hex: '504b0506', kind: 'archive', what: 'zip archive (empty)', undo: 'unzip' },
  { hex: '377abcaf271c', kind: 'archive', what: '7-zip archive', undo: '7z x' },
  { hex: '526172211a07', kind: 'archive', what: 'RAR archive', undo: 'unrar x' },
  // POSIX ustar: `ustar` at offset 257 of the first header.
  { hex: '7573746172', offset: 257, kind: 'archive', what: 'tar archive', undo: 'tar -xf' },
  { hex: '7f454c46', kind: 'binary', what: 'ELF executable' },
  { hex: 'feedface', kind: 'binary', what: 'Mach-O executable' },
  { hex: 'feedfacf', kind: 'binary', what: 'Mach-O executable' },
  { hex: 'cefaedfe', kind: 'binary', what: 'Mach-O executable' },
  { hex: 'cffaedfe', kind: 'binary', what: 'Mach-O executable' },
  // A universal (fat) Mach-O binary and a Java class file share this magic.
  { hex: 'cafebabe', kind: 'binary', what: 'Mach-O universal binary or Java class file' },
  { hex: '4d5a', kind: 'binary', what: 'Windows executable (PE)', needsNul: true },
  { hex: '0061736d', kind: 'binary', what: 'WebAssembly module' },
  { hex: '89504e470d0a1a0a', kind: 'binary', what: 'PNG image' },
  { hex: 'ffd8ff', kind: 'binary', what: 'JPEG image' },
  { hex: '474946383761', kind: 'binary', what: 'GIF image' },
  { hex: '474946383961', kind: 'binary', what: 'GIF image' },
  { hex: '255044462d', kind: 'binary', what: 'PDF document' },
  { hex: '53514c69746520666f726d6174203300', kind: 'binary', what: 'SQLite database' },
  { hex: 'd0cf11e0a1b11ae1', kind: 'binary', what: 'Microsoft Office (OLE) document' },
  { hex: '62706c6973743030', kind: 'binary', what: 'binary property list' },
  { hex: '4f676753', kind: 'binary', what: 'Ogg media' },
  { hex: '1a45dfa3', kind: 'binary', what: 'Matroska/WebM media' },
];

/**
 * Bytes of an input's start enough to tell every magic at its start (SQLite's is the longest). Tar's, at offset 257, is
 * told only when the first bytes read hold it (a file's first chunk does): an input is not held back for it.
 */
const MAGIC_HEAD_BYTES = 16;

/** The first bytes looked at for a NUL (a short magic's confirmation). */
const NUL_WINDOW = 64;

/**
 * Whether more bytes could still make `head` a magic (its bytes so far start one that is longer, or start a short magic
 * whose NUL is still to come): false once they cannot, so that a log is handed on at its first bytes (`{"jsonrpc"…`).
 */
export function magicPending(head: Uint8Array): boolean {
  if (head.byteLength >= MAGIC_HEAD_BYTES) return false;
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  return MAGICS.some((m) => {
    if ((m.offset ?? 0) !== 0) return false;
    const bytes = Buffer.from(m.hex, 'hex');
    const n = Math.min(bytes.length, b.length);
    if (!b.subarray(0, n).equals(bytes.subarray(0, n))) return false;
    return b.length < bytes.length || (m.needsNul === true && !b.includes(0));
  });
}

/**
 * What an input starting with `head` is, when its first bytes say it is no log as it stands; null for anything else
 * (text, a capture, too few bytes to tell).
 */
export function fileMagic(head: Uint8Array): FileMagic | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  for (const m of MAGICS) {
    const at = m.offset ?? 0;
    const bytes = Buffer.from(m.hex, 'hex');
    if (b.length < at + bytes.length) continue;
    if (!b.subarray(at, at + bytes.length).equals(bytes)) continue;
    if (m.needsNul && !b.subarray(0, NUL_WINDOW).includes(0)) continue;
    return { kind: m.kind, what: m.what, ...(m.undo ? { undo: m.undo } : {}) };
  }
  return null;
}
