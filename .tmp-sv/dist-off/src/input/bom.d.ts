import { Buffer } from 'node:buffer';
/**
 * Push chunks in order; each call returns the bytes to use (a BOM removed from the first ones), or null
 * while the first bytes could still be a BOM. Holds at most two bytes back.
 */
export declare class BomSkipper {
    private head;
    private decided;
    push(chunk: Buffer): Buffer | null;
    /** At end of input: the held-back bytes when they turned out not to be a whole BOM. */
    end(): Buffer | null;
}
/** Any chunk type a reader accepts, as a Buffer (no copy for Buffers and Uint8Arrays). */
export declare function toBuffer(chunk: Buffer | Uint8Array | string): Buffer;
