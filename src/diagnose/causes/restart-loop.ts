// Cause restart-loop: the same server launched again and again within minutes, each launch failing the same way.
// It is read across sessions (one per launch), so it decides over the diagnosed sessions instead of records.
import type { CauseMeta, Diagnosis, Evidence } from '../types.js';

/** This many launches in a row, failing the same way, make a loop. */
const MIN_LAUNCHES = 3;
/** ... within this span (when the log has times). */
const WINDOW_MS = 10 * 60_000;

export const restartLoopMeta: CauseMeta = {
  id: 'restart-loop',
  title: 'The server was restarted again and again',
  defaultSide: 'server',
  summary:
    'The same server was launched three or more times within minutes and every launch failed the same way: restarting will not help until the cause is fixed.',
};

/** One launch: a session of a server, with its first diagnosis and when it began. */
export interface Launch {
  server: string | null;
  file: string;
  tsMs: number | null;
  start: Evidence | null;
  top: Diagnosis | undefined;
  /** Where a loop found is reported (the last launch of the loop). */
  diagnoses: Diagnosis[];
}

/** The failure's signature: its cause and its first words of evidence. */
function signature(d: Diagnosis | undefined): string | null {
  if (d?.impact !== 'failed') return null;
  return `${d.cause}\n${d.evidence[0]?.text ?? ''}`;
}

/** Finds runs of launches failing the same way and adds a restart-loop diagnosis to each run's last launch. */
export function findLoops(launches: readonly Launch[]): void {
  let run: Launch[] = [];
  const close = (): void => {
    if (run.length >= MIN_LAUNCHES) {
      const first = run[0]!.tsMs,
        last = run.at(-1)!.tsMs;
      if (first === null || last === null || last - first <= WINDOW_MS) {
        const evidence: Evidence[] = [];
        for (const l of run) if (l.start && evidence.length < 4) evidence.push(l.start);
        const headline = run[0]!.top!.evidence[0];
        if (headline) evidence.push(headline);
        const mins =
          first !== null && last !== null ? ` in ${Math.max(1, Math.ceil((last - first) / 60_000))} min` : '';
        run.at(-1)!.diagnoses.push({
          cause: restartLoopMeta.id,
          side: 'server',
          impact: 'failed',
          evidence,
          summary: `${run[0]!.server ?? 'the server'} was launched ${run.length} times${mins} and failed the same way each time`,
        });
      }
    }
    run = [];
  };
  for (const l of launches) {
    const sig = signature(l.top);
    const prev = run.at(-1);
    if (prev && (sig === null || sig !== signature(prev.top) || l.server !== prev.server || l.file !== prev.file))
      close();
    if (sig !== null && l.server !== null) run.push(l);
  }
  close();
}
