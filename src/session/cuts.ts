// Where a log can be cut into pieces that keep every session whole (`--jobs` on one large file), and how a piece,
// once read, shows that its cut held.
//
// A piece is read on its own, from a fresh state, with the file's line numbers (src/input/lines/pieces.ts), and merged like
// a file (src/cli/jobs.ts). It gives what the whole file gives there when no session spans the cut and nothing else
// carries over from the lines before it:
//
// - raw NDJSON: a line decode takes for an `initialize` request. After any record it starts a new session and
//   retires the one before (src/session/tracker.ts), and the NDJSON reader keeps no state between lines: the cut
//   always holds.
// - envelope NDJSON (as `wrap --out` writes it): a line for a process start event (`start`, `spawn` …) with no
//   session key. It starts a new session when the session before it has a message or was seen starting, which the
//   piece before the cut tells at its end.
// - text transcript: a session break that names its session (`=== session NAME ===`). The transcript reader's only
//   state is the session and a record still open over several lines; a break sets the one, and cuts the other off
//   (then the piece before ends with that record cut off by its end instead, which it reports).
//
// In every format, sessions named by a key must not span a cut (each key in one piece only), and there must be no
// more of them than `--max-sessions` allows at once (the bound retires sessions in the order they were last
// active, which a piece cannot see). Clock times without a date (`HH:MM:SS`) count days from the file's first one
// (a time more than 12 hours before the last is on the next day): a piece starts from the days the whole file has
// counted by its first clock time, as sampled while the cuts were found (src/input/lines/pieces.ts), and reports its first
// and last clock times, from which the days the file really counted there are worked out.
//
// A piece after the first also checks that its first record is the one it was cut at. When a cut does not hold, the
// file is read again whole.
import { EnvelopeReader } from '../input/readers/envelope.js';
import { nestedDeeper } from '../input/shared/depth.js';
import { DAY_MS, clockTextMs, passesMidnight } from '../input/shared/time.js';
import { TIME_KEYS } from '../input/readers/envelope-fields.js';
import { isComment, parseHeader } from '../input/readers/transcript-syntax.js';
import type { Frame, PipelineRecord } from '../types.js';
import { SESSION_EVENTS, START_EVENTS } from './events.js';
import { NO_SESSION } from './outside.js';

/** The formats a file can be cut in. */
export type CutFormat = 'ndjson' | 'envelope' | 'transcript';

export function isCutFormat(format: string): format is CutFormat {
  return format === 'ndjson' || format === 'envelope' || format === 'transcript';
}

/**
 * Where a piece of a file of this format may start: a line holding one of `needles` that `cutAt` accepts; and, for
 * formats with clock times, where a line's time is (`timeOf`, given the line's start).
 */
export function cutRule(format: CutFormat): {
  needles: readonly string[];
  cutAt: (text: string) => boolean;
  timeOf?: (head: string) => string | null;
} {
  switch (format) {
    case 'ndjson':
      return { needles: ['"initialize"'], cutAt: isInitializeRequest };
    case 'envelope':
      return { needles: [...START_EVENTS].map((e) => `"${e}"`), cutAt: isUnkeyedStart, timeOf: envelopeTimeText };
    case 'transcript':
      return { needles: ['==='], cutAt: isNamedSessionBreak, timeOf: transcriptTimeText };
  }
}

const ENVELOPE_TIME = new RegExp(`^\\s*\\{.*?"(?:${TIME_KEYS.join('|')})"\\s*:\\s*"([^"]*)"`);

/** The time string at an envelope line's start (the time key is usually first), or null. */
export function envelopeTimeText(head: string): string | null {
  return ENVELOPE_TIME.exec(head)?.[1]?.trim() ?? null;
}

/** The time a transcript line's record header gives, or null. */
export function transcriptTimeText(head: string): string | null {
  const h = parseHeader(head);
  return h === null || h.kind === 'time-only' || h.time === null ? null : h.time.text;
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
  return (
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    (v as { method?: unknown }).method === 'initialize' &&
    Object.hasOwn(v, 'id')
  );
}

/** Whether an envelope line is, to the envelope reader, a process start event with no session key. */
export function isUnkeyedStart(text: string): boolean {
  const out: Frame[] = [];
  new EnvelopeReader('').line({ text, line: 1, bytes: Buffer.byteLength(text) }, out);
  const f = out[0];
  return (
    out.length === 1 && f !== undefined && f.session === null && f.event !== undefined && START_EVENTS.has(f.event.name)
  );
}

/** Whether a transcript line is, to the transcript reader, a session break that names its session. */
export function isNamedSessionBreak(text: string): boolean {
  if (isComment(text)) return false;
  const h = parseHeader(text);
  return h !== null && h.kind === 'session' && h.id !== null;
}

