// `mcptrace stats`: traffic statistics as a table, JSON or Markdown.
import type { Argv } from 'yargs';
import { escapeJsonForTerminal } from '../output/escape.js';
import { formatStatsJson } from '../output/stats-json.js';
import { formatStatsMarkdown } from '../output/stats-markdown.js';
import { NO_RULES } from '../rules/registry.js';
import {
  completeDiagnoses,
  Diagnoser,
  renumberDiagnoses,
  wentWrongIn,
  type PartialDiagnosis,
} from '../diagnose/diagnoser.js';
import { StatsCollector } from '../stats/collector.js';
import { diagnosisStats } from '../stats/diagnosis.js';
import type { Stats } from '../stats/types.js';
import { loggerFor, openRun, paletteFor, type CliIO, type RunArgs } from './context.js';
import { LiveView, liveHeader, withFollow } from './follow.js';
import { buildSelection, taskFilter } from './filter.js';
import { atLogEnd } from './log-end.js';
import { escapeTerminal } from '../output/escape.js';
import { WIDTH_OPTION, filterOptions, inputOptions, jobsOption, whereOptions } from './options.js';
import { statusPrinter } from './input-notes.js';
import { inputList } from './inputs.js';
import { runParallel, taskAnalyzer } from './jobs.js';
import { mergeSummary } from './jobs-renumber.js';
import { defaultJobs, minPieceBytes, parallelPlan } from './jobs-plan.js';
import type { AnalysisSummary } from '../analyzer.js';
import type { StatsState } from '../stats/collector.js';
import { redactOptions, redactorFor, type RedactArgs } from './redact-options.js';
import { writeText } from './writer.js';
import { readerWidth } from './columns.js';

export interface StatsArgs extends RunArgs, RedactArgs {
  width?: number;
  format: 'table' | 'json' | 'markdown';
  color?: boolean;
  jobs?: number;
}

export function statsBuilder(y: Argv) {
  return jobsOption(
    redactOptions(whereOptions(filterOptions(inputOptions(y))), 'off'),
    '1, or up to 4 from 256 MiB of input on',
  )
    .option('format', {
      alias: 'f',
      describe: 'output format',
      choices: ['table', 'json', 'markdown'],
      default: 'table',
    })
    .option('width', WIDTH_OPTION)
    .example('$0 stats session.ndjson', 'tables on the terminal')
    .example('$0 stats -f json session.ndjson | jq .lifecycle', 'lifecycle share as JSON')
    .example('$0 stats -f markdown *.ndjson >> $GITHUB_STEP_SUMMARY', 'Markdown for a CI summary')
    .example('$0 stats -f json --jobs auto day-*.ndjson', 'many files, or one large capture in pieces, on every core')
    .example('$0 stats --follow s.ndjson', 'a table redrawn as s.ndjson grows; Ctrl-C prints the final one');
}

export async function runStats(args: StatsArgs, io: CliIO): Promise<number> {
  // The tables' module (cli-table3, string-width) takes a tenth of start-up to load: only for the table format.
  const table =
    args.format === 'json' || args.format === 'markdown'
      ? null
      : (await import('../output/stats-table.js')).formatStatsTable;
  return withFollow(args.follow, io, async (stop) => {
    // Tables fit the terminal a person reads them on (stdout's, or stderr's when piped into a pager) or --width;
    // with no terminal at all they keep their whole width (content only, as the goldens).
    // Statistics show no findings: skip the rules (schema checks are the costly part of the pipeline).
    // How the sessions went: the diagnosis reads every record, those the filters leave out of the counts too.
    const diagnoser = new Diagnoser({ maxLive: args.maxSessions });
    const { analyzer, batches } = openRun(
      args,
      io,
      { rules: NO_RULES },
      stop,
      (r) => diagnoser.observe(r),
      (f) => diagnoser.wentWrong(f),
    );
    const collector = new StatsCollector();
    const redactor = redactorFor(args, false);
    const format = (raw: Stats) => {
      // Statistics hold log strings only as names (tools, sessions, peers): secrets in them are masked as strings.
      const stats = redactor ? redactor.strings(raw) : raw;
      const text =
        args.format === 'json'
          ? formatStatsJson(stats)
          : args.format === 'markdown'
            ? formatStatsMarkdown(stats)
            : table!(stats, paletteFor(io, args.color), { width: readerWidth(io, args.width) });
      const safe = args.format === 'json' && io.stdout.isTTY ? escapeJsonForTerminal(text) : text;
      return safe.endsWith('\n') ? safe : safe + '\n';
    };
    // --follow reads in one thread, its files waited for (src/cli/context.ts): nothing to plan.
    const files = args.follow ? [] : await inputList(args.files);
    const jobs = args.jobs ?? (await defaultJobs(files, io.env));
    const plan = await parallelPlan(files, jobs, { ...args, minPieceBytes: minPieceBytes(io.env) });
    if (plan) {
      // --jobs: the files in worker threads, each file's counts merged in input order.
      const summary: AnalysisSummary = { sessions: [], open: [], findings: [] };
      const diagnoses: PartialDiagnosis[] = [];
      const task = {
        command: 'stats' as const,
        analyzer: taskAnalyzer(args, NO_RULES),
        filter: taskFilter(await atLogEnd(args, io)),
      };
      const log = loggerFor(args.logLevel, io);
      // The filters' note when they matched nothing, for all the workers together.
      const selection = buildSelection(task.filter, 1);
      const status = statusPrinter(io, log, args.logLevel, (f) => wentWrongIn(diagnoses, f));
      await runParallel(
        plan,
        jobs,
        task,
        (r, n) => {
          collector.mergeFrom(r.state as StatsState, (k) => n.session(k));
          diagnoses.push(...renumberDiagnoses(r.diagnoses ?? [], n));
          mergeSummary(summary, r, n);
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
      const text = format({
        ...collector.finish(summary.sessions, summary.open),
        diagnosis: diagnosisStats(completeDiagnoses(diagnoses)),
      });
      await writeText(io.stdout, text);
      return 0;
    }
    // --follow on a terminal: the tables so far (requests not answered yet count as unanswered), redrawn.
    let seen = 0;
    const live = args.follow
      ? new LiveView(io.stdout, () => {
          const { sessions, open } = analyzer.snapshot();
          return (
            liveHeader(args.files, seen, 'the final statistics', paletteFor(io, args.color)) +
            format({
              ...collector.finish(sessions, open),
              diagnosis: diagnosisStats(diagnoser.finish({ sessions, open })),
            })
          );
        })
      : null;
    try {
      for await (const batch of batches) {
        for (let i = 0; i < batch.length; i++) collector.add(batch[i]);
        seen += batch.length;
        live?.changed();
      }
    } finally {
      live?.stop();
    }
    const { sessions, open } = analyzer.summary();
    const text =
      (live?.stop() ?? '') +
      format({ ...collector.finish(sessions, open), diagnosis: diagnosisStats(diagnoser.finish({ sessions, open })) });
    await writeText(io.stdout, text);
    return 0;
  });
}
