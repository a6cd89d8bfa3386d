// `mcptrace mock CAPTURE…`: serve a recorded session as an MCP server, over stdio (a host runs it as its server command)
// or Streamable HTTP (--http), from any input mcptrace reads. The recording, the matching and the transports are in
// src/mock/; this reads the capture, refuses one whose bodies are not what was sent, and says at the end what it served.
import type { Argv } from 'yargs';
import { stopOnSignal } from '../live/http-proxy.js';
import { serveHttp } from '../mock/http.js';
import { RecordingBuilder, type Incomplete } from '../mock/recording.js';
import { Responder } from '../mock/responder.js';
import { serveStdio } from '../mock/stdio.js';
import { mockSummary } from '../output/mock-summary.js';
import { REDACTED } from '../output/redact.js';
import { escapeTerminal } from '../output/escape.js';
import { isModernVersion } from '../protocol/modern.js';
import { openRun, type CliIO, type RunArgs } from './context.js';
import { UsageError } from '../util/errors.js';
import { STDIN_ARG } from './inputs.js';
import { DEFAULT_HOST, listenAddress } from './listen-address.js';
import { inputOptions } from './options.js';

export interface MockArgs extends RunArgs {
  http?: string;
  path: string;
  timing: 'none' | 'recorded';
  nearest: boolean;
  unmatchedCode: number;
  mockSession?: string;
  allowIncomplete: boolean;
  failOnUnmatched: boolean;
}

export function mockBuilder(y: Argv) {
  return inputOptions(y, { files: 'the captures to serve', follow: true })
    .usage(
      "$0 mock CAPTURE… [options]\n\nServe a recorded session as an MCP server: each request gets the recorded answer of the same request (same method and params, _meta set aside), with the caller's id, and the notifications the server sent with it. Over stdio by default (give the host `mcptrace mock capture.ndjson` as the server command), or Streamable HTTP with --http.",
    )
    .option('http', {
      describe:
        'serve Streamable HTTP on [HOST:]PORT instead of stdio (port 0: any free port, printed; host 127.0.0.1 by default)',
      type: 'string',
    })
    .option('path', { describe: "the HTTP endpoint's path", type: 'string', default: '/mcp', requiresArg: true })
    .option('timing', {
      describe: 'when to send each recorded message: at once (none) or after its recorded delay (recorded)',
      choices: ['none', 'recorded'],
      default: 'none',
    })
    .option('nearest', {
      describe:
        'answer a request the capture does not hold with the recorded answer of the nearest request of its method',
      type: 'boolean',
      default: false,
    })
    .option('unmatched-code', {
      describe: 'the JSON-RPC error code answering a request the capture does not hold',
      type: 'number',
      default: -32601,
      requiresArg: true,
    })
    .option('mock-session', {
      describe: 'serve only this session of the capture (its key, as annotate shows it)',
      type: 'string',
      requiresArg: true,
    })
    .option('allow-incomplete', {
      describe:
        'serve a capture whose bodies were cut, summarised or redacted (its answers are not what the server sent)',
      type: 'boolean',
      default: false,
    })
    .option('fail-on-unmatched', {
      describe: 'exit 1 when a request was not in the capture',
      type: 'boolean',
      default: false,
    })
    .example('$0 mock session.ndjson', "a stdio server that answers as the recorded one did: the host's server command")
    .example('$0 mock --http 8931 capture.pcap', 'the same over Streamable HTTP at http://127.0.0.1:8931/mcp')
    .example(
      '$0 mock --timing recorded --nearest claude.log',
      'at the recorded pace; unknown requests get the closest recorded answer',
    );
}

export async function runMock(args: MockArgs, io: CliIO): Promise<number> {
  if (
    args.files === undefined ||
    args.files.length === 0 ||
    args.files.includes(STDIN_ARG) ||
    args.files.includes('-')
  ) {
    throw new UsageError('mock needs a capture file: its stdin is the MCP channel (mcptrace mock session.ndjson)');
  }
  if (args.follow) throw new UsageError('mock serves a finished capture: --follow does not apply');
  const address =
    args.http === undefined ? null : listenAddress(args.http === '' ? `${DEFAULT_HOST}:0` : args.http, '--http');
  const builder = new RecordingBuilder(REDACTED, args.mockSession);
  const { each } = openRun({ ...args, follow: false }, io);
  await each((r) => builder.add(r));
  refuseIncomplete(builder.incomplete, args.allowIncomplete, io);
  const recording = builder.recording();
  if (recording.messages === 0)
    throw new UsageError(
      `${args.files.join(', ')}: no MCP message to serve${args.mockSession === undefined ? '' : ` in session ${args.mockSession}`}`,
    );
  const responder = new Responder(recording, {
    unmatchedCode: args.unmatchedCode,
    nearest: args.nearest,
    timing: args.timing,
  });
  const note = (line: string) => io.stderr.write(`mcptrace mock: ${escapeTerminal(line)}\n`);
  const what = `${args.files.join(', ')} (${recording.sessions} ${recording.sessions === 1 ? 'session' : 'sessions'}, ${recording.messages} messages${recording.revision === null ? '' : `, revision ${recording.revision}`})`;
  if (address === null) {
    note(`serving ${what} on stdio`);
    await serveStdio(responder, io.stdin, io.stdout);
  } else {
    const mock = await serveHttp(responder, {
      ...address,
      path: args.path,
      stateless: recording.revision !== null && isModernVersion(recording.revision),
    });
    note(`serving ${what} at ${mock.url} (Ctrl-C stops)`);
    await stopOnSignal({ stop: () => mock.close() });
  }
  for (const line of mockSummary(responder.counts)) note(line);
  return args.failOnUnmatched && responder.counts.unmatched.length > 0 ? 1 : 0;
}

/** A capture whose answers are not the server's is refused (exit 2), unless --allow-incomplete; then a warning. */
function refuseIncomplete(found: readonly Incomplete[], allow: boolean, io: CliIO): void {
  if (found.length === 0) return;
  const first = found[0]!;
  const why = {
    cut: 'was cut by the log',
    summary: 'is only a summary',
    redacted: 'was redacted',
    unreadable: 'could not be read',
  }[first.why];
  const more = found.length > 1 ? ` (and ${found.length - 1} more)` : '';
  const text = `${first.source}: the recorded message ${why}${more}`;
  if (!allow)
    throw new UsageError(`${text}: its answers would not be the server's; --allow-incomplete serves it anyway`);
  io.stderr.write(`mcptrace mock: ${escapeTerminal(text)}; served anyway (--allow-incomplete)\n`);
}
