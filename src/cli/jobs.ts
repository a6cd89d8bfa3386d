// `--jobs N`: analyses the input files in parallel worker threads and merges their results in input order.
//
// Each file is its own stream with its own sessions (docs/commands/README.md), so files are independent except for the
// numbers a run gives across them: `seq` continues from file to file, and unkeyed sessions are numbered `1`, `2` …
// in the order they start. A worker numbers its file from 1 (unkeyed sessions under a prefix no log key can have)
// and keeps, for each finding that quotes other records, where its message quotes them (src/rules/record-ref.ts); the
// coordinator merges the files in input order, moving every seq and session key into the run's numbering and re-making
// those messages with the quoted seqs moved. The output is the one a single thread gives (test/cli/jobs.test.ts), and
// memory stays bounded: a worker sends its collectors' bounded state, never records.
//
// A piece of a large file (src/cli/jobs-plan.ts) is merged like a file: it is read with the file's line numbers, and
// its worker reports what shows whether its cut held (src/session/cuts.ts); when one did not, the file is read again
// whole before anything after it is merged.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { QuotedRefs } from '../rules/record-ref.js';
import { cutsHeld, type CutReport } from '../session/cuts.js';
import { DEFAULT_MAX_SESSIONS } from '../session/live-sessions.js';
import type { AnalysisSummary, AnalyzerOptions } from '../analyzer.js';
import type { Status, StatusLine } from '../util/status.js';
import type { AuditLimits, AuditState } from '../audit/collector.js';
import type { PartialDiagnosis } from '../diagnose/diagnoser.js';
import type { StatsState } from '../stats/collector.js';
import { UsageError } from '../util/errors.js';
import { renumbering, type Renumbering } from './jobs-renumber.js';
import type { WorkerError, WorkerReply } from './jobs-file.js';
import { InThreadWorker } from './jobs-in-thread.js';
import type { Unit, Plan } from './jobs-plan.js';
import type { Log } from './logger.js';
import type { RunArgs } from './context.js';
import type { FilterOptions, SelectionState } from './filter.js';

export interface FileTask {
  index: number;
  file: string;
  /** Files read one after the other as this input, `file` last (a folder's log and its rotations). */
  parts?: Unit['parts'];
  /** A piece of the file, not the whole. */
  piece?: Unit['piece'];
  command: 'stats' | 'audit';
  analyzer: Pick<
    AnalyzerOptions,
    'inputFormat' | 'maxPending' | 'maxSessions' | 'maxMessageBytes' | 'rules' | 'ruleOptions'
  >;
  filter: FilterOptions;
  /** `audit`: what the report's format needs kept (`limitsFor`); the defaults when absent. */
  auditLimits?: AuditLimits;
  /** `audit`: the `--redact-key` keys when the report is redacted (its records are, before they are collected). */
  redactKeys?: readonly string[];
  ordinalPrefix: string;
}

export interface FileResult {
  index: number;
  state: StatsState | { stats: StatsState; audit: AuditState };
  /** `stats`: the sessions' diagnoses (every record's, the filters' too), before the run's completion. */
  diagnoses?: PartialDiagnosis[];
  summary: AnalysisSummary;
  /** Where each end-of-input finding's message quotes other records (parallel to `summary.findings`). */
  endFindingRefs: (QuotedRefs | undefined)[];
  counts: { records: number; ordinals: number };
  /** A piece: what tells whether the cuts around it held (src/session/cuts.ts). */
  cut?: CutReport;
  /** A piece after the first of its file (its input continues the one before). */
  piece?: boolean;
  /** What the stages told the worker's status channel (a capture's TLS or non-MCP connections …), in order. */
  notes: StatusLine[];
  /** With filters: what they read and showed (the note when they matched nothing is the coordinator's). */
  selected?: SelectionState;
}

/** How a pool runs beside its merge: its log, whether it works in this thread, and the run's status channel. */
interface ParallelOptions {
  log?: Log;
  /** The workers do their work in this thread (`MCPTRACE_JOBS_IN_THREAD`, for tests). */
  inThread?: boolean;
  /** Told, in input order just before its result is merged, each line a file's worker told its own channel. */
  status?: Status;
  /** Told what each file's filters read and showed. */
  onSelected?: (s: SelectionState) => void;
}

