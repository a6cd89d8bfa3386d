// Pieces the audit formats share: severity order, finding groups per session, record summaries, slowest methods.
import { SEVERITY_RANK } from '../../audit/collector.js';
import type { AuditFinding, AuditReport, FailOn } from '../../audit/types.js';
import type { LatencySummary, MethodStats } from '../../stats/types.js';
import type { Kind, Severity } from '../../types.js';
import { noMessagesText, sessionNoteText } from '../input-notes.js';
import { countOf } from '../../util/plural.js';
import { NO_SESSION } from '../../session/outside.js';
import { specUrlFor } from '../../rules/spec-urls.js';
import { MANY_SESSIONS } from '../diagnosis-parts.js';

/** Most severe first: reports list errors before warnings before info. */
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

export { SEVERITY_RANK };

/** Whether a finding of severity `s` makes the run fail at `failOn` (exit code 1, ARCHITECTURE.md principle 9). */
export function reachesFailOn(s: Severity, failOn: FailOn): boolean {
  return failOn !== 'none' && failOn !== 'failed' && failOn !== 'degraded' && SEVERITY_RANK[s] >= SEVERITY_RANK[failOn];
}

const KIND_LABEL: Readonly<Record<Kind, string>> = {
  request: 'req',
  response: 'res',
  error: 'err',
  notification: 'ntf',
  invalid: 'bad',
  event: 'evt',
  log: 'log',
};

/**
 * Parts of the one-line summary of the record a finding is on, unescaped: arrow, kind label, id (string
 * ids quoted so `1` and `"1"` stay apart, ARCHITECTURE.md principle 2) and method. Empty parts are left out; an
 * end-of-input finding (no record details) has only `#seq`.
 */
export function recordSummaryParts(f: AuditFinding): string[] {
  const parts = [`#${f.seq}`];
  if (f.dir !== null) parts.push(f.dir === 'c2s' ? '→' : f.dir === 's2c' ? '←' : '·');
  if (f.kind !== null) parts.push(KIND_LABEL[f.kind]);
  if (f.id !== null) parts.push(typeof f.id === 'string' ? JSON.stringify(f.id) : String(f.id));
  if (f.method !== null) parts.push(f.method);
  return parts;
}

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
export function findingsBySession(report: AuditReport): SessionFindings[] {
  const out = new Map<string, SessionFindings>();
  for (const s of report.sessions)
    out.set(s.info.key, { key: s.info.key, file: s.info.file, session: s, findings: [] });
  for (const f of report.findings) {
    let g = out.get(f.session);
    if (!g) {
      g = { key: f.session, file: f.file, session: null, findings: [] };
      out.set(f.session, g);
    }
    g.findings.push(f);
  }
  return [...out.values()];
}

/**
 * The sessions a report shows in full: all of them, or past MANY_SESSIONS only those with a finding or a verdict
 * other than ok; `quiet` counts the others.
 */
export function sessionsShown(report: AuditReport): { shown: SessionFindings[]; quiet: number } {
  const all = findingsBySession(report);
  if (report.diagnoses.length <= MANY_SESSIONS) return { shown: all, quiet: 0 };
  const verdicts = new Map(report.diagnoses.map((d) => [d.session, d.verdict]));
  const shown = all.filter((g) => g.findings.length > 0 || (verdicts.get(g.key) ?? 'ok') !== 'ok');
  return { shown, quiet: all.length - shown.length };
}

/** Findings of one severity, in seq order. */
export function ofSeverity(findings: readonly AuditFinding[], s: Severity): AuditFinding[] {
  return findings.filter((f) => f.severity === s);
}

/** `1 error, 2 warnings, 0 info` */
export function countsText(c: Record<Severity, number>): string {
  return `${countOf(c.error, 'error')}, ${countOf(c.warning, 'warning')}, ${countOf(c.info, 'info')}`;
}

/**
 * The severities of a rule's findings, most severe first, each with its count. A rule's findings need not all have
 * the severity it is listed with (`capability-not-negotiated` is a warning by default, an error from 2025-06-18, a
 * warning again for a SHOULD): a summary shows what was found. A rule without findings: `listed` with 0.
 */
