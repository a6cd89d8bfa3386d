// slow-response: latency above the threshold, blocking methods excepted.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { isBlockingMethod } from '../../src/protocol/index.js';

const ID = 'slow-response';

/** A request and its answer `ms` later; `fromServer` for server-to-client requests. */
function pair(method: string, ms: number, error = false, fromServer = false): string {
  const t = (n: number) => new Date(Date.UTC(2025, 11, 1, 12) + n).toISOString();
  const [req, res] = fromServer ? ['<-', '->'] : ['->', '<-'];
  return (
    [
      `[${t(0)}] ${req} ${JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} })}`,
      `[${t(ms)}] ${res} ${JSON.stringify(error ? { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'x' } } : { jsonrpc: '2.0', id: 1, result: {} })}`,
    ].join('\n') + '\n'
  );
}

async function messages(text: string, slowMs?: number): Promise<string[]> {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(text);
    })(),
    { file: 't.txt', ruleOptions: slowMs === undefined ? undefined : { slowMs } },
  );
  return out.records.flatMap((r) =>
    r.findings.filter((f) => f.rule === ID).map((f) => `${r.source} ${f.severity}: ${f.message}`),
  );
}

describe(ID, () => {
  it('reports responses and errors over the default 5000 ms, not at it', async () => {
    expect(await messages(pair('tools/call', 5001))).toEqual([
      't.txt:2 info: tools/call took 5001 ms (threshold 5000 ms)',
    ]);
    expect(await messages(pair('resources/read', 7000, true))).toEqual([
      't.txt:2 info: resources/read took 7000 ms (threshold 5000 ms)',
    ]);
    expect(await messages(pair('tools/call', 5000))).toEqual([]);
  });

  it('takes the threshold from the options', async () => {
    expect(await messages(pair('tools/call', 300), 250)).toEqual([
      't.txt:2 info: tools/call took 300 ms (threshold 250 ms)',
    ]);
    expect(await messages(pair('tools/call', 6000), 10_000)).toEqual([]);
  });

  it('does not report requests that block by design', async () => {
    expect(isBlockingMethod('tasks/result')).toBe(true);
    expect(isBlockingMethod('elicitation/create')).toBe(true);
    expect(await messages(pair('tasks/result', 60_000))).toEqual([]);
    expect(await messages(pair('elicitation/create', 60_000, false, true))).toEqual([]);
    expect(await messages(pair('sampling/createMessage', 60_000, false, true))).toHaveLength(1);
  });

  it('needs times on both records', async () => {
    expect(
      await messages(
        '{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}\n',
        0,
      ),
    ).toEqual([]);
  });
});