/** What a piece's worker saw that tells whether the cuts around it held. */
export interface CutReport {
  /** Its first record is the one it was cut at (true for the first piece). */
  starts: boolean;
  /**
   * Nothing at its end would carry on past a cut after it. NDJSON and envelopes: its last session would take the
   * next cut as a new session (it has a message or was seen starting), or it has no record. Transcripts: its last
   * record is not one the piece's end cut off (an invalid record, to be safe).
   */
  ends: boolean;
  /** The keys of the sessions named by the log that it holds. */
  keys: string[];
  /**
   * Its clock times without a date: the days (ms) it started counting from (`clockOffset`), its first one as written
   * (ms since its own midnight), and its last one as read (`tsMs`) with the days counted then.
   */
  clock: { start: number; first: number; last: number; lastOffset: number } | null;
}

/** Watches a piece's records as its worker reads them. */
export class CutCheck {
  private first = true;
  private starts: boolean;
  private lastSession: string | null = null;
  private lastStarted = true;
  private lastInvalid = false;
  private readonly keys = new Set<string>();
  private clock: CutReport['clock'] = null;

  /**
   * `firstLine`: the line a piece after the first was cut at (undefined for the first piece); `unkeyedPrefix`: what
   * the analyzer puts before the numbers of unkeyed sessions; `clockOffset`: the days its reader counts from.
   */
  constructor(
    private readonly format: CutFormat,
    private readonly firstLine: number | undefined,
    private readonly unkeyedPrefix: string,
    private readonly clockOffset = 0,
  ) {
    this.starts = firstLine === undefined;
  }

  see(r: PipelineRecord): void {
    const keyed = !r.session.startsWith(this.unkeyedPrefix);
    if (this.first) {
      this.first = false;
      if (this.firstLine !== undefined)
        this.starts = this.isCutRecord(r, keyed) && r.seq === 1 && r.wire.line === this.firstLine;
    }
    if (r.session !== this.lastSession) {
      this.lastSession = r.session;
      this.lastStarted = false;
    }
    if (r.kind !== 'event' || START_EVENTS.has(r.event?.name ?? '') || SESSION_EVENTS.has(r.event?.name ?? ''))
      this.lastStarted = true;
    this.lastInvalid = r.kind === 'invalid';
    if (keyed && r.session !== NO_SESSION) this.keys.add(r.session);
    const ms = r.wire.tsMs;
    const written = r.ts === null || ms === null ? null : clockTextMs(r.ts);
    if (written !== null) {
      if (this.clock === null)
        this.clock = { start: this.clockOffset, first: written, last: ms!, lastOffset: ms! - written };
      else {
        this.clock.last = ms!;
        this.clock.lastOffset = ms! - written;
      }
    }
  }

  report(): CutReport {
    const ends = this.format === 'transcript' ? !this.lastInvalid : this.lastSession === null || this.lastStarted;
    return { starts: this.starts, ends, keys: [...this.keys], clock: this.clock };
  }

  private isCutRecord(r: PipelineRecord, keyed: boolean): boolean {
    const name = r.event?.name ?? '';
    switch (this.format) {
      case 'ndjson':
        return r.kind === 'request' && r.method === 'initialize';
      case 'envelope':
        return r.kind === 'event' && START_EVENTS.has(name) && !keyed;
      case 'transcript':
        return r.kind === 'event' && name === 'session' && keyed;
    }
  }
}

/**
 * Whether every cut of a file held, from its pieces' reports in order; `maxSessions`: the `--max-sessions` bound
 * (at most one session without a key is live at a time, so the keyed ones and one more must fit under it).
 */
export function cutsHeld(reports: readonly CutReport[], maxSessions: number): boolean {
  const keys = new Set<string>();
  // The whole file's clock at the end of the pieces so far: the days counted and the last clock time read.
  let days = 0;
  let lastClock: number | null = null;
  for (const [i, r] of reports.entries()) {
    if (!r.starts || (i > 0 && !reports[i - 1]!.ends)) return false;
    for (const k of r.keys) {
      if (keys.has(k)) return false;
      keys.add(k);
    }
    if (r.clock !== null) {
      // The whole file reads the piece's first clock time with the days it counted so far, and a day more if that
      // time passed a midnight; the piece read it (and so every clock time after it) with the days it started from.
      const first = r.clock.first + days;
      if (r.clock.start !== (lastClock !== null && passesMidnight(lastClock, first) ? days + DAY_MS : days))
        return false;
      days = r.clock.lastOffset;
      lastClock = r.clock.last;
    }
  }
  return keys.size + 1 <= maxSessions;
}
