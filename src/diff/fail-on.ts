// `diff --fail-on`: which changes make the exit code 1. `breaking` (the default): a tool, prompt, resource or template
// removed, a capability withdrawn, a required argument added, a type narrowed, an answer that became an error.
import type { Category, Change, DiffReport } from './types.js';

export type FailOn = Category | 'breaking' | 'none';
export const FAIL_ON: readonly FailOn[] = ['breaking', 'surface', 'behaviour', 'latency', 'findings', 'none'];

/** The changes that fail the run under `failOn`. */
export function failingChanges(report: DiffReport, failOn: readonly FailOn[]): Change[] {
  return report.changes.filter((c) => failOn.includes(c.category) || (c.breaking && failOn.includes('breaking')));
}
