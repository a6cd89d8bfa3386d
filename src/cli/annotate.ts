// `mcptrace annotate`: the annotated transcript as text, NDJSON (the record contract) or JSON.
import type { Argv } from 'yargs';
import type { Analyzer, AnalysisSummary } from '../analyzer.js';
import { Diagnoser } from '../diagnose/diagnoser.js';
import { recordToJson } from '../output/json.js';
import { recordMessageJson, recordToNdjson, recordToNdjsonHead } from '../output/ndjson.js';
import { escapeJsonForTerminal } from '../output/escape.js';
import type { Redactor } from '../output/redact.js';
import { TextTranscript } from '../output/transcript.js';
import { SessionTags } from '../output/session-tags.js';
import type { PipelineRecord } from '../types.js';
import { transcriptColumns } from './columns.js';
import { openRun, paletteFor, type CliIO, type RunArgs } from './context.js';
import { withFollow } from './follow.js';
import { bodyWidthOption, filterOptions, inputOptions, jobsOption, whereOptions, widthOption } from './options.js';
import { redactOptions, redactorFor, type RedactArgs } from './redact-options.js';
import { ruleOptions, ruleSettings, type RuleArgs } from './rule-options.js';
import { OutputWriter, writeText } from './writer.js';
import { escapeTerminal } from '../output/escape.js';
import type { AnalyzerOptions } from '../analyzer.js';
import { loggerFor } from './context.js';
import { buildSelection, taskFilter } from './filter.js';
import { statusPrinter } from './input-notes.js';
import { inputList } from './inputs.js';
import { defaultJobs, minPieceBytes, parallelPlan } from './jobs-plan.js';
import { runOutputParallel } from './jobs-output.js';
import { taskAnalyzer } from './jobs.js';
import { mergeFileResults } from './jobs-merged.js';
import { atLogEnd } from './log-end.js';
import { UsageError } from '../util/errors.js';

export interface AnnotateArgs extends RunArgs, RedactArgs, RuleArgs {
  format: 'text' | 'ndjson' | 'json';
  /** `--body` (''), `--body full`, `--no-body` (false); a value that is none of these was a file name (see `bodyArg`). */
  body?: boolean | string;
  width?: number;
  bodyWidth?: number;
  color?: boolean;
  /** `--story REQUEST`: that request's story instead of the transcript (`mcptrace story`). */
  story?: string;
  jobs?: number;
}

/** `--body`'s value: on, off, or on with whole bodies; undefined when not given (the format's default). */
type Body = { on: boolean; full: boolean; pretty?: boolean } | undefined;

/**
 * `--body` takes an optional value (`full`), so a file name right after it is read as its value: it is put back
 * among the files (`annotate --body log.ndjson` means what it says).
 */
function bodyArg(args: Pick<AnnotateArgs, 'body' | 'files'>): { body: Body; files: string[] | undefined } {
  const v = args.body;
  if (v === undefined) return { body: undefined, files: args.files };
  if (v === false || v === 'false') return { body: { on: false, full: false }, files: args.files };
  if (v === true || v === '' || v === 'true') return { body: { on: true, full: false }, files: args.files };
  if (v === 'full') return { body: { on: true, full: true }, files: args.files };
  if (v === 'pretty') return { body: { on: true, full: false, pretty: true }, files: args.files };
  return { body: { on: true, full: false }, files: [v, ...(args.files ?? [])] };
}

