// A body's bytes kept for one message, up to a bound: what is past it is counted, not kept.
import { Buffer } from 'node:buffer';

export class BoundedBody {
  private readonly parts: Buffer[] = [];
  private kept = 0;
  /** Every byte of the body, kept or not. */
  size = 0;

  constructor(private readonly max: number) {}

  add(bytes: Uint8Array): void {
    this.size += bytes.length;
    const room = this.max - this.kept;
    if (room <= 0) return;
    // A copy: the bytes may be a view of a packet buffer that its reader reuses.
    const b = Buffer.from(bytes.subarray(0, Math.min(bytes.byteLength, room)));
    this.parts.push(b);
    this.kept += b.length;
  }

  /** Whether bytes were left out. */
  get over(): boolean {
    return this.size > this.kept;
  }

  /** What was kept, as UTF-8 text (a body with a byte order mark loses it); `bytes`: only its first bytes. */
  text(bytes = this.kept): string {
    const parts: Buffer[] = [];
    let n = 0;
    for (const p of this.parts) {
      if (n >= bytes) break;
      parts.push(p);
      n += p.length;
    }
    const all = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    const t = all.toString('utf8', 0, Math.min(bytes, all.length));
    return t.charCodeAt(0) === 0xfeff ? t.slice(1) : t;
  }
}
