// Real failures, diagnosed: small real stdio servers (the official SDK's McpServer, test/fixtures/live/failing/) that
// crash at start, crash or are killed mid-call, print to stdout, hang on initialize or return tool errors, and a
// command that cannot start, each driven by the official SDK client through `mcptrace wrap --out capture`, which
// records the server's stderr in the capture (one run has it appended by the shell instead, `wrap --no-stderr` and
// `2>>capture`: the client's transport gets the file's descriptor, as it was done before wrap recorded it); then
// `mcptrace why -f json` of the capture must name the cause, side and verdict, with the evidence the server really
// wrote. The healthy everything server through the same path is ok.
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Evidence } from '../../src/diagnose/types.js';
import { runMain } from '../helpers/in-process.js';
import { lazyTempDir } from '../helpers/temp.js';
import { CLI_PATH, EVERYTHING_JS, FIXTURES, REPO_ROOT, why } from './helpers.js';

const SERVER = join(FIXTURES, 'failing', 'stdio-server.mjs');
const dir = lazyTempDir('diagnosed-stdio');
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Run {
  capture: string;
  /** The capture file's physical lines (envelopes, and the server's stderr between them when appended). */
  lines: string[];
  /** What the SDK client's connect or session threw (its message). */
  clientError: string | null;
  /** Tool results the client received. */
  results: { content: { type: string; text?: string }[]; isError?: boolean }[];
}

/** Waits until the capture's text matches `re` (or 30 s have passed: the machine may be loaded). */
async function until(capture: string, re: RegExp): Promise<void> {
  const end = Date.now() + 30_000;
  while (!(existsSync(capture) && re.test(readFileSync(capture, 'utf8'))) && Date.now() < end) await delay(20);
}

/**
 * Runs `session` with the SDK client against `server` (argv) wrapped by mcptrace; `appended`: the server's stderr
 * appended to the capture by the shell's way (`--no-stderr`, wrap's stderr the capture's descriptor), else recorded by wrap.
 * `settle`: what the capture must hold before the client closes (its close ends wrap; a wrap still starting when the
 * client gave up would be ended before it recorded what the client sent).
 */
async function wrapped(
  name: string,
  server: string[],
  session: (c: Client, r: Run) => Promise<void>,
  connectMs = 30_000,
  settle?: RegExp,
  appended = false,
): Promise<Run> {
  const capture = join(dir.path, `${name}.ndjson`);
  const fd = appended ? openSync(capture, 'a') : null;
  const run: Run = { capture, lines: [], clientError: null, results: [] };
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_PATH, 'wrap', ...(appended ? ['--append', '--no-stderr'] : []), '--out', capture, '--', ...server],
    cwd: REPO_ROOT,
    stderr: fd ?? 'ignore',
  });
  const client = new Client({ name: 'mcptrace-diagnosis-test', version: '1.0.0' });
  if (settle) {
    // The client's limit is the subject: it starts counting once wrap and the server run (on a loaded machine wrap
    // may take longer than the limit to start). connect() starts the transport itself: started here, it must not be again.
    await transport.start();
    transport.start = async () => {};
    await until(capture, /"event":"start"/);
  }
  try {
    await client.connect(transport, { timeout: connectMs });
    await session(client, run);
  } catch (err) {
    run.clientError = (err as Error).message;
  }
  if (settle) await until(capture, settle);
  await client.close();
  // wrap's last record: `exit`, or `spawn-error` for a command that never ran.
  await until(capture, /"event":"(?:exit|spawn-error)"/);
  if (fd !== null) closeSync(fd);
  run.lines = readFileSync(capture, 'utf8').split('\n');
  return run;
}

const call = (name: string, args: Record<string, unknown>) => async (c: Client, r: Run) => {
  r.results.push(
    (await c.callTool({ name, arguments: args }, CallToolResultSchema, { timeout: 30_000 })) as Run['results'][number],
  );
};

