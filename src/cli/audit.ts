// `mcptrace audit`: findings against the spec as a report (text, markdown, html, json, sarif, junit), with CI exit codes.
import type { Argv } from 'yargs';
import { AuditBuilder, type AuditBuilderState } from '../audit/build.js';
import { evidenceLines, quoteEvidence } from '../diagnose/quote.js';
import { escapeJsonForTerminal } from '../output/escape.js';
import {
  AUDIT_CHUNK_RENDERERS,
  AUDIT_FORMATS,
  AUDIT_RENDERERS,
  AUDIT_SEQUENCE_USE,
  type AuditFormat,
  type AuditRenderer,
} from '../output/audit/renderers.js';
import type { AnalysisSummary } from '../analyzer.js';
import { ruleOptions, ruleSettings, type RuleArgs } from './rule-options.js';
import { loggerFor, openRun, paletteFor, type CliIO, type RunArgs } from './context.js';
import { EXIT } from './errors.js';
import { LiveView, liveHeader, withFollow } from './follow.js';
import { buildSelection, taskFilter } from './filter.js';
import { atLogEnd } from './log-end.js';
import { escapeTerminal } from '../output/escape.js';
import { WIDTH_OPTION, filterOptions, inputOptions, jobsOption, whereOptions } from './options.js';
import { statusPrinter } from './input-notes.js';
import { inputList, STDIN_ARG } from './inputs.js';
import { runParallel, taskAnalyzer } from './jobs.js';
import { mergeSummary, redactedRenumbering } from './jobs-renumber.js';
import { defaultJobs, minPieceBytes, parallelPlan } from './jobs-plan.js';
import { limitsFor } from '../audit/collector.js';
import type { AuditReport, FailOn } from '../audit/types.js';
import { readSourceLines } from './source-lines.js';
import { redactOptions, redactorFor, type RedactArgs } from './redact-options.js';
import { PACKAGE_ROOT, TOOL } from '../util/tool.js';
import { readerWidth } from './columns.js';
import { checkOutputPath } from './out-path.js';
import { writeFilePieces, writePieces } from './writer.js';
import { sayWrote } from './wrote.js';
import { countsText } from '../output/audit/parts.js';

export interface AuditArgs extends RunArgs, RedactArgs, RuleArgs {
  width?: number;
  format?: AuditFormat;
  out?: string;
  failOn?: FailOn;
  /** `--fail-on-empty`: an input with no MCP message fails the audit. */
  failOnEmpty?: boolean;
  color?: boolean;
  jobs?: number;
}

export function auditBuilder(y: Argv) {
  return ruleOptions(
    jobsOption(
      redactOptions(
        whereOptions(filterOptions(inputOptions(y))),
        'on for html, markdown, sarif and junit; off for text and json',
      ),
      '1, or up to 4 from 256 MiB of input on',
    ),
  )
    .option('format', {
      alias: 'f',
      describe:
        "report format (default: text, on a terminal or piped alike; with -o, the file's extension when it names one: .json .html .md .sarif .xml)",
      choices: AUDIT_FORMATS,
    })
    .option('out', {
      alias: 'o',
      describe: 'write the report to FILE instead of stdout',
      type: 'string',
      requiresArg: true,
    })
    .option('width', WIDTH_OPTION)
    .option('fail-on', {
      describe:
        "exit 1 when a finding reaches this severity or a session failed; failed / degraded: when a session's verdict is that bad",
      choices: ['error', 'warning', 'info', 'none', 'failed', 'degraded'],
    })
    .option('fail-on-empty', {
      describe: 'exit 1 when an input holds no MCP message at all (a CI gate on a capture)',
      type: 'boolean',
    })
    .example('$0 audit session.ndjson', 'findings on the terminal')
    .example('$0 audit -f sarif -o mcp.sarif logs/*.ndjson', 'SARIF for code scanning')
    .example('$0 audit --fail-on warning --rule slow-response=off log.ndjson', 'CI gate')
    .example('$0 audit --fail-on-empty capture.ndjson', 'CI gate on a capture: also fails when it holds no MCP message')
    .example('$0 audit -f html -o report.html session.ndjson', 'a self-contained HTML report')
    .example(
      '$0 audit -f sarif -o mcp.sarif --jobs auto logs/*.ndjson',
      'the files on every core (a large capture in pieces), the same report',
    )
    .example(
      '$0 audit --follow s.ndjson',
      'findings redrawn as s.ndjson grows; Ctrl-C prints the report and sets the exit code',
    );
}

