import type { AuditFinding, AuditReport } from '../../audit/types.js';
import type { Severity } from '../../types.js';
import { type SafeHtml } from './html-escape.js';
export declare const SEVERITIES: readonly Severity[];
/**
 * The filter: one checkbox per severity. Hidden until the script runs (it is the script's job), so a page
 * read without scripts shows every row and no dead controls.
 */
export declare function severityFilter(totals: Record<Severity, number>): SafeHtml;
/**
 * A table of findings. `bodyId` gives the id of the record's body when the report kept it (its sequence
 * step), so the row links to it; records outside the kept sequence are named by seq and source only.
 */
export declare function findingsTable(findings: readonly AuditFinding[], bodyId: (f: AuditFinding) => string | null): SafeHtml;
/**
 * The rules: those that fired, with counts, then every active rule. Spec and doc references are shown as
 * copyable text, not links: the report makes no reference to any URL a browser would follow.
 */
export declare function rulesSection(report: AuditReport): SafeHtml;
