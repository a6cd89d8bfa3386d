// JSON document reader: arrays, container objects, concatenated values, line spans, malformed documents.
import { describe, expect, test } from 'vitest';
import { JsonDocumentReader } from '../../src/input/index.js';
import type { Frame } from '../../src/types.js';
import { fixture, framesOf } from './helpers.js';

const spans = (frames: Frame[]) => frames.map((f) => [f.line, f.lines]);
const json = (text: string, chunk = 0) => framesOf(text, { format: 'json', chunk });

describe('json documents', () => {
  test('array.json: each element is a frame spanning its own lines', async () => {
    const frames = await framesOf(fixture('json/array.json'), { file: 'a.json' });
    expect(spans(frames)).toEqual([[2, 6], [8, 1], [8, 1], [9, 3], [12, 1], [13, 7]]);
    expect(frames.map((f) => f.value)).toEqual([
      { jsonrpc: '2.0', id: 0, method: 'initialize', params: { clientInfo: { name: 'クライアント 🚀' } } },
      { jsonrpc: '2.0', id: 0, result: {} },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
      'a string element',
      { jsonrpc: '2.0', id: 1, result: { nested: [1, 2500, { deep: [true, false, null, 'x"]}'] }] } },
    ]);
    for (const f of frames) {
      expect(f).toMatchObject({ file: 'a.json', text: null, ts: null, tsMs: null, dir: 'unknown', session: null });
      expect(f.bytes).toBe(Buffer.byteLength(JSON.stringify(f.value)));
    }
  });

  test('records.json: the first container key holding an array; envelopes mapped like envelope lines', async () => {
    const frames = (await framesOf(fixture('json/records.json'))).map(({ file, ...rest }) => rest);
    expect(frames).toEqual([
      { line: 5, lines: 5, ts: '2026-11-29T22:00:00.000Z', tsMs: 1795989600000, dir: 'unknown', session: null, text: null, bytes: 0, event: { name: 'start', data: { pid: 1 } } },
      { line: 10, lines: 5, ts: '2026-11-29T22:20:00.010Z', tsMs: 1795990800010, dir: 'c2s', session: null, text: null, bytes: 40, value: { jsonrpc: '2.0', id: 0, method: 'ping' } },
      { line: 15, lines: 1, ts: '2026-11-29T22:00:00.030Z', tsMs: 1795989600030, dir: 's2c', session: 's1', text: '{"jsonrpc":"2.0","id":0,"result":{}}', bytes: 36 },
      { line: 16, lines: 1, ts: null, tsMs: null, dir: 'unknown', session: null, text: null, bytes: 86, value: { jsonrpc: '2.0', method: 'notifications/message', params: { data: 'ünïcödé ✓' } } },
    ]);
  });

  test('stream.json: values one after another (jq output); an object without a list is one message', async () => {
    const frames = await framesOf(fixture('json/stream.json'));
    expect(spans(frames)).toEqual([[1, 5], [6, 5], [12, 5]]);
    expect(frames[0].value).toEqual({ jsonrpc: '2.0', id: 0, method: 'ping' });
    expect(frames[2]).toMatchObject({ dir: 'c2s', ts: '2026-11-29T22:00:00Z', value: { jsonrpc: '2.0', method: 'notifications/initialized' } });
  });

  test('minified.json: elements on one line share it', async () => {
    const frames = await framesOf(fixture('json/minified.json'));
    expect(spans(frames)).toEqual([[1, 1], [1, 1]]);
    expect(frames[1].value).toEqual({ jsonrpc: '2.0', id: 0, result: { note: 'ok ✓' } });
  });

  test('truncated.json: what was read is kept; the unfinished element is an error frame with its lines', async () => {
    const frames = await framesOf(fixture('json/truncated.json'));
    expect(frames).toHaveLength(2);
    expect(frames[0]).toMatchObject({ line: 2, lines: 1, value: { jsonrpc: '2.0', id: 0, method: 'ping' } });
    expect(frames[1]).toMatchObject({
      line: 3, lines: 4, text: '  {\n    "jsonrpc": "2.0",\n    "id": 0,\n    "res',
      error: 'JSON document ends early at line 6: expected a string value',
    });
  });

  test('malformed.json: the error line is an error frame; the unread rest follows as error frames', async () => {
    const frames = await framesOf(fixture('json/malformed.json'));
    expect(frames.map((f) => [f.line, f.lines, f.error ?? 'ok'])).toEqual([
      [2, 1, 'ok'],
      [3, 1, "malformed JSON document at line 3: expected ','"],
      [4, 4, 'not read: follows the JSON syntax error at line 3'],
    ]);
    expect(frames[1].text).toBe('  {"jsonrpc": "2.0", "id": 0 "result": {}},');
    expect(frames[2].text).toBe('  {"jsonrpc": "2.0", "id": 1, "method": "ping"},\n\n  {"jsonrpc": "2.0", "id": 1, "result": {}}\n]');
    expect(frames[1].bytes).toBe(Buffer.byteLength(frames[1].text!));
  });

  test('elements ended on the line of an error are part of the error, whatever the chunking', async () => {
    const text = '[\n{"a":1}, {"b":2} oops\n]\n';
    for (const chunk of [0, 1, 4]) {
      const frames = await json(text, chunk);
      expect(frames.map((f) => [f.line, f.lines, f.text]), `chunk ${chunk}`).toEqual([
        [2, 1, '{"a":1}, {"b":2} oops'],
        [3, 1, ']'],
      ]);
    }
  });

  test('a missing closing bracket at the end is reported even with no text of its own', async () => {
    const frames = await json('[\n  {"jsonrpc":"2.0","method":"a"}\n');
    expect(frames).toHaveLength(2);
    expect(frames[1]).toMatchObject({ line: 2, lines: 0, text: '', error: expect.stringMatching(/^JSON document ends early at line 2: /) });
  });

  test('a top-level scalar is an error frame; the document goes on', async () => {
    const frames = await json('"just a string"\n[{"jsonrpc":"2.0","method":"a"}]\n');
    expect(frames.map((f) => [f.line, f.error ?? 'ok'])).toEqual([
      [1, 'a JSON document holds an array or object of messages, not a top-level string'],
      [2, 'ok'],
    ]);
    expect(frames[0].text).toBe('"just a string"');
  });

  test('keys around the element list are skipped, not assembled; only the first list is read', async () => {
    const frames = await json('{"a":{"messages":[1]},"log":[{"jsonrpc":"2.0","method":"x"}],"items":[{"jsonrpc":"2.0","method":"y"}]}');
    expect(frames.map((f) => f.value)).toEqual([{ jsonrpc: '2.0', method: 'x' }]);
  });

  test('an empty document gives no frames; an empty list gives none either', async () => {
    expect(await json('')).toEqual([]);
    expect(await json('  \n\n')).toEqual([]);
    expect(await json('{"messages": []}\n')).toEqual([]);
  });

  test('the rest of a malformed document is cut into groups of at most maxLines lines', () => {
    const r = new JsonDocumentReader('d', { maxLines: 3 });
    const out: Frame[] = [];
    r.push(Buffer.from('[\n{"a":1},\n}\nx1\nx2\nx3\nx4\n'), out);
    r.end(out);
    expect(out.map((f) => [f.line, f.lines, f.text])).toEqual([
      [2, 1, undefined],
      [3, 1, '}'],
      [4, 3, 'x1\nx2\nx3'],
      [7, 1, 'x4'],
    ].map(([line, lines, text]) => [line, lines, text === undefined ? null : text]));
  });

  test('a BOM and CRLF line endings are handled; line numbers count CRLF lines', async () => {
    const frames = await json('\uFEFF[\r\n  {"jsonrpc":"2.0",\r\n   "method":"a"},\r\n  {"jsonrpc":"2.0","method":"b"}\r\n]\r\n', 1);
    expect(spans(frames)).toEqual([[2, 2], [4, 1]]);
  });
});
