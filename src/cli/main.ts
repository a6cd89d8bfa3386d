// Command-line entry: parses arguments with yargs and dispatches to a command; returns the exit code.
import { fileURLToPath } from 'node:url';
import yargs, { type Argv } from 'yargs';
import { annotateBuilder, runAnnotate, type AnnotateArgs } from './annotate.js';
import type { AuditArgs } from './audit.js';
import type { DiffArgs } from './diff.js';
import type { ExploreArgs } from './explore.js';
import type { ExportArgs } from './export/target.js';
import type { FormatsArgs } from './formats.js';
import type { MockArgs } from './mock.js';
import type { RulesArgs } from './rules.js';
import { outputWidth } from './columns.js';
import { processIO, type CliIO } from './context.js';
import { displayWidth, escapeTerminal } from '../output/escape.js';
import { commandHint, unknownArgumentHint } from './did-you-mean.js';
import { EXIT } from './errors.js';
import { UsageError } from '../util/errors.js';
import { plainUsage } from './yargs-wording.js';
import { STDIN_ARG } from './inputs.js';
import { PACKAGE_ROOT, TOOL } from '../util/tool.js';
import type { ProxyArgs } from './proxy.js';
import type { ReplayArgs } from './replay.js';
import type { SqlArgs } from './sql.js';
import type { StatsArgs } from './stats.js';
import type { StoryArgs } from './story.js';
import type { WhyArgs } from './why.js';
import type { WrapArgs } from './wrap.js';

/**
 * The other commands' modules, loaded only when their name is on the command line: start-up time is paid by every
 * run, and the audit renderers or the wrap and HTTP proxies are many modules that a `stats` run never uses. The default
 * command (annotate) is always loaded.
 */
const LAZY = {
  audit: () => import('./audit.js'),
  diff: () => import('./diff.js'),
  explore: () => import('./explore.js'),
  export: () => import('./export.js'),
  formats: () => import('./formats.js'),
  mock: () => import('./mock.js'),
  proxy: () => import('./proxy.js'),
  replay: () => import('./replay.js'),
  rules: () => import('./rules.js'),
  sql: () => import('./sql.js'),
  stats: () => import('./stats.js'),
  story: () => import('./story.js'),
  why: () => import('./why.js'),
  wrap: () => import('./wrap.js'),
};

/** A command not on the command line is never selected: yargs only needs its name and description. */
const unused = (y: Argv) => y;

const EPILOG =
  "Input formats: NDJSON captures, transcripts, JSON documents, hosts' and SDKs' logs, other tools' captures, pcap/pcapng, HAR " +
  'and curl -v, detected per file (mcptrace formats lists them).\n' +
  `Docs: ${fileURLToPath(new URL('README.md', PACKAGE_ROOT))} · a rule's page: mcptrace rules <id>`;

