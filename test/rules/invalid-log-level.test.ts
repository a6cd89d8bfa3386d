// invalid-log-level: the eight RFC 5424 levels, exact and lower case, on setLevel and log notifications.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { LOGGING_LEVELS } from '../../src/protocol/index.js';

const ID = 'invalid-log-level';

async function messages(lines: string[]): Promise<string[]> {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(lines.join('\n') + '\n');
    })(),
    { file: 't.ndjson' },
  );
  return out.records.flatMap((r) => r.findings.filter((f) => f.rule === ID).map((f) => `${f.severity}: ${f.message}`));
}

const setLevel = (level: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level } });
const log = (level: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level, data: 'x' } });

describe(ID, () => {
  it('accepts the eight levels on both messages', async () => {
    expect(LOGGING_LEVELS).toEqual(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
    expect(await messages(LOGGING_LEVELS.flatMap((l) => [setLevel(l), log(l)]))).toEqual([]);
  });

  it('reports other strings, other case and other types', async () => {
    expect(await messages([setLevel('verbose'), log('WARN'), log('Info'), log(3), setLevel(null)])).toEqual([
      'error: logging/setLevel level "verbose" is not a log level (debug, info, notice, warning, error, critical, alert, emergency)',
      'error: notifications/message level "WARN" is not a log level (debug, info, notice, warning, error, critical, alert, emergency)',
      'error: notifications/message level "Info" is not a log level (debug, info, notice, warning, error, critical, alert, emergency)',
      'error: notifications/message level 3 is not a log level (debug, info, notice, warning, error, critical, alert, emergency)',
      'error: logging/setLevel level null is not a log level (debug, info, notice, warning, error, critical, alert, emergency)',
    ]);
  });

  it('leaves a missing level to the schema checks and ignores other methods and responses', async () => {
    expect(
      await messages([
        '{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{}}',
        '{"jsonrpc":"2.0","method":"notifications/message"}',
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t","level":"loud"}}',
        '{"jsonrpc":"2.0","id":1,"result":{"level":"loud"}}',
      ]),
    ).toEqual([]);
  });
});
