// The diagnosis collector: fed the pipeline's records as they come and the end-of-input summary, it folds each
// session's records, events and log lines into ranked diagnoses and a verdict. Memory is per session and bounded.
import type { AnalysisSummary } from '../analyzer.js';
import { DEFAULT_RULE_OPTIONS } from '../rules/types.js';
import type { OpenRequest, PipelineRecord, RecordMark, SessionInfo } from '../types.js';
import { findLoops, type Launch } from './causes/restart-loop.js';
import { findRecoveries } from './causes/session-expired.js';
import { foldRecord, newFold, settle, type SessionFold } from './fold.js';
import { marksOf } from './marks.js';
import { CAUSES, causeRank } from './registry.js';
import { readSignals } from './signals.js';
import { NO_SESSION } from '../session/outside.js';
import type { Diagnosis, Evidence, Impact, SessionDiagnosis, Verdict } from './types.js';

export interface DiagnoserOptions {
  /** The slow threshold (the rules' `slowMs`). */
  slowMs?: number;
  /**
   * Sessions whose records are still folded (`--max-sessions`, 10,000 by default). Past it the least recently active
   * one is decided at once from what its records showed (its requests still open are the ones its fold holds) and
   * only its diagnosis is kept, so that memory does not grow with the number of sessions' folds.
   */
  maxLive?: number;
}

const DEFAULT_MAX_LIVE = 10_000;

interface Entry {
  fold: SessionFold;
  states: unknown[];
  file: string;
  /** The session's key as its records name it. */
  key: string;
  firstSeq: number;
  lastSeq: number;
}

function sessionId(file: string, key: string): string {
  return `${file}\u0000${key}`;
}

const IMPACT_ORDER: Record<Impact, number> = { failed: 0, degraded: 1, note: 2 };

export class Diagnoser {
  /** Live sessions, the least recently active first. */
  private readonly sessions = new Map<string, Entry>();
  /** The id of the session of the last record (it is already last in `sessions`). */
  private lastId: string | null = null;
  /** The last record's reading of its file, session key and entry (`lastId`'s). */
  private last: { file: string; input: number; key: string; e: Entry } | null = null;
  /** Sessions decided when they were retired, with where they began. */
  private readonly retired: { firstSeq: number; diagnosis: PartialDiagnosis }[] = [];
  private readonly slowMs: number;
  private readonly maxLive: number;
  /** Per file: the last line seen and how many times the file was read again before (for inputs named alike). */
  private readonly inputs = new Map<string, { line: number; n: number }>();

  constructor(opts: DiagnoserOptions = {}) {
    this.slowMs = opts.slowMs ?? DEFAULT_RULE_OPTIONS.slowMs;
    this.maxLive = Math.max(1, opts.maxLive ?? DEFAULT_MAX_LIVE);
  }

  /**
   * Takes in one record; returns what it shows of a failure as it stands now (annotate's marks, marks.ts), or
   * undefined.
   */
  observe(record: PipelineRecord): RecordMark[] | undefined {
    // Keyed by input too: two inputs can hold sessions of one name (a transcript read twice), which are two sessions.
    // The same file read again starts over at its first lines: a line before the last one seen is a new input.
    const file = record.wire.file;
    const last = this.inputs.get(file);
    let input = last?.n ?? 0;
    if (last && record.wire.line < last.line) input = ++last.n;
    if (last) last.line = record.wire.line;
    else this.inputs.set(file, { line: record.wire.line, n: 0 });
    // A record of the last record's session (most are) finds it without its id: building and hashing the id string
    // for every record was half of what this function took.
    const l = this.last;
    const e =
      l !== null && l.input === input && l.file === file && l.key === record.session
        ? l.e
        : this.enter(record, file, input);
    e.lastSeq = record.seq;
    const signals = readSignals(record);
    foldRecord(e.fold, record, signals);
    const obs = { record, signals, fold: e.fold, slowMs: this.slowMs };
    for (let i = 0; i < CAUSES.length; i++) CAUSES[i]!.observe(e.states[i], obs);
    const marks = marksOf(record, signals, e.fold);
    settle(e.fold, record);
    return marks;
  }

