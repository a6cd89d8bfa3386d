// root-uri-not-file: each root of a roots/list result must be a file:// URI.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { isRootUri } from '../../src/protocol/index.js';

const ID = 'root-uri-not-file';

async function messages(
  roots: unknown,
  request = '<- {"jsonrpc":"2.0","id":0,"method":"roots/list"}',
): Promise<string[]> {
  const text = `${request}\n-> ${JSON.stringify({ jsonrpc: '2.0', id: 0, result: { roots } })}\n`;
  const out = await analyze(
    (async function* () {
      yield Buffer.from(text);
    })(),
    { file: 't.txt' },
  );
  return out.records.flatMap((r) =>
    r.findings.filter((f) => f.rule === ID).map((f) => `${r.source} ${f.severity}: ${f.message}`),
  );
}

describe(ID, () => {
  it('tests the scheme without regard to case', () => {
    expect(isRootUri('file:///home/a')).toBe(true);
    expect(isRootUri('FILE:///home/a')).toBe(true);
    expect(isRootUri('file:/home/a')).toBe(false);
    expect(isRootUri('/home/a')).toBe(false);
    expect(isRootUri('')).toBe(false);
  });

  it('reports each root that is not file://, on the response', async () => {
    expect(
      await messages([
        { uri: 'file:///home/a', name: 'a' },
        { uri: 'https://example.com/repo', name: 'b' },
        { uri: 'C:\\work', name: 'c' },
      ]),
    ).toEqual([
      't.txt:2 error: roots[1] has uri "https://example.com/repo", not a file:// URI',
      't.txt:2 error: roots[2] has uri "C:\\\\work", not a file:// URI',
    ]);
  });

  it('leaves missing or non-string uris and odd shapes to the schema checks', async () => {
    expect(await messages([{ name: 'x' }, { uri: 7 }, null, 'file'])).toEqual([]);
    expect(await messages({ uri: 'https://x' })).toEqual([]);
  });

  it('reads only responses to roots/list', async () => {
    expect(await messages([{ uri: 'https://x' }], '-> {"jsonrpc":"2.0","id":0,"method":"resources/list"}')).toEqual([]);
  });
});
