// What Python loggers print of a message, read back: pydantic model reprs (str and repr forms, None fields, root
// models, nested models, Python literals and escapes) and bytes literals (UTF-8 as \xNN, quotes, the inside alone).
import { describe, expect, it } from 'vitest';
import { readPythonBytes, readPythonRepr } from '../../src/input/python-literal.js';

const value = (t: string) => readPythonRepr(t)?.value;

describe('readPythonRepr', () => {
  it('reads the SDK message models: a None field is absent from the message, a dict None is null', () => {
    expect(value("root=JSONRPCRequest(method='tools/list', params=None, jsonrpc='2.0', id=1)")).toEqual({ method: 'tools/list', jsonrpc: '2.0', id: 1 });
    expect(value("root=JSONRPCNotification(method='notifications/initialized', params=None, jsonrpc='2.0')")).toEqual({ method: 'notifications/initialized', jsonrpc: '2.0' });
    expect(value("root=JSONRPCResponse(jsonrpc='2.0', id='a', result={'cursor': None, 'ok': True, 'n': 1e-05, 'xs': [1, 2.5, -3], 't': (1,)})")).toEqual({
      jsonrpc: '2.0', id: 'a', result: { cursor: null, ok: true, n: 1e-5, xs: [1, 2.5, -3], t: [1] },
    });
    expect(value("root=JSONRPCError(jsonrpc='2.0', id=3, error=ErrorData(code=-32602, message='Unknown tool: x', data=None))")).toEqual({
      jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Unknown tool: x' },
    });
  });

  it('unwraps root models, reads repr and str forms, and a one-argument call as its argument', () => {
    expect(value("SessionMessage(message=JSONRPCMessage(root=JSONRPCRequest(method='ping', params=None, jsonrpc='2.0', id=0)), metadata=None)")).toEqual({
      message: { method: 'ping', jsonrpc: '2.0', id: 0 },
    });
    expect(value("JSONRPCRequest(method='resources/read', params={'uri': AnyUrl('file:///a b')}, jsonrpc='2.0', id=2)")).toEqual({
      method: 'resources/read', params: { uri: 'file:///a b' }, jsonrpc: '2.0', id: 2,
    });
    expect(value("a=1 b='two words' c=None")).toEqual({ a: 1, b: 'two words' });
  });

  it('undoes Python string escapes and both quotes; a bytes value is its UTF-8 text', () => {
    expect(value(String.raw`['it\'s', "it's", 'tab\there\n', '\x00\x7f', '\u2028\U0001f600', 'back\\slash', 'é 中', '\ud800', '\101']`)).toEqual([
      "it's", "it's", 'tab\there\n', '\u0000\u007f', '\u2028😀', 'back\\slash', 'é 中', '\ud800', 'A',
    ]);
    expect(value(String.raw`{'body': b'caf\xc3\xa9'}`)).toEqual({ body: 'café' });
  });

  it('is null for text that is not a Python literal', () => {
    for (const t of ['root=', '<mcp.shared.session.RequestResponder object at 0x7f0e>', "root=JSONRPCRequest(method='x'", "{'a': 1} trailing", "'open", "f(a=1 b=2)", String.raw`'\x4'`, String.raw`'\U00110000'`]) {
      expect(readPythonRepr(t), t).toBeNull();
    }
    expect(readPythonRepr('['.repeat(5000) + ']'.repeat(5000))).toBeNull();
  });
});

describe('readPythonBytes', () => {
  it('decodes a bytes literal, or only its inside, as UTF-8', () => {
    expect(readPythonBytes(String.raw`b'{"method":"x","params":{"t":"\xe2\x80\x93 it\'s \\"}}'`)).toBe(String.raw`{"method":"x","params":{"t":"– it's \"}}`);
    expect(readPythonBytes(`b"it's"`)).toBe("it's");
    expect(readPythonBytes(String.raw`{"a":"\xc3\xa9\r\n"}`)).toBe('{"a":"é\r\n"}');
    expect(readPythonBytes('plain')).toBe('plain');
  });

  it('is null for a broken escape', () => {
    expect(readPythonBytes(String.raw`b'\x4'`)).toBeNull();
    expect(readPythonBytes('b\'a\\')).toBeNull();
  });
});