export async function runAudit(args: AuditArgs, io: CliIO): Promise<number> {
  if (args.out !== undefined) checkOutputPath(args.out, '-o');
  const { config, rules, ruleOptions: ruleOpts } = await ruleSettings(args);
  const failOn = args.failOn ?? config.failOn ?? 'error';
  const failOnEmpty = args.failOnEmpty ?? config.failOnEmpty ?? false;
  // The format never depends on where stdout goes: a report piped to a pager or a file reads as on the terminal.
  const format: AuditFormat = args.format ?? (args.out === undefined ? undefined : formatOfFile(args.out)) ?? 'text';
  const inputs = args.files && args.files.length > 0 ? args.files.map((f) => (f === STDIN_ARG ? '-' : f)) : ['-'];
  const palette = args.out ? paletteFor(io, false) : paletteFor(io, args.color);
  const ctx = {
    palette,
    cwd: process.cwd(),
    docBase: PACKAGE_ROOT.href,
    width: args.out ? undefined : readerWidth(io, args.width),
  };
  const render: AuditRenderer = AUDIT_RENDERERS[format];
  // Reports meant to be shared (uploaded, attached, pasted into a PR) mask secrets unless told not to.
  const redactor = redactorFor(args, REDACTED_BY_DEFAULT.has(format));
  const ended = (s: AnalysisSummary): AnalysisSummary => (redactor ? redactor.summary(s) : s);
  return withFollow(args.follow, io, async (stop) => {
    // The builder (below) is asked only when an input ends.
    const { analyzer, batches } = openRun(args, io, { rules, ruleOptions: ruleOpts }, stop, undefined, (f) =>
      builder.wentWrong(f),
    );
    // Only what the format prints: no sequence steps for json, sarif and text, no bodies but for html.
    const limits = limitsFor(AUDIT_SEQUENCE_USE[format]);
    const builder = new AuditBuilder({
      inputs,
      failOn,
      failOnEmpty,
      ruleSettings: rules,
      tool: TOOL,
      limits,
      slowMs: ruleOpts.slowMs,
      maxSessions: args.maxSessions,
    });
    // --follow reads in one thread, its files waited for (src/cli/context.ts): nothing to plan.
    const files = args.follow ? [] : await inputList(args.files);
    // --jobs: the files in worker threads, merged in input order. A redacted report's records are redacted in the
    // workers; the messages the merge re-makes and the summary, here.
    // Not told: the cores from 256 MiB of input on (1.3 × at 300 MB, 1.4–1.5 × at 1 GB on two cores, for 2.2 × the
    // memory: docs/performance.md).
    const jobs = args.jobs ?? (await defaultJobs(files, io.env));
    const plan = await parallelPlan(files, jobs, { ...args, minPieceBytes: minPieceBytes(io.env) });
    if (plan) {
      const summary: AnalysisSummary = { sessions: [], open: [], findings: [] };
      const log = loggerFor(args.logLevel, io);
      const task = {
        command: 'audit' as const,
        analyzer: taskAnalyzer(args, rules, ruleOpts),
        filter: taskFilter(await atLogEnd(args, io)),
        auditLimits: limits,
        redactKeys: redactor ? (args.redactKey ?? []) : undefined,
      };
      // The filters' note when they matched nothing, for all the workers together.
      const selection = buildSelection(task.filter, 1);
      const status = statusPrinter(io, log, args.logLevel, (f) => builder.wentWrong(f));
      await runParallel(
        plan,
        jobs,
        task,
        (r, renumber) => {
          builder.mergeFrom(
            r.state as AuditBuilderState,
            redactor ? redactedRenumbering(renumber, redactor) : renumber,
          );
          mergeSummary(summary, r, renumber); // redacted whole by `ended`
        },
        {
          log,
          inThread: io.env.MCPTRACE_JOBS_IN_THREAD === '1',
          status,
          onSelected: (s) => selection?.absorb(s),
        },
      );
      for (const line of selection?.end() ?? []) io.stderr.write(`mcptrace: ${escapeTerminal(line)}\n`);
      for (const i of summary.inputs ?? []) status.inputEnd(i);
      return finish(builder.report(ended(summary)), null);
    }
    // --follow on a terminal (report not going to --out): the report so far, without the findings only the
    // end of input can tell (unanswered requests), redrawn as records come.
    let seen = 0;
    const live =
      args.follow && !args.out
        ? new LiveView(
            io.stdout,
            () =>
              liveHeader(args.files, seen, 'the final report', palette) +
              render(builder.report(ended(analyzer.snapshot())), ctx),
          )
        : null;
    try {
      for await (const batch of batches) {
        for (let i = 0; i < batch.length; i++) builder.add(redactor ? redactor.record(batch[i]) : batch[i]);
        seen += batch.length;
        live?.changed();
      }
    } finally {
      live?.stop();
    }
    return finish(builder.report(ended(analyzer.summary())), live);
  });

  async function finish(report: AuditReport, live: LiveView | null): Promise<number> {
    // The diagnosis's evidence in the log's own words: the lines it points at, read again (only those), and redacted
    // as the records were (a line read again holds what the log held).
    const lines = await readSourceLines(evidenceLines(report.diagnoses));
    quoteEvidence(report.diagnoses, (file, n) => {
      const line = lines.get(file)?.get(n);
      return line === undefined || !redactor ? line : redactor.text(line);
    });
    // JSON and HTML in pieces, written as they come: a large report is never one string (docs/performance.md, "Memory").
    const chunked = AUDIT_CHUNK_RENDERERS[format];
    let pieces: Iterable<string> = chunked ? chunked(report, ctx) : [render(report, ctx)];
    // JSON on a terminal: characters JSON leaves raw (C1, bidi controls) are escaped too (ARCHITECTURE.md principle 7).
    if (!args.out && io.stdout.isTTY && (format === 'json' || format === 'sarif'))
      pieces = mapped(pieces, escapeJsonForTerminal);
    if (args.out) {
      await writeFilePieces(args.out, pieces);
      await sayWrote(
        io,
        args.out,
        `${format}; ${countsText(report.totals)} — ${report.failed ? `FAILED at --fail-on ${report.failOn}` : report.failOn === 'none' ? 'not gated' : `passed at --fail-on ${report.failOn}`}`,
      );
    } else await writePieces(io.stdout, prefixed(live?.stop() ?? '', pieces));
    return report.failed ? EXIT.findings : EXIT.ok;
  }
}

/** The report format a file name asks for by its extension (`report.html`), if it names one. */
function formatOfFile(path: string): AuditFormat | undefined {
  const ext = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase();
  const format =
    ext === undefined
      ? undefined
      : (
          { json: 'json', html: 'html', htm: 'html', md: 'markdown', sarif: 'sarif', xml: 'junit' } as Record<
            string,
            string
          >
        )[ext];
  return format !== undefined && (AUDIT_FORMATS as string[]).includes(format) ? (format as AuditFormat) : undefined;
}

function* mapped(pieces: Iterable<string>, f: (s: string) => string): Generator<string> {
  for (const p of pieces) yield f(p);
}

function* prefixed(first: string, pieces: Iterable<string>): Generator<string> {
  if (first !== '') yield first;
  yield* pieces;
}

/** Formats whose reports redact secrets unless `--no-redact` is given. */
const REDACTED_BY_DEFAULT: ReadonlySet<AuditFormat> = new Set(['html', 'markdown', 'sarif', 'junit'] as AuditFormat[]);