/** A worker thread, or one that works in this thread (`InThreadWorker`). */
export interface JobWorker<Task = FileTask, Reply = WorkerReply> {
  postMessage(task: Task, transfer?: ArrayBuffer[]): void;
  on(event: 'message', listener: (m: Reply) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  terminate(): Promise<unknown>;
}

/** The analyzer's options a worker is given: the run's input format and bounds, and the rules as set. */
export function taskAnalyzer(
  args: Pick<RunArgs, 'inputFormat' | 'maxPending' | 'maxSessions' | 'maxMessageBytes'>,
  rules: FileTask['analyzer']['rules'],
  ruleOptions?: FileTask['analyzer']['ruleOptions'],
): FileTask['analyzer'] {
  return {
    inputFormat: args.inputFormat,
    maxPending: args.maxPending,
    maxSessions: args.maxSessions,
    maxMessageBytes: args.maxMessageBytes,
    rules,
    ...(ruleOptions !== undefined ? { ruleOptions } : {}),
  };
}

/** `n` workers: threads, or ones that work in this thread (`inThread`). */
export function startWorkers<Task, Reply>(n: number, inThread: boolean): JobWorker<Task, Reply>[] {
  return Array.from(
    { length: n },
    () =>
      (inThread
        ? new InThreadWorker()
        : new Worker(new URL('./jobs-worker.js', import.meta.url))) as unknown as JobWorker<Task, Reply>,
  );
}

/** What a worker puts before the numbers of unkeyed sessions: no log's key starts so (a NUL, then a random UUID). */
export function newOrdinalPrefix(): string {
  return `\u0000${randomUUID()}:`;
}

/** The error a worker's failed task stops the run with: exit 2 for a file that cannot be read, as without --jobs. */
export function taskError(error: WorkerError, file: string): Error {
  return error.code !== undefined ? new UsageError(`cannot read ${file}: ${error.code}`) : new Error(error.message);
}

/**
 * Runs every unit of the plan in a pool of `jobs` worker threads and hands each result to `merge` in input order,
 * with the renumbering that moves it into the run's numbering (a file's pieces once all have come). Rejects with the
 * first error (exit 2 for a file that cannot be read, as without --jobs). `inThread`: the workers do their work in
 * this thread (`MCPTRACE_JOBS_IN_THREAD`, for tests: the same answers, cloned as a thread's are, without threads).
 */
export async function runParallel(
  plan: Plan,
  jobs: number,
  task: Omit<FileTask, 'index' | 'file' | 'piece' | 'ordinalPrefix'>,
  merge: (result: FileResult, renumber: Renumbering) => void,
  { log, inThread = false, status, onSelected }: ParallelOptions = {},
): Promise<void> {
  const ordinalPrefix = newOrdinalPrefix();
  // The workers load their modules while the plan is made.
  const workers = startWorkers<FileTask, WorkerReply>(Math.min(jobs, plan.maxUnits), inThread);
  try {
    const units = await plan.make();
    for (const u of units)
      if (u.length > 1) log?.debug({ input: u[0]!.file, pieces: u.map((x) => x.piece) }, 'reading in pieces');
    await run(workers, units, ordinalPrefix, task, merge, { log, status, onSelected });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

async function run(
  workers: readonly JobWorker[],
  plan: readonly (readonly Unit[])[],
  ordinalPrefix: string,
  task: Omit<FileTask, 'index' | 'file' | 'piece' | 'ordinalPrefix'>,
  merge: (result: FileResult, renumber: Renumbering) => void,
  { log, status, onSelected }: Omit<ParallelOptions, 'inThread'>,
): Promise<void> {
  const units: Unit[] = [];
  /** Per file, the indices of its units in `units`. */
  const files = plan.map((group) => group.map((u) => units.push(u) - 1));
  const queue = units.map((_, i) => i);
  const results = new Map<number, FileResult>();
  let nextFile = 0;
  let seqOffset = 0;
  let ordinalOffset = 0;
  const mergeReady = () => {
    for (; nextFile < files.length; nextFile++) {
      const ids = files[nextFile]!;
      if (!ids.every((i) => results.has(i))) return;
      if (
        ids.length > 1 &&
        !cutsHeld(
          ids.map((i) => results.get(i)!.cut!),
          task.analyzer.maxSessions ?? DEFAULT_MAX_SESSIONS,
        )
      ) {
        for (const i of ids) results.delete(i);
        const whole = units.push({ file: units[ids[0]!]!.file }) - 1;
        log?.debug({ input: units[whole]!.file }, 'a cut did not hold: reading the file whole');
        files[nextFile] = [whole];
        queue.unshift(whole);
        return;
      }
      for (const i of ids) {
        const r = results.get(i)!;
        results.delete(i);
        for (const n of r.notes) status?.note(n.source, n.text, n.kind);
        if (r.selected) onSelected?.(r.selected);
        merge(r, renumbering(seqOffset, ordinalOffset, ordinalPrefix));
        seqOffset += r.counts.records;
        ordinalOffset += r.counts.ordinals;
      }
    }
  };
  // Workers with nothing to do until the file read again whole is queued, or the run is over.
  const idle: (() => void)[] = [];
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          const give = () => {
            const index = queue.shift();
            if (index !== undefined) {
              const u = units[index]!;
              w.postMessage({
                ...task,
                index,
                file: u.file,
                parts: u.parts,
                piece: u.piece,
                ordinalPrefix,
              } satisfies FileTask);
            } else if (nextFile >= files.length) resolve();
            else idle.push(give);
          };
          w.on('message', (m: WorkerReply) => {
            if (!m.ok) {
              reject(taskError(m.error, units[m.index]!.file));
              return;
            }
            results.set(m.result.index, m.result);
            try {
              mergeReady();
            } catch (err) {
              reject(err);
              return;
            }
            give();
            for (const g of idle.splice(0)) g();
          });
          w.on('error', reject);
          give();
        }),
    ),
  );
}