/** The physical line of the capture an evidence points at. */
const lineOf = (run: Run, e: Evidence) => run.lines[Number(e.source.slice(e.source.lastIndexOf(':') + 1)) - 1];
/** The server's stderr line an evidence points at: the line of wrap's record of it (or the line appended). */
const stderrLineOf = (run: Run, e: Evidence) => {
  const line = lineOf(run, e)!;
  if (!line.startsWith('{')) return line;
  const r = JSON.parse(line) as { dir?: string; line?: string };
  expect(r.dir).toBe('stderr');
  return r.line;
};
/** The server's stderr lines as the capture has them. */
const stderrLines = (run: Run) =>
  run.lines.filter((l) => l.includes('"dir":"stderr"')).map((l) => (JSON.parse(l) as { line: string }).line);

/** The server run by itself (no wrap, no client): its stderr lines and exit status, what a crash at start prints. */
function alone(mode: string): { stderr: string[]; status: number | null } {
  const r = spawnSync(process.execPath, [SERVER, mode], { input: '', encoding: 'utf8', timeout: 20_000 });
  return { stderr: r.stderr.split('\n'), status: r.status };
}

const runs = new Map<string, Promise<Run>>();
beforeAll(() => {
  const node = process.execPath;
  const cases: [string, string[], (c: Client, r: Run) => Promise<void>, number?, RegExp?, boolean?][] = [
    ['crash-at-start', [node, SERVER, 'crash-at-start'], async () => {}],
    // The server's stderr appended by the shell (a capture of an mcptrace before wrap recorded it).
    ['missing-module', [node, SERVER, 'missing-module'], async () => {}, undefined, undefined, true],
    ['crash-mid-call', [node, SERVER, 'crash-mid-call'], call('query', { sql: 'select 1' })],
    ['killed-mid-call', [node, SERVER, 'killed-mid-call'], call('query', { sql: 'select 1' })],
    ['pollution', [node, SERVER, 'pollution'], call('echo', { text: 'hello' })],
    // The SDK client's own limit: it cancels initialize with -32001 "Request timed out" and gives up.
    ['hang', [node, SERVER, 'hang'], async () => {}, 1500, /notifications\/cancelled/],
    [
      'tool-errors',
      [node, SERVER, 'tool-errors'],
      async (c, r) => {
        await call('lookup', { id: 'C-1042' })(c, r);
        await call('fetch', { url: 'https://crm.example.com/customers' })(c, r);
        await call('echo', { text: 'still here' })(c, r);
        await call('lookup', { id: 'C-7' })(c, r);
      },
    ],
    // The client's limit on one call: it cancels the call with its -32001 reason and goes on with the session.
    [
      'hang-tool',
      [node, SERVER, 'hang-tool'],
      async (c, r) => {
        await c
          .callTool({ name: 'export', arguments: {} }, CallToolResultSchema, { timeout: 1500 })
          .catch((err: Error) => {
            r.clientError = err.message;
          });
        await call('echo', { text: 'after the timeout' })(c, r);
      },
    ],
    // One answer past the slow threshold (the default 5000 ms): `why --slow-ms 300` takes a shorter one.
    [
      'slow-tool',
      [node, SERVER, 'slow-tool'],
      async (c, r) => {
        await call('report', { ms: 20 })(c, r);
        await call('report', { ms: 900 })(c, r);
      },
    ],
    ['old-version', [node, SERVER, 'old-version'], async () => {}],
    ['enoent', ['mcptrace-no-such-server', '--stdio'], async () => {}],
    // wrap's own message appended with the server's stderr.
    ['eacces', [join(dir.path, 'not-executable.mjs')], async () => {}, undefined, undefined, true],
    [
      'everything',
      [node, EVERYTHING_JS, 'stdio'],
      async (c, r) => {
        await c.listTools();
        await call('echo', { message: 'hello' })(c, r);
      },
    ],
  ];
  writeFileSync(join(dir.path, 'not-executable.mjs'), readFileSync(SERVER), { mode: 0o644 });
  for (const [name, argv, session, ms, settle, appended] of cases)
    runs.set(name, wrapped(name, argv, session, ms, settle, appended));
}, 60_000);

