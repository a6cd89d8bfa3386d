// JSON document reader: arrays, container objects, messages under any key, concatenated values, line spans, malformed documents.
import { describe, expect, test } from 'vitest';
import { JsonDocumentReader } from '../../src/input/json/json-document.js';
import type { Frame } from '../../src/types.js';
import { fixture, framesOf } from './helpers.js';

const spans = (frames: Frame[]) => frames.map((f) => [f.line, f.lines]);
const json = (text: string, chunk = 0) => framesOf(text, { format: 'json', chunk });

describe('json documents', () => {
  test('array.json: each element is a frame spanning its own lines', async () => {
    const frames = await framesOf(fixture('json/array.json'), { file: 'a.json' });
    expect(spans(frames)).toEqual([
      [2, 6],
      [8, 1],
      [8, 1],
      [9, 3],
      [12, 1],
      [13, 7],
    ]);
    expect(frames.map((f) => f.value)).toEqual([
      { jsonrpc: '2.0', id: 0, method: 'initialize', params: { clientInfo: { name: 'クライアント 🚀' } } },
      { jsonrpc: '2.0', id: 0, result: {} },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
      'a string element',
      { jsonrpc: '2.0', id: 1, result: { nested: [1, 2500, { deep: [true, false, null, 'x"]}'] }] } },
    ]);
    for (const f of frames) {
      expect(f).toMatchObject({ file: 'a.json', ts: null, tsMs: null, dir: 'unknown', session: null, compact: true });
      expect(f.text).toBe(JSON.stringify(f.value));
      expect(f.bytes).toBe(Buffer.byteLength(JSON.stringify(f.value)));
    }
  });

  test('records.json: every list under a container key, envelopes mapped like envelope lines; other keys searched', async () => {
    const frames = (await framesOf(fixture('json/records.json'))).map(({ file, ...rest }) => rest);
    expect(frames).toEqual([
      {
        line: 5,
        lines: 5,
        ts: '2026-11-29T22:00:00.000Z',
        tsMs: 1795989600000,
        dir: 'unknown',
        session: null,
        text: null,
        bytes: 0,
        event: { name: 'start', data: { pid: 1 } },
      },
      {
        line: 10,
        lines: 5,
        ts: '2026-11-29T22:20:00.010Z',
        tsMs: 1795990800010,
        dir: 'c2s',
        session: null,
        text: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ping' }),
        compact: true,
        bytes: 40,
        value: { jsonrpc: '2.0', id: 0, method: 'ping' },
      },
      {
        line: 15,
        lines: 1,
        ts: '2026-11-29T22:00:00.030Z',
        tsMs: 1795989600030,
        dir: 's2c',
        session: 's1',
        text: '{"jsonrpc":"2.0","id":0,"result":{}}',
        bytes: 36,
      },
      {
        line: 16,
        lines: 1,
        ts: null,
        tsMs: null,
        dir: 'unknown',
        session: null,
        text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'ünïcödé ✓' } }),
        compact: true,
        bytes: 86,
        value: { jsonrpc: '2.0', method: 'notifications/message', params: { data: 'ünïcödé ✓' } },
      },
      // A second list is read too; `trailer.records` is not a top-level list, and `{"x": 1}` in it is no message.
      {
        line: 18,
        lines: 1,
        ts: null,
        tsMs: null,
        dir: 'unknown',
        session: null,
        text: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'ignored' }),
        compact: true,
        bytes: 44,
        value: { jsonrpc: '2.0', id: 99, method: 'ignored' },
      },
    ]);
  });

  test('stream.json: values one after another (jq output); an object without a list is one message', async () => {
    const frames = await framesOf(fixture('json/stream.json'));
    expect(spans(frames)).toEqual([
      [1, 5],
      [6, 5],
      [12, 5],
    ]);
    expect(frames[0].value).toEqual({ jsonrpc: '2.0', id: 0, method: 'ping' });
    expect(frames[2]).toMatchObject({
      dir: 'c2s',
      ts: '2026-11-29T22:00:00Z',
      value: { jsonrpc: '2.0', method: 'notifications/initialized' },
    });
  });

  test('minified.json: elements on one line share it', async () => {
    const frames = await framesOf(fixture('json/minified.json'));
    expect(spans(frames)).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(frames[1].value).toEqual({ jsonrpc: '2.0', id: 0, result: { note: 'ok ✓' } });
  });

  test('truncated.json: what was read is kept; the unfinished element is an error frame with its lines', async () => {
    const frames = await framesOf(fixture('json/truncated.json'));
    expect(frames).toHaveLength(2);
    expect(frames[0]).toMatchObject({ line: 2, lines: 1, value: { jsonrpc: '2.0', id: 0, method: 'ping' } });
    expect(frames[1]).toMatchObject({
      line: 3,
      lines: 4,
      text: '  {\n    "jsonrpc": "2.0",\n    "id": 0,\n    "res',
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
    expect(frames[2].text).toBe(
      '  {"jsonrpc": "2.0", "id": 1, "method": "ping"},\n\n  {"jsonrpc": "2.0", "id": 1, "result": {}}\n]',
    );
    expect(frames[1].bytes).toBe(Buffer.byteLength(frames[1].text!));
  });

  test('elements ended on the line of an error are part of the error, whatever the chunking', async () => {
    const text = '[\n{"a":1}, {"b":2} oops\n]\n';
    for (const chunk of [0, 1, 4]) {
      const frames = await json(text, chunk);
      expect(
        frames.map((f) => [f.line, f.lines, f.text]),
        `chunk ${chunk}`,
      ).toEqual([
        [2, 1, '{"a":1}, {"b":2} oops'],
        [3, 1, ']'],
      ]);
    }
  });

  test('a missing closing bracket at the end is reported even with no text of its own', async () => {
    const frames = await json('[\n  {"jsonrpc":"2.0","method":"a"}\n');
    expect(frames).toHaveLength(2);
    expect(frames[1]).toMatchObject({
      line: 2,
      lines: 0,
      text: '',
      error: expect.stringMatching(/^JSON document ends early at line 2: /),
    });
  });

  test('a top-level scalar is an error frame; the document goes on', async () => {
    const frames = await json('"just a string"\n[{"jsonrpc":"2.0","method":"a"}]\n');
    expect(frames.map((f) => [f.line, f.error ?? 'ok'])).toEqual([
      [1, 'a JSON document holds an array or object of messages, not a top-level string'],
      [2, 'ok'],
    ]);
    expect(frames[0].text).toBe('"just a string"');
  });

  test('every list under a container key is read; values around them are skipped, not records', async () => {
    const frames = await json(
      '{"a":{"messages":[1]},"log":[{"jsonrpc":"2.0","method":"x"}],"items":[{"jsonrpc":"2.0","method":"y"}]}',
    );
    expect(frames.map((f) => f.value)).toEqual([
      { jsonrpc: '2.0', method: 'x' },
      { jsonrpc: '2.0', method: 'y' },
    ]);
  });

  test('a top-level object that holds no message is one record, as it always was (decode reports it)', async () => {
    const frames = await json('{"foo": 1}\n[{"bar": 2}]\n');
    expect(frames.map((f) => [f.line, f.value])).toEqual([
      [1, { foo: 1 }],
      [2, { bar: 2 }],
    ]);
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
    // The element read whole is a value, with its compact JSON as text; the rest is kept as it was written.
    expect(out.map((f) => [f.line, f.lines, f.text])).toEqual([
      [2, 1, '{"a":1}'],
      [3, 1, '}'],
      [4, 3, 'x1\nx2\nx3'],
      [7, 1, 'x4'],
    ]);
  });

  test('a BOM and CRLF line endings are handled; line numbers count CRLF lines', async () => {
    const frames = await json(
      '\uFEFF[\r\n  {"jsonrpc":"2.0",\r\n   "method":"a"},\r\n  {"jsonrpc":"2.0","method":"b"}\r\n]\r\n',
      1,
    );
    expect(spans(frames)).toEqual([
      [2, 2],
      [4, 1],
    ]);
  });
});

