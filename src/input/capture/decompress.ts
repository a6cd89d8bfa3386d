// Content-Encoding removed from a body as it streams in (gzip, deflate, br), with node:zlib.
import { Buffer } from 'node:buffer';
import { constants, createBrotliDecompress, createGunzip, createInflate, createInflateRaw, type Gunzip } from 'node:zlib';
import { firstEvent } from '../../util/first-event.js';

/** What every zlib decompressor is: a Transform with `flush`. */
type Transform = Pick<Gunzip, 'write' | 'flush' | 'end' | 'on' | 'off'>;

/** Content codings mcptrace decodes (RFC 9110 §8.4.1); `x-gzip` is gzip's old name. */
const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: () => createGunzip({ finishFlush: constants.Z_SYNC_FLUSH }),
  'x-gzip': () => createGunzip({ finishFlush: constants.Z_SYNC_FLUSH }),
  br: () => createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH }),
};

/** The codings a Content-Encoding value lists, in the order they were applied; `identity` left out. */
function codings(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value.split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '' && c !== 'identity');
}

/** Whether every coding of the list can be decoded. */
function canDecode(list: readonly string[]): boolean {
  return list.every((c) => c === 'deflate' || c in DECODERS);
}

/**
 * How a body with this Content-Encoding is read: through a decoder (null when it has no coding), or not at all
 * (`decodeError` says why: a coding mcptrace does not decode).
 */
export function bodyDecoding(contentEncoding: string | undefined): { decoder: BodyDecoder | null; decodeError: string | null } {
  const list = codings(contentEncoding);
  if (!canDecode(list)) return { decoder: null, decodeError: `Content-Encoding ${list.join(', ')} is not one mcptrace decodes (gzip, deflate, br)` };
  return { decoder: list.length > 0 ? new BodyDecoder(list) : null, decodeError: null };
}

/**
 * One coding's decoder: each `write` returns what the bytes so far decode to (a flush after each piece, so that an SSE
 * stream's events come out as they arrive). A body cut short yields what could be decoded. Errors (corrupt data) are
 * kept in `error` and the rest of the body decodes to nothing.
 */
class Decoder {
  private z: Transform | null = null;
  private readonly out: Buffer[] = [];
  error: string | null = null;
  private first = true;

  constructor(private readonly coding: string) {}

  private open(firstByte: number): Transform {
    let z: Transform;
    if (this.coding === 'deflate') {
      // RFC 9110 says zlib-wrapped; some servers send raw deflate. The zlib header's first byte has 8 as its low nibble.
      z = (firstByte & 0x0f) === 8 ? createInflate({ finishFlush: constants.Z_SYNC_FLUSH }) : createInflateRaw({ finishFlush: constants.Z_SYNC_FLUSH });
    } else z = DECODERS[this.coding]!();
    z.on('data', (b: Buffer) => this.out.push(b));
    z.on('error', (e: Error) => {
      this.error ??= e.message;
    });
    return z;
  }

  async write(bytes: Uint8Array): Promise<Buffer> {
    if (this.error !== null || bytes.length === 0) return Buffer.alloc(0);
    if (this.first) {
      this.first = false;
      this.z = this.open(bytes[0]!);
    }
    const z = this.z!;
    // Corrupt data errors the stream, and a flush on an errored stream may never call back: whichever comes first.
    await new Promise<void>((resolve) => {
      const done = () => {
        z.off('error', done);
        resolve();
      };
      z.on('error', done);
      z.write(bytes);
      z.flush(done);
    });
    return this.take();
  }

  async end(): Promise<Buffer> {
    const z = this.z;
    if (z === null || this.error !== null) return this.take();
    const ended = firstEvent(z, ['end', 'error', 'close']);
    z.end();
    await ended;
    return this.take();
  }

  private take(): Buffer {
    const b = this.out.length === 1 ? this.out[0]! : Buffer.concat(this.out);
    this.out.length = 0;
    return b;
  }
}

/** A body's codings undone in reverse order of application. */
export class BodyDecoder {
  private readonly chain: Decoder[];

  constructor(list: readonly string[]) {
    this.chain = [...list].reverse().map((c) => new Decoder(c));
  }

  /** The first decoding error, if the body was corrupt. */
  get error(): string | null {
    for (const d of this.chain) if (d.error !== null) return d.error;
    return null;
  }

  async write(bytes: Uint8Array): Promise<Buffer> {
    let b: Uint8Array = bytes;
    for (const d of this.chain) b = await d.write(b);
    return Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  }

  async end(): Promise<Buffer> {
    let tail: Buffer = Buffer.alloc(0);
    for (const d of this.chain) {
      const b = tail.length > 0 ? Buffer.concat([await d.write(tail), await d.end()]) : await d.end();
      tail = b;
    }
    return tail;
  }
}