const get = (name: string) => runs.get(name)!;

describe('wrap + the SDK client: a server that crashes at start', () => {
  it.each([
    ['crash-at-start', /^TypeError: /],
    ['missing-module', /^Error: Cannot find module /],
  ])(
    '%s: server-exited on the server side, the exception line (not the first line of the trace) and the exit code',
    async (mode, headline) => {
      const run = await get(mode);
      expect(run.clientError).toBe('MCP error -32000: Connection closed');
      const own = alone(mode);
      const exception = own.stderr.find((l) => headline.test(l))!;
      expect(exception).toBeDefined();
      expect(own.stderr[0]).not.toBe(exception); // Node prints the file and the source line first
      const [s] = await why(run.capture);
      expect(s!.verdict).toBe('failed');
      expect(s!.diagnoses.map((d) => [d.cause, d.side, d.impact])).toEqual([['server-exited', 'server', 'failed']]);
      const d = s!.diagnoses[0]!;
      expect(d.summary).toBe(`the server exited before answering initialize: ${exception}`);
      expect(d.evidence.map((e) => e.text)).toEqual([exception, `exit code ${own.status}`]);
      expect(stderrLineOf(run, d.evidence[0]!)).toBe(exception); // the line as the server wrote it, in the capture
      expect(JSON.parse(lineOf(run, d.evidence[1]!)!)).toMatchObject({ event: 'exit', code: own.status, signal: null });
    },
  );
});

describe('wrap + the SDK client: a server that dies with a tool call open', () => {
  it('exit code 1 after an error line on stderr: server-exited, server side, that line and the exit code', async () => {
    const run = await get('crash-mid-call');
    expect(run.clientError, run.lines.join('\n')).toBe('MCP error -32000: Connection closed');
    const [s] = await why(run.capture);
    expect(s!.diagnoses.map((d) => [d.cause, d.side, d.impact])).toEqual([['server-exited', 'server', 'failed']]);
    const d = s!.diagnoses[0]!;
    const written = stderrLines(run).filter((l) => l.startsWith('fatal: '));
    expect(written).toHaveLength(1);
    expect(d.evidence.map((e) => e.text)).toEqual([written[0], 'exit code 1']);
    expect(stderrLineOf(run, d.evidence[0]!)).toBe(written[0]);
    expect(d.summary).toBe(`the server exited with a request open: ${written[0]}`);
  });

  it('killed by SIGKILL: server-exited (not a request timeout), side unknown, the signal as evidence', async () => {
    const run = await get('killed-mid-call');
    expect(run.clientError).toBe('MCP error -32000: Connection closed');
    const exit = run.lines.filter((l) => l.includes('"event":"exit"')).map((l) => JSON.parse(l));
    expect(exit).toMatchObject([{ code: null, signal: 'SIGKILL' }]);
    const [s] = await why(run.capture);
    expect(s!.verdict).toBe('failed');
    expect(s!.diagnoses.map((d) => [d.cause, d.side, d.impact])).toEqual([['server-exited', 'unknown', 'failed']]);
    expect(s!.diagnoses[0]!.evidence.map((e) => e.text)).toEqual(['killed by SIGKILL']);
    expect(s!.diagnoses[0]!.summary).toBe(
      'the server exited with a request open: killed by SIGKILL, and the log holds no error output that says why',
    );
    // The audit's "What happened" is the same diagnosis.
    const audit = JSON.parse((await runMain(['audit', '-f', 'json', run.capture])).stdout) as { diagnoses: unknown[] };
    expect(audit.diagnoses).toEqual(
      s!.diagnoses.map((d) => ({ session: s!.session, server: null, verdict: s!.verdict, ...d })),
    );
  });
});

