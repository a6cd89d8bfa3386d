// Test helpers for the input stage: fixtures, chunked byte sources, frame collection, line accounting.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { InputFormat } from '../../src/input/index.js';
import { readFrames } from '../../src/input/read.js';
import type { Frame } from '../../src/types.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/input/', import.meta.url));

export interface Fixture {
  /** Path relative to test/fixtures/input. */
  name: string;
  format: InputFormat;
  bytes: Buffer;
}

const FORMAT_OF_DIR: Record<string, InputFormat> = {
  ndjson: 'ndjson',
  envelope: 'envelope',
  transcript: 'transcript',
  json: 'json',
};

/** Every fixture, with the format its folder says it is in. */
export function fixtures(): Fixture[] {
  const all: Fixture[] = [];
  for (const dir of Object.keys(FORMAT_OF_DIR)) {
    for (const f of readdirSync(join(FIXTURES, dir)).sort()) {
      all.push({ name: `${dir}/${f}`, format: FORMAT_OF_DIR[dir], bytes: readFileSync(join(FIXTURES, dir, f)) });
    }
  }
  return all;
}

export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}

/** The bytes cut into chunks of `size` (0: one chunk), as an async source. */
export async function* chunked(bytes: Buffer, size = 0): AsyncGenerator<Buffer> {
  if (size <= 0) {
    yield bytes;
    return;
  }
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** The same text with every LF turned into CRLF (a CR already before an LF is left as is). */
export function toCrlf(bytes: Buffer): Buffer {
  return Buffer.from(bytes.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
}

export async function collect(
  source: AsyncIterable<Buffer | string>,
  file: string,
  format?: InputFormat,
): Promise<{ frames: Frame[]; format: InputFormat | undefined }> {
  const frames: Frame[] = [];
  let detected: InputFormat | undefined;
  for await (const f of readFrames(source, { file, format, onFormat: (x) => (detected = x) })) frames.push(f);
  return { frames, format: detected };
}

export async function framesOf(
  bytes: Buffer | string,
  opts: { file?: string; format?: InputFormat; chunk?: number } = {},
): Promise<Frame[]> {
  const buf = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return (await collect(chunked(buf, opts.chunk ?? 0), opts.file ?? 'test', opts.format)).frames;
}

/** Physical lines of a text as the splitter numbers them (a final line ending ends a line, it does not start one). */
export function physicalLines(bytes: Buffer): string[] {
  let text = bytes.toString('utf8');
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  if (text === '') return [];
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

/**
 * Line accounting for line-based formats: every physical line is either inside exactly one frame's span
 * or skipped (blank, or a comment where the format has them).
 */
export function expectLinesCovered(frames: Frame[], bytes: Buffer, skipped: (line: string) => boolean): void {
  const lines = physicalLines(bytes);
  const owner = new Array<number>(lines.length + 1).fill(-1);
  frames.forEach((f, i) => {
    expect(f.lines, `frame ${i} at line ${f.line} spans no line`).toBeGreaterThanOrEqual(1);
    for (let n = f.line; n < f.line + f.lines; n++) {
      expect(n, `frame ${i} runs past the end of the input`).toBeLessThanOrEqual(lines.length);
      expect(owner[n], `line ${n} is in frames ${owner[n]} and ${i}`).toBe(-1);
      owner[n] = i;
    }
  });
  for (let n = 1; n <= lines.length; n++) {
    if (owner[n] === -1)
      expect(
        skipped(lines[n - 1]),
        `line ${n} ${JSON.stringify(lines[n - 1])} is in no frame and is not skippable`,
      ).toBe(true);
    else
      expect(skipped(lines[n - 1]) && frames[owner[n]].lines === 1, `skippable line ${n} is a frame of its own`).toBe(
        false,
      );
  }
}

export const isBlankLine = (l: string) => /^[ \t\r]*$/.test(l);
export const isCommentLine = (l: string) => /^\s*#/.test(l);

/** Frame line spans of a JSON document: in order, within the input, overlapping only on a shared line. */
export function expectDocumentSpans(frames: Frame[], bytes: Buffer): void {
  const count = physicalLines(bytes).length;
  let lastEnd = 0;
  for (const f of frames) {
    expect(f.line).toBeGreaterThanOrEqual(Math.max(1, lastEnd));
    if (f.lines === 0) continue;
    const end = f.line + f.lines - 1;
    expect(end).toBeLessThanOrEqual(count);
    lastEnd = end;
  }
}
