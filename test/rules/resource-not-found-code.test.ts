// resource-not-found-code: "not found" errors to resources/read must use -32002.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { notFoundCode } from '../../src/protocol/index.js';

const ID = 'resource-not-found-code';

async function messages(error: unknown, method = 'resources/read'): Promise<string[]> {
  const text =
    [
      `-> ${JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { uri: 'file:///a' } })}`,
      `<- ${JSON.stringify({ jsonrpc: '2.0', id: 1, error })}`,
    ].join('\n') + '\n';
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
  it('has -32002 for resources/read in every supported revision', () => {
    for (const rev of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', null]) {
      expect(notFoundCode('resources/read', rev)?.code).toBe(-32002);
    }
    expect(notFoundCode('tools/call', '2025-11-25')).toBeUndefined();
  });

  it('reports "not found" errors with another code', async () => {
    expect(await messages({ code: -32602, message: 'MCP error -32602: Resource file:///a not found' })).toEqual([
      't.txt:2 info: resources/read answered "not found" with code -32602 (Invalid params); the spec\'s code is -32002',
    ]);
    for (const message of ['NotFound', 'no such file', 'Unknown resource: file:///a', 'file does not exist']) {
      expect(await messages({ code: -32001, message }), message).toHaveLength(1);
    }
  });

  it('accepts -32002, other errors, and other methods', async () => {
    expect(await messages({ code: -32002, message: 'Resource not found', data: { uri: 'file:///a' } })).toEqual([]);
    expect(await messages({ code: -32603, message: 'Internal error' })).toEqual([]);
    expect(await messages({ code: -32602, message: 'Tool not found' }, 'tools/call')).toEqual([]);
  });
});

describe('resource-not-found-code from 2026-07-28', () => {
  const read = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'resources/read',
    params: {
      uri: 'file:///x',
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  });
  const error = (id: number, code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } });

  it('wants -32602, reports -32002 whatever its message, as an error', async () => {
    const text =
      [
        read(1),
        error(1, -32602, 'Resource not found'),
        read(2),
        error(2, -32002, 'gone'),
        read(3),
        error(3, -32603, 'no such file'),
      ]
        .map((m) => JSON.stringify(m))
        .join('\n') + '\n';
    const out = await analyze(
      (async function* () {
        yield Buffer.from(text);
      })(),
      { file: 't.ndjson' },
    );
    expect(
      out.records.flatMap((r) =>
        r.findings
          .filter((f) => f.rule === 'resource-not-found-code')
          .map((f) => `${r.seq} ${f.severity}: ${f.message}`),
      ),
    ).toEqual([
      '4 error: resources/read answered "not found" with code -32002 (Resource not found); the spec\'s code is -32602',
      '6 error: resources/read answered "not found" with code -32603 (Internal error); the spec\'s code is -32602',
    ]);
  });
});