export function ruleSeverities(report: AuditReport, rule: string, listed: Severity | null): Array<[Severity, number]> {
  const c = report.byRuleSeverity[rule];
  const found = c === undefined ? [] : SEVERITIES.filter((s) => c[s] > 0).map((s): [Severity, number] => [s, c[s]]);
  return found.length > 0 || listed === null ? found : [[listed, 0]];
}

/** Counts of a list of findings by severity. */
export function countFindings(findings: readonly AuditFinding[]): Record<Severity, number> {
  const c: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) c[f.severity]++;
  return c;
}

/** `client 1.0` from clientInfo/serverInfo (unescaped); `?` when the handshake did not say. */
export function peerText(info: { name?: unknown; version?: unknown } | null): string {
  const name = typeof info?.name === 'string' && info.name !== '' ? info.name : '?';
  return typeof info?.version === 'string' && info.version !== '' ? `${name} ${info.version}` : name;
}

/**
 * The calls of a method or tool that failed: JSON-RPC error responses, and for a tool also its results with
 * `isError: true` (a failure the tool reports in its result, tools.mdx "Error Handling"): both are errors to a reader.
 */
export function failedCalls(m: MethodStats & { isError?: number }): number {
  return m.errors + (m.isError ?? 0);
}

/**
 * The `n` slowest entries by p95 latency (then max, then name), leaving out entries without a sample.
 * p95 rather than max: one outlier should not rank a method first.
 */
export function slowest<T extends MethodStats>(table: Record<string, T>, n: number): Array<[string, T]> {
  const key = (l: LatencySummary) => [l.p95 ?? -1, l.max ?? -1] as const;
  return Object.entries(table)
    .filter(([, m]) => m.latencyMs.p95 !== null)
    .sort((a, b) => {
      const [ap, am] = key(a[1].latencyMs);
      const [bp, bm] = key(b[1].latencyMs);
      return bp - ap || bm - am || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    })
    .slice(0, n);
}

/**
 * The spec link of each finding's rule in the revision its session negotiated (the rule's own link when the session's
 * revision is not known or that revision has no such page).
 */
export function specLinks(report: AuditReport): (f: AuditFinding) => string | undefined {
  const rules = rulesById(report);
  const revision = new Map(report.sessions.map((s) => [s.info.key, s.info.negotiatedRevision]));
  return (f) => {
    const url = rules.get(f.rule)?.specUrl;
    return url === undefined ? undefined : specUrlFor(url, revision.get(f.session) ?? null);
  };
}

/** The revision every detailed session negotiated, when they agree on one (a report's rule list links to it). */
export function reportRevision(report: AuditReport): string | null {
  const revisions = new Set(report.sessions.map((s) => s.info.negotiatedRevision));
  return revisions.size === 1 ? [...revisions][0]! : null;
}

/** The rules of the report by id, with their spec URL and doc path. */
function rulesById(report: AuditReport): Map<string, AuditReport['rules'][number]> {
  return new Map(report.rules.map((r) => [r.id, r]));
}

/** `12 messages`, `1 message`. */
const messagesText = (n: number): string => countOf(n, 'message');

/** A note on the run: a sentence (unescaped), and whether it is why the run fails (`--fail-on-empty`). */
interface ReportNote {
  text: string;
  fails: boolean;
}

/**
 * What every format says once per run beside the findings: inputs that held no MCP message (failing the run under
 * `--fail-on-empty`), then messages whose body the rules could not read, then messages the logs' formats never hold.
 */
export function reportNotes(report: AuditReport): ReportNote[] {
  const out: ReportNote[] = [];
  for (const e of report.empty ?? []) {
    out.push({
      text:
        noMessagesText(e.file, e.lines, e.unread) + (report.failOnEmpty ? ' — fails the audit (--fail-on-empty)' : ''),
      fails: report.failOnEmpty,
    });
  }
  return [...out, ...bodyNotes(report), ...notLoggedNotes(report)];
}

/** The notes on messages whose body the rules could not read (`AuditReport.bodies`). */
export function bodyNotes(report: AuditReport): ReportNote[] {
  const b = report.bodies ?? { notLogged: 0, cut: 0 };
  const out: ReportNote[] = [];
  if (b.notLogged > 0)
    out.push({
      text: `bodies not logged: ${messagesText(b.notLogged)} (the log gave only a summary; rules that read bodies skipped them)`,
      fails: false,
    });
  if (b.cut > 0)
    out.push({
      text: `bodies cut by the log: ${messagesText(b.cut)} (rules that read bodies skipped them)`,
      fails: false,
    });
  return out;
}

