// What survives of a message the log cut: kind, id and method from the top level of its head and tail only.
import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../src/decode/decode.js';
import { salvage } from '../../src/decode/salvage.js';
import { findCutMark } from '../../src/input/lines/cut-mark.js';
import { cutOf } from '../helpers/frames.js';

/** `salvage` of a message's JSON with the characters from `from` to `to` left out. */
function cut(message: unknown, from: number, to: number) {
  const text = JSON.stringify(message);
  return salvage(text.slice(0, from), text.slice(to));
}

const big = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, method: `nested/${i}`, error: { code: i } }));

describe('salvage', () => {
  it('reads kind, id and method from the head when the message starts with them', () => {
    const m = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x', arguments: { list: big(50) } } };
    expect(cut(m, 60, 400)).toEqual({ kind: 'request', id: 7, method: 'tools/call' });
  });

  it('reads the id from the tail when the message ends with it (the SDK writes method, params, jsonrpc, id)', () => {
    const m = {
      method: 'tools/call',
      params: { name: 'x', arguments: { list: big(50) } },
      jsonrpc: '2.0',
      id: 'req-9',
    };
    expect(cut(m, 40, 700)).toEqual({ kind: 'request', id: 'req-9', method: 'tools/call' });
  });

  it('never takes id, method or error from a nested object', () => {
    // The head stops inside `result`: its nested `id`, `method` and `error` belong to the tools, not the message.
    const response = { result: { tools: big(80) }, jsonrpc: '2.0', id: 3 };
    expect(cut(response, 300, 1500)).toEqual({ kind: 'response', id: 3, method: null });
    // The tail's last member is nested: nothing of the top level survives there.
    const cutTail = { jsonrpc: '2.0', result: { tools: big(80) } };
    const text = JSON.stringify(cutTail);
    expect(salvage(text.slice(0, 30), text.slice(600, text.length - 2) + '}')).toEqual({
      kind: 'response',
      id: null,
      method: null,
    });
  });

  it('an error is an error, a method without an id a notification', () => {
    expect(
      cut({ jsonrpc: '2.0', id: 4, error: { code: -32602, message: 'x'.repeat(500), data: big(20) } }, 50, 600),
    ).toEqual({ kind: 'error', id: 4, method: null });
    expect(
      cut(
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'y'.repeat(500) } },
        80,
        400,
      ),
    ).toEqual({ kind: 'notification', id: null, method: 'notifications/message' });
  });

  it('the example of the issue: `{"jsonrpc":"2.0","id":7,"method":"tools/call",...[1234 chars truncated]...,"id":7}`', () => {
    const text = '{"jsonrpc":"2.0","id":7,"method":"tools/call",...[1234 chars truncated]...,"id":7}';
    const mark = findCutMark(text)!;
    expect(mark.cut).toBe(1234);
    expect(salvage(text.slice(0, mark.head), text.slice(mark.tail))).toEqual({
      kind: 'request',
      id: 7,
      method: 'tools/call',
    });
  });

  it('escaped quotes and brackets inside strings do not confuse either end', () => {
    const m = { jsonrpc: '2.0', id: 'a"}]', result: { text: 'x\\"}],"id":99,"error":{' + 'z'.repeat(400) + '"}' } };
    const text = JSON.stringify({ ...m, tail: '\\",\\"id\\":5}', id2: 1 });
    expect(salvage(text.slice(0, 40), text.slice(text.length - 40))).toMatchObject({ kind: 'response', id: 'a"}]' });
  });

  it('tells nothing when neither end shows method, result or error', () => {
    expect(salvage('{"jsonrpc":"2.0","id":1,"par', '}')).toEqual({ kind: null, id: 1, method: null });
    expect(salvage('not json', '')).toEqual({ kind: null, id: null, method: null });
    expect(findCutMark('{"a":1}')).toBeNull();
  });
});

describe('decode of a cut message', () => {
  it('is the message kind with truncated set, no body and no problem, its raw text kept', () => {
    const f = cutOf('s2c', { result: { tools: big(40) }, jsonrpc: '2.0', id: 1 }, 200, 900);
    const [d] = decodeFrame(f);
    expect(d).toMatchObject({
      kind: 'response',
      id: 1,
      method: null,
      message: null,
      noBody: 'truncated',
      raw: f.text,
      bytes: f.bytes,
    });
    expect(d.problem).toBeUndefined();
  });

  it('is invalid, still without a problem, when the kind did not survive', () => {
    const f = cutOf(
      'c2s',
      { jsonrpc: '2.0', id: 1, params: { x: 'y'.repeat(300) }, method: 'tools/call', z: 'w'.repeat(300) },
      40,
      500,
    );
    const [d] = decodeFrame(f);
    expect(d).toMatchObject({ kind: 'invalid', id: 1, noBody: 'truncated' });
    expect(d.problem).toBeUndefined();
  });
});