export function annotateBuilder(y: Argv) {
  return jobsOption(
    bodyWidthOption(widthOption(ruleOptions(redactOptions(whereOptions(filterOptions(inputOptions(y))), 'off')))),
    '1, or up to 4 from 256 MiB of input on, for -f ndjson and json; text: 1',
  )
    .option('format', { alias: 'f', describe: 'output format', choices: ['text', 'ndjson', 'json'], default: 'text' })
    .option('body', {
      describe:
        'include message bodies (default: on for ndjson/json, off for text). In text each is cut to one line, or to --body-width N characters; --body full prints them whole; --body pretty indents them over lines, text as text and JSON inside text as JSON; --no-body leaves them out',
      type: 'string',
    })
    .option('story', {
      describe:
        "print one request's story instead (as mcptrace story FILE REQUEST): its id, or '#N' for the record numbered N",
      type: 'string',
    })
    .option('logs', {
      describe: 'print the lines of a host or SDK log that are not MCP messages (log records); --no-logs hides them',
      type: 'boolean',
      default: true,
      group: 'Filters:',
    })
    .example('$0 annotate session.ndjson', 'readable transcript')
    .example('$0 annotate -f ndjson session.ndjson | jq .', 'one annotated record per line (the record contract)')
    .example(
      'server < requests.ndjson | $0 annotate -',
      "a server's stdout as it arrives: only the server's side (no orphans)",
    )
    .example('$0 annotate --width 200 --body full session.ndjson', 'wide lines, each message whole under its line')
    .example('$0 annotate --body pretty session.ndjson', 'each message indented under its line, tool results as text')
    .example('$0 annotate --no-logs host.log', 'only the MCP messages of a host log, not its other lines')
    .example(
      '$0 annotate --follow s.ndjson',
      'keep printing as s.ndjson grows (e.g. a `wrap --out` capture); Ctrl-C ends',
    )
    .example("$0 annotate --method 'tools/*' --phase operation log.ndjson", 'only tool traffic during operation')
    .example(
      "$0 annotate --where 'isError or latency > 2s' log.ndjson",
      'failed or slow answers, each with its request (docs/filter.md)',
    )
    .example(
      '$0 annotate --rule schema-violation=off --config mcptrace.json log.ndjson',
      'findings on the records as audit would set them',
    );
}

export async function runAnnotate(given: AnnotateArgs, io: CliIO): Promise<number> {
  const { body, files } = bodyArg(given);
  if (given.story !== undefined) return annotateStory(given, files, io);
  const args = { ...given, files, body: body?.on, bodyFull: body?.full === true, bodyPretty: body?.pretty === true };
  // --follow: records are printed as they come; Ctrl-C ends the input, and the end (footer) follows as usual.
  // The findings on the records follow the same settings as audit's (`--rule`, `--config`; `failOn` is audit's alone).
  const { rules, ruleOptions: ruleOpts } = await ruleSettings(args);
  const parallel = await annotateParallel(args, io, rules, ruleOpts);
  if (parallel !== null) return parallel;
  return withFollow(args.follow, io, async (stop) => {
    // A failure is marked on the record where it shows (a crash, a timeout …: `marks`), and the text ends with what
    // went wrong in each session: the diagnosis reads every record, those the filters hide too (what went wrong does
    // not depend on what is shown), before it is printed.
    const diagnoser = new Diagnoser({ slowMs: ruleOpts.slowMs, maxLive: args.maxSessions });
    const mark = (r: PipelineRecord): void => {
      const marks = diagnoser.observe(r);
      if (marks) r.marks = marks;
    };
    const redactor = redactorFor(args, false);
    // The sessions' tags as the text shows them, given from every record (those the filters hide too): `--session s2` takes what the screen shows.
    const tags = new SessionTags(redactor ? (key) => redactor.text(key) : undefined);
    const { analyzer, each, batches } = openRun(args, io, { rules, ruleOptions: ruleOpts, tags }, stop, mark, (f) =>
      diagnoser.wentWrong(f),
    );
    const out = new OutputWriter(io.stdout);
    const made = makeSink(args, io, analyzer, redactor, diagnoser, tags);
    // JSON on a terminal: characters JSON leaves raw (C1, bidi controls) are escaped too (ARCHITECTURE.md principle 7).
    const sink = io.stdout.isTTY && args.format !== 'text' ? terminalSafe(made) : made;
    if (args.format === 'text') {
      // The text transcript prints session headers from the analyzer's state as of each record: each is formatted as
      // soon as its frame is annotated.
      // The diagnosis reads every record, those the filters hide too: what went wrong does not depend on what is shown.
      await each((r) => out.write(sink.record(r)));
    } else {
      for await (const batch of batches) {
        let pending: Promise<void> | undefined;
        for (let i = 0; i < batch.length; i++)
          pending = sink.write ? sink.write(batch[i], out) || undefined : (out.write(sink.record(batch[i])), undefined);
        if (pending) await pending;
      }
    }
    const summary = analyzer.summary();
    out.write(sink.end(summary));
    await out.end();
    return 0;
  });
}

