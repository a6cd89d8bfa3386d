// Reads what a record's words say: each physical line (bounded) against the host-line patterns, tracebacks grouped
// to their exception line, stderr error lines. Pure; linear in the text read.
import type { PipelineRecord } from '../types.js';
import { EVENT_WORDS } from './patterns/capture-events.js';
import { READ_AS_LINE } from './patterns/error-codes.js';
import { EXCEPTION_SHAPES, GROUP_DECORATION, type ExceptionShape } from './patterns/exceptions.js';
import {
  BARE_STDERR_ERROR,
  HOST_LINE_PATTERNS,
  STDERR_ERROR_WORDS,
  STDERR_PREFIXES,
  TRAILING_DUMPS,
  type SignalKind,
} from './patterns/host-lines.js';

/** Only this much of a line is matched. */
const MAX_LINE = 4096;
/** Only this many lines of one record (a long traceback, a banner) are read: its first and last half of them. */
const MAX_LINES = 500;
/** Only this much of a JSON log line is parsed to find its message. */
const MAX_JSON = 65536;

export interface Signal {
  kind: SignalKind | 'exception' | 'stderr-error';
  seq: number;
  /** `file:line` of the physical line. */
  source: string;
  /** The line's words (decoded from a JSON log line, colour codes removed), or the exception's headline. */
  text: string;
  method?: string;
  /** A duration the line states, in milliseconds. */
  ms?: number;
  status?: number;
  /** The exit code a line states (`exited with code 127`). */
  code?: number;
  /** Exceptions: the language of the traceback. */
  language?: string;
}