/**
 * Sessions whose log's format never holds some messages (`SessionInfo.notLogged`: a process that logs only what it
 * received): one note per kind of log, naming the rules that need those messages (`RuleMeta.needs`), which therefore
 * judge nothing from their absence.
 */
export function notLoggedNotes(report: AuditReport): ReportNote[] {
  const groups = new Map<string, { sessions: number; needs: Set<string>; missing: string }>();
  for (const { info } of report.sessions) {
    const note = info.notLogged == null ? null : sessionNoteText(info);
    if (note === null) continue;
    const g = groups.get(note) ?? {
      sessions: 0,
      needs: new Set(
        Object.entries(info.notLogged!).flatMap(([side, classes]) => (classes ?? []).map((c) => `${side}:${c}`)),
      ),
      missing:
        info.onlySide != null
          ? `${note} (its format logs no other); rules that need the ${info.onlySide === 'client' ? 'server' : 'client'}'s messages`
          : `${note} (its format does not log them); rules that need them`,
    };
    g.sessions++;
    groups.set(note, g);
  }
  return [...groups.values()].map((g) => {
    const rules = report.rules
      .filter((r) => r.needs?.some((n) => g.needs.has(n)))
      .map((r) => r.id)
      .sort();
    const sessions = countOf(g.sessions, 'session');
    return {
      text: `${sessions}: ${g.missing} judge nothing from their absence${rules.length === 0 ? '' : `: ${rules.join(', ')}`}`,
      fails: false,
    };
  });
}

/** Inputs with no MCP message that fail the run (`--fail-on-empty`), as a phrase; null when none does. */
export function emptyFailure(report: AuditReport): string | null {
  const n = report.failOnEmpty ? (report.empty ?? []).length : 0;
  return n === 0 ? null : `no MCP messages in ${countOf(n, 'input')} (--fail-on-empty)`;
}

/**
 * When the run read no MCP message at all, what the verdict says instead of "passed": nothing was checked. Not a
 * failure unless `--fail-on-empty` made it one (then the verdict is FAILED, with `emptyFailure`'s reason).
 */
export function nothingChecked(report: AuditReport): string | null {
  return report.stats.messages > 0 || report.failed
    ? null
    : 'nothing checked: no MCP message (--fail-on-empty fails this)';
}

/**
 * The sessions a report speaks of: every session the diagnosis knows, those known only from a host's lines (a server
 * that never got to a message) too; the lines outside any session are none. At least the sessions with messages.
 */
export function sessionCount(report: AuditReport): number {
  return Math.max(report.stats.sessions.length, report.diagnoses.filter((s) => s.session !== NO_SESSION).length);
}

/**
 * The sessions that fail the run at its `--fail-on` (failed ones at any value but `none`, degraded ones too at
 * `degraded`), as a phrase: `3 sessions failed`, and the lines outside any session apart (they are no session);
 * null when none does.
 */
export function sessionsFailure(report: AuditReport): string | null {
  if (report.failOn === 'none') return null;
  const fails = (s: AuditReport['diagnoses'][number]) =>
    s.verdict === 'failed' || (report.failOn === 'degraded' && s.verdict === 'degraded');
  const n = report.diagnoses.filter((s) => s.session !== NO_SESSION && fails(s)).length;
  const outside = report.diagnoses.some((s) => s.session === NO_SESSION && fails(s));
  const what = report.failOn === 'degraded' ? 'failed or degraded' : 'failed';
  const parts = [
    ...(n === 0 ? [] : [`${countOf(n, 'session')} ${what}`]),
    ...(outside ? [`the lines outside any session ${what}`] : []),
  ];
  return parts.length === 0 ? null : parts.join(', ');
}

/** Whether a finding reached `--fail-on` (the report may also fail on empty inputs alone). */
export function findingsFail(report: AuditReport): boolean {
  return SEVERITIES.some((s) => report.totals[s] > 0 && reachesFailOn(s, report.failOn));
}
