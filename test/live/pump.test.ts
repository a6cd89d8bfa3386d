// The pump in-process: bytes forwarded unchanged, and the observer sees each chunk after it was forwarded.
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pump } from '../../src/live/pump.js';

describe('pump', () => {
  it('hands each chunk to the destination before the observer sees it, unchanged and in order', async () => {
    const source = new PassThrough();
    const events: string[] = [];
    const written: Buffer[] = [];
    const dest = new Writable({
      write(chunk: Buffer, _enc, done) {
        written.push(chunk);
        done();
      },
    });
    const origWrite = dest.write.bind(dest);
    dest.write = ((chunk: Buffer, ...rest: never[]) => {
      events.push(`write ${chunk.toString()}`);
      return origWrite(chunk, ...rest);
    }) as typeof dest.write;
    const ended = new Promise<void>((resolve) =>
      pump(source, dest, { tap: (c) => events.push(`tap ${c.toString()}`), onEnd: () => resolve() }),
    );
    source.write('a\nb');
    await new Promise((r) => setImmediate(r));
    source.end('c\n');
    await ended;
    expect(events).toEqual(['write a\nb', 'tap a\nb', 'write c\n', 'tap c\n']);
    expect(Buffer.concat(written).toString()).toBe('a\nbc\n');
  });
});
