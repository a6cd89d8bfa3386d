// capability-not-negotiated: every unmet requirement, severity by revision and by requirement level, and what is skipped.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';

const ID = 'capability-not-negotiated';

/** A transcript: handshake with these capabilities and revision, then the given lines (`->`/`<-` + JSON). */
function session(rev: string, client: unknown, server: unknown, lines: string[]): string {
  return (
    [
      `-> ${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: rev, capabilities: client, clientInfo: { name: 'c', version: '1' } } })}`,
      `<- ${JSON.stringify({ jsonrpc: '2.0', id: 0, result: { protocolVersion: rev, capabilities: server, serverInfo: { name: 's', version: '1' } } })}`,
      '-> {"jsonrpc":"2.0","method":"notifications/initialized"}',
      ...lines,
    ].join('\n') + '\n'
  );
}

async function findings(text: string, rules?: Record<string, 'error' | 'warning' | 'info' | 'off'>) {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(text);
    })(),
    { file: 't.txt', rules },
  );
  return out.records.flatMap((r) => r.findings.filter((f) => f.rule === ID).map((f) => ({ ...f, source: r.source })));
}

const LOG = '<- {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}';

describe(ID, () => {
  it('is a warning in 2024-11-05 and 2025-03-26 (SHOULD) and an error from 2025-06-18 (MUST)', async () => {
    for (const [rev, sev] of [
      ['2024-11-05', 'warning'],
      ['2025-03-26', 'warning'],
      ['2025-06-18', 'error'],
      ['2025-11-25', 'error'],
    ]) {
      const f = await findings(session(rev, {}, { tools: {} }, [LOG]));
      expect(
        f.map((x) => x.severity),
        rev,
      ).toEqual([sev]);
      expect(f[0]!.message).toBe(
        'notifications/message needs server capability logging, which the server did not declare',
      );
    }
  });

  it('keeps SHOULD-level requirements (includeContext without sampling.context) at warning', async () => {
    const f = await findings(
      session('2025-11-25', { sampling: {} }, {}, [
        '<- {"jsonrpc":"2.0","id":0,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":5,"includeContext":"thisServer"}}',
      ]),
    );
    expect(f.map((x) => [x.severity, x.message])).toEqual([
      ['warning', 'sampling/createMessage needs client capability sampling.context, which the client did not declare'],
    ]);
  });

  it('lets a user severity override win over the per-finding level', async () => {
    const f = await findings(
      session('2025-11-25', { sampling: {} }, {}, [
        '<- {"jsonrpc":"2.0","id":0,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":5,"includeContext":"allServers"}}',
      ]),
      { [ID]: 'error' },
    );
    expect(f.map((x) => x.severity)).toEqual(['error']);
  });

  it('reports every unmet requirement of a task-augmented tools/call', async () => {
    const f = await findings(
      session('2025-11-25', {}, { resources: {} }, [
        '-> {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","task":{"ttl":1000}}}',
      ]),
    );
    expect(f.map((x) => x.message)).toEqual([
      'tools/call needs server capability tasks.requests.tools.call, which the server did not declare',
      'tools/call needs server capability tools, which the server did not declare',
    ]);
  });

  it('checks sub-flags: resources.subscribe, listChanged, sampling.tools, elicitation modes, tasks flags', async () => {
    const f = await findings(
      session(
        '2025-11-25',
        { sampling: {}, elicitation: {}, roots: {}, tasks: {} },
        { resources: {}, tools: {}, prompts: {}, tasks: {} },
        [
          '-> {"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"file:///a"}}',
          '-> {"jsonrpc":"2.0","id":2,"method":"resources/unsubscribe","params":{"uri":"file:///a"}}',
          '<- {"jsonrpc":"2.0","method":"notifications/resources/list_changed"}',
          '<- {"jsonrpc":"2.0","method":"notifications/prompts/list_changed"}',
          '<- {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}',
          '-> {"jsonrpc":"2.0","method":"notifications/roots/list_changed"}',
          '<- {"jsonrpc":"2.0","id":0,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":5,"tools":[]}}',
          '<- {"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}}',
          '<- {"jsonrpc":"2.0","id":2,"method":"elicitation/create","params":{"mode":"url","elicitationId":"e","url":"https://x","message":"m"}}',
          '-> {"jsonrpc":"2.0","id":3,"method":"tasks/list"}',
          '-> {"jsonrpc":"2.0","id":4,"method":"tasks/get","params":{"taskId":"t"}}',
          '<- {"jsonrpc":"2.0","id":3,"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}},"task":{}}}',
        ],
      ),
    );
    expect(f.map((x) => x.message.replace(/, which .*/, ''))).toEqual([
      'resources/subscribe needs server capability resources.subscribe',
      'resources/unsubscribe needs server capability resources.subscribe',
      'notifications/resources/list_changed needs server capability resources.listChanged',
      'notifications/prompts/list_changed needs server capability prompts.listChanged',
      'notifications/tools/list_changed needs server capability tools.listChanged',
      'notifications/roots/list_changed needs client capability roots.listChanged',
      'sampling/createMessage needs client capability sampling.tools',
      // elicitation #1 is form mode, which an empty `elicitation: {}` declares.
      'elicitation/create needs client capability elicitation.url',
      'tasks/list needs server capability tasks.list',
      // tasks/get needs only `tasks`, which the server declared.
      'elicitation/create needs client capability tasks.requests.elicitation.create',
    ]);
  });

  it('resolves receiver- and sender-side task capabilities by direction', async () => {
    const f = await findings(
      session('2025-11-25', {}, { tools: {} }, [
        '<- {"jsonrpc":"2.0","id":0,"method":"tasks/get","params":{"taskId":"t"}}',
        '<- {"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"taskId":"t","status":"working","createdAt":"x","lastUpdatedAt":"x","ttl":null}}',
      ]),
    );
    expect(f.map((x) => x.message.replace(/, which .*/, ''))).toEqual([
      'tasks/get needs client capability tasks',
      'notifications/tasks/status needs server capability tasks',
    ]);
  });

  it('reports the missing sub-flag, not also its missing parent', async () => {
    const f = await findings(
      session('2025-11-25', {}, {}, [
        '<- {"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{"mode":"url","elicitationId":"e","url":"https://x","message":"m"}}',
      ]),
    );
    expect(f.map((x) => x.message)).toEqual([
      'elicitation/create needs client capability elicitation.url, which the client did not declare',
    ]);
  });

  it('needs no completions capability in 2024-11-05, and completions from 2025-03-26', async () => {
    const req =
      '-> {"jsonrpc":"2.0","id":1,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"p"},"argument":{"name":"a","value":""}}}';
    expect(await findings(session('2024-11-05', {}, { prompts: {} }, [req]))).toEqual([]);
    expect((await findings(session('2025-03-26', {}, { prompts: {} }, [req]))).map((x) => x.severity)).toEqual([
      'warning',
    ]);
  });

  it('reports requests and notifications, never responses', async () => {
    const f = await findings(
      session('2025-11-25', {}, {}, [
        '-> {"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        '<- {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}',
      ]),
    );
    expect(f.map((x) => x.source)).toEqual(['t.txt:4']);
  });

  it('says nothing when the declaration was not seen', async () => {
    // Log starts mid-session.
    expect(await findings(`${LOG}\n-> {"jsonrpc":"2.0","id":5,"method":"tools/list"}\n`)).toEqual([]);
    // A client request sent before the initialize result: the server's capabilities are not known yet.
    const early = [
      '-> {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
      '-> {"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      '<- {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}',
    ].join('\n');
    expect(await findings(early)).toEqual([]);
  });

  it('leaves methods outside the revision and messages sent the wrong way to their own rules', async () => {
    const f = await findings(
      session('2025-03-26', {}, {}, [
        '<- {"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}}',
        '<- {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"}}',
      ]),
    );
    expect(f).toEqual([]);
  });
});
