// A body's codings removed as it streams in (gzip, deflate, br), with node:zlib, within one budget: the message limit.
import { Buffer } from 'node:buffer';
import {
  constants,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
  type Gunzip,
} from 'node:zlib';
import { firstEvent } from '../../../util/first-event.js';
import { mediaType, type DecodeOver } from './exchange.js';

/** What every zlib decompressor is: a Transform with `flush` and `destroy`. */
type Transform = Pick<Gunzip, 'write' | 'flush' | 'end' | 'on' | 'off' | 'destroy'>;

/** Content codings mcptrace decodes (RFC 9110 §8.4.1); `x-gzip` is gzip's old name. */
const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: () => createGunzip({ finishFlush: constants.Z_SYNC_FLUSH }),
  'x-gzip': () => createGunzip({ finishFlush: constants.Z_SYNC_FLUSH }),
  br: () => createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH }),
};

/**
 * Layers of coding undone at most (curl stops at 5 too): a body that lists more is not decoded. Each layer holds a
 * decompressor (a brotli one's window can take 16 MiB) and may give up to the limit, so the layers bound the work.
 */
const MAX_LAYERS = 5;

/** The codings a value lists, in the order they were applied, lower case; `identity` left out. */
function listed(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
}

/**
 * The codings a body went through, in the order applied: its Content-Encoding, then the codings of its
 * Transfer-Encoding but `chunked` (RFC 9112 §6.1: transfer codings are applied to the content, chunked last), whose
 * framing the HTTP parser has removed already.
 */
function codingsOf(headers: ReadonlyMap<string, string>): string[] {
  return [
    ...listed(headers.get('content-encoding')),
    ...listed(headers.get('transfer-encoding')).filter((c) => c !== 'chunked'),
  ];
}

/**
 * How a body with these header fields is read: through a decoder (null when it has no coding), or not at all
 * (`decodeError` says why: a coding mcptrace does not decode, or more layers than it undoes). `limit`
 * (`--max-message-bytes`) is what no layer may give more than: over the whole body, or, for an SSE stream (a long-lived
 * body whose events the SSE reader bounds one by one), over what each piece of the body decodes to.
 */
export function bodyDecoding(
  headers: ReadonlyMap<string, string>,
  limit: number,
): { decoder: BodyDecoder | null; decodeError: string | null } {
  const list = codingsOf(headers);
  if (list.length === 0) return { decoder: null, decodeError: null };
  const unknown = list.filter((c) => c !== 'deflate' && !(c in DECODERS));
  if (unknown.length > 0)
    return {
      decoder: null,
      decodeError: `Content-Encoding ${list.join(', ')} is not one mcptrace decodes (gzip, deflate, br)`,
    };
  if (list.length > MAX_LAYERS)
    return {
      decoder: null,
      decodeError: `${list.length} layers of coding (${list.join(', ')}): mcptrace undoes at most ${MAX_LAYERS}`,
    };
  const stream = mediaType(headers.get('content-type')) === 'text/event-stream';
  return { decoder: new BodyDecoder(list, limit, stream), decodeError: null };
}

/**
 * One coding's decoder: each `write` returns what the bytes so far decode to (a flush after each piece, so that an SSE
 * stream's events come out as they arrive). A body cut short yields what could be decoded. Errors (corrupt data) are
 * kept in `error` and the rest of the body decodes to nothing. It gives at most `limit` bytes (in all, or per `write`
 * when `perPiece`): the output that passes it is cut there, the decompressor is stopped (zlib works in chunks of
 * 16 KiB, so it has decoded at most one chunk more) and `over` says how far it got.
 */
class Decoder {
  private z: Transform | null = null;
  private readonly out: Buffer[] = [];
  error: string | null = null;
  /** Bytes given, in all or in this piece: counted against the limit. */
  private given = 0;
  /** The bytes the decoder had decoded when it passed the limit (more than the limit), else null. */
  over: number | null = null;
  private first = true;

  constructor(
    private readonly coding: string,
    private readonly limit: number,
    private readonly perPiece: boolean,
  ) {}

  private open(firstByte: number): Transform {
    let z: Transform;
    if (this.coding === 'deflate') {
      // RFC 9110 says zlib-wrapped; some servers send raw deflate. The zlib header's first byte has 8 as its low nibble.
      z =
        (firstByte & 0x0f) === 8
          ? createInflate({ finishFlush: constants.Z_SYNC_FLUSH })
          : createInflateRaw({ finishFlush: constants.Z_SYNC_FLUSH });
    } else z = DECODERS[this.coding]!();
    z.on('data', (b: Buffer) => this.keep(b));
    z.on('error', (e: Error) => {
      this.error ??= e.message;
    });
    return z;
  }

  /** Output of the decompressor, kept up to the limit; past it the decompressor is stopped. */
  private keep(b: Buffer): void {
    if (this.over !== null) return;
    const room = this.limit - this.given;
    this.given += b.length;
    if (b.length <= room) {
      this.out.push(b);
      return;
    }
    if (room > 0) this.out.push(b.subarray(0, room));
    this.over = this.given;
    this.z!.destroy();
  }

  get stopped(): boolean {
    return this.error !== null || this.over !== null;
  }

  async write(bytes: Uint8Array): Promise<Buffer> {
    if (this.stopped || bytes.length === 0) return Buffer.alloc(0);
    if (this.perPiece) this.given = 0;
    if (this.first) {
      this.first = false;
      this.z = this.open(bytes[0]!);
    }
    const z = this.z!;
    // Corrupt data errors the stream, and a flush on an errored stream may never call back; a stopped one closes.
    await new Promise<void>((resolve) => {
      const done = () => {
        z.off('error', done);
        z.off('close', done);
        resolve();
      };
      z.on('error', done);
      z.on('close', done);
      z.write(bytes);
      z.flush(done);
    });
    return this.take();
  }

  async end(): Promise<Buffer> {
    const z = this.z;
    if (z === null || this.stopped) return this.take();
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

/**
 * A body's codings undone in reverse order of application, every layer held to the same limit: the first that passes
 * it stops the chain (`over`), and what it gave up to the limit is the last the body decodes to.
 */
export class BodyDecoder {
  private readonly chain: Decoder[];

  constructor(
    private readonly list: readonly string[],
    limit: number,
    private readonly perPiece: boolean,
  ) {
    this.chain = [...list].reverse().map((c) => new Decoder(c, limit, perPiece));
  }

  /** The first decoding error, if the body was corrupt. */
  get error(): string | null {
    for (const d of this.chain) if (d.error !== null) return d.error;
    return null;
  }

  /** Where decoding stopped at the limit, if it did. */
  get over(): DecodeOver | null {
    const i = this.chain.findIndex((d) => d.over !== null);
    if (i < 0) return null;
    return {
      codings: this.list.join(', '),
      layer: i + 1,
      layers: this.chain.length,
      bytes: this.chain[i]!.over!,
      perPiece: this.perPiece,
    };
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
