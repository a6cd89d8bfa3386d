// The statistics of the diagnosis: sessions by verdict and the causes of those that did not go well, overall and per
// server. The diagnosis itself is the diagnoser's (src/diagnose/); this only counts it.
import type { SessionDiagnosis } from '../diagnose/types.js';
import type { DiagnosisStats, VerdictCounts } from './types.js';

const OUTSIDE = '(outside any session)';

function empty(): VerdictCounts {
  return { sessions: 0, ok: 0, degraded: 0, failed: 0, causes: {} };
}

function add(into: VerdictCounts, s: SessionDiagnosis): void {
  into.sessions++;
  into[s.verdict]++;
  // What failed or degraded a session; a note (reported, changing nothing) is no cause of how it went.
  for (const cause of new Set(s.diagnoses.filter((d) => d.impact !== 'note').map((d) => d.cause)))
    into.causes[cause] = (into.causes[cause] ?? 0) + 1;
}

/** Causes most frequent first, then by id. */
function sorted(c: VerdictCounts): VerdictCounts {
  return {
    ...c,
    causes: Object.fromEntries(Object.entries(c.causes).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))),
  };
}

/**
 * Counts the run's diagnosis. The lines outside any session are counted as a session only when they failed or
 * degraded (a host's line before it names a server: `spawn npx ENOENT`); otherwise they are no session.
 */
export function diagnosisStats(result: readonly SessionDiagnosis[]): DiagnosisStats {
  const all = empty();
  const servers = new Map<string, VerdictCounts>();
  for (const s of result) {
    if (s.session === '' && s.verdict === 'ok') continue;
    const name = s.server ?? (s.session === '' ? OUTSIDE : s.session);
    let per = servers.get(name);
    if (!per) servers.set(name, (per = empty()));
    add(all, s);
    add(per, s);
  }
  return { ...sorted(all), servers: Object.fromEntries([...servers].map(([k, v]) => [k, sorted(v)])) };
}