/** Frames and what the reader says it read and skipped, for a document given whole or in chunks, within `maxBytes`. */
function read(text: string, chunk = 0, maxBytes?: number) {
  const r = new JsonDocumentReader('d', { maxBytes });
  const out: Frame[] = [];
  const buf = Buffer.from(text);
  const size = chunk > 0 ? chunk : buf.length;
  for (let i = 0; i < buf.length; i += size) r.push(buf.subarray(i, i + size), out);
  r.end(out);
  const doc = r.document;
  return {
    frames: out,
    values: out.map((f) => f.value ?? f.text),
    read: Object.fromEntries(doc.read.map((p) => [p.path, p.count])),
    skipped: Object.fromEntries(doc.skipped.map((p) => [p.path, [p.count, ...(p.kinds ?? [])].join(' ')])),
  };
}

const msg = (id: number, method = 'ping') => ({ jsonrpc: '2.0', id, method });
const res = (id: number) => ({ jsonrpc: '2.0', id, result: {} });

describe('json documents: messages under any key', () => {
  test('a transcript nested in a session: envelopes and bare messages found, chat turns and metadata skipped', () => {
    const doc = {
      session: {
        id: 's-7',
        started: '2026-03-01T10:00:00Z',
        transcript: {
          turns: [
            { role: 'user', content: 'list the tools' },
            { ts: '2026-03-01T10:00:01.000Z', dir: 'c2s', message: msg(1, 'tools/list') },
            { ts: '2026-03-01T10:00:01.020Z', dir: 's2c', message: { jsonrpc: '2.0', id: 1, result: { tools: [] } } },
            msg(2),
            { role: 'assistant', content: 'there are none' },
          ],
        },
      },
    };
    const r = read(JSON.stringify(doc, null, 2));
    expect(r.frames.map((f) => [f.dir, f.ts])).toEqual([
      ['c2s', '2026-03-01T10:00:01.000Z'],
      ['s2c', '2026-03-01T10:00:01.020Z'],
      ['unknown', null],
    ]);
    expect(r.values).toEqual([msg(1, 'tools/list'), { jsonrpc: '2.0', id: 1, result: { tools: [] } }, msg(2)]);
    expect(r.read).toEqual({ '$.session.transcript.turns[*]': 3 });
    expect(r.skipped).toEqual({
      '$.session.id': '1 string',
      '$.session.started': '1 string',
      '$.session.transcript.turns[*]': '2 object',
    });
    // Each record spans its own lines.
    expect(r.frames.map((f) => [f.line, f.lines])).toEqual([
      [11, 9],
      [20, 11],
      [31, 5],
    ]);
  });

  test('several lists in one document: all read, in document order', () => {
    const r = read(JSON.stringify({ requests: [msg(1), msg(2)], responses: [res(1), res(2)], count: 2 }, null, 2));
    expect(r.values).toEqual([msg(1), msg(2), res(1), res(2)]);
    expect(r.read).toEqual({ '$.requests[*]': 2, '$.responses[*]': 2 });
    expect(r.skipped).toEqual({ '$.count': '1 number' });
  });

  test('the same records whatever the chunking, pretty-printed or on one line', () => {
    const doc = {
      meta: { tool: 'x', tags: ['a', 'b'] },
      calls: [
        { at: 1, request: msg(1), response: res(1) },
        { at: 2, request: msg(2), response: res(2) },
      ],
    };
    const want = [msg(1), res(1), msg(2), res(2)];
    for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2)]) {
      for (const chunk of [0, 1, 3, 7]) expect(read(text, chunk).values, `chunk ${chunk}`).toEqual(want);
    }
  });

  test('a message whose params quote a message is one record, whether or not jsonrpc comes first', () => {
    const quoted = { jsonrpc: '2.0', method: 'inner' };
    expect(read(JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'x', params: { m: quoted } }])).values).toHaveLength(
      1,
    );
    const late = { id: 1, method: 'x', params: { m: quoted }, jsonrpc: '2.0' };
    expect(read(JSON.stringify({ calls: [late] })).values).toEqual([late]);
    // An envelope whose message holds another: one record too.
    expect(read(JSON.stringify({ capture: [{ dir: 'c2s', message: late }] })).values).toEqual([late]);
  });

  test('a list element that is a container of messages gives its messages', () => {
    const text = JSON.stringify(
      [
        { name: 'first', id: 'conv-1', messages: [msg(1), res(1)] },
        { name: 'second', messages: [msg(2)] },
      ],
      null,
      2,
    );
    const r = read(text);
    expect(r.values).toEqual([msg(1), res(1), msg(2)]);
    expect(r.read).toEqual({ '$[*].messages[*]': 3 });
  });

  test('a live document gives each message as soon as its line has ended, nested containers or not', () => {
    const r = new JsonDocumentReader('-');
    const out: Frame[] = [];
    r.push(
      Buffer.from('{"session": {"id": "s1",\n "turns": [\n  {"jsonrpc": "2.0", "id": 1, "method": "ping"},\n'),
      out,
    );
    expect(out.map((f) => f.value)).toEqual([msg(1)]);
    r.push(Buffer.from('  {"ts": 5, "dir": "s2c", "message": {"jsonrpc": "2.0", "id": 1, "result": {}}}\n'), out);
    expect(out).toHaveLength(2);
    r.push(Buffer.from(']}}\n'), out);
    r.end(out);
    expect(out).toHaveLength(2);
  });

  test('containers larger than maxBytes are gone through, never assembled: every message read, none oversized', () => {
    const turns = Array.from({ length: 400 }, (_, i) =>
      i % 2 === 0 ? { ts: i, dir: 'c2s', message: msg(i) } : res(i - 1),
    );
    // The `data` key makes the document look like an envelope: nothing is split off before it has grown past the bound.
    const doc = { meta: { exported: 'yes' }, data: 'export v2', session: { transcript: { turns } }, note: 'end' };
    const text = JSON.stringify(doc, null, 1);
    expect(text.length).toBeGreaterThan(20_000);
    const whole = read(text);
    const small = read(text, 7, 2048);
    expect(small.frames.filter((f) => f.error !== undefined)).toEqual([]);
    expect(small.values).toEqual(turns.map((t) => ('message' in t ? t.message : t)));
    expect(small.frames.map((f) => [f.line, f.lines])).toEqual(whole.frames.map((f) => [f.line, f.lines]));
    expect(small.read).toEqual({ '$.session.transcript.turns[*]': 400 });
    expect(small.skipped).toEqual({ '$.meta': '1 object', '$.data': '1 string', '$.note': '1 string' });
  });

  test('a container under an envelope key is split as soon as a message ends in it', () => {
    const r = new JsonDocumentReader('-');
    const out: Frame[] = [];
    r.push(Buffer.from('{"data": {"turns": [\n{"jsonrpc": "2.0", "id": 1, "method": "ping"},\n'), out);
    expect(out.map((f) => f.value)).toEqual([msg(1)]);
    // An envelope's message is not: it is one record with its envelope.
    r.push(Buffer.from('{"ts": 1, "data": {"jsonrpc": "2.0", "id": 1, "result": {}}}\n'), out);
    expect(out.map((f) => f.value)).toEqual([msg(1), res(1)]);
    expect(out[1]!.tsMs).toBe(1000);
  });

  test('a message or envelope over maxBytes inside a container is one oversized record; the rest is read', () => {
    const big = { jsonrpc: '2.0', id: 9, result: { pad: 'z'.repeat(3000) } };
    const text = JSON.stringify({
      capture: {
        frames: [
          { dir: 'c2s', message: msg(1) },
          { dir: 's2c', message: big },
          { dir: 'c2s', message: msg(2) },
        ],
      },
    });
    const r = read(text, 0, 1024);
    expect(r.frames.map((f) => (f.oversized ? 'oversized' : f.value))).toEqual([msg(1), 'oversized', msg(2)]);
  });

  test('arrays nested past the bound in a container are one too-deep record, not a level each', () => {
    const deep = '['.repeat(1500) + ']'.repeat(1500);
    const r = read(`{"first": ${JSON.stringify(msg(1))}, "deep": ${deep}, "last": ${JSON.stringify(msg(2))}}`);
    expect(r.frames.map((f) => (f.oversized ? 'too deep' : f.value))).toEqual([msg(1), 'too deep', msg(2)]);
  });
});