describe('wrap + the SDK client: a server that prints to stdout', () => {
  it('stdout-pollution on the server side, degraded, each line it printed as evidence', async () => {
    const run = await get('pollution');
    expect(run.clientError).toBeNull(); // the SDK client skips the lines and goes on
    expect(run.results[0]!.content).toEqual([{ type: 'text', text: 'hello' }]);
    const printed = run.lines
      .filter((l) => l.startsWith('{') && JSON.parse(l).dir === 's2c')
      .map((l) => JSON.parse(l).line as string)
      .filter((l) => !l.startsWith('{'));
    expect(printed).toHaveLength(2);
    const [s] = await why(run.capture);
    expect(s!.verdict).toBe('degraded');
    expect(s!.diagnoses.map((d) => [d.cause, d.side, d.impact])).toEqual([['stdout-pollution', 'server', 'degraded']]);
    expect(s!.diagnoses[0]!.evidence.map((e) => e.text)).toEqual(printed);
  });
});

describe('wrap + the SDK client: a server that never answers initialize', () => {
  it("the client gives up (-32001): initialize-timeout, server side, the client's cancel as evidence", async () => {
    const run = await get('hang');
    expect(run.clientError).toBe('MCP error -32001: Request timed out');
    const [s] = await why(run.capture);
    expect(s?.verdict, run.lines.join('\n')).toBe('failed');
    expect(s!.diagnoses.map((d) => [d.cause, d.side, d.impact])).toEqual([['initialize-timeout', 'server', 'failed']]);
    const [e] = s!.diagnoses[0]!.evidence;
    // The cancel as it went over the wire (the envelope's line), its reason the client's error.
    const sent = JSON.parse(lineOf(run, e!)!);
    expect(e!.text).toBe(sent.line);
    expect(JSON.parse(e!.text).params.reason).toContain(run.clientError);
    expect(s!.diagnoses[0]!.summary).toMatch(
      /^the server did not answer initialize; it was silent for \d+\.\d s and the host gave up$/,
    );
  });
});

describe('wrap + the SDK client: tools that fail', () => {
  it('tool-errors on the tool side, each distinct failure text the client received as evidence', async () => {
    const run = await get('tool-errors');
    expect(run.clientError).toBeNull();
    const failed = run.results.filter((r) => r.isError === true).map((r) => r.content[0]!.text!);
    expect(failed).toHaveLength(3);
    const [s] = await why(run.capture);
    expect(s!.verdict).toBe('degraded');
    expect(s!.diagnoses.map((d) => [d.cause, d.side, d.impact])).toEqual([['tool-errors', 'tool', 'degraded']]);
    const d = s!.diagnoses[0]!;
    expect(d.evidence.map((e) => e.text)).toEqual(failed);
    expect(d.summary).toBe(
      `3 of 4 tool calls failed inside the tool — lookup: ${failed[0]}; fetch: ${failed[1]}; lookup: ${failed[2]}`,
    );
  });
});

describe('wrap + the SDK client: a tool call the server never answers', () => {
  it('the client gives up on it (-32001): request-timeout, server side, the cancel as evidence; degraded, as the session went on', async () => {
    const run = await get('hang-tool');
    expect(run.clientError).toBe('MCP error -32001: Request timed out');
    expect(run.results.map((r) => r.content[0]!.text)).toEqual(['after the timeout']);
    const [s] = await why(run.capture);
    expect(s!.diagnoses.map((d) => [d.cause, d.side])).toEqual([['request-timeout', 'server']]);
    const d = s!.diagnoses[0]!;
    expect(d.summary).toContain('export');
    const sent = JSON.parse(lineOf(run, d.evidence[0]!)!);
    expect(sent.dir).toBe('c2s');
    expect(JSON.parse(sent.line)).toMatchObject({
      method: 'notifications/cancelled',
      params: { reason: expect.stringContaining(run.clientError!) },
    });
  });
});

