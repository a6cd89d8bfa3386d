// The frames of a zstd stream walked as its bytes pass (RFC 8878 §3.1), without decoding them: each frame's window size
// is known from its header before the decoder sees it, so that a frame asking for a window larger than the decoder is
// allowed (zstd's own default limit) is refused before any memory is taken for it.

/** Largest window decoded: 128 MiB, zstd's own default (`ZSTD_WINDOWLOG_LIMIT_DEFAULT`, 2^27; `zstd -d --long` goes further). */
const MAX_ZSTD_WINDOW = 2 ** 27;

const FRAME_MAGIC = 0xfd2fb528;
/** Skippable frames: magics 0x184D2A50 to 0x184D2A5F. */
const SKIPPABLE = 0x184d2a5;

type State = 'magic' | 'skip-size' | 'descriptor' | 'header' | 'block' | 'content' | 'checksum';

/**
 * Walks a zstd stream's frames: `scan` each chunk in order; it returns why the stream is refused (a frame's window over
 * `maxWindow`), else null. Data that is not zstd is left to the decoder to refuse.
 */
export class ZstdFrames {
  private state: State = 'magic';
  /** Header bytes gathered so far (a magic, a frame header, a block header). */
  private bytes: number[] = [];
  /** How many header bytes the state needs, or content bytes left to pass over. */
  private need = 4;
  private checksum = false;

  constructor(private readonly maxWindow = MAX_ZSTD_WINDOW) {}

  scan(chunk: Uint8Array): string | null {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'content') {
        const n = Math.min(this.need, chunk.length - i);
        i += n;
        this.need -= n;
        if (this.need === 0) this.afterContent();
        continue;
      }
      this.bytes.push(chunk[i++]!);
      if (this.bytes.length < this.need) continue;
      const why = this.header();
      if (why !== null) return why;
    }
    return null;
  }

  private afterContent(): void {
    if (this.state !== 'content') return;
    this.next(this.lastBlock ? (this.checksum ? 'checksum' : 'magic') : 'block');
  }

  private lastBlock = false;

  private next(state: State, need = state === 'block' ? 3 : state === 'descriptor' ? 1 : 4): void {
    this.state = state;
    this.bytes = [];
    this.need = need;
    if (state === 'content' && need === 0) this.afterContent();
  }

  /** A header is whole: read it and go on. */
  private header(): string | null {
    const b = this.bytes;
    const le = (from: number, n: number) => {
      let v = 0;
      for (let k = n - 1; k >= 0; k--) v = v * 256 + b[from + k]!;
      return v;
    };
    switch (this.state) {
      case 'magic': {
        const magic = le(0, 4);
        if (magic === FRAME_MAGIC) this.next('descriptor');
        else if (Math.floor(magic / 16) === SKIPPABLE) this.next('skip-size');
        else this.next('magic'); // not zstd: the decoder says so
        return null;
      }
      case 'skip-size':
        this.lastBlock = true;
        this.checksum = false;
        this.next('content', le(0, 4));
        return null;
      case 'descriptor': {
        const fhd = b[0]!;
        const { single, dict, fcsBytes } = descriptor(fhd);
        this.checksum = ((fhd >> 2) & 1) === 1;
        this.bytes = [fhd];
        this.need = 1 + (single ? 0 : 1) + dict + fcsBytes;
        this.state = 'header';
        if (this.need === 1) return this.header();
        return null;
      }
      case 'header': {
        const { single, dict, fcsBytes } = descriptor(b[0]!);
        let window: number;
        if (single) {
          const at = 1 + dict;
          window = le(at, fcsBytes) + (fcsBytes === 2 ? 256 : 0);
        } else {
          const wd = b[1]!;
          const base = 2 ** (10 + (wd >> 3));
          window = base + (base / 8) * (wd & 7);
        }
        if (window > this.maxWindow) {
          return `a frame's window is ${mib(window)}, more than the ${mib(this.maxWindow)} mcptrace decodes`;
        }
        this.next('block');
        return null;
      }
      case 'block': {
        const h = le(0, 3);
        this.lastBlock = (h & 1) === 1;
        const type = (h >> 1) & 3;
        const size = h >>> 3;
        this.next('content', type === 1 ? 1 : size);
        return null;
      }
      case 'checksum':
        this.next('magic');
        return null;
      default:
        return null;
    }
  }
}

/** What a Frame_Header_Descriptor byte says of the header after it: single segment, dictionary id bytes, content size bytes. */
function descriptor(fhd: number): { single: number; dict: number; fcsBytes: number } {
  const single = (fhd >> 5) & 1;
  return { single, dict: [0, 1, 2, 4][fhd & 3]!, fcsBytes: [single, 2, 4, 8][fhd >> 6]! };
}

function mib(n: number): string {
  return `${Math.round((n / 2 ** 20) * 10) / 10} MiB`;
}
