// Raw NDJSON reader: one frame per non-blank line, text as logged, no parsing.
import { describe, expect, test } from 'vitest';
import { splitLines } from '../../src/input/lines/lines.js';
import { NdjsonReader, readNdjson } from '../../src/input/readers/ndjson.js';
import { chunked, fixture, framesOf } from './helpers.js';

describe('ndjson', () => {
  test('messages.ndjson: one frame per non-blank line, with line numbers and UTF-8 sizes', async () => {
    const frames = await framesOf(fixture('ndjson/messages.ndjson'), { file: 'm.ndjson' });
    expect(frames.map((f) => f.line)).toEqual([1, 2, 4, 5, 7, 8, 9, 10]);
    for (const f of frames.filter((x) => x.log === undefined)) {
      expect(f).toMatchObject({ file: 'm.ndjson', lines: 1, ts: null, tsMs: null, dir: 'unknown', session: null });
      expect(f.bytes).toBe(Buffer.byteLength(f.text!));
      // a line that opens with `{"jsonrpc"` is not parsed here (decode does it); a batch is, to tell it from a list
      if (!f.text!.startsWith('[')) expect(f.value).toBeUndefined();
      expect(f.error).toBeUndefined();
    }
    expect(frames[0].text).toContain('"name":"tést 🚀"');
    expect(frames[0].bytes).toBe(157);
    expect(frames[3].text!.startsWith('[{')).toBe(true); // a batch stays one frame; decode splits it
    // a line of text tries to be no message: a log record; a message cut short is kept for decode to report
    expect(frames[5]).toMatchObject({ text: null, log: { level: null, text: 'not json at all' } });
    expect(frames[6].text).toBe('{"jsonrpc":"2.0","id":2,"result":{}');
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
    const frames = await framesOf('# recorded 2026-11-29\n{"jsonrpc":"2.0","method":"x"}\n  # indented\n', {
      format: 'ndjson',
    });
    expect(frames.map((f) => [f.line, f.text])).toEqual([[2, '{"jsonrpc":"2.0","method":"x"}']]);
  });

  test('a line is a message only when it tries to be one; text, TOML sections and JSON log records are log lines', async () => {
    const text = [
      'Server starting on stdio...',
      '[INFO] ready',
      '  [mcp_servers.playwright]',
      '{"jsonrpc":"2.0","id":1',
      '{"id": 1, "method": "tools/call", "params": {',
      '"id": 1,',
      '42',
      '{',
      "  method: 'initialize',",
      '}',
      '{"level":30,"msg":"listening","port":3001}',
      '{"id":1,"method":"ping"}',
      'nul\u0000byte',
    ].join('\n');
    const frames = await framesOf(`${text}\n`);
    expect(frames.map((f) => [f.line, f.log?.text ?? null, f.text])).toEqual([
      [1, 'Server starting on stdio...', null],
      [2, '[INFO] ready', null],
      [3, '  [mcp_servers.playwright]', null],
      [4, null, '{"jsonrpc":"2.0","id":1'],
      [5, null, '{"id": 1, "method": "tools/call", "params": {'],
      [6, '"id": 1,', null],
      [7, '42', null],
      [8, '{', null],
      [9, "  method: 'initialize',", null],
      [10, '}', null],
      [11, '{"level":30,"msg":"listening","port":3001}', null],
      [12, null, '{"id":1,"method":"ping"}'],
      [13, null, 'nul\u0000byte'],
    ]);
    expect(frames[10].log?.level).toBe('info'); // pino's number
    // A message in the stream does not make the text around it messages: the same lines are read the same way.
    const wire = await framesOf(`{"jsonrpc":"2.0","method":"x"}\n${text}\n`);
    expect(wire.slice(1).map((f) => [f.line - 1, f.log?.text ?? null, f.text])).toEqual(
      frames.map((f) => [f.line, f.log?.text ?? null, f.text]),
    );
  });
});