describe('wrap + the SDK client: a slow tool', () => {
  it('slow, server side, degraded, the slow call as evidence, past the threshold given; none at the default 5 s', async () => {
    const run = await get('slow-tool');
    expect(run.results.map((r) => r.content[0]!.text)).toEqual([
      'report ready after 20 ms',
      'report ready after 900 ms',
    ]);
    const [quick] = await why(run.capture);
    expect(quick!.verdict).toBe('ok');
    expect(quick!.diagnoses.filter((d) => d.impact !== 'note')).toEqual([]);
    const [s] = await why(run.capture, ['--slow-ms', '300']);
    expect(s!.diagnoses.map((d) => [d.cause, d.side, d.impact])).toEqual([['slow', 'server', 'degraded']]);
    const d = s!.diagnoses[0]!;
    expect(d.summary).toMatch(/tools\/call report \d+\.\d s/);
    // The slow call's answer: the 900 ms report, not the 20 ms one (initialize may be slow too on a loaded machine).
    const answered = d.evidence.map(
      (e) => JSON.parse(JSON.parse(lineOf(run, e)!).line) as { result: { content?: { text: string }[] } },
    );
    const reports = answered.flatMap((m) => m.result.content?.map((c) => c.text) ?? []);
    expect(reports).toEqual(['report ready after 900 ms']);
  });
});

describe('wrap + the SDK client: a server that answers an unsupported revision', () => {
  it('the client refuses it: version-mismatch, failed, the answer as evidence', async () => {
    const run = await get('old-version');
    expect(run.clientError).toBe("Server's protocol version is not supported: 2023-01-01");
    const [s] = await why(run.capture);
    expect(s!.verdict).toBe('failed');
    expect(s!.diagnoses[0]!.cause).toBe('version-mismatch');
    expect(s!.diagnoses[0]!.summary).toContain('2023-01-01');
    expect(s!.diagnoses[0]!.evidence.some((e) => e.text.includes('"protocolVersion":"2023-01-01"'))).toBe(true);
  });
});

describe('wrap + the SDK client: a command that cannot start', () => {
  it.each([
    ['enoent', 'command not found (ENOENT)', false],
    ['eacces', 'permission denied (EACCES)', true],
  ])(
    "%s: spawn-failed on the client side, wrap's spawn-error as evidence (the capture alone; appended: and wrap's message)",
    async (name, reason, appended) => {
      const run = await get(name);
      // wrap exits at once: the client's first write meets a closed pipe, or its read the end of it.
      expect(run.clientError).toMatch(/^MCP error -32000: Connection closed$|EPIPE/);
      const record = run.lines.filter((l) => l.includes('"event":"spawn-error"')).map((l) => JSON.parse(l))[0];
      expect(record.message).toMatch(new RegExp(`^cannot start .+: ${reason.replace(/[()]/g, '\\$&')}$`));
      const [s] = await why(run.capture);
      expect(s!.verdict).toBe('failed');
      expect(s!.diagnoses.map((d) => [d.cause, d.side, d.impact])).toEqual([['spawn-failed', 'client', 'failed']]);
      // wrap's own message is no line of the server's stderr: only when appended is it in the capture.
      expect(s!.diagnoses[0]!.evidence.map((e) => e.text)).toEqual(
        appended ? [`mcptrace: ${record.message}`, record.message] : [record.message],
      );
      // wrap's capture by itself (no stderr in it): the spawn-error record says it all.
      const bare = join(dir.path, `${name}-bare.ndjson`);
      writeFileSync(bare, `${run.lines.filter((l) => l.startsWith('{')).join('\n')}\n`);
      const [t] = await why(bare);
      expect(t!.diagnoses.map((d) => [d.cause, d.side, d.evidence.map((e) => e.text)])).toEqual([
        ['spawn-failed', 'client', [record.message]],
      ]);
    },
  );
});

describe('wrap + the SDK client: the everything server', () => {
  it('a healthy session is ok, with no cause', async () => {
    const run = await get('everything');
    expect(run.clientError, run.lines.join('\n')).toBeNull();
    expect(run.results[0]!.content).toEqual([{ type: 'text', text: 'Echo: hello' }]);
    expect(existsSync(run.capture)).toBe(true);
    const sessions = await why(run.capture);
    expect(sessions.map((s) => [s.verdict, s.diagnoses])).toEqual([['ok', []]]);
  });
});
