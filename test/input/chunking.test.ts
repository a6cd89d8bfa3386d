// Every fixture: the same frames in any chunking and with CRLF; its frames account for every physical line.
import { describe, expect, test } from 'vitest';
import {
  collect,
  chunked,
  expectDocumentSpans,
  expectLinesCovered,
  fixtures,
  isBlankLine,
  isCommentLine,
  toCrlf,
} from './helpers.js';

const all = fixtures();

describe('chunking and line endings', () => {
  test('there are fixtures for every format', () => {
    expect(new Set(all.map((f) => f.format))).toEqual(new Set(['ndjson', 'envelope', 'transcript', 'json']));
  });

  test.each(all.map((f) => [f.name, f] as const))(
    '%s: identical frames in 1-, 3-, 7-byte chunks, one chunk, and CRLF',
    async (name, fx) => {
      const whole = await collect(chunked(fx.bytes), name);
      expect(whole.format).toBe(fx.format);
      expect(whole.frames.length).toBeGreaterThan(0);
      for (const size of [1, 3, 7]) {
        const got = await collect(chunked(fx.bytes, size), name);
        expect(got.format, `chunk ${size}`).toBe(fx.format);
        expect(got.frames, `chunk ${size}`).toEqual(whole.frames);
      }
      const crlf = toCrlf(fx.bytes);
      expect(crlf.length).toBeGreaterThan(fx.bytes.length);
      for (const size of [0, 1, 7]) {
        const got = await collect(chunked(crlf, size), name);
        expect(got.format, `CRLF chunk ${size}`).toBe(fx.format);
        expect(got.frames, `CRLF chunk ${size}`).toEqual(whole.frames); // line numbers and texts equal, no CR
      }
      // Given the format instead of detecting it: the same.
      expect((await collect(chunked(fx.bytes, 5), name, fx.format)).frames).toEqual(whole.frames);
    },
  );

  test.each(all.map((f) => [f.name, f] as const))(
    '%s: frames and skipped lines cover every physical line',
    async (name, fx) => {
      const { frames } = await collect(chunked(fx.bytes, 3), name);
      if (fx.format === 'json') {
        expectDocumentSpans(frames, fx.bytes);
        return;
      }
      const skipped = fx.format === 'transcript' ? (l: string) => isBlankLine(l) || isCommentLine(l) : isBlankLine;
      expectLinesCovered(frames, fx.bytes, skipped);
    },
  );

  test('CRLF raw text in multi-line records: CR is no part of the frame text', async () => {
    const fx = all.find((f) => f.name === 'transcript/session.txt')!;
    const { frames } = await collect(chunked(toCrlf(fx.bytes), 2), fx.name);
    expect(frames.some((f) => f.lines > 1)).toBe(true);
    for (const f of frames) if (f.text !== null) expect(f.text.includes('\r'), `frame at line ${f.line}`).toBe(false);
  });
});
