// wrong-direction: one-way methods sent the wrong way, only where the log records the direction.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';

const ID = 'wrong-direction';

async function messages(text: string): Promise<string[]> {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(text);
    })(),
    { file: 't.txt' },
  );
  return out.records.flatMap((r) => r.findings.filter((f) => f.rule === ID).map((f) => `${r.source} ${f.message}`));
}

describe(ID, () => {
  it('reports client-only and server-only methods sent by the other side', async () => {
    expect(
      await messages(
        [
          '<- {"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}',
          '-> {"jsonrpc":"2.0","id":1,"method":"roots/list"}',
          '<- {"jsonrpc":"2.0","method":"notifications/initialized"}',
          '-> {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}',
          '<- {"jsonrpc":"2.0","method":"notifications/roots/list_changed"}',
          '<- {"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"file:///a"}}',
        ].join('\n'),
      ),
    ).toEqual([
      't.txt:1 initialize is a client-to-server request, but the server sent it',
      't.txt:2 roots/list is a server-to-client request, but the client sent it',
      't.txt:3 notifications/initialized is a client-to-server notification, but the server sent it',
      't.txt:4 notifications/tools/list_changed is a server-to-client notification, but the client sent it',
      't.txt:5 notifications/roots/list_changed is a client-to-server notification, but the server sent it',
      't.txt:6 resources/read is a client-to-server request, but the server sent it',
    ]);
  });

  it('never reports two-way methods', async () => {
    expect(
      await messages(
        [
          '<- {"jsonrpc":"2.0","id":1,"method":"ping"}',
          '-> {"jsonrpc":"2.0","id":2,"method":"ping"}',
          '-> {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}',
          '<- {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}',
          '<- {"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t"}}',
          '-> {"jsonrpc":"2.0","id":4,"method":"tasks/result","params":{"taskId":"t"}}',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('does not judge inferred directions, unknown methods or responses', async () => {
    // Raw NDJSON: every direction is inferred from the same table.
    expect(await messages('{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{}}\n')).toEqual([]);
    expect(
      await messages(
        [
          '<- {"jsonrpc":"2.0","id":1,"method":"frobnicate"}',
          '-> {"jsonrpc":"2.0","id":1,"method":"tools/list"}',
          '-> {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
