// The capture engine: one parsed record of another tool's capture, read with its dialect's forms, becomes frames.
//
// Pure and synchronous: the line and document readers (jsonl.ts, document.ts) parse the records and give them here
// in order; what the records say in common (which process is the client of a pipe, a running clock) is kept in a
// few bounded fields. A record of no form, and anything that is not a JSON object, is a log record: nothing a tool
// wrote is lost, and nothing it wrote is an error.
import type { Direction, Frame } from '../../types.js';
import { isPlainObject } from '../../util/own.js';
import {
  errorFrame,
  eventFrame,
  logFrame,
  normaliseEventName,
  textFrame,
  truncatedFrame,
  utf8Length,
  valueFrame,
  type FrameContext,
  type Position,
} from '../lines/frames.js';
import { ClockTimeline, envelopeTime, NO_TIME, type TimeValue } from '../shared/time.js';
import { directed, expand, matches, present, topKey, valueAt, type Header } from './paths.js';
import { PipeRoles } from './peers.js';
import type { ToolCaptureDialect, DirRule, MessageSpec, RecordForm } from './types.js';

/** Where a record is: its lines, and (a document's element) the line each of its top-level keys starts on. */
interface RecordAt extends Position {
  keyLines?: ReadonlyMap<string, number>;
}

export class ToolCaptureMapper {
  /** The document's top-level values read before its records (document.ts sets them). */
  header: Record<string, unknown> = {};
  private readonly clock = new ClockTimeline();
  /** `time: { running }`: ms since the first record. */
  private running = 0;
  /** Pipe ends (process ids) whose role an `initialize` told. */
  private readonly roles = new PipeRoles();
  /** The session and server of the last record that named them: a line between records (stdout noise) is theirs. */
  private last: FrameContext = {};
  private readonly fileServer: string | undefined;

  constructor(
    private readonly d: ToolCaptureDialect,
    file: string,
  ) {
    const base = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
    const name = d.serverFromFile?.exec(base)?.groups?.server;
    this.fileServer = name === undefined ? undefined : decodeName(name);
  }

  /**
   * The frames of one record, appended to `out`, but a folded message timed after its record (`after`: a request's
   * response), appended to `later`; true when the record is one the tool lists newest first.
   */
  record(value: unknown, at: RecordAt, raw: () => string, out: Frame[], later: Frame[]): boolean {
    const d = this.d;
    const header = this.header as Header;
    if (!isPlainObject(value)) {
      this.text(at, raw(), out);
      return false;
    }
    const newest = d.newestFirst !== undefined && matches(d.newestFirst, value, header);
    const form = d.forms.find((f) => matches(f.when, value, header));
    const time = this.timeOf(value);
    if (form === undefined) this.text(at, raw(), out);
    else if (form.messages !== undefined) this.messages(form, form.messages, value, at, time, raw, out, later);
    else if (form.event !== undefined) {
      const data: Record<string, unknown> = {};
      for (const p of form.event.data ?? []) {
        const v = valueAt(p, value, header);
        if (v !== undefined) data[p.slice(p.lastIndexOf('.') + 1)] = v;
      }
      const name = normaliseEventName(
        expand(form.event.name, value, header) ?? form.event.name.replace(/\{[^{}]*\}/g, ''),
      );
      out.push(
        eventFrame(
          at,
          Object.keys(data).length > 0 ? { name, data } : { name },
          this.context(form, value, 'unknown', time, true),
        ),
      );
    } else {
      const text = (form.log && expand(form.log.text, value, header)) ?? raw();
      const level = form.log?.level === undefined ? null : (expand(form.log.level, value, header) ?? null);
      out.push(logFrame(at, level, text, this.context(form, value, 'unknown', time, true)));
    }
    this.advance(value);
    return newest;
  }

  /** A line or element that is no record of the tool's (not JSON, not an object, of no form): a log record. */
  text(at: Position, text: string, out: Frame[]): void {
    out.push(logFrame(at, null, text, { ...this.last }));
  }

