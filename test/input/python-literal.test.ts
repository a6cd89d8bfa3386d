// Python's printed values read back: a bytes literal's escapes (what `repr(bytes)` writes) and pydantic reprs of
// JSON-RPC messages, against a writer of Python's repr for any JSON value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pydanticMessage, pythonBody, pythonBytes } from '../../src/input/python-literal.js';

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
  return `{${Object.entries(v as Record<string, unknown>).map(([k, x]) => `${strRepr(k)}: ${pyRepr(x)}`).join(', ')}}`;
}

const json = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

describe('bytes literals', () => {
  it('gives back the text whose UTF-8 repr(bytes) printed, for any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
      const text = Buffer.from(s, 'utf8').toString('utf8');
      expect(pythonBytes(bytesRepr(text))).toBe(text);
    }));
  });

  it('a malformed escape is no text; a body that is not JSON keeps its text without a value', () => {
    expect(pythonBytes('a\\xZZ')).toBeNull();
    expect(pythonBytes('a\\')).toBeNull();
    expect(pythonBody('python-bytes', 'not json')).toEqual({ text: 'not json' });
    expect(pythonBody('python-bytes', '\\q')).toEqual({ error: 'a bytes literal with a malformed escape' });
  });
});

describe('pydantic reprs', () => {
  it('reads back any params and id of a request in SDK 1.x (`root=`), 1.8+ (`SessionMessage`) and 2.x (`field=value`) forms', () => {
    fc.assert(fc.property(fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 4 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), (params, id) => {
      const p = pyRepr(params);
      const i = pyRepr(id);
      const expected = { method: 'tools/call', params, jsonrpc: '2.0', id };
      expect(pydanticMessage(`root=JSONRPCRequest(method='tools/call', params=${p}, jsonrpc='2.0', id=${i})`)).toEqual(expected);
      expect(pydanticMessage(`SessionMessage(message=JSONRPCMessage(root=JSONRPCRequest(method='tools/call', params=${p}, jsonrpc='2.0', id=${i})), metadata=None)`)).toEqual(expected);
      expect(pydanticMessage(`method='tools/call' params=${p} jsonrpc='2.0' id=${i}`)).toEqual(expected);
    }), { numRuns: 200 });
  });

  it('a `__proto__` key is a member, as JSON.parse reads it', () => {
    expect(pydanticMessage("root=JSONRPCRequest(method='x', params={'__proto__': {'a': 1}}, jsonrpc='2.0', id=1)")).toEqual(JSON.parse('{"method":"x","params":{"__proto__":{"a":1}},"jsonrpc":"2.0","id":1}'));
  });

  it('unreadable text is no message: an unclosed call, a bare name, text after the value, no jsonrpc object', () => {
    for (const t of ["root=JSONRPCRequest(method='x'", 'root=Unknown', "root=JSONRPCRequest(method='x', jsonrpc='2.0') extra", "{'a': 1}", '']) expect(pydanticMessage(t), t).toBeNull();
  });
});
