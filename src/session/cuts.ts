// Where a log can be cut into pieces that keep every session whole (`--jobs` on one large file), and how a piece,
// once read, shows that its cut held.
//
// A piece is read on its own, from a fresh state, with the file's line numbers (src/input/pieces.ts), and merged like
// a file (src/cli/jobs.ts). It gives what the whole file gives there when no session spans the cut and nothing else
// carries over from the lines before it:
//
// - raw NDJSON: a line decode takes for an `initialize` request. After any record it starts a new session and
//   retires the one before (src/session/tracker.ts), and the NDJSON reader keeps no state between lines: the cut
//   always holds.
// - envelope NDJSON (as `wrap --out` writes it): a line for a process start event (`start`, `spawn` …) with no
//   session key. It starts a new session when the session before it has a message or was seen starting, which the
//   piece before the cut tells at its end. Sessions named by a key may interleave, and the reader's clock times
//   (`HH:MM:SS` without a date) count days from the first record: a piece that holds either is not cut there.
//
// A piece after the first also checks that its first record is the one it was cut at. When a cut does not hold, the
// file is read again whole.
import { EnvelopeReader } from '../input/envelope.js';
import { nestedDeeper } from '../input/depth.js';
import { isClockTime } from '../input/time.js';
import type { Frame, PipelineRecord } from '../types.js';
import { SESSION_EVENTS, START_EVENTS } from './events.js';

/** The formats a file can be cut in. */
export type CutFormat = 'ndjson' | 'envelope';

export function isCutFormat(format: string): format is CutFormat {
  return format === 'ndjson' || format === 'envelope';
}

/** Where a piece of a file of this format may start: a line holding one of `needles` that `cutAt` accepts. */
export function cutRule(format: CutFormat): { needles: readonly string[]; cutAt: (text: string) => boolean } {
  return format === 'ndjson'
    ? { needles: ['"initialize"'], cutAt: isInitializeRequest }
    : { needles: [...START_EVENTS].map((e) => `"${e}"`), cutAt: isUnkeyedStart };
}

/** Whether a line is what decode takes for an `initialize` request (a trailing `\r` is JSON whitespace). */
export function isInitializeRequest(text: string): boolean {
  if (nestedDeeper(text)) return false;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return false;
  }
  return v !== null && typeof v === 'object' && !Array.isArray(v) && (v as { method?: unknown }).method === 'initialize' && Object.hasOwn(v, 'id');
}

/** Whether an envelope line is, to the envelope reader, a process start event with no session key. */
export function isUnkeyedStart(text: string): boolean {
  const out: Frame[] = [];
  new EnvelopeReader('').line({ text, line: 1, bytes: Buffer.byteLength(text) }, out);
  const f = out[0];
  return out.length === 1 && f !== undefined && f.session === null && f.event !== undefined && START_EVENTS.has(f.event.name);
}

/** What a piece's worker saw that tells whether the cuts around it held. */
export interface CutReport {
  /** Its first record is the one it was cut at (true for the first piece). */
  starts: boolean;
  /** Its last session would take the next cut as a new session (it has a message or was seen starting), or it has no record. */
  ends: boolean;
  /** It holds a session named by a key. */
  keyed: boolean;
  /** A piece after the first: it holds a clock time without a date. */
  clock: boolean;
}

/** Watches a piece's records as its worker reads them. */
export class CutCheck {
  private first = true;
  private starts: boolean;
  private lastSession: string | null = null;
  private lastStarted = true;
  private keyed = false;
  private clock = false;

  /**
   * `firstLine`: the line a piece after the first was cut at (undefined for the first piece); `unkeyedPrefix`: what
   * the analyzer puts before the numbers of unkeyed sessions.
   */
  constructor(private readonly format: CutFormat, private readonly firstLine: number | undefined, private readonly unkeyedPrefix: string) {
    this.starts = firstLine === undefined;
  }

  see(r: PipelineRecord): void {
    if (this.first) {
      this.first = false;
      if (this.firstLine !== undefined) {
        const cutRecord = this.format === 'ndjson' ? r.kind === 'request' && r.method === 'initialize' : r.kind === 'event' && START_EVENTS.has(r.event?.name ?? '');
        this.starts = cutRecord && r.seq === 1 && r.wire.line === this.firstLine;
      }
    }
    if (r.session !== this.lastSession) {
      this.lastSession = r.session;
      this.lastStarted = false;
    }
    if (r.kind !== 'event' || START_EVENTS.has(r.event?.name ?? '') || SESSION_EVENTS.has(r.event?.name ?? '')) this.lastStarted = true;
    if (!r.session.startsWith(this.unkeyedPrefix)) this.keyed = true;
    if (this.firstLine !== undefined && r.ts !== null && isClockTime(r.ts)) this.clock = true;
  }

  report(): CutReport {
    return { starts: this.starts, ends: this.lastSession === null || this.lastStarted, keyed: this.keyed, clock: this.clock };
  }
}

/** Whether every cut of a file held, from its pieces' reports in order. */
export function cutsHeld(reports: readonly CutReport[]): boolean {
  return reports.every((r, i) => r.starts && !r.keyed && !r.clock && (i === 0 || reports[i - 1]!.ends));
}