/** `annotate --story REQUEST FILE`: the story command's output, as text or (for `-f json` or `ndjson`) JSON. */
async function annotateStory(args: AnnotateArgs, files: string[] | undefined, io: CliIO): Promise<number> {
  if (files === undefined || files.length !== 1) throw new UsageError('annotate --story reads one log: name it');
  if (args.session !== undefined && args.session.length > 1)
    throw new UsageError('annotate --story: give one --session');
  const { runStory } = await import('./story.js');
  return runStory(
    {
      ...args,
      file: files[0]!,
      request: args.story,
      format: args.format === 'text' ? 'text' : 'json',
      body: args.body !== undefined && args.body !== false,
      session: args.session?.[0],
      method: undefined,
      tool: undefined,
    },
    io,
  );
}

interface Sink {
  record(r: PipelineRecord): string;
  /** Optional: writes the record straight to the output (no line string built first). */
  write?(r: PipelineRecord, out: OutputWriter): Promise<void> | void;
  end(summary: AnalysisSummary): string;
}

/** A JSON sink whose output is escaped for a terminal (record by record: the fast path's direct write is not used). */
function terminalSafe(sink: Sink): Sink {
  return { record: (r) => escapeJsonForTerminal(sink.record(r)), end: (s) => escapeJsonForTerminal(sink.end(s)) };
}

/** `redactor`: masks secrets in what is printed (records, session details, end-of-input findings); null: nothing. */
function makeSink(
  args: AnnotateArgs & { body?: boolean; bodyFull: boolean; bodyPretty: boolean },
  io: CliIO,
  analyzer: Analyzer,
  redactor: Redactor | null,
  diagnoser: Diagnoser,
  tags: SessionTags,
): Sink {
  const shown = redactor ? (r: PipelineRecord) => redactor.record(r) : (r: PipelineRecord) => r;
  const ended = redactor ? (s: AnalysisSummary) => redactor.summary(s) : (s: AnalysisSummary) => s;
  if (args.format === 'ndjson') {
    const opts = { body: args.body ?? true };
    return {
      record: (r) => recordToNdjson(shown(r), opts) + '\n',
      // The message text is copied into the output as it was read: never joined into the line first.
      write: (r0, out) => {
        const r = shown(r0);
        return opts.body
          ? out.writeParts(recordToNdjsonHead(r, opts), recordMessageJson(r), '}\n')
          : out.write(recordToNdjsonHead(r, opts) + '}\n');
      },
      end: () => '',
    };
  }
  if (args.format === 'json') {
    // Streamed as it goes, so a large log never sits in memory as one document.
    const opts = { body: args.body ?? true };
    let first = true;
    return {
      record: (r) => {
        const head = first ? '{"records":[\n' : ',\n';
        first = false;
        return head + JSON.stringify(recordToJson(shown(r), opts));
      },
      end: (summary) => jsonEnd(!first, ended(summary)),
    };
  }
  const palette = paletteFor(io, args.color);
  const transcript = new TextTranscript(palette, {
    body: args.body ?? false,
    bodyWidth: args.bodyPretty ? 'pretty' : args.bodyFull ? 'full' : args.bodyWidth,
    width: transcriptColumns(io, args.width),
    tags,
  });
  return {
    record: (r) => {
      const info = analyzer.session(r.session);
      return transcript.record(shown(r), info, info && redactor ? redactor.session(info) : info);
    },
    end: (summary) =>
      transcript.end(ended(summary).open, diagnoser.finish(summary), redactor ? (s) => redactor.text(s) : undefined),
  };
}

