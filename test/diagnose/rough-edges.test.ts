// Rough edges of the diagnosis found on real logs, each with the shape of the log that showed it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { diagnose } from '../../src/diagnose/diagnoser.js';
import type { SessionDiagnosis } from '../../src/diagnose/types.js';

async function diagnosed(text: string, file = 'mcp-server-notes.log'): Promise<SessionDiagnosis[]> {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(text);
    })(),
    { file },
  );
  return diagnose(out.records, out);
}

// Claude Desktop (0.10 on) writes an error's metadata after its line with util.inspect: ` {` ends the line and the
// dump follows over several lines, its stack repeating the error (seen in gabrielserrao/pyrestoolbox-mcp#1,
// Rudra-ravi/wikipedia-mcp#10, modelcontextprotocol/mcpb#27; the older JSON form in gensecaihq/Wazuh-MCP-Server#8).
const SPAWN_DUMP = `2025-11-17T00:30:08.660Z [notes] [info] Initializing server... { metadata: undefined }
2025-11-17T00:30:08.676Z [notes] [error] spawn python ENOENT {
  metadata: {
    context: 'connection',
    stack: 'Error: spawn python ENOENT\\n' +
      '    at ChildProcess._handle.onexit (node:internal/child_process:285:19)\\n' +
      '    at onErrorNT (node:internal/child_process:483:16)\\n' +
      '    at process.processTicksAndRejections (node:internal/process/task_queues:90:21)'
  }
}
2025-11-17T00:30:08.677Z [notes] [error] spawn python ENOENT {
  metadata: {
    stack: 'Error: spawn python ENOENT\\n' +
      '    at ChildProcess._handle.onexit (node:internal/child_process:285:19)\\n' +
      '    at onErrorNT (node:internal/child_process:483:16)\\n' +
      '    at process.processTicksAndRejections (node:internal/process/task_queues:90:21)'
  }
}
2025-11-17T00:30:08.679Z [notes] [info] Server transport closed { metadata: undefined }
2025-11-17T00:30:08.679Z [notes] [info] Client transport closed { metadata: undefined }
2025-11-17T00:30:08.680Z [notes] [info] Server transport closed unexpectedly, this is likely due to the process exiting early. If you are developing this MCP server you can add output to stderr (i.e. \`console.error('...')\` in JavaScript, \`print('...', file=sys.stderr)\` in python) and it will appear in this log. { metadata: undefined }
2025-11-17T00:30:08.680Z [notes] [error] Server disconnected. For troubleshooting guidance, please visit our [debugging documentation](https://modelcontextprotocol.io/docs/tools/debugging) { metadata: { context: 'connection' } }
`;

const SPAWN_JSON = `2025-04-23T10:53:18.930Z [wazuh] [info] Initializing server...
2025-04-23T10:53:18.943Z [wazuh] [error] spawn python3 ENOENT {"context":"connection","stack":"Error: spawn python3 ENOENT\\n    at ChildProcess._handle.onexit (node:internal/child_process:285:19)"}
2025-04-23T10:53:18.946Z [wazuh] [info] Server transport closed
`;

describe('diagnosis rough edges', () => {
  it("a spawn failure's headline is the error, not the opening of the host's dump after it", async () => {
    for (const [log, words] of [
      [SPAWN_DUMP, 'spawn python ENOENT'],
      [SPAWN_JSON, 'spawn python3 ENOENT'],
    ] as const) {
      const [s] = await diagnosed(log);
      const d = s!.diagnoses[0]!;
      expect(d.cause).toBe('spawn-failed');
      expect(d.summary).toBe(`the server could not be started: ${words}`);
      // The stack inside the dump repeats the error: it is no evidence of its own.
      expect(d.evidence.map((e) => e.text).filter((t) => t.includes('stack'))).toEqual([]);
    }
  });
});

describe('whose a host line is', () => {
  it('Zed: a failure line naming one server leaves the lines after it to the server started last (its stderr, its initialize timeout)', async () => {
    const file = 'test/fixtures/failures/zed/zed-spawn-failed-and-initialize-timeout.log';
    const out = await analyze(
      (async function* () {
        yield readFileSync(file);
      })(),
      { file },
    );
    const sessionOf = (re: RegExp) =>
      out.records.filter((r) => re.test(r.text ?? String(r.event?.data?.text ?? ''))).map((r) => r.session);
    expect(sessionOf(/failed to start/)).toEqual(['browser-tools-context-server', 'browser-tools-context-server']);
    expect(sessionOf(/embedding 2317|took over 60s/)).toEqual(['docs-search', 'docs-search']);
    const by = new Map(diagnose(out.records, out).map((s) => [s.session, s.diagnoses.map((d) => d.cause)]));
    expect(by.get('browser-tools-context-server')).toEqual(['spawn-failed']);
    expect(by.get('docs-search')).toEqual(['initialize-timeout']);
  });
});

// Claude Desktop in 2026 says only `Failed to spawn process: …` (between its own lines, without a prefix) when the
// command is not on the PATH it lists (seen in imdinu/apple-mail-mcp#70): a spawn failure, not an unexplained exit.
describe('a spawn failure in the words of Claude Desktop 2026', () => {
  const LOG = `2026-04-03T08:20:33.103Z [mail] [info] Initializing server... { metadata: undefined }
2026-04-03T08:20:33.106Z [mail] [info] Server started and connected successfully { metadata: undefined }
Failed to spawn process: No such file or directory
2026-04-03T08:20:33.111Z [mail] [info] Server transport closed { metadata: undefined }
2026-04-03T08:20:33.111Z [mail] [info] Server transport closed unexpectedly, this is likely due to the process exiting early. If you are developing this MCP server you can add output to stderr (i.e. \`console.error('...')\` in JavaScript, \`print('...', file=sys.stderr)\` in python) and it will appear in this log. { metadata: undefined }
2026-04-03T08:20:33.111Z [mail] [error] Server disconnected. For troubleshooting guidance, please visit our [debugging documentation](https://modelcontextprotocol.io/docs/tools/debugging) { metadata: { context: 'connection', stack: undefined } }
`;
  it('is spawn-failed on the client side, with the line as evidence', async () => {
    const [s] = await diagnosed(LOG, 'mcp-server-mail.log');
    expect(s!.diagnoses.map((d) => [d.cause, d.side])).toEqual([['spawn-failed', 'client']]);
    expect(s!.diagnoses[0]!.evidence[0]!.text).toBe('Failed to spawn process: No such file or directory');
  });
});

describe("rmcp's handshake errors (Rust SDK)", () => {
  it("an rmcp client's `connection closed: initialize response`, as the application prints it, is the server closing before its answer", async () => {
    // As rust-sdk's examples print a failed serve (`tracing::error!("… error: {:?}", e)`), then main's `Error: …`.
    const log = `2026-01-08T09:14:05.231044Z  INFO notes_client: 31: connecting to notes over stdio
2026-01-08T09:14:05.233918Z ERROR notes_client: 38: client error: connection closed: initialize response
Error: ConnectionClosed("initialize response")
`;
    const [s] = await diagnosed(log, 'client.log');
    const d = s!.diagnoses[0]!;
    expect(d.cause).toBe('server-exited');
    expect(d.evidence.map((e) => e.text).join('\n')).toContain('connection closed: initialize response');
  });
});
