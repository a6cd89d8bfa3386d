// `export --to csv --jobs N` (or large input): the rows made by worker threads, the same bytes as one thread's, in
// input order. Records table: each worker writes its file's or piece's rows numbered from 1 and says where the numbers
// the run gives are (src/export/columnar/csv-holes.ts); the coordinator writes them in order with the run's numbers
// put in, as for `annotate --jobs` (src/cli/jobs-output.ts). Sessions table: each worker sends its sessions' traffic,
// which the coordinator adds up in input order, the keys in the run's numbering, and writes at the end.
import type { Writable } from 'node:stream';
import type { AnalysisSummary } from '../../analyzer.js';
import { escapeTerminal } from '../../output/escape.js';
import { loggerFor, type CliIO } from '../context.js';
import { buildSelection, taskFilter } from '../filter.js';
import { statusPrinter } from '../input-notes.js';
import { inputList } from '../inputs.js';
import { runOutputParallel } from '../jobs-output.js';
import type { OutputTask } from '../jobs-output-file.js';
import { defaultJobs, minPieceBytes, parallelPlan } from '../jobs-plan.js';
import { mergeFileResults } from '../jobs-merged.js';
import { taskAnalyzer } from '../jobs.js';
import { atLogEnd } from '../log-end.js';
import { ruleSettings } from '../rule-options.js';
import { writePieces } from '../writer.js';
import { csvHeader, csvRow } from '../../export/columnar/csv.js';
import { RECORDS } from '../../export/columnar/record-columns.js';
import { SESSIONS, SessionTally } from '../../export/columnar/session-rows.js';
import type { ExportArgs } from './target.js';

/** Pieces of a large file: about 8 MiB of input each, as annotate's (a piece's rows wait whole for their turn). */
const CSV_PIECE_BYTES = 8 * 1024 * 1024;

/**
 * Writes the header and then the table's rows of `args`' inputs to `out` with workers, and resolves with the number of
 * rows; null, having written nothing, when the run stays in one thread: `--follow`, stdin, a filter on sessions, one
 * file too small to cut, `--jobs 1` or input under 256 MiB without `--jobs` (src/cli/jobs-plan.ts). A terminal stays
 * in one thread too (the caller's: its rows are escaped).
 */
export async function csvParallel(
  args: ExportArgs & { table: 'records' | 'sessions' },
  io: CliIO,
  runId: string,
  out: Writable,
): Promise<number | null> {
  if (args.follow) return null;
  const files = await inputList(args.files);
  const jobs = args.jobs ?? (await defaultJobs(files, io.env));
  const pieceBytes = minPieceBytes(io.env, CSV_PIECE_BYTES);
  const plan = await parallelPlan(files, jobs, { ...args, minPieceBytes: pieceBytes, bySize: true });
  if (plan === null) return null;
  const { rules, ruleOptions } = await ruleSettings(args);
  const filter = await atLogEnd(args, io);
  const task = {
    command: 'annotate',
    format: 'csv',
    body: true,
    runId,
    ...(args.table === 'sessions' ? { table: 'sessions' as const } : {}),
    analyzer: taskAnalyzer(args, rules, ruleOptions),
    filter: { ...taskFilter(filter), logs: filter.logs },
  } satisfies Partial<OutputTask>;
  const log = loggerFor(args.logLevel, io);
  // The filters' note when they matched nothing, for all the workers together.
  const selection = buildSelection(task.filter, 1);
  const status = statusPrinter(io, log, args.logLevel);
  // Sessions: their traffic and the run's summary, added up file by file.
  const tally = args.table === 'sessions' ? new SessionTally(runId) : null;
  const summary: Required<AnalysisSummary> = { sessions: [], open: [], findings: [], inputs: [] };
  let rows = 0;
  out.write(csvHeader((tally ? SESSIONS : RECORDS).columns as never));
  await runOutputParallel(
    plan,
    jobs,
    task,
    out,
    (results) => {
      // A file read again whole counts all its records (those of the pieces written before it too).
      for (const { result, renumber } of results) {
        if (tally) for (const [key, t] of result.sessions!) tally.absorb(renumber.session(key), t);
        else rows += result.selected ? result.selected.shown : result.counts.records;
      }
      mergeFileResults(summary, results, status, selection);
    },
    { log, inThread: io.env.MCPTRACE_JOBS_IN_THREAD === '1', smallBytes: pieceBytes },
  );
  for (const line of selection?.end() ?? []) io.stderr.write(`mcptrace: ${escapeTerminal(line)}\n`);
  if (tally === null) return rows;
  const sessions = tally.rows(summary);
  await writePieces(
    out,
    sessions.map((s) => csvRow(SESSIONS.columns, s)),
  );
  return sessions.length;
}
