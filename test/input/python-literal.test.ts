// What Python loggers print of a message, read back: pydantic model reprs (str and repr forms, None fields, root
// models, nested models, wrappers, Python literals and escapes) and bytes literals (UTF-8 as \xNN, quotes, the inside
// alone), examples and properties against a writer of Python's repr for any JSON value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pydanticMessage, readPythonBytes, readPythonRepr } from '../../src/input/dialects/literals/python-literal.js';

/** `repr(bytes)`'s content for a text's UTF-8: printable ASCII as it is, `\\`, `\'`, `\t\n\r`, every other byte `\xNN`. */
function bytesRepr(text: string): string {
  let out = '';
  for (const b of Buffer.from(text, 'utf8')) {
    if (b === 0x5c) out += '\\\\';
    else if (b === 0x27) out += "\\'";
    else if (b === 0x09) out += '\\t';
    else if (b === 0x0a) out += '\\n';
    else if (b === 0x0d) out += '\\r';
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** `repr(str)`: single quotes unless the text has one and no double quote; control characters escaped. */
function strRepr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === q) out += `\\${q}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return q + out + q;
}

/** A JSON value as Python prints the dict, list, str, int, bool or None it was parsed into. */
function pyRepr(v: unknown): string {
  if (v === null) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return strRepr(v);
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${strRepr(k)}: ${pyRepr(x)}`)
    .join(', ')}}`;
}

const json = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

const value = (t: string) => readPythonRepr(t)?.value;

describe('readPythonRepr', () => {
  it('reads the SDK message models: a None field is absent from the message, a dict None is null', () => {
    expect(value("root=JSONRPCRequest(method='tools/list', params=None, jsonrpc='2.0', id=1)")).toEqual({
      method: 'tools/list',
      jsonrpc: '2.0',
      id: 1,
    });
    expect(value("root=JSONRPCNotification(method='notifications/initialized', params=None, jsonrpc='2.0')")).toEqual({
      method: 'notifications/initialized',
      jsonrpc: '2.0',
    });
    expect(
      value(
        "root=JSONRPCResponse(jsonrpc='2.0', id='a', result={'cursor': None, 'ok': True, 'n': 1e-05, 'xs': [1, 2.5, -3], 't': (1,)})",
      ),
    ).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      result: { cursor: null, ok: true, n: 1e-5, xs: [1, 2.5, -3], t: [1] },
    });
    expect(
      value(
        "root=JSONRPCError(jsonrpc='2.0', id=3, error=ErrorData(code=-32602, message='Unknown tool: x', data=None))",
      ),
    ).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32602, message: 'Unknown tool: x' },
    });
  });

  it('unwraps root models, reads repr and str forms, and a one-argument call as its argument', () => {
    expect(
      value(
        "SessionMessage(message=JSONRPCMessage(root=JSONRPCRequest(method='ping', params=None, jsonrpc='2.0', id=0)), metadata=None)",
      ),
    ).toEqual({
      message: { method: 'ping', jsonrpc: '2.0', id: 0 },
    });
    expect(
      value("JSONRPCRequest(method='resources/read', params={'uri': AnyUrl('file:///a b')}, jsonrpc='2.0', id=2)"),
    ).toEqual({
      method: 'resources/read',
      params: { uri: 'file:///a b' },
      jsonrpc: '2.0',
      id: 2,
    });
    expect(value("a=1 b='two words' c=None")).toEqual({ a: 1, b: 'two words' });
  });

  it('undoes Python string escapes and both quotes; a bytes value is its UTF-8 text', () => {
    expect(
      value(
        String.raw`['it\'s', "it's", 'tab\there\n', '\x00\x7f', '\u2028\U0001f600', 'back\\slash', 'é 中', '\ud800', '\101']`,
      ),
    ).toEqual(["it's", "it's", 'tab\there\n', '\u0000\u007f', '\u2028😀', 'back\\slash', 'é 中', '\ud800', 'A']);
    expect(value(String.raw`{'body': b'caf\xc3\xa9'}`)).toEqual({ body: 'café' });
  });

  it('leaves a value with no JSON form (inf, nan, an object printed `<… at 0x…>`) out of a model, and null in a dict or list', () => {
    expect(
      value("M(a=inf, b=<starlette.requests.Request object at 0x7f>, c={'d': nan, 'e': [-inf, <a <b>>]})"),
    ).toEqual({ c: { d: null, e: [null, null] } });
  });

  it('is null for text that is not a Python literal', () => {
    for (const t of [
      'root=',
      '<mcp.shared.session.RequestResponder object at 0x7f0e>',
      "root=JSONRPCRequest(method='x'",
      "{'a': 1} trailing",
      "'open",
      'f(a=1 b=2)',
      String.raw`'\x4'`,
      String.raw`'\U00110000'`,
    ]) {
      expect(readPythonRepr(t), t).toBeNull();
    }
    expect(readPythonRepr('['.repeat(5000) + ']'.repeat(5000))).toBeNull();
  });
});

describe('readPythonBytes', () => {
  it('decodes a bytes literal, or only its inside, as UTF-8', () => {
    expect(readPythonBytes(String.raw`b'{"method":"x","params":{"t":"\xe2\x80\x93 it\'s \\"}}'`)).toBe(
      String.raw`{"method":"x","params":{"t":"– it's \"}}`,
    );
    expect(readPythonBytes(`b"it's"`)).toBe("it's");
    expect(readPythonBytes(String.raw`{"a":"\xc3\xa9\r\n"}`)).toBe('{"a":"é\r\n"}');
    expect(readPythonBytes('plain')).toBe('plain');
  });

  it('is null for a broken escape', () => {
    expect(readPythonBytes(String.raw`b'\x4'`)).toBeNull();
    expect(readPythonBytes("b'a\\")).toBeNull();
  });
});

