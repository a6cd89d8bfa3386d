// `mcptrace replay CAPTURE -- SERVER COMMAND…` / `--target URL`: the recorded client's side of a session sent again to a
// live server (src/replay/), the new session captured as `wrap` or `proxy` capture it, then compared with the
// recording as `diff` compares two captures; exit 1 when a change passes --fail-on (an answer missing is breaking).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Argv } from 'yargs';
import { compareSides } from '../diff/compare.js';
import type { Change } from '../diff/types.js';
import { requestKey } from '../mock/request-key.js';
import { escapeTerminal } from '../output/escape.js';
import { formatCount } from '../util/numbers.js';
import { countOf } from '../util/plural.js';
import { drive, type DriveResult } from '../replay/driver.js';
import { httpChannel } from '../replay/http-channel.js';
import { ScriptBuilder, type ReplayScript } from '../replay/script.js';
import { stdioChannel } from '../replay/stdio-channel.js';
import type { CliIO } from './context.js';
import { diffOptions, readSide, writeDiff, type DiffReportArgs } from './diff-report.js';
import { UsageError } from '../util/errors.js';
import { STDIN_ARG } from './inputs.js';
import { countOption } from './numeric-options.js';
import { inputOptions } from './options.js';
import { ruleOptions } from './rule-options.js';
import { commandAfterDashes } from './wrap.js';
import { PACKAGE_ROOT } from '../util/tool.js';

export interface ReplayArgs extends DiffReportArgs {
  target?: string;
  out?: string;
  timing: 'none' | 'recorded';
  timeout: number;
  replaySession?: string;
}

/** How long the server gets to end once its stdin closed (stdio) or the proxy was stopped (HTTP). */
const GRACE_MS = 5_000;

export function replayBuilder(y: Argv) {
  return diffOptions(ruleOptions(inputOptions(y, { files: 'the capture to replay', follow: false })))
    .usage(
      "$0 replay CAPTURE [options] -- SERVER COMMAND…\n$0 replay CAPTURE --target URL [options]\n\nSend the recorded client's side of a session again to a live server (the handshake, each request and notification in order, the server's requests answered as recorded), capture the new session (as wrap or proxy do), and compare it with the recording as diff does. Exit 1 when a change passes --fail-on (by default a breaking one: an answer that became an error or did not come, a tool removed …).",
    )
    .option('target', {
      alias: 't',
      describe: 'replay against this Streamable HTTP server (through proxy) instead of a command',
      type: 'string',
      requiresArg: true,
    })
    .option('out', {
      alias: 'o',
      describe: "write the new session's capture here (default: a file in a new temporary folder, printed)",
      type: 'string',
      requiresArg: true,
    })
    .option('timing', {
      describe:
        'send each message as soon as the answers it waited for came (none), or also not before its recorded time (recorded)',
      choices: ['none', 'recorded'],
      default: 'none',
    })
    .option(
      'timeout',
      countOption('timeout', 'milliseconds an answer the recording had may take before it counts as missing', 10_000),
    )
    .option('replay-session', {
      describe: 'replay this session of the capture (its key); default: the first',
      type: 'string',
      requiresArg: true,
    })
    .example(
      '$0 replay session.ndjson -- node build/index.js',
      'the recorded session against the server built from your fix',
    )
    .example(
      '$0 replay capture.pcap --target http://127.0.0.1:3001/mcp --fail-on breaking,behaviour',
      'against an HTTP server; any changed answer fails',
    );
}

export async function runReplay(args: ReplayArgs, io: CliIO, argv: readonly string[]): Promise<number> {
  const command = argv.includes('--') ? commandAfterDashes(argv) : [];
  const files = (args.files ?? []).filter((f) => !command.includes(f));
  if (files.length !== 1 || files[0] === STDIN_ARG)
    throw new UsageError('replay needs one capture: mcptrace replay CAPTURE -- SERVER COMMAND… (or --target URL)');
  if ((command.length === 0) === (args.target === undefined))
    throw new UsageError(
      'replay needs the server: a command after -- (stdio), or --target URL (Streamable HTTP), not both',
    );
  const capture = files[0]!;
  // One pass over the recording: the script to send, and side A of the comparison.
  const builder = new ScriptBuilder(args.replaySession);
  const a = await readSide([capture], { ...args, files: [capture] }, io, (r) => builder.add(r));
  const script = builder.build();
  if (script.steps.length === 0)
    throw new UsageError(
      `${capture}: no message of the client's to replay${args.replaySession === undefined ? '' : ` in session ${args.replaySession}`}`,
    );
  const out = args.out ?? join(mkdtempSync(join(tmpdir(), 'mcptrace-replay-')), 'replay.ndjson');
  const cli = fileURLToPath(new URL('dist/cli/mcptrace.js', PACKAGE_ROOT));
  const note = (line: string) => io.stderr.write(`mcptrace replay: ${escapeTerminal(line)}\n`);
  const passOn = (line: string) => io.stderr.write(`${escapeTerminal(line)}\n`);
  const channel =
    args.target === undefined
      ? stdioChannel(cli, out, command, passOn)
      : await httpChannel(cli, out, args.target, passOn);
  const done = await drive(script, channel, { timing: args.timing, timeoutMs: args.timeout });
  await channel.close(GRACE_MS);
  note(summary(done, out));
  const b = await readSide([out], { ...args, files: [out], inputFormat: undefined }, io);
  const report = compareSides(a, b, {
    ignore: args.ignore ?? [],
    maxSlowdown: args.maxSlowdown,
    maxErrorRate: args.maxErrorRate ?? null,
  });
  report.changes.unshift(...missing(script, done, args.timeout));
  return writeDiff(report, args, io);
}

/** A request answered in the recording and not now: breaking. */
function missing(script: ReplayScript, done: DriveResult, timeoutMs: number): Change[] {
  const out: Change[] = [];
  const byId = new Map(script.steps.map((s) => [s.message.id, s]));
  for (const id of done.timedOut) {
    const step = byId.get(id);
    if (!step || typeof step.message.method !== 'string') continue;
    out.push({
      category: 'behaviour',
      breaking: true,
      subject: requestKey(step.message.method, step.message.params),
      what: `answered when recorded, no answer now (within ${timeoutMs} ms)`,
    });
  }
  return out;
}

function summary(d: DriveResult, out: string): string {
  const parts = [`${countOf(d.sent, 'message')} sent, ${countOf(d.answers, 'answer')} received`];
  if (d.timedOut.length > 0) parts.push(`${formatCount(d.timedOut.length)} not answered in time`);
  if (d.serverRequests > 0)
    parts.push(
      `${countOf(d.serverRequests, 'request')} of the server's answered${d.unanswerable.length > 0 ? ` (${formatCount(d.unanswerable.length)} with no recorded answer)` : ''}`,
    );
  return `${parts.join(', ')}; the new session: ${out}`;
}
