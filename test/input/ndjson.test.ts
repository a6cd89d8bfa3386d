// Raw NDJSON reader: one frame per non-blank line, text as logged, no parsing.
import { describe, expect, test } from 'vitest';
import { NdjsonReader, readNdjson, splitLines } from '../../src/input/index.js';
import { chunked, fixture, framesOf } from './helpers.js';

describe('ndjson', () => {
  test('messages.ndjson: one frame per non-blank line, with line numbers and UTF-8 sizes', async () => {
    const frames = await framesOf(fixture('ndjson/messages.ndjson'), { file: 'm.ndjson' });
    expect(frames.map((f) => f.line)).toEqual([1, 2, 4, 5, 7, 8, 9, 10]);
    for (const f of frames) {
      expect(f).toMatchObject({ file: 'm.ndjson', lines: 1, ts: null, tsMs: null, dir: 'unknown', session: null });
      expect(f.bytes).toBe(Buffer.byteLength(f.text!));
      expect(f.value).toBeUndefined();
      expect(f.error).toBeUndefined();
    }
    expect(frames[0].text).toContain('"name":"tést 🚀"');
    expect(frames[0].bytes).toBe(157);
    expect(frames[3].text!.startsWith('[{')).toBe(true); // a batch stays one frame; decode splits it
    // bad lines are kept for decode to report: in a stream of messages, a line of text was on the wire (invalid-json)
    expect(frames[5].text).toBe('not json at all');
    expect(frames[5].log).toBeUndefined();
    expect(frames[7].text).toBe('{"jsonrpc":"2.0","id":2,"result":{}}'); // last line, no line ending
  });

  test('a BOM is not part of the first line', async () => {
    const frames = await framesOf(fixture('ndjson/bom.ndjson'));
    expect(frames[0].text).toBe('{"jsonrpc":"2.0","id":"a","method":"ping"}');
    expect(frames[0].bytes).toBe(42);
    expect(frames).toHaveLength(2);
  });

  test('the text keeps leading and trailing spaces exactly as logged', async () => {
    const frames = await framesOf(' {"jsonrpc":"2.0","method":"x"} \n', { format: 'ndjson' });
    expect(frames[0].text).toBe(' {"jsonrpc":"2.0","method":"x"} ');
    expect(frames[0].bytes).toBe(32);
  });

  test('the line-stream wrapper gives the same frames as the pure core', async () => {
    const out: unknown[] = [];
    for await (const f of readNdjson(splitLines(chunked(Buffer.from('a\n\nb\n'), 1)), 'x')) out.push(f);
    expect(out).toEqual(await framesOf('a\n\nb\n', { file: 'x', format: 'ndjson' }));
    const core = new NdjsonReader('x');
    const frames: unknown[] = [];
    core.line({ text: '', line: 1, bytes: 0 }, frames as never);
    expect(frames).toHaveLength(0);
  });

  test('a `#` comment line is skipped, in a stream of messages too', async () => {
    const frames = await framesOf('# recorded 2026-11-29\n{"jsonrpc":"2.0","method":"x"}\n  # indented\n', { format: 'ndjson' });
    expect(frames.map((f) => [f.line, f.text])).toEqual([[2, '{"jsonrpc":"2.0","method":"x"}']]);
  });

  test('where detection found no message, lines of text are log lines; JSON-looking and binary lines stay messages', async () => {
    const text = 'Server starting on stdio...\n[INFO] ready\n{"jsonrpc":"2.0","id":1\n"id": 1,\n42\nnul\u0000byte\n';
    const frames = await framesOf(text);
    expect(frames.map((f) => [f.line, f.log?.text ?? null, f.text])).toEqual([
      [1, 'Server starting on stdio...', null],
      [2, '[INFO] ready', null],
      [3, null, '{"jsonrpc":"2.0","id":1'],
      [4, null, '"id": 1,'],
      [5, null, '42'],
      [6, null, 'nul\u0000byte'],
    ]);
    // Where a message decided the format, the same text is on the wire: kept for decode to report.
    const wire = await framesOf(`{"jsonrpc":"2.0","method":"x"}\n${text}`);
    expect(wire.filter((f) => f.log !== undefined)).toEqual([]);
  });
});
