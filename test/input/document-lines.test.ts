// The document readers' shared loop: every token with the line it came from, in any chunking, BOM and CRLF; lines
// counted; the first syntax error told once, with its line; a document cut short told at its end.
import { describe, expect, test } from 'vitest';
import { DocumentLines } from '../../src/input/json/document-lines.js';
import { chunked } from './helpers.js';

interface Seen {
  tokens: string[];
  text: string;
  errors: string[];
  lineEnds: number[];
}

async function read(bytes: Buffer, size: number): Promise<Seen & { lines: number; early: string | null }> {
  const seen: Seen = { tokens: [], text: '', errors: [], lineEnds: [] };
  const doc: DocumentLines<Seen> = new DocumentLines<Seen>(
    {
      text: (t) => (seen.text += t),
      tokens: (tokens, out) => {
        for (const t of tokens) out.tokens.push(`${doc.line}:${t.name}${'value' in t ? `=${t.value}` : ''}`);
      },
      malformed: (message, out) => out.errors.push(`${doc.line}: ${message}`),
      lineEnd: (out) => out.lineEnds.push(doc.line),
    },
    { jsonStreaming: true, maxValueChars: 1000 },
  );
  for await (const chunk of chunked(bytes, size)) doc.push(chunk, seen);
  const early = doc.end(seen);
  return { ...seen, lines: doc.lines, early };
}

const DOC = '[\n  {"a": "ü"},\n  "b"\n]\n';
const TOKENS = [
  '1:startArray',
  '2:startObject',
  '2:keyValue=a',
  '2:stringValue=ü',
  '2:endObject',
  '3:stringValue=b',
  '4:endArray',
];

describe('DocumentLines', () => {
  test.each([0, 1, 3, 7])(
    'gives each token with its line, in %i-byte chunks, a BOM skipped and CRLF read',
    async (size) => {
      for (const bytes of [Buffer.from(DOC), Buffer.from(`\uFEFF${DOC}`), Buffer.from(DOC.replace(/\n/g, '\r\n'))]) {
        const r = await read(bytes, size);
        expect(r.tokens).toEqual(TOKENS);
        expect(r.lineEnds).toEqual([1, 2, 3, 4]);
        expect(r.lines).toBe(4);
        expect(r.errors).toEqual([]);
        expect(r.early).toBeNull();
        expect(r.text).toBe(bytes.toString('utf8').replace(/^\uFEFF/, ''));
      }
    },
  );

  test('counts a last line without its line ending', async () => {
    const r = await read(Buffer.from('[1,\n2]'), 1);
    expect(r.lines).toBe(2);
    expect(r.tokens).toEqual(['1:startArray', '1:numberValue=1', '2:numberValue=2', '2:endArray']);
  });

  test('tells the first syntax error once, with its line; the rest is still text', async () => {
    const r = await read(Buffer.from('[1,\n2 x\n3,,\n]\n'), 3);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^2: /);
    expect(r.text).toBe('[1,\n2 x\n3,,\n]\n');
    expect(r.lineEnds).toEqual([1, 2, 3, 4]);
    expect(r.early).toBeNull();
  });

  test('tells a document cut short at its end', async () => {
    const r = await read(Buffer.from('{"a": [1,\n'), 0);
    expect(r.errors).toEqual([]);
    expect(r.early).toEqual(expect.any(String));
    expect(r.lines).toBe(1);
  });
});
