// Pieces every report of the diagnosis shares: what a session is called, its headline cause, the verdict counts, and
// for a run of many sessions the failures grouped by cause and words, so that 38 launches that died of the same
// `ModuleNotFoundError` are one line.
import type { Diagnosis, SessionDiagnosis, Verdict } from '../diagnose/types.js';

/** Past this many sessions a report leads with the summary by cause and folds what repeats. */
export const MANY_SESSIONS = 10;

/** A session's name: its server's, else `session KEY`; the lines that belong to no session are the log's. */
export function sessionLabel(s: SessionDiagnosis): string {
  return s.server ?? (s.session === '' ? '(outside any session)' : `session ${s.session}`);
}

/** The session's key when the server's name alone does not say it (`session notes-search#2`), else null. */
export function sessionAside(s: SessionDiagnosis): string | null {
  return s.server !== null && s.session !== '' && s.server !== s.session ? `session ${s.session}` : null;
}

/** The most likely root cause: the first diagnosis that is not a note. */
export function headline(s: SessionDiagnosis): Diagnosis | undefined {
  return s.diagnoses.find((d) => d.impact !== 'note');
}

/** `server-exited: notes-search exited …`, or `no problem found`. */
export function headlineText(s: SessionDiagnosis): string {
  const top = headline(s);
  return top ? `${top.cause}: ${top.summary}` : 'no problem found';
}

export function verdictCounts(list: readonly SessionDiagnosis[]): Record<Verdict, number> {
  const c: Record<Verdict, number> = { ok: 0, degraded: 0, failed: 0 };
  for (const s of list) c[s.verdict]++;
  return c;
}

/** `300 sessions: 212 ok, 47 degraded, 41 failed` (the lines outside any session are not a session). */
export function verdictCountsText(list: readonly SessionDiagnosis[]): string {
  const c = verdictCounts(list);
  const sessions = list.filter((s) => s.session !== '').length;
  const outside = sessions < list.length ? ' and the lines outside any session' : '';
  return `${sessions} session${sessions === 1 ? '' : 's'}${outside}: ${c.ok} ok, ${c.degraded} degraded, ${c.failed} failed`;
}

/** Sessions that failed or degraded the same way: same verdict, same headline cause, same words once the server's name is out. */
interface CauseGroup {
  verdict: Verdict;
  cause: string;
  /** The headline's summary with the server's name said as `the server` (how a summary without a server reads). */
  summary: string;
  sessions: SessionDiagnosis[];
}

/** A headline's words without the server's name, so that launches of different servers failing alike group together. */
function generalSummary(s: SessionDiagnosis, d: Diagnosis): string {
  return s.server !== null && s.server !== '' && d.summary.startsWith(s.server)
    ? `the server${d.summary.slice(s.server.length)}`
    : d.summary;
}

/** The sessions that failed or degraded, grouped by verdict, cause and words: failed first, then the largest groups. */
export function causeGroups(list: readonly SessionDiagnosis[]): CauseGroup[] {
  const groups = new Map<string, CauseGroup>();
  for (const s of list) {
    const top = headline(s);
    if (s.verdict === 'ok' || top === undefined) continue;
    const summary = generalSummary(s, top);
    const key = `${s.verdict}\u0000${top.cause}\u0000${summary}`;
    const g = groups.get(key) ?? { verdict: s.verdict, cause: top.cause, summary, sessions: [] };
    g.sessions.push(s);
    groups.set(key, g);
  }
  const rank = (v: Verdict) => (v === 'failed' ? 0 : 1);
  // A stable sort: groups of the same size stay in the order their first session came.
  return [...groups.values()].sort(
    (a, b) => rank(a.verdict) - rank(b.verdict) || b.sessions.length - a.sessions.length,
  );
}

/** At most this many names of the other sessions of a group. */
const ALSO_NAMES = 8;

/**
 * The other sessions of a group on one line, by name, each name once with its count: `14 more alike: tickets ×10,
 * session 4, session 8, … (2 more names)`.
 */
export function alsoText(rest: readonly SessionDiagnosis[]): string {
  if (rest.length === 0) return '';
  const names = new Map<string, number>();
  for (const s of rest) names.set(sessionLabel(s), (names.get(sessionLabel(s)) ?? 0) + 1);
  const shown = [...names].slice(0, ALSO_NAMES).map(([name, n]) => (n === 1 ? name : `${name} ×${n}`));
  const more = names.size - shown.length;
  return `${rest.length} more alike: ${shown.join(', ')}${more > 0 ? `, … (${more} more name${more === 1 ? '' : 's'})` : ''}`;
}