describe('bytes literals against repr(bytes)', () => {
  it('gives back the text whose UTF-8 repr(bytes) printed, for any text: the literal, or its inside when it is not one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
        const text = Buffer.from(s, 'utf8').toString('utf8');
        expect(readPythonBytes(`b'${bytesRepr(text)}'`)).toBe(text);
        if (!/^b(?:'.*'|".*")$/s.test(text)) expect(readPythonBytes(bytesRepr(text))).toBe(text);
      }),
    );
  });

  it('a malformed or unknown escape is no text (repr(bytes) writes neither); a text that is not JSON is kept as it is', () => {
    expect(readPythonBytes('a\\xZZ')).toBeNull();
    expect(readPythonBytes('a\\')).toBeNull();
    expect(readPythonBytes('\\q')).toBeNull();
    expect(readPythonBytes('not json')).toBe('not json');
  });
});

describe('pydantic reprs', () => {
  it('reads back any params and id of a request in SDK 1.x (`root=`), 1.8+ (`SessionMessage`) and 2.x (`field=value`) forms', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 4 }),
        fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
        (params, id) => {
          const p = pyRepr(params);
          const i = pyRepr(id);
          const expected = { method: 'tools/call', params, jsonrpc: '2.0', id };
          expect(
            pydanticMessage(`root=JSONRPCRequest(method='tools/call', params=${p}, jsonrpc='2.0', id=${i})`),
          ).toEqual(expected);
          expect(
            pydanticMessage(
              `SessionMessage(message=JSONRPCMessage(root=JSONRPCRequest(method='tools/call', params=${p}, jsonrpc='2.0', id=${i})), metadata=None)`,
            ),
          ).toEqual(expected);
          expect(pydanticMessage(`method='tools/call' params=${p} jsonrpc='2.0' id=${i}`)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a `__proto__` key is a member, as JSON.parse reads it', () => {
    expect(
      pydanticMessage("root=JSONRPCRequest(method='x', params={'__proto__': {'a': 1}}, jsonrpc='2.0', id=1)"),
    ).toEqual(JSON.parse('{"method":"x","params":{"__proto__":{"a":1}},"jsonrpc":"2.0","id":1}'));
  });

  it('unreadable text is no message: an unclosed call, a bare name, text after the value, no jsonrpc object', () => {
    for (const t of [
      "root=JSONRPCRequest(method='x'",
      'root=Unknown',
      "root=JSONRPCRequest(method='x', jsonrpc='2.0') extra",
      "{'a': 1}",
      '',
    ])
      expect(pydanticMessage(t), t).toBeNull();
  });
});