  /** The entry of a record's session (`input`: which reading of `file`), made when new; the most recently active last. */
  private enter(record: PipelineRecord, file: string, input: number): Entry {
    const id = sessionId(input === 0 ? file : `${file}#${input}`, record.session);
    let e = this.sessions.get(id);
    if (!e) {
      if (this.sessions.size >= this.maxLive) this.retireOldest();
      e = {
        fold: newFold(),
        states: CAUSES.map((c) => c.create()),
        file: record.wire.file,
        key: record.session,
        firstSeq: record.seq,
        lastSeq: record.seq,
      };
      this.sessions.set(id, e);
    } else if (id !== this.lastId) {
      // The first entry is the one to retire.
      this.sessions.delete(id);
      this.sessions.set(id, e);
    }
    this.lastId = id;
    this.last = { file, input, key: record.session, e };
    return e;
  }

  /** The diagnosis of every session, in the order the sessions began. */
  finish(summary: Pick<AnalysisSummary, 'sessions' | 'open'>): SessionDiagnosis[] {
    return completeDiagnoses(this.partial(summary));
  }

  /**
   * Each session's diagnoses before what only the whole run shows (restart loops across launches, then the verdicts):
   * what a `--jobs` worker sends, for the coordinator to renumber, join in input order and complete.
   */
  partial(summary: Pick<AnalysisSummary, 'sessions' | 'open'>): PartialDiagnosis[] {
    const openBy = new Map<string, OpenRequest[]>();
    for (const o of summary.open) {
      const list = openBy.get(o.session);
      if (list) list.push(o);
      else openBy.set(o.session, [o]);
    }
    // The summary's SessionInfo (by name) for what it adds (the server's name).
    const info = new Map(summary.sessions.map((s) => [sessionId(s.file, s.key), s]));
    const live = [...this.sessions].map(([id, e]) => ({
      firstSeq: e.firstSeq,
      diagnosis: this.decide(
        e,
        info.get(id),
        (openBy.get(e.key) ?? []).filter((o) => o.seq >= e.firstSeq && o.seq <= e.lastSeq),
      ),
    }));
    // Sessions in the order they began.
    return [...this.retired, ...live].sort((x, y) => x.firstSeq - y.firstSeq).map((x) => x.diagnosis);
  }

  /** Decides the least recently active session now, from its own records: its open requests are its fold's. */
  private retireOldest(): void {
    const first = this.sessions.entries().next();
    if (first.done) return;
    const [id, e] = first.value;
    this.sessions.delete(id);
    this.retired.push({ firstSeq: e.firstSeq, diagnosis: this.decide(e, undefined, openOf(e)) });
  }

  /**
   * A session read from `file` went wrong, as its records show so far (a cause that failed or degraded it; restart
   * loops, which need the whole run, aside): what a note on an input with no MCP message says instead of nothing.
   */
  wentWrong(file: string): boolean {
    if (
      wentWrongIn(
        this.retired.map((r) => r.diagnosis),
        file,
      )
    )
      return true;
    for (const e of this.sessions.values())
      if (e.file === file && hasFailure(this.decide(e, undefined, openOf(e)).diagnoses)) return true;
    return false;
  }

  /** One session's diagnoses, ranked (the verdict is the run's to complete). */
  private decide(e: Entry, session: SessionInfo | undefined, open: readonly OpenRequest[]): PartialDiagnosis {
    const key = e.key;
    const diagnoses: Diagnosis[] = [];
    const decided = new Map<string, Diagnosis>();
    for (let i = 0; i < CAUSES.length; i++) {
      const c = CAUSES[i]!;
      // A copy: deciding must not change what the session's records built (a live report decides again later).
      const d = c.decide(structuredClone(e.states[i]), {
        session,
        key,
        fold: e.fold,
        open,
        decided,
        slowMs: this.slowMs,
      });
      if (!d) continue;
      const full = { cause: c.meta.id, ...d, evidence: [...d.evidence] };
      decided.set(c.meta.id, full);
      diagnoses.push(full);
    }
    rank(diagnoses);
    const server = e.fold.server ?? session?.server ?? null;
    const init = e.fold.initialize;
    const initialized = init?.answered ? { seq: init.seq, source: init.source, text: init.text } : null;
    return {
      session: key,
      server,
      verdict: 'ok',
      diagnoses,
      file: e.file,
      tsMs: e.fold.firstTsMs,
      start: e.fold.start,
      initialized,
    };
  }
}

