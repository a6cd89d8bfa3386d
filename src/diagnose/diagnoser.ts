// The diagnosis collector: fed the pipeline's records as they come and the end-of-input summary, it folds each
// session's records, events and log lines into ranked diagnoses and a verdict. Memory is per session and bounded.
import type { AnalysisSummary } from '../analyzer.js';
import { DEFAULT_RULE_OPTIONS } from '../rules/types.js';
import type { OpenRequest, PipelineRecord } from '../types.js';
import { findLoops, type Launch } from './causes/restart-loop.js';
import { foldRecord, newFold, settle, type SessionFold } from './fold.js';
import { CAUSES, causeRank } from './registry.js';
import { readSignals } from './signals.js';
import type { Diagnosis, Impact, SessionDiagnosis, Verdict } from './types.js';

export interface DiagnoserOptions {
  /** The slow threshold (the rules' `slowMs`). */
  slowMs?: number;
}

interface Entry {
  fold: SessionFold;
  states: unknown[];
  file: string;
}

const IMPACT_ORDER: Record<Impact, number> = { failed: 0, degraded: 1, note: 2 };

export class Diagnoser {
  private readonly sessions = new Map<string, Entry>();
  private readonly slowMs: number;

  constructor(opts: DiagnoserOptions = {}) {
    this.slowMs = opts.slowMs ?? DEFAULT_RULE_OPTIONS.slowMs;
  }

  observe(record: PipelineRecord): void {
    let e = this.sessions.get(record.session);
    if (!e) {
      e = { fold: newFold(), states: CAUSES.map((c) => c.create()), file: record.wire.file };
      this.sessions.set(record.session, e);
    }
    const signals = readSignals(record);
    foldRecord(e.fold, record, signals);
    const obs = { record, signals, fold: e.fold };
    for (let i = 0; i < CAUSES.length; i++) CAUSES[i]!.observe(e.states[i], obs);
    settle(e.fold, record);
  }

  /** The diagnosis of every session, in the order the sessions began. */
  finish(summary: Pick<AnalysisSummary, 'sessions' | 'open'>): SessionDiagnosis[] {
    const openBy = new Map<string, OpenRequest[]>();
    for (const o of summary.open) {
      const list = openBy.get(o.session);
      if (list) list.push(o);
      else openBy.set(o.session, [o]);
    }
    const info = new Map(summary.sessions.map((s) => [s.key, s]));
    const keys = [...summary.sessions.map((s) => s.key)];
    for (const k of this.sessions.keys()) if (!info.has(k)) keys.push(k);
    const launches: Launch[] = [];
    const out: SessionDiagnosis[] = [];
    for (const key of keys) {
      const e = this.sessions.get(key);
      const session = info.get(key);
      const diagnoses: Diagnosis[] = [];
      if (e) {
        const decided = new Map<string, Diagnosis>();
        for (let i = 0; i < CAUSES.length; i++) {
          const c = CAUSES[i]!;
          const d = c.decide(e.states[i], { session, key, fold: e.fold, open: openBy.get(key) ?? [], decided, slowMs: this.slowMs });
          if (!d) continue;
          const full = { cause: c.meta.id, ...d };
          decided.set(c.meta.id, full);
          diagnoses.push(full);
        }
      }
      const server = e?.fold.server ?? session?.server ?? null;
      rank(diagnoses);
      launches.push({ server, file: e?.file ?? session?.file ?? '', tsMs: e?.fold.firstTsMs ?? null, start: e?.fold.start ?? null, top: diagnoses[0], diagnoses });
      out.push({ session: key, server, verdict: 'ok', diagnoses });
    }
    findLoops(launches);
    for (const s of out) {
      rank(s.diagnoses);
      s.verdict = verdictOf(s.diagnoses);
    }
    return out;
  }
}

function rank(list: Diagnosis[]): void {
  list.sort((a, b) => IMPACT_ORDER[a.impact] - IMPACT_ORDER[b.impact] || causeRank(a.cause) - causeRank(b.cause));
}

function verdictOf(list: readonly Diagnosis[]): Verdict {
  if (list.some((d) => d.impact === 'failed')) return 'failed';
  if (list.some((d) => d.impact === 'degraded')) return 'degraded';
  return 'ok';
}

/** The worst of verdicts. */
export function worstVerdict(list: Iterable<Verdict>): Verdict {
  let v: Verdict = 'ok';
  for (const x of list) if (x === 'failed' || (x === 'degraded' && v === 'ok')) v = x;
  return v;
}

/** Diagnoses a whole run at once: its records and its end-of-input summary. */
export function diagnose(records: Iterable<PipelineRecord>, summary: Pick<AnalysisSummary, 'sessions' | 'open'>, opts?: DiagnoserOptions): SessionDiagnosis[] {
  const d = new Diagnoser(opts);
  for (const r of records) d.observe(r);
  return d.finish(summary);
}
