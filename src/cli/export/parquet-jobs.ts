// `export --to parquet --jobs N` (or large input): worker threads analyse the files, or pieces of a large one, and
// make the records' rows (src/cli/jobs-rows-file.ts); this thread puts the run's numbers in, in input order, as
// annotate's lines get theirs (src/cli/jobs-output.ts), and writes the rows into the dataset as one thread does. The
// files are the same, byte for byte, as one thread's: the same rows in the same order make the same row groups,
// partitions and part files. What is left to this thread is encoding the Parquet pages (about a third of the work
// of one thread on the bench logs: docs/performance.md).
import type { Buffer } from 'node:buffer';
import v8 from 'node:v8';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { AnalysisSummary } from '../../analyzer.js';
import type { Utf8Text } from '../../export/columnar/leaf.js';
import type { ParquetDataset } from '../../export/columnar/parquet-dataset.js';
import { recordColumn, type RecordValues } from '../../export/columnar/record-values.js';
import { sessionUid } from '../../export/columnar/run-id.js';
import { escapeTerminal } from '../../output/escape.js';
import { withSeqs, type QuotedRefs } from '../../rules/record-ref.js';
import type { CliIO } from '../context.js';
import { loggerFor } from '../context.js';
import { buildSelection, taskFilter } from '../filter.js';
import { statusPrinter } from '../input-notes.js';
import { inputList } from '../inputs.js';
import { runOutputParallel } from '../jobs-output.js';
import { minPieceBytes, parallelPlan } from '../jobs-plan.js';
import { mergeFileResults } from '../jobs-merged.js';
import { SENT, type FindingValue, type Indexed, type RowBatch, type RowsTask } from '../jobs-rows-file.js';
import { taskAnalyzer } from '../jobs.js';
import { atLogEnd } from '../log-end.js';
import { ruleSettings } from '../rule-options.js';
import type { ExportArgs } from './target.js';

/** Pieces of a large file: about 8 MiB of input each, as annotate's (a piece's rows wait whole for their turn). */
const PIECE_BYTES = 8 * 1024 * 1024;

const [SEQ, PAIR, CHAIN_FIRST, SESSION, MESSAGE, RUN_ID, SESSION_UID] = [
  'seq',
  'pair',
  'chain_first',
  'session',
  'message',
  'run_id',
  'session_uid',
].map(recordColumn) as [number, number, number, number, number, number, number];
const COLUMNS = SENT.length + 3;
/** Where a batch holds the findings. */
const FINDINGS_AT = SENT.indexOf(recordColumn('findings'));

/** What a parallel run wrote: its records, the run's summary, and the dataset's files. */
export interface ParquetJobsResult {
  records: number;
  summary: AnalysisSummary;
  files: string[];
}

/**
 * The run in worker threads when the plan has them (`--jobs` of 2 or more, or large input without `--jobs`), into
 * the dataset `dataset` makes (one that takes rows as values); null when the run stays in one thread (what annotate's
 * stays in one for: `--follow`, stdin, session filters, one small file).
 */
export async function parquetJobs(
  args: ExportArgs & { jobs?: number },
  io: CliIO,
  runId: string,
  dataset: () => ParquetDataset,
): Promise<ParquetJobsResult | null> {
  if (args.follow) return null;
  const inputs = await inputList(args.files);
  // Only when asked: on two cores the rows in workers gained 0.94-1.31 x at 1 GB for 3.5 x the memory
  // (docs/performance.md), the Parquet pages being encoded in this thread whatever the workers do.
  const jobs = args.jobs ?? 1;
  const pieceBytes = minPieceBytes(io.env, PIECE_BYTES);
  const plan = await parallelPlan(inputs, jobs, { ...args, minPieceBytes: pieceBytes, bySize: true });
  if (plan === null) return null;
  const { rules, ruleOptions } = await ruleSettings(args);
  const filter = await atLogEnd(args, io);
  const task = {
    command: 'export-parquet' as const,
    analyzer: taskAnalyzer(args, rules, ruleOptions),
    filter: { ...taskFilter(filter), logs: filter.logs },
  } satisfies Omit<RowsTask, 'index' | 'file' | 'parts' | 'piece' | 'ordinalPrefix' | 'skip' | 'flow'>;
  const log = loggerFor(args.logLevel, io);
  // The filters' note when they matched nothing, for all the workers together.
  const selection = buildSelection(task.filter, 1);
  const status = statusPrinter(io, log, args.logLevel);
  const summary: Required<AnalysisSummary> = { sessions: [], open: [], findings: [], inputs: [] };
  const sink = new RowSink(dataset(), runId);
  // The rows come through annotate's machinery as its lines do: a task of another command, the same replies.
  const run = runOutputParallel(
    plan,
    jobs,
    task as unknown as Parameters<typeof runOutputParallel>[2],
    sink,
    (results) => mergeFileResults(summary, results, status, selection),
    { log, inThread: io.env.MCPTRACE_JOBS_IN_THREAD === '1', smallBytes: pieceBytes },
  );
  // A write that fails (a full disk) stops the run: the rows' writer waits no longer for it.
  await Promise.race([run, finished(sink)]);
  await run;
  sink.end();
  await finished(sink);
  for (const line of selection?.end() ?? []) io.stderr.write(`mcptrace: ${escapeTerminal(line)}\n`);
  const files = await sink.dataset.end(summary);
  return { records: sink.records, summary, files };
}

