// Compression bombs for the decoding tests: zero bytes coded in layers, the first one streamed so that no test holds
// the bytes the bomb unpacks to.
import { Buffer } from 'node:buffer';
import { once } from 'node:events';
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createDeflate,
  createGzip,
  deflateSync,
  gzipSync,
  type Gzip,
} from 'node:zlib';

/** A coding as a Content-Encoding value names it. */
export type Coding = 'gzip' | 'deflate' | 'br';

const STREAMED: Readonly<Record<Coding, () => Gzip>> = {
  gzip: () => createGzip({ level: 9 }),
  deflate: () => createDeflate({ level: 9 }),
  br: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) as unknown as Gzip,
};

const WHOLE: Readonly<Record<Coding, (b: Buffer) => Buffer>> = {
  gzip: (b) => gzipSync(b, { level: 9 }),
  deflate: (b) => deflateSync(b, { level: 9 }),
  br: (b) => brotliCompressSync(b),
};

/** `size` zero bytes coded with `codings`, in the order they are applied (the order a Content-Encoding lists them). */
export async function bomb(size: number, codings: readonly Coding[]): Promise<Buffer> {
  const z = STREAMED[codings[0]!]();
  const parts: Buffer[] = [];
  z.on('data', (b: Buffer) => parts.push(b));
  const ended = once(z, 'end');
  const block = Buffer.alloc(1 << 20);
  for (let left = size; left > 0; left -= block.length) {
    if (!z.write(block.subarray(0, Math.min(left, block.length)))) await once(z, 'drain');
  }
  z.end();
  await ended;
  let b = Buffer.concat(parts);
  for (const c of codings.slice(1)) b = WHOLE[c](b);
  return b;
}
