// method-not-in-revision: known methods outside the session's revision, only for known revisions.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';

const ID = 'method-not-in-revision';

function session(requested: string, negotiated: string | null, lines: string[]): string {
  const init = `-> ${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: requested, capabilities: {}, clientInfo: { name: 'c', version: '1' } } })}`;
  const result =
    negotiated === null
      ? []
      : [
          `<- ${JSON.stringify({ jsonrpc: '2.0', id: 0, result: { protocolVersion: negotiated, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } })}`,
          '-> {"jsonrpc":"2.0","method":"notifications/initialized"}',
        ];
  return [init, ...result, ...lines].join('\n') + '\n';
}

async function messages(text: string): Promise<string[]> {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(text);
    })(),
    { file: 't.txt' },
  );
  return out.records.flatMap((r) => r.findings.filter((f) => f.rule === ID).map((f) => `${f.severity}: ${f.message}`));
}

const ELICIT =
  '<- {"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}}';
const TASKS_GET = '-> {"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"taskId":"t"}}';
const STATUS = '<- {"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"taskId":"t","status":"working"}}';

describe(ID, () => {
  it('reports elicitation before 2025-06-18 and tasks before 2025-11-25', async () => {
    expect(await messages(session('2025-03-26', '2025-03-26', [ELICIT, TASKS_GET, STATUS]))).toEqual([
      'error: elicitation/create is not part of revision 2025-03-26 (it exists in 2025-06-18, 2025-11-25)',
      'error: tasks/get is not part of revision 2025-03-26 (it exists in 2025-11-25)',
      'error: notifications/tasks/status is not part of revision 2025-03-26 (it exists in 2025-11-25)',
    ]);
    expect(await messages(session('2025-06-18', '2025-06-18', [ELICIT, TASKS_GET]))).toEqual([
      'error: tasks/get is not part of revision 2025-06-18 (it exists in 2025-11-25)',
    ]);
    expect(await messages(session('2025-11-25', '2025-11-25', [ELICIT, TASKS_GET, STATUS]))).toEqual([]);
  });

  it('uses the negotiated revision over the requested one', async () => {
    expect(await messages(session('2025-11-25', '2025-06-18', [TASKS_GET]))).toHaveLength(1);
    expect(await messages(session('2025-06-18', '2025-11-25', [TASKS_GET]))).toEqual([]);
  });

  it('uses the requested revision while the result is not seen', async () => {
    expect(await messages(session('2024-11-05', null, [TASKS_GET]))).toHaveLength(1);
  });

  it('says nothing for unknown, pre-release or future revisions, or without a handshake', async () => {
    expect(await messages(session('2024-10-07', '2024-10-07', [ELICIT]))).toEqual([]);
    expect(await messages(session('2026-07-28', '2026-07-28', [ELICIT]))).toEqual([]);
    expect(await messages(`${TASKS_GET}\n`)).toEqual([]);
  });

  it('ignores unknown methods and responses', async () => {
    expect(
      await messages(
        session('2025-03-26', '2025-03-26', [
          '-> {"jsonrpc":"2.0","id":1,"method":"tools/execute"}',
          '<- {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
        ]),
      ),
    ).toEqual([]);
  });
});
