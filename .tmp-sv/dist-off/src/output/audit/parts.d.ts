import { SEVERITY_RANK } from '../../audit/collector.js';
import type { AuditFinding, AuditReport } from '../../audit/types.js';
import type { MethodStats } from '../../stats/types.js';
import type { Severity } from '../../types.js';
/** Most severe first: reports list errors before warnings before info. */
export declare const SEVERITIES: readonly Severity[];
export { SEVERITY_RANK };
/** Whether a finding of severity `s` makes the run fail at `failOn` (exit code 1, DESIGN principle 9). */
export declare function reachesFailOn(s: Severity, failOn: Severity | 'none'): boolean;
/**
 * Parts of the one-line summary of the record a finding is on, unescaped: arrow, kind label, id (string
 * ids quoted so `1` and `"1"` stay apart, DESIGN principle 2) and method. Empty parts are left out; an
 * end-of-input finding (no record details) has only `#seq`.
 */
export declare function recordSummaryParts(f: AuditFinding): string[];
/** One session's findings and what the report knows of it (null info: past the report's session limit). */
export interface SessionFindings {
    key: string;
    file: string;
    session: AuditReport['sessions'][number] | null;
    findings: AuditFinding[];
}
/**
 * Findings grouped by session, sessions in report order; sessions that only appear in findings (past the
 * collector's session limit) follow in order of first finding, so no listed finding is dropped.
 */
export declare function findingsBySession(report: AuditReport): SessionFindings[];
/** Findings of one severity, in seq order. */
export declare function ofSeverity(findings: readonly AuditFinding[], s: Severity): AuditFinding[];
/** `1 error, 2 warnings, 0 info` */
export declare function countsText(c: Record<Severity, number>): string;
/** Counts of a list of findings by severity. */
export declare function countFindings(findings: readonly AuditFinding[]): Record<Severity, number>;
/** `client 1.0` from clientInfo/serverInfo (unescaped); `?` when the handshake did not say. */
export declare function peerText(info: {
    name?: unknown;
    version?: unknown;
} | null): string;
/**
 * The `n` slowest entries by p95 latency (then max, then name), leaving out entries without a sample.
 * p95 rather than max: one outlier should not rank a method first.
 */
export declare function slowest<T extends MethodStats>(table: Record<string, T>, n: number): Array<[string, T]>;
/** The rules of the report by id, with their spec URL and doc path. */
export declare function rulesById(report: AuditReport): Map<string, AuditReport['rules'][number]>;