/** Reads the workers' batches back, moves them into the run's numbering, and writes their rows into the dataset in order. */
class RowSink extends Writable {
  records = 0;
  private lastSession: string | null = null;
  private lastUid = '';
  private readonly row: RecordValues = new Array(COLUMNS);
  /** The row's message: its UTF-8 bytes in the batch, written as they are. */
  private readonly message: Utf8Text = { buf: new Uint8Array(0), start: 0, end: 0 };

  constructor(
    readonly dataset: ParquetDataset,
    private readonly runId: string,
  ) {
    // A few batches queued: this thread has the next rows to write while the workers send more.
    super({ highWaterMark: 4 * 1024 * 1024 });
  }

  override _write(chunk: Buffer, _encoding: string, done: (err?: Error | null) => void): void {
    this.rows(chunk).then(() => done(), done);
  }

  private async rows(chunk: Buffer): Promise<void> {
    // The lead: the records and the unkeyed sessions before the batch's task (src/cli/jobs-rows-file.ts).
    const comma = chunk.indexOf(44);
    const lineEnd = chunk.indexOf(10, comma);
    const seqs = Number(chunk.toString('latin1', 0, comma));
    const ordinals = Number(chunk.toString('latin1', comma + 1, lineEnd));
    const b = v8.deserialize(chunk.subarray(lineEnd + 1)) as RowBatch;
    const cols = b.columns;
    for (let k = 0; k < b.refs.length; k += 3) {
      const f = ((cols[FINDINGS_AT] as unknown[])[b.refs[k] as number] as FindingValue[])[b.refs[k + 1] as number]!;
      if (seqs !== 0) f.message = withSeqs(b.refs[k + 2] as QuotedRefs, (n) => n + seqs);
    }
    // One array for every row: the dataset has taken a row's values when `addValues` returns or resolves.
    const v: RecordValues = this.row;
    const message = this.message;
    message.buf = b.messages;
    message.end = 0;
    v[MESSAGE] = message;
    // The columns null on every row are set once; the others are a value per row, or an index into their values.
    const plain: number[] = [];
    const indexed: number[] = [];
    for (let k = 0; k < SENT.length; k++) {
      const c = cols[k];
      if (c === null) v[SENT[k]!] = null;
      else if (Array.isArray(c)) plain.push(k);
      else indexed.push(k);
    }
    for (let i = 0; i < b.rows; i++) {
      message.start = message.end;
      message.end = b.messageEnds[i]!;
      for (let p = 0; p < plain.length; p++) {
        const k = plain[p]!;
        v[SENT[k]!] = (cols[k] as unknown[])[i];
      }
      for (let p = 0; p < indexed.length; p++) {
        const k = indexed[p]!;
        const c = cols[k] as Indexed;
        const at = c.index[i]!;
        v[SENT[k]!] = at === -1 ? null : c.values[at];
      }
      v[SEQ] = (v[SEQ] as number) + seqs;
      if (v[PAIR] !== null) v[PAIR] = (v[PAIR] as number) + seqs;
      if (v[CHAIN_FIRST] !== null) v[CHAIN_FIRST] = (v[CHAIN_FIRST] as number) + seqs;
      const key = v[SESSION];
      const session = typeof key === 'number' ? String(key + ordinals) : (key as string);
      v[SESSION] = session;
      if (session !== this.lastSession) {
        this.lastSession = session;
        this.lastUid = sessionUid(this.runId, session);
      }
      v[RUN_ID] = this.runId;
      v[SESSION_UID] = this.lastUid;
      this.records++;
      const pending = this.dataset.addValues(v);
      if (pending) await pending;
    }
  }
}
