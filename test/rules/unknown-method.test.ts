// unknown-method: methods of no supported revision, extension-style names excepted.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';

const ID = 'unknown-method';

async function messages(text: string): Promise<string[]> {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(text);
    })(),
    { file: 't.ndjson' },
  );
  return out.records.flatMap((r) => r.findings.filter((f) => f.rule === ID).map((f) => `${f.severity}: ${f.message}`));
}

describe(ID, () => {
  it('reports unknown requests and notifications as info', async () => {
    expect(
      await messages(
        [
          '{"jsonrpc":"2.0","id":1,"method":"tools/execute"}',
          '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
          '{"jsonrpc":"2.0","method":"notifications/heartbeat"}',
        ].join('\n'),
      ),
    ).toEqual([
      'info: unknown request method "tools/execute": not defined in any supported revision (2024-11-05 to 2026-07-28)',
      'info: unknown notification method "notifications/heartbeat": not defined in any supported revision (2024-11-05 to 2026-07-28)',
    ]);
  });

  it('does not report experimental/ and reverse-DNS methods, nor known ones of other revisions', async () => {
    expect(
      await messages(
        [
          '{"jsonrpc":"2.0","id":1,"method":"experimental/trace"}',
          '{"jsonrpc":"2.0","method":"com.example/heartbeat"}',
          '{"jsonrpc":"2.0","id":2,"method":"io.modelcontextprotocol/x"}',
          '{"jsonrpc":"2.0","id":3,"method":"tasks/list"}',
          // 2026-07-28 methods, even without the envelope that would make them modern
          '{"jsonrpc":"2.0","id":4,"method":"server/discover"}',
          '{"jsonrpc":"2.0","id":5,"method":"subscriptions/listen","params":{"notifications":{}}}',
          '{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"notifications":{}}}',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('quotes and shortens the method it reports', async () => {
    const long = `x/${'a'.repeat(300)}`;
    const [m, esc] = await messages(
      `{"jsonrpc":"2.0","method":${JSON.stringify(long)}}\n{"jsonrpc":"2.0","method":"a\\u001b[31mb"}\n`,
    );
    expect(m!.length).toBeLessThan(250);
    expect(m).toContain('…"');
    expect(esc).toContain('"a\\u001b[31mb"');
  });
});