/** A live session's open requests, from its fold (the analyzer's summary is not there yet). */
function openOf(e: Entry): OpenRequest[] {
  return [...e.fold.pending].map(([seq, p]) => ({
    seq,
    session: e.key,
    source: p.source,
    dir: p.dir,
    id: p.id as string | number,
    method: p.method,
    cancelled: p.cancelled,
  }));
}

function hasFailure(list: readonly Diagnosis[]): boolean {
  return list.some((d) => d.impact !== 'note');
}

/** A session of `file` among these went wrong (`Diagnoser.wentWrong` for diagnoses a `--jobs` worker sent). */
export function wentWrongIn(parts: readonly PartialDiagnosis[], file: string): boolean {
  return parts.some((p) => p.file === file && hasFailure(p.diagnoses));
}

/** A session's diagnosis as a worker sends it: with when and where its launch began, for restart loops. */
export interface PartialDiagnosis extends SessionDiagnosis {
  tsMs: number | null;
  start: Evidence | null;
  /** The client's `initialize`, when it was answered (a session lost over HTTP is recovered in a later one). */
  initialized: Evidence | null;
}

/** A worker's diagnoses in the run's numbering (`--jobs`): sessions renamed, evidence and launches renumbered. */
export function renumberDiagnoses(
  list: readonly PartialDiagnosis[],
  renumber: { session(key: string): string; seq(seq: number): number },
): PartialDiagnosis[] {
  return list.map((d) => ({
    ...d,
    session: renumber.session(d.session),
    start: d.start && { ...d.start, seq: renumber.seq(d.start.seq) },
    initialized: d.initialized && { ...d.initialized, seq: renumber.seq(d.initialized.seq) },
    diagnoses: d.diagnoses.map((x) => ({
      ...x,
      evidence: x.evidence.map((e) => ({ ...e, seq: renumber.seq(e.seq) })),
    })),
  }));
}

/** Sessions lost and recovered in another, restart loops across the sessions, then ranks and verdicts: the run's diagnosis. */
export function completeDiagnoses(parts: readonly PartialDiagnosis[]): SessionDiagnosis[] {
  const sessions = parts.map((p) => ({
    server: p.server,
    file: p.file,
    initialized: p.initialized,
    diagnoses: [...p.diagnoses],
  }));
  findRecoveries(sessions);
  for (const s of sessions) rank(s.diagnoses);
  const launches: Launch[] = parts.map((p, i) => ({
    server: p.server,
    file: p.file,
    tsMs: p.tsMs,
    start: p.start,
    top: sessions[i]!.diagnoses[0],
    diagnoses: sessions[i]!.diagnoses,
  }));
  findLoops(launches);
  const out = parts.map((p, i) => {
    const diagnoses = launches[i]!.diagnoses;
    rank(diagnoses);
    return { session: p.session, file: p.file, server: p.server, verdict: verdictOf(diagnoses), diagnoses };
  });
  // The lines outside any session are no session: they are told only when they show something that went wrong.
  return out.filter((s) => s.session !== NO_SESSION || s.verdict !== 'ok');
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
export function diagnose(
  records: Iterable<PipelineRecord>,
  summary: Pick<AnalysisSummary, 'sessions' | 'open'>,
  opts?: DiagnoserOptions,
): SessionDiagnosis[] {
  const d = new Diagnoser(opts);
  for (const r of records) d.observe(r);
  return d.finish(summary);
}