const ANSI = /\u001b\[[0-9;]{0,20}m/g;

/**
 * The words of a record that are read: a log line's text, an event's text (a capture's events: their words as data),
 * an invalid record's raw text, a cancel's reason, the body of an HTTP answer that refused the request (a 401's OAuth
 * error, a 404's "Session not found": the transport's refusal, not an answer of the method), and an error answer an
 * SDK made (READ_AS_LINE) as the SDK logs it.
 */
function recordText(r: PipelineRecord): string | null {
  if (r.kind === 'log') return r.text ?? null;
  if (r.kind === 'invalid') return r.raw ?? null;
  if (r.kind === 'event') {
    const t = r.event?.data?.text;
    if (typeof t === 'string') return t;
    return r.event ? (EVENT_WORDS.get(r.event.name)?.words(r.event.data ?? {}) ?? null) : null;
  }
  if (r.kind === 'error' && refusedOverHttp(r)) return r.wire.text ?? null;
  if (r.kind === 'error') {
    const e = (r.message as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    return typeof e?.code === 'number' && READ_AS_LINE.has(e.code) && typeof e.message === 'string'
      ? `MCP error ${e.code}: ${e.message}`
      : null;
  }
  if (r.kind === 'notification' && r.method === 'notifications/cancelled') {
    const reason = (r.message as { params?: { reason?: unknown } } | null)?.params?.reason;
    return typeof reason === 'string' ? reason : null;
  }
  return null;
}

/** An answer the HTTP layer gave with a status of 400 or more (its body is the endpoint's refusal). */
function refusedOverHttp(r: PipelineRecord): boolean {
  return r.dir === 's2c' && typeof r.http?.status === 'number' && r.http.status >= 400;
}

/** A JSON log line's message (`message`, tracing's `fields.message`), else the line itself. */
function decodeLine(line: string): string {
  const t = line.trimStart();
  if (t.startsWith('{') && t.length <= MAX_JSON) {
    try {
      const v = JSON.parse(t) as Record<string, unknown>;
      const fields = v.fields as Record<string, unknown> | undefined;
      const m = typeof v.message === 'string' ? v.message : typeof fields?.message === 'string' ? fields.message : null;
      if (m !== null) return m.replace(ANSI, '');
    } catch {
      // Not JSON after all: read as written.
    }
  }
  return line.length > MAX_LINE ? line.slice(0, MAX_LINE) : line.replace(ANSI, '');
}

/** A line without the dump its host appended (TRAILING_DUMPS): the words before it. */
function withoutDump(line: string): string {
  let end = line.length;
  for (const re of TRAILING_DUMPS) {
    const m = re.exec(line);
    if (m && m.index < end) end = m.index;
  }
  return end === line.length ? line : line.slice(0, end);
}

function sourceAt(r: PipelineRecord, offset: number): string {
  if (offset === 0) return r.source;
  const i = r.source.lastIndexOf(':');
  const line = Number(r.source.slice(i + 1));
  return Number.isFinite(line) ? `${r.source.slice(0, i)}:${line + offset}` : r.source;
}

function toMs(groups: Record<string, string | undefined> | undefined): number | undefined {
  if (!groups) return undefined;
  if (groups.ms !== undefined) return Number(groups.ms);
  if (groups.s !== undefined) return Number(groups.s) * (groups.unit === 'ms' ? 1 : 1000);
  return undefined;
}

/** The signals of one record, in line order. */
export function readSignals(r: PipelineRecord): Signal[] {
  const text = recordText(r);
  if (text === null || text.length === 0) return [];
  const out: Signal[] = [];
  const all = text.split('\n');
  // A Python traceback ends with its exception: keep the end of a long record as well as its start.
  const at =
    all.length <= MAX_LINES
      ? all.map((_, i) => i)
      : [
          ...Array.from({ length: MAX_LINES / 2 }, (_, i) => i),
          ...Array.from({ length: MAX_LINES / 2 }, (_, i) => all.length - MAX_LINES / 2 + i),
        ];
  const lines = at.map((i) => all[i]!);
  const stripped: string[] = [];
  // A capture's log lines are the server's stderr (wrap's `stderr` records, or plain text appended): no host prefix marks it.
  const bareStderr = r.kind === 'log' && r.format === 'envelope';
  const eventKind = r.kind === 'event' && r.event ? EVENT_WORDS.get(r.event.name)?.kind : undefined;
  if (eventKind) out.push({ kind: eventKind, seq: r.seq, source: r.source, text: text.trim() });
  for (let i = 0; i < lines.length; i++) {
    const line = decodeLine(lines[i]!);
    const source = sourceAt(r, at[i]!);
    for (const p of HOST_LINE_PATTERNS) {
      const m = p.re.exec(line);
      if (!m) continue;
      const s: Signal = { kind: p.kind, seq: r.seq, source, text: withoutDump(line).trim() };
      if (m.groups?.method) s.method = m.groups.method;
      const ms = toMs(m.groups);
      if (ms !== undefined) s.ms = ms;
      if (m.groups?.status) s.status = Number(m.groups.status);
      if (m.groups?.code) s.code = Number(m.groups.code);
      out.push(s);
    }
    const stderr = STDERR_PREFIXES.exec(line);
    if (
      stderr
        ? STDERR_ERROR_WORDS.test(line.slice(stderr.index + stderr[0].length))
        : bareStderr && BARE_STDERR_ERROR.test(line)
    ) {
      out.push({ kind: 'stderr-error', seq: r.seq, source, text: line.trim() });
    }
    stripped.push(line.replace(STDERR_PREFIXES, '').replace(GROUP_DECORATION, ''));
  }
  if (r.kind === 'log' || r.kind === 'invalid') {
    const ex = exceptionOf(stripped);
    if (ex)
      out.push({
        kind: 'exception',
        seq: r.seq,
        source: sourceAt(r, at[ex.index]!),
        text: ex.text,
        language: ex.language,
      });
  }
  return out;
}

/**
 * The exception line of a traceback written over several lines (a log record's, an event's text), as the line that
 * names it (a transcript's headline); undefined when the text is one line or no traceback. Reads the lines as
 * `readSignals` does: the first and last of a long text, decoration of nested groups and stderr prefixes stripped.
 */
export function exceptionHeadline(text: string): string | undefined {
  if (!text.includes('\n')) return undefined;
  const all = text.split('\n');
  const lines = all.length <= MAX_LINES ? all : [...all.slice(0, MAX_LINES / 2), ...all.slice(-MAX_LINES / 2)];
  const ex = exceptionOf(lines.map((l) => decodeLine(l).replace(STDERR_PREFIXES, '').replace(GROUP_DECORATION, '')));
  return ex?.text;
}

/** The headline of the traceback in a group of lines: the exception line of the language whose report it is. */
function exceptionOf(lines: readonly string[]): { index: number; text: string; language: string } | undefined {
  let shape: ExceptionShape | undefined;
  for (const s of EXCEPTION_SHAPES) {
    if (s.start && lines.some((l) => s.start!.test(l))) {
      shape = s;
      break;
    }
  }
  const shapes = shape ? [shape] : EXCEPTION_SHAPES.filter((s) => s.start === null);
  for (const s of shapes) {
    let found = -1;
    for (let i = 0; i < lines.length; i++) {
      if (!s.headline.test(lines[i]!)) continue;
      found = i;
      if (s.pick === 'first') break;
    }
    if (found < 0) continue;
    let text = lines[found]!.trim();
    if (s.cause) {
      let last = -1;
      for (let i = found + 1; i < lines.length; i++) if (s.cause.test(lines[i]!)) last = i;
      if (last >= 0) text = `${text} … ${lines[last]!.trim()}`;
    }
    return { index: found, text, language: s.language };
  }
  return undefined;
}
