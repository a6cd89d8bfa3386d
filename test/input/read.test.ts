// The entry point: detection or a given format, the onFormat callback, file names, and opening inputs.
import { describe, expect, test } from 'vitest';
import type { InputFormat } from '../../src/input/index.js';
import { openInput, readFrames } from '../../src/input/read.js';
import { chunked, fixture } from './helpers.js';

describe('readFrames', () => {
  test('tells the detected format once, before the first frame, and stamps the file name on every frame', async () => {
    const events: string[] = [];
    for await (const f of readFrames(chunked(fixture('transcript/session.txt'), 64), {
      file: 'cap.txt',
      onFormat: (fmt) => events.push(`format:${fmt}`),
    })) {
      events.push(`frame:${f.file}`);
    }
    expect(events[0]).toBe('format:transcript');
    expect(events.filter((e) => e.startsWith('format:'))).toHaveLength(1);
    expect(events.slice(1).every((e) => e === 'frame:cap.txt')).toBe(true);
    expect(events.length).toBeGreaterThan(10);
  });

  test('a given format skips detection: the same bytes read differently', async () => {
    const text = '{"ts":1,"dir":"c2s","message":{"jsonrpc":"2.0","method":"a"}}\n';
    const read = async (format?: InputFormat) => {
      const out = [];
      for await (const f of readFrames(chunked(Buffer.from(text)), { file: 'x', format })) out.push(f);
      return out;
    };
    expect((await read())[0]).toMatchObject({ dir: 'c2s', text: '{"jsonrpc":"2.0","method":"a"}', compact: true });
    // NDJSON and transcripts read a record that is no message as a JSON log record, and the message in its field from
    // it: the direction field means nothing to them.
    expect((await read('ndjson'))[0]).toMatchObject({ dir: 'unknown', text: '{"jsonrpc":"2.0","method":"a"}' });
    expect((await read('transcript'))[0]).toMatchObject({ dir: 'unknown', text: '{"jsonrpc":"2.0","method":"a"}' });
  });

  test('a read error of the byte source propagates; bad content never throws', async () => {
    const frames = [];
    for await (const f of readFrames(chunked(Buffer.from('\u0000\u0001 garbage {[\n')), { file: 'x' })) frames.push(f);
    expect(frames).toHaveLength(1);
    const missing = openInput('/nonexistent/definitely/missing.ndjson');
    await expect(async () => {
      for await (const _ of readFrames(missing, { file: 'm' })) void _;
    }).rejects.toThrow(/ENOENT/);
  });
});

describe('openInput', () => {
  test('- is stdin', () => {
    expect(openInput('-')).toBe(process.stdin);
  });
});