export async function main(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  // Only mcptrace's own options: after `--` come a wrapped server's arguments.
  const dashes = argv.indexOf('--');
  const debug = (dashes === -1 ? argv : argv.slice(0, dashes)).includes('--debug');
  let usageError: string | null = null;
  // Handlers only choose the command; it runs after parsing, so a usage error never starts one.
  let selected: (() => Promise<number>) | null = null;
  // yargs drops a bare `-`; carry it through as a token no file name can be.
  const args = argv.map((a) => (a === '-' ? STDIN_ARG : a));
  const words = new Set(dashes === -1 ? argv : argv.slice(0, dashes));
  const named = <K extends keyof typeof LAZY>(name: K): Promise<Awaited<ReturnType<(typeof LAZY)[K]>> | null> =>
    words.has(name) ? (LAZY[name]() as Promise<Awaited<ReturnType<(typeof LAZY)[K]>>>) : Promise.resolve(null);
  const [audit, diff, explore, exporter, formats, mock, proxy, replay, rules, sql, stats, story, why, wrap] =
    await Promise.all([
      named('audit'),
      named('diff'),
      named('explore'),
      named('export'),
      named('formats'),
      named('mock'),
      named('proxy'),
      named('replay'),
      named('rules'),
      named('sql'),
      named('stats'),
      named('story'),
      named('why'),
      named('wrap'),
    ]);
  const parser = yargs(args)
    .scriptName('mcptrace')
    .usage('$0 <command> [options] [files..]\n\nRead MCP session logs and explain them.')
    .command(
      ['annotate [files..]', '$0 [files..]'],
      'print the annotated transcript (text, ndjson, json)',
      annotateBuilder,
      (a) => {
        selected = () => runAnnotate(a as unknown as AnnotateArgs, io);
      },
    )
    .command(
      'audit [files..]',
      'report spec violations (text, markdown, html, json, sarif, junit); exit 1 on findings',
      audit?.auditBuilder ?? unused,
      (a) => {
        selected = () => audit!.runAudit(a as unknown as AuditArgs, io);
      },
    )
    .command(
      'diff [files..]',
      "compare two captures or two sets: the server's surface, its answers, latency and failures, findings; exit 1 on a breaking change",
      diff?.diffBuilder ?? unused,
      (a) => {
        selected = () => diff!.runDiff(a as unknown as DiffArgs, io);
      },
    )
    .command(
      'explore [files..]',
      "browse a log in a full-screen terminal view: the messages, a message's body and pair, filters, jumps, sessions, the diagnosis",
      explore?.exploreBuilder ?? unused,
      (a) => {
        selected = () => explore!.runExplore(a as unknown as ExploreArgs, io);
      },
    )
    .command(
      'export [files..]',
      'write the annotated records for other systems: --to otlp (OpenTelemetry), parquet (a dataset), csv',
      exporter?.exportBuilder ?? unused,
      (a) => {
        selected = () => exporter!.runExport(a as unknown as ExportArgs, io);
      },
    )
    .command(
      'formats',
      'list every input format and host log dialect, with an example line each',
      formats?.formatsBuilder ?? unused,
      (a) => {
        selected = () => formats!.runFormats(a as unknown as FormatsArgs, io);
      },
    )
    .command(
      'mock [files..]',
      'serve a recorded session as an MCP server (stdio, or Streamable HTTP with --http): the recorded answer to each request',
      mock?.mockBuilder ?? unused,
      (a) => {
        selected = () => mock!.runMock(a as unknown as MockArgs, io);
      },
    )
    .command(
      'proxy',
      'run an HTTP reverse proxy in front of an MCP server: forward its traffic, capture (--out) and annotate (--live) the sessions',
      proxy?.proxyBuilder ?? unused,
      (a) => {
        selected = () => proxy!.runProxy(a as unknown as ProxyArgs, io);
      },
    )
    .command(
      'replay [files..]',
      "send a recorded client's session again to a live server (-- COMMAND, or --target URL), capture it, and diff it with the recording; exit 1 on a breaking change",
      replay?.replayBuilder ?? unused,
      (a) => {
        selected = () => replay!.runReplay(a as unknown as ReplayArgs, io, argv);
      },
    )
    .command(
      'rules [id]',
      'list every audit rule with its severity, revisions and documentation; with an id, print its page',
      rules?.rulesBuilder ?? unused,
      (a) => {
        selected = () => rules!.runRules(a as unknown as RulesArgs, io);
      },
    )
    .command(
      'sql <query> [files..]',
      'SQL (DuckDB) over a dataset from export --to parquet, or over logs: views records, sessions, findings',
      sql?.sqlBuilder ?? unused,
      (a) => {
        selected = () => sql!.runSql(a as unknown as SqlArgs, io);
      },
    )
    .command(
      'stats [files..]',
      'traffic statistics: lifecycle vs operation, methods, latency, pairing',
      stats?.statsBuilder ?? unused,
      (a) => {
        selected = () => stats!.runStats(a as unknown as StatsArgs, io);
      },
    )
    .command(
      'story <file> [request]',
      "one request's story: its progress, log messages, cancellation, rounds, tasks, the other side's requests, its answer, findings and timing",
      story?.storyBuilder ?? unused,
      (a) => {
        selected = () => story!.runStory(a as unknown as StoryArgs, io);
      },
    )
    .command(
      'why [files..]',
      "say what went wrong: each session's verdict, cause, responsible side and the log lines that show it; exit 1 when one failed",
      why?.whyBuilder ?? unused,
      (a) => {
        selected = () => why!.runWhy(a as unknown as WhyArgs, io);
      },
    )
    .command(
      'wrap [command..]',
      'run a stdio MCP server behind mcptrace: forward its bytes, capture (--out) and annotate (--live) the session',
      wrap?.wrapBuilder ?? unused,
      (a) => {
        selected = () => wrap!.runWrap(a as unknown as WrapArgs, io, argv);
      },
    )
    .example('$0 session.ndjson', 'annotated transcript of a saved log')
    .example('$0 stats -f json session.ndjson', 'traffic statistics as JSON')
    .example('server | $0 -', 'annotate piped live stdio as it arrives')
    .strict()
    .recommendCommands()
    .help()
    .alias('h', 'help')
    // This package's version wherever it runs from (yargs' own lookup starts at the working directory).
    .version(TOOL.version)
    .epilog(EPILOG)
    .wrap(Math.min(110, outputWidth(io)))
    .exitProcess(false)
    .fail((msg, err) => {
      const text = (msg ?? err?.message ?? 'invalid arguments').replace(/\s*\n\s*/g, ' ').trim();
      usageError ??= unknownArgumentHint(
        plainUsage(text, argv),
        Object.keys((parser as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key),
      );
    });
  // After a named command's handler yargs renders the whole help text, only to keep it for a failure message
  // later; mcptrace prints no help on failure (`.fail` above) and the rendering costs every run tens of milliseconds.
  const usage = (
    parser as unknown as { getInternalMethods?(): { getUsageInstance?(): { cacheHelpMessage?: () => void } } }
  )
    .getInternalMethods?.()
    .getUsageInstance?.();
  if (usage?.cacheHelpMessage) usage.cacheHelpMessage = () => {};
  try {
    await parser.parseAsync();
  } catch (err) {
    usageError ??= (err as Error).message;
  }
  if (usageError !== null) {
    // Messages may quote arguments and file names: control characters in them are shown escaped (principle 7).
    io.stderr.write(`mcptrace: ${escapeTerminal(usageError)} (see mcptrace --help)\n`);
    return EXIT.usage;
  }
  const command = selected as (() => Promise<number>) | null;
  if (command === null) return EXIT.ok; // --help or --version was printed
  try {
    return await command();
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(
        `mcptrace: ${escapeTerminal(commandHint(err.message, argv[0], ['annotate', ...Object.keys(LAZY)]))}\n`,
      );
      if (err.point) {
        const before = displayWidth(`mcptrace: ${escapeTerminal(err.message.slice(0, err.point.column))}`);
        io.stderr.write(`${' '.repeat(before)}^ ${escapeTerminal(err.point.note)}\n`);
      }
      return EXIT.usage;
    }
    if (debug) io.stderr.write(`${escapeTerminal((err as Error).stack ?? String(err)).replace(/\\n/g, '\n')}\n`);
    io.stderr.write(
      `mcptrace: internal error: ${escapeTerminal((err as Error).message)} (run with --debug for details)\n`,
    );
    return EXIT.internal;
  }
}
