// What a `--jobs` worker does with a task: analyses one file (or piece) on its own and answers with its collectors' state
// and summary, or the error that stopped it (src/cli/jobs-worker.ts runs it in a worker thread).
import { createReadStream } from 'node:fs';
import { Analyzer, type AnalysisSummary } from '../analyzer.js';
import { preloadSchemas } from '../protocol/schemas.js';
import { analyzeStreamBatches } from '../analyze-stream.js';
import { AuditBuilder } from '../audit/build.js';
import { Redactor } from '../output/redact.js';
import { findingRefs, withRefs } from '../rules/engine.js';
import { CutCheck } from '../session/cuts.js';
import type { PipelineRecord } from '../types.js';
import { StatsCollector } from '../stats/collector.js';
import { StatusLines } from '../util/status.js';
import { Diagnoser } from '../diagnose/diagnoser.js';
import { buildSelection } from './filter.js';
import { HeapKeeper } from './heap.js';
import type { FileResult, FileTask } from './jobs.js';

/** One file, as `mcptrace stats|audit` would read it, numbered from 1 (the coordinator renumbers). */
async function analyseFile(task: FileTask): Promise<FileResult> {
  const { status, analyzer, selection } = await taskAnalysis(task);
  const redactor = task.redactKeys ? new Redactor({ keys: task.redactKeys }) : null;
  // The diagnosis's slow threshold is the rules' (`--slow-ms`), as in one thread.
  const slowMs = task.analyzer.ruleOptions?.slowMs;
  const collector =
    task.command === 'stats'
      ? new StatsCollector()
      : new AuditBuilder({
          inputs: [],
          failOn: 'none',
          tool: { name: '', version: '' },
          limits: task.auditLimits,
          slowMs,
          maxSessions: task.analyzer.maxSessions,
        });
  const diagnoser = task.command === 'stats' ? new Diagnoser({ slowMs, maxLive: task.analyzer.maxSessions }) : null;
  const { bytes, cut, clockOffset, check } = taskInput(task);
  const heap = new HeapKeeper();
  for await (const batch of analyzeStreamBatches(analyzer, bytes, task.file, { firstLine: cut, clockOffset })) {
    for (let i = 0; i < batch.length; i++) {
      check?.see(batch[i]);
      diagnoser?.observe(batch[i]);
      for (const r of selection ? selection.push(batch[i]) : [batch[i]])
        collector.add(redactor ? redacted(r, redactor) : r);
      heap.add(batch[i].bytes);
    }
  }
  const summary = analyzer.summary();
  return {
    ...taskEnd(task.index, analyzer, summary, { check, cut, status, selection }),
    state: collector instanceof AuditBuilder ? collector.exportState(summary) : collector.exportState(),
    ...(diagnoser ? { diagnoses: diagnoser.partial(summary) } : {}),
  };
}

/**
 * A task's analyzer (the schemas loaded first when their rule is on), numbering for the coordinator to renumber, the
 * status channel its lines go to (sent to the coordinator's), and its filters.
 */
export async function taskAnalysis(
  task: Pick<FileTask, 'analyzer' | 'piece' | 'ordinalPrefix' | 'filter'>,
): Promise<{ status: StatusLines; analyzer: Analyzer; selection: ReturnType<typeof buildSelection> }> {
  if (task.analyzer.rules?.['schema-violation'] !== 'off') await preloadSchemas();
  const status = new StatusLines();
  const analyzer = new Analyzer({
    ...task.analyzer,
    // A piece is read in its file's format (detection on a piece's start could take it for something else).
    ...(task.piece ? { inputFormat: task.piece.format } : {}),
    renumberable: { ordinalPrefix: task.ordinalPrefix },
    status,
  });
  const selection = buildSelection(task.filter, task.analyzer.maxPending ?? 100_000);
  return { status, analyzer, selection };
}

/** What every task's result tells of its analysis: the summary, the counts, the cut's report, the notes, the filters'. */
export function taskEnd(
  index: number,
  analyzer: Analyzer,
  summary: AnalysisSummary,
  read: {
    check: CutCheck | null;
    cut: number | undefined;
    status: StatusLines;
    selection: ReturnType<typeof buildSelection>;
  },
): Omit<FileResult, 'state' | 'diagnoses'> {
  return {
    index,
    summary,
    // Not enumerable on the findings, so not cloned with them: sent beside them.
    endFindingRefs: summary.findings.map((f) => findingRefs(f)),
    counts: analyzer.counts(),
    cut: read.check?.report(),
    piece: read.cut !== undefined,
    notes: read.status.lines,
    ...(read.selection ? { selected: read.selection.state() } : {}),
  };
}

/**
 * What a task reads: its file's bytes (or its piece's, or its chain of rotations), where a piece after the first
 * starts (`cut`: the line it was cut at) and the days its clock times count from, and the check of its cuts.
 */
export function taskInput(task: Pick<FileTask, 'file' | 'parts' | 'piece' | 'ordinalPrefix'>) {
  const piece = task.piece;
  const bytes = task.parts
    ? task.parts.map((file) => ({ file, bytes: createReadStream(file, { highWaterMark: 256 * 1024 }) }))
    : createReadStream(task.file, {
        highWaterMark: 256 * 1024,
        start: piece?.start,
        end: piece && Number.isFinite(piece.end) ? piece.end - 1 : undefined,
      });
  // A piece after the first starts at line `firstLine`, where it was cut.
  const cut = piece !== undefined && piece.start > 0 ? piece.firstLine : undefined;
  // It counts the days of its clock times from where the whole file has them at its first one (as far as the cuts' search saw).
  const clockOffset = piece?.clockOffset;
  const check = piece ? new CutCheck(piece.format, cut, task.ordinalPrefix, clockOffset) : null;
  return { bytes, cut, clockOffset, check };
}

/**
 * A record as the redacted report shows it, its findings' quoted references kept: the coordinator re-makes the
 * messages that quote a seq from them, and redacts what it re-makes.
 */
function redacted(r: PipelineRecord, redactor: Redactor): PipelineRecord {
  const out = redactor.record(r);
  if (out.findings === r.findings) return out;
  for (let i = 0; i < out.findings.length; i++) {
    if (out.findings[i] !== r.findings[i]) withRefs(out.findings[i]!, findingRefs(r.findings[i]!));
  }
  return out;
}

/** A worker's answer to a task: the file's result, or the error (its code tells a file that cannot be read). */
export type WorkerReply = { ok: true; result: FileResult } | { ok: false; index: number; error: WorkerError };

export interface WorkerError {
  message: string;
  code?: string;
  stack?: string;
}

export function answer(task: FileTask): Promise<WorkerReply> {
  return analyseFile(task).then(
    (result): WorkerReply => ({ ok: true, result }),
    (err: unknown) => failed(task.index, err),
  );
}

/** The answer to a task that failed: the error as plain data (its code tells a file that cannot be read). */
export function failed(index: number, err: unknown): { ok: false; index: number; error: WorkerError } {
  return {
    ok: false,
    index,
    error:
      err instanceof Error
        ? { message: err.message, code: (err as NodeJS.ErrnoException).code, stack: err.stack }
        : { message: String(err) },
  };
}
