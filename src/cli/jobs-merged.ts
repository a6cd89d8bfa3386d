// What the coordinator of a `--jobs` run whose workers send their output as it comes (annotate's lines, export's rows:
// src/cli/jobs-output.ts) does with each file's results once its output is written: their notes told, their filters'
// counts added, their summaries merged into the run's in its numbering.
import type { AnalysisSummary } from '../analyzer.js';
import type { SelectionState } from './filter.js';
import type { OutputResult } from './jobs-output-file.js';
import { mergeSummary, type Renumbering } from './jobs-renumber.js';
import type { statusPrinter } from './input-notes.js';

/** Adds one file's results (its units' in input order) to the run's `summary`; tells `status` and `selection` theirs. */
export function mergeFileResults(
  summary: Required<AnalysisSummary>,
  results: readonly { result: OutputResult; renumber: Renumbering }[],
  status: ReturnType<typeof statusPrinter>,
  selection: { absorb(s: SelectionState): void } | null,
): void {
  const file: AnalysisSummary = { sessions: [], open: [], findings: [] };
  for (const { result, renumber } of results) {
    for (const n of result.notes) status.note(n.source, n.text, n.kind);
    if (result.selected) selection?.absorb(result.selected);
    mergeSummary(file, result, renumber);
  }
  for (const i of file.inputs ?? []) status.inputEnd(i);
  summary.sessions.push(...file.sessions);
  summary.open.push(...file.open);
  summary.findings.push(...file.findings);
  summary.inputs.push(...(file.inputs ?? []));
}