/** The end of `-f json`'s document, after its records (`records`: there was one). */
function jsonEnd(records: boolean, { sessions, open, findings }: AnalysisSummary): string {
  return (
    (records ? '\n' : '{"records":[') +
    `],\n"sessions":${JSON.stringify(sessions)},\n"unanswered":${JSON.stringify(open)},\n"findings":${JSON.stringify(findings)}}\n`
  );
}

/**
 * Pieces of a large file's annotate output: about 8 MiB of input each (a piece's output waits whole for its turn). On
 * the 1 GB bench logs with 2 workers, against 16 MiB: the same time, peak RSS 382–397 MiB against 439–478; 4 MiB
 * cost 10% more time on the raw log (docs/performance.md).
 */
const ANNOTATE_PIECE_BYTES = 8 * 1024 * 1024;

/**
 * `--jobs N` (or large input): `-f ndjson` and `json` made by worker threads (src/cli/jobs-output.ts), the same bytes
 * as one thread's; null when the run stays in one thread. The text transcript stays in one: its lines depend on all
 * the records before them (a record number's width moves the columns after it, the session column appears once
 * sessions interleave, the clock once a record had a time, the `s2` tags count the sessions before). So does a
 * terminal (its JSON escaped further), `--redact` (a message that quotes a seq is redacted as a whole), and what the
 * plan keeps in one thread (stdin, `--follow`, session filters).
 */
async function annotateParallel(
  args: AnnotateArgs & { body?: boolean },
  io: CliIO,
  rules: AnalyzerOptions['rules'],
  ruleOpts: AnalyzerOptions['ruleOptions'],
): Promise<number | null> {
  const format = args.format;
  if (format === 'text' || args.follow || io.stdout.isTTY || redactorFor(args, false) !== null) return null;
  const files = await inputList(args.files);
  const jobs = args.jobs ?? (await defaultJobs(files, io.env));
  const pieceBytes = minPieceBytes(io.env, ANNOTATE_PIECE_BYTES);
  const plan = await parallelPlan(files, jobs, { ...args, minPieceBytes: pieceBytes, bySize: true });
  if (plan === null) return null;
  const filter = await atLogEnd(args, io);
  const task = {
    command: 'annotate' as const,
    format,
    body: args.body ?? true,
    analyzer: taskAnalyzer(args, rules, ruleOpts),
    filter: { ...taskFilter(filter), logs: filter.logs },
  };
  const log = loggerFor(args.logLevel, io);
  // The filters' note when they matched nothing, for all the workers together.
  const selection = buildSelection(task.filter, 1);
  let wentWrong = false;
  const status = statusPrinter(io, log, args.logLevel, () => wentWrong);
  const summary: Required<AnalysisSummary> = { sessions: [], open: [], findings: [], inputs: [] };
  const { records } = await runOutputParallel(
    plan,
    jobs,
    task,
    io.stdout,
    (results) => {
      // Before the inputs' ends are told: the note on an input with no MCP message says whether a session went wrong.
      wentWrong = results.some((r) => r.result.wentWrong);
      mergeFileResults(summary, results, status, selection);
    },
    {
      log,
      inThread: io.env.MCPTRACE_JOBS_IN_THREAD === '1',
      lead: format === 'json' ? { text: '{"records":[\n', cut: 2 } : undefined,
      smallBytes: pieceBytes,
    },
  );
  for (const line of selection?.end() ?? []) io.stderr.write(`mcptrace: ${escapeTerminal(line)}\n`);
  if (format === 'json') await writeText(io.stdout, jsonEnd(records, summary));
  return 0;
}