  /** The messages a record holds, in order; each spans the record's lines from where its key starts. */
  private messages(
    form: RecordForm,
    specs: readonly MessageSpec[],
    value: Record<string, unknown>,
    at: RecordAt,
    time: TimeValue,
    raw: () => string,
    out: Frame[],
    later: Frame[],
  ): void {
    const header = this.header as Header;
    const found: Array<{ spec: MessageSpec; path: string; message: unknown }> = [];
    for (const spec of specs) {
      for (const path of typeof spec.at === 'string' ? [spec.at] : spec.at) {
        const message = valueAt(path, value, header);
        if (present(message)) {
          found.push({ spec, path, message });
          break;
        }
      }
    }
    if (found.length === 0) {
      this.text(at, raw(), out);
      return;
    }
    // The first message starts with the record; a later one where its key does (on the record's own line, or with no
    // line known: it shares the line of the message before it and spans none of its own).
    const notLogged =
      this.d.notLogged !== undefined && matches(this.d.notLogged.when, value, header)
        ? this.d.notLogged.what
        : undefined;
    const starts = found.map((f, i) => (i === 0 ? at.line : (at.keyLines?.get(topKey(f.path)) ?? -1)));
    for (let i = 1; i < starts.length; i++)
      if (starts[i]! <= starts[i - 1]! || starts[i]! > at.line + at.lines - 1) starts[i] = -1;
    const end = at.line + at.lines;
    found.forEach((f, i) => {
      let next = end;
      for (let j = i + 1; j < starts.length; j++) {
        if (starts[j]! >= 0) {
          next = starts[j]!;
          break;
        }
      }
      const pos: Position =
        starts[i]! < 0
          ? { file: at.file, line: lastStart(starts, i, at.line), lines: 0 }
          : { file: at.file, line: starts[i]!, lines: next - starts[i]! };
      const dir = this.dirOf(f.spec.dir, value, f.message);
      const ctx = this.context(
        form,
        value,
        dir,
        f.spec.after === undefined ? time : after(time, valueAt(f.spec.after, value, header)),
        false,
      );
      const frame = messageFrame(
        pos,
        f.message,
        f.spec.cut !== undefined && valueAt(f.spec.cut, value, header) === true,
        ctx,
      );
      if (notLogged !== undefined) frame.notLogged = notLogged;
      (f.spec.after === undefined ? out : later).push(frame);
    });
  }

  /** The direction a record states for one of its messages. */
  private dirOf(rule: DirRule, value: Record<string, unknown>, message: unknown): Direction {
    if (typeof rule === 'string') return rule;
    const header = this.header as Header;
    if ('path' in rule) {
      const v = valueAt(rule.path, value, header);
      const key = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
      return (
        (key !== undefined && Object.hasOwn(rule.map, key) ? rule.map[key] : undefined) ?? rule.otherwise ?? 'unknown'
      );
    }
    return this.roles.dir(valueAt(rule.peers.from, value, header), valueAt(rule.peers.to, value, header), message);
  }

  /** Time, session and server of a frame of this record; an event or log with no session of its own is the last record's. */
  private context(
    form: RecordForm,
    value: Record<string, unknown>,
    dir: Direction,
    time: TimeValue,
    inherit: boolean,
  ): FrameContext {
    const header = this.header as Header;
    let session: string | undefined;
    for (const t of this.d.session ?? []) {
      const tpl = directed(t, dir);
      session = tpl === undefined ? undefined : expand(tpl, value, header);
      if (session !== undefined) break;
    }
    const serverTpl = form.server ?? this.d.server;
    const tpl = serverTpl === undefined ? undefined : directed(serverTpl, dir);
    const server = (tpl === undefined ? undefined : expand(tpl, value, header)) ?? this.fileServer;
    if (inherit && session === undefined)
      return { time, dir, session: this.last.session ?? null, server: server ?? this.last.server };
    const ctx: FrameContext = { time, dir, session: session ?? null, server };
    if (session !== undefined || server !== undefined)
      this.last = { session: session ?? this.last.session, server: server ?? this.last.server };
    return ctx;
  }

  private timeOf(value: Record<string, unknown>): TimeValue {
    const t = this.d.time;
    if (t === undefined) return NO_TIME;
    if (typeof t === 'string') return envelopeTime(valueAt(t, value, this.header as Header), this.clock);
    return { ts: null, tsMs: this.running };
  }

  /** A running clock moves on by the record's duration. */
  private advance(value: Record<string, unknown>): void {
    const t = this.d.time;
    if (t === undefined || typeof t === 'string') return;
    const ms = valueAt(t.running, value, this.header as Header);
    if (typeof ms === 'number' && Number.isFinite(ms) && ms > 0) this.running += ms;
  }
}

/** The frame of one message: parsed JSON (a value), wire text, or text the tool kept only the start of. */
function messageFrame(at: Position, message: unknown, cut: boolean, ctx: FrameContext): Frame {
  if (typeof message === 'string') {
    if (cut) return truncatedFrame(at, message, { head: message.length, tail: message.length }, null, ctx);
    return textFrame(at, message, utf8Length(message), ctx);
  }
  if (typeof message === 'object') return valueFrame(at, message, ctx);
  const text = JSON.stringify(message) ?? '';
  return errorFrame(at, text, `the capture's message is a ${typeof message}, not a JSON-RPC message`, ctx);
}

/** A time `ms` (a record's value) later; no time when either is unknown. Dated times stay dated (ISO, UTC). */
function after(time: TimeValue, ms: unknown): TimeValue {
  if (time.tsMs === null || typeof ms !== 'number' || !Number.isFinite(ms)) return NO_TIME;
  const tsMs = time.tsMs + ms;
  if (time.ts === null) return { ts: null, tsMs };
  const d = new Date(tsMs);
  return Number.isFinite(d.getTime()) ? { ts: d.toISOString(), tsMs } : NO_TIME;
}

/** The line a message with no line of its own is put on: that of the last message before it that has one. */
function lastStart(starts: readonly number[], i: number, line: number): number {
  for (let j = i - 1; j >= 0; j--) if (starts[j]! >= 0) return starts[j]!;
  return line;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
