// The readable transcript: one line per record laid out for the width, then its findings and, when asked, its body.
import { exceptionHeadline } from '../diagnose/signals.js';
import { errorCodeName } from '../protocol/errors.js';
import { MODERN_ERRORS } from '../protocol/modern.js';
import type { Kind, PipelineRecord, Severity } from '../types.js';
import type { Palette, Style } from './color.js';
import { escapeTerminal } from './escape.js';
import { subjectOf } from '../protocol/subject.js';
import { recordMarkLines } from './text-diagnosis.js';
import { formatCount, formatMs } from '../util/numbers.js';
import { DEFAULT_WIDTH, indentOf, textLayout, type TextLayout } from './text-layout.js';
import { displayWidth, fit, truncate } from './width.js';
import { cutAtWord, wrapDense, wrapWords } from './wrap-words.js';
import { PRETTY_MAX_LINES, PRETTY_STRING_LINES, prettyLines, prettyTextLines } from './pretty-body.js';

export {
  formatOutsideTitle,
  formatSessionNote,
  formatSessionPeers,
  formatSessionTitle,
  formatTextFooter,
  formatTextHeader,
  peersKnownAfter,
} from './text-session.js';

export interface TextOptions {
  /** Print the message JSON (compact, escaped) on indented lines under the record. Default false. */
  body?: boolean;
  /**
   * Characters of the body shown (over as many lines as they take), `full` for all, or `pretty`: indented over lines
   * with text as text (pretty-body.ts). Default: one line's worth.
   */
  bodyWidth?: number | 'full' | 'pretty';
  /** Columns the line is laid out for (see `textLayout`). Default 100; `layout`, when given, decides instead. */
  width?: number;
  layout?: TextLayout;
  /** Name for an error code; defaults to the protocol table (`errorCodeName`). */
  errorName?: (code: number) => string;
}

/** What the transcript knows of a record beyond the record itself. */
export interface RecordContext {
  /** For a response or error: what its request was about (tool name, uri, prompt), from the paired request. */
  answers?: string;
  /** The session's tag, printed when the layout has a session column. */
  session?: string;
  /** Set by `formatTextRecord` when it cut the record's body (`--body`). */
  bodyCut?: boolean;
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
const PHASE_LABEL = { initialization: 'init', operation: 'op', shutdown: 'shut' } as const;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ](\d{2}:\d{2}:\d{2})(?:[.,](\d+))?/;
/** A clock that is not ISO is cut to the time column. */
const TIME_WIDTH = 12;

/** `HH:MM:SS.mmm` from an ISO time (the clock as written, no zone conversion); other strings as given. */
export function formatTime(ts: string | null): string {
  if (ts === null) return '';
  const m = ISO_TIME.exec(ts);
  if (m) return `${m[1]}.${(m[2] ?? '').padEnd(3, '0').slice(0, 3)}`;
  return truncate(escapeTerminal(ts), TIME_WIDTH);
}

function kindStyle(kind: Kind, p: Palette): Style {
  switch (kind) {
    case 'request':
      return p.cyan;
    case 'response':
      return p.green;
    case 'error':
      return p.red;
    case 'notification':
      return p.blue;
    case 'invalid':
      return (s) => p.bold(p.red(s));
    case 'event':
      return p.yellow;
    case 'log':
      return p.dim;
  }
}

export function severityStyle(sev: Severity, p: Palette): Style {
  return sev === 'error' ? p.red : sev === 'warning' ? p.yellow : p.cyan;
}

/** A tool result that reports a failure (`isError: true`, tools.mdx "Error Handling"): not a JSON-RPC error. */
export function isToolError(r: PipelineRecord): boolean {
  return r.kind === 'response' && (r.message as { result?: { isError?: unknown } } | null)?.result?.isError === true;
}

/** The first text of a failed tool result's content: what the tool said went wrong. */
export function toolErrorText(r: Pick<PipelineRecord, 'message'>): string {
  const content = (r.message as { result?: { content?: unknown } } | null)?.result?.content;
  if (!Array.isArray(content)) return '';
  const first = content.find((c) => c !== null && typeof c === 'object' && (c as { type?: unknown }).type === 'text');
  const text = (first as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' ? text : '';
}

/** Ids keep their JSON type visible: `1` and `"1"` are different ids (ARCHITECTURE.md principle 2). */
export function idText(id: string | number | null): string {
  if (id === null) return '';
  return typeof id === 'string' ? `"${escapeTerminal(id)}"` : String(id);
}

function primitiveText(r: PipelineRecord): string {
  if (r.primitive === null) return r.kind === 'event' || r.kind === 'invalid' ? '' : '?';
  return r.primitive === 'base' && r.feature !== null ? `base:${r.feature}` : r.primitive;
}

function methodText(r: PipelineRecord): [string, 'bold' | 'red' | 'yellow' | 'dim'] {
  if (r.kind === 'event') return [escapeTerminal(r.event?.name ?? 'event'), 'yellow'];
  if (r.kind === 'invalid') return ['(invalid)', 'red'];
  if (r.method === null) return ['?', 'dim'];
  return [escapeTerminal(r.method), 'bold'];
}

/** The line so far: cells of the fixed columns, each followed by one space; `used` counts display columns. */
class Line {
  private readonly parts: string[] = [];
  used = 0;

  /** `text` (escaped) in a cell of `width` columns; cut to it unless `grow` (then a longer text widens the cell). */
  cell(text: string, width: number, style: Style, opts: { right?: boolean; grow?: boolean } = {}): void {
    const t = opts.grow ? text : truncate(text, width);
    const w = displayWidth(t);
    const pad = ' '.repeat(Math.max(0, width - w));
    this.parts.push(opts.right ? pad + style(t) : style(t) + pad);
    this.used += Math.max(w, width) + 1;
  }

  /** The line with `tail` after the cells; trailing spaces trimmed. */
  end(tail: string): string {
    return (this.parts.join(' ') + ' ' + tail).trimEnd();
  }
}

/** A piece of the free text at the end of a line: fixed pieces are whole, flexible ones share what is left. */
interface Piece {
  text: string;
  style: Style;
  /** Flexible: cut at a word to what is left, the lower `flex` first (an error's name before the subject before its message). */
  flex?: number;
  /** Wrapped in quotes after cutting (messages as logged). */
  quoted?: boolean;
}

/** A flexible piece shorter than this after cutting is left out rather than shown as a stub (`demo:/…`). */
const FLEX_MIN = 10;

/** Columns the free text takes whole. */
function freeNeed(pieces: Piece[]): number {
  const live = pieces.filter((x) => x.text !== '');
  return live.reduce((n, x) => n + displayWidth(x.text) + (x.quoted ? 2 : 0), Math.max(0, live.length - 1));
}

/** Pieces joined by spaces in `room` columns: the fixed ones whole, the flexible ones cut at a word to what is left. */
function freeText(pieces: Piece[], room: number): string {
  const live = pieces.filter((x) => x.text !== '');
  let left = room - (live.length - 1);
  for (const x of live) if (x.flex === undefined) left -= displayWidth(x.text);
  const shown = new Map<Piece, string>();
  const flexible = live.filter((x) => x.flex !== undefined).sort((a, b) => a.flex! - b.flex!);
  for (const x of flexible) {
    const extra = x.quoted ? 2 : 0;
    const need = displayWidth(x.text) + extra;
    const budget = Math.min(need, left);
    if (budget < Math.min(need, FLEX_MIN + extra)) {
      left += 1; // its separator
      continue;
    }
    const text = x.quoted ? `"${cutAtWord(x.text, budget - 2)}"` : cutAtWord(x.text, budget);
    left -= displayWidth(text);
    shown.set(x, x.style(text));
  }
  return live
    .map((x) => (x.flex === undefined ? x.style(x.text) : shown.get(x)))
    .filter((x) => x !== undefined)
    .join(' ');
}

/** The free text: what a message is about, batch position, pairing and latency, failure, event data, notes. */
function tailPieces(r: PipelineRecord, p: Palette, opts: TextOptions, ctx: RecordContext): Piece[] {
  const pieces: Piece[] = [];
  if (r.kind === 'request' || r.kind === 'notification') {
    pieces.push({ text: escapeTerminal(subjectOf(r.method, r.message)), style: (s) => s, flex: 2 });
  }
  // An answer to initialize is followed by the peers line, which says more than the request's version and client.
  if ((r.kind === 'response' || r.kind === 'error') && ctx.answers !== undefined && r.method !== 'initialize') {
    pieces.push({ text: escapeTerminal(ctx.answers), style: (s) => s, flex: 2 });
  }
  if (r.batch !== undefined) pieces.push({ text: `[${r.batch.index + 1}/${r.batch.size}]`, style: p.dim });
  if (r.kind === 'response' || r.kind === 'error') {
    if (r.pair === null) pieces.push({ text: '↔ ?', style: p.yellow });
    else
      pieces.push({
        text: `↔ #${r.pair}` + (r.latencyMs === null ? '' : ' ' + formatMs(r.latencyMs)),
        style: (s) => s,
      });
  }
  if (isToolError(r)) pieces.push({ text: 'isError', style: (s) => p.bold(p.red(s)) });
  if (r.kind === 'error') pieces.push(...errorPieces(r, p, opts.errorName ?? errorCodeName));
  pieces.push(...chainPieces(r, p));
  if (r.kind === 'event' && r.event?.data !== undefined) pieces.push(...linesPieces(eventDataText(r.event.data), p, 2));
  // Last to get room: a host log that logs summaries says so on every line.
  if (r.summary) pieces.push({ text: '(summary: body not logged)', style: p.dim, flex: 4 });
  if (r.truncated) pieces.push({ text: '(cut by the log)', style: p.dim, flex: 4 });
  return pieces;
}

/**
 * A modern record's place in its logical operation (chains.ts), so that a chain reads as one operation: a retry says
 * which round of which first request it is; an `input_required` answer says what it asks for (✗: a capability the
 * triggering request did not declare); a subscription stream's notification, which listen it came on. The terminal
 * answer's summary is a line of its own (`operationLine`).
 */
function chainPieces(r: PipelineRecord, p: Palette): Piece[] {
  if (r.chain === undefined) return [];
  const pieces: Piece[] = [];
  if (r.kind === 'request' && r.chain.round > 1)
    pieces.push({ text: `⟳ round ${r.chain.round} of #${r.chain.first}`, style: p.cyan });
  if (r.kind === 'notification')
    pieces.push({
      text: `${r.method === 'notifications/cancelled' ? 'ends' : 'on'} listen #${r.chain.first}`,
      style: p.cyan,
      flex: 3,
    });
  const result =
    r.kind === 'response' ? (r.message as { result?: { resultType?: unknown } } | null)?.result : undefined;
  if (result?.resultType === 'input_required') {
    const asked = (r.inputs ?? []).map(
      (i) => `${i.primitive ?? escapeTerminal(String(i.method))}${i.capability?.negotiated === false ? '✗' : ''}`,
    );
    pieces.push({
      text: asked.length === 0 ? 'input required: retry with state' : `input required: ${asked.join(', ')}`,
      style: p.cyan,
      flex: 3,
    });
  }
  return pieces;
}

/**
 * Where a record sits in its chain, before its method: `├` a leg after the first (an answer that asks for a retry,
 * a retry, a listen's acknowledgement or notification), `└` the last (the terminal answer of an operation of several
 * rounds, a listen's final answer or the server's notifications/cancelled that ends it). A first request has none: a log is read as a stream, and that a request will
 * take more rounds is known only when its answer comes.
 */
function chainRail(r: PipelineRecord): string {
  if (r.chain === undefined) return '';
  // A server's notifications/cancelled ends a listen stream on stdio (session/tracker.ts endListen).
  if (r.kind === 'notification') return r.method === 'notifications/cancelled' ? '└ ' : '├ ';
  if (r.kind === 'request') return r.chain.round > 1 ? '├ ' : '';
  if (r.operation !== undefined || r.method === 'subscriptions/listen') return '└ ';
  const m = r.message as { result?: { resultType?: unknown }; error?: { code?: unknown } } | null;
  return m?.result?.resultType === 'input_required' || m?.error?.code === MODERN_ERRORS.unsupportedVersion ? '├ ' : '';
}

/** Under the terminal answer of a chain: the whole operation, `↳ operation #8: 2 rounds in 2.91s (server 90ms, client 2.82s)`. */
function operationLine(r: PipelineRecord, p: Palette, l: TextLayout): string[] {
  const op = r.operation;
  if (op === undefined) return [];
  const times =
    op.latencyMs === null
      ? ''
      : ` in ${formatMs(op.latencyMs)}` +
        (op.serverMs === null || op.clientMs === null
          ? ''
          : ` (server ${formatMs(op.serverMs)}, client ${formatMs(op.clientMs)})`);
  const indent = indentOf(l);
  // Wrapped at words as a finding is, so that a narrow terminal keeps the times whole.
  const lines = wrapWords(
    `operation #${op.first}: ${op.rounds} rounds${times}`,
    Math.max(10, l.width - indent - 2),
    Math.max(10, l.width - indent - 2),
  );
  return lines.map((x, i) => ' '.repeat(indent) + p.cyan(i === 0 ? `↳ ${x}` : `  ${x}`));
}

/**
 * Under a failed tool result: what the tool said (its first text content, on one line cut at a word to the width),
 * `↳ "Error: Access denied - path outside…"`. On a line of its own: the record's line has no room left for it.
 */
function toolErrorLine(r: PipelineRecord, p: Palette, l: TextLayout): string[] {
  if (!isToolError(r)) return [];
  const text = escapeTerminal(toolErrorText(r).replace(/\s+/g, ' ').trim());
  if (text === '') return [];
  const indent = indentOf(l);
  const room = Math.max(10, l.width - indent - 4);
  return [' '.repeat(indent) + p.red('↳ ') + p.dim(`"${cutAtWord(text, room)}"`)];
}

/** Under a record where a failure shows (a crash, a timeout, stdout pollution, a failed start): one line per mark. */
function markLines(r: PipelineRecord, p: Palette, l: TextLayout): string[] {
  if (r.marks === undefined) return [];
  return r.marks.flatMap((m) => recordMarkLines(m, p, indentOf(l), l.width));
}

/** `-32602 Invalid params` and the message as logged, for an error response; nothing when it carries no error object. */
function errorPieces(r: PipelineRecord, p: Palette, name: (code: number) => string): Piece[] {
  const err = (r.message as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (err === undefined || err === null || typeof err !== 'object') return [];
  const code = typeof err.code === 'number' ? err.code : null;
  const msg = typeof err.message === 'string' ? escapeTerminal(err.message) : '';
  return [
    { text: code === null ? 'no code' : String(code), style: p.red },
    { text: code === null ? '' : escapeTerminal(name(code)), style: p.red, flex: 1 },
    { text: msg, style: p.dim, flex: 3, quoted: true },
  ];
}

/** An event's data as JSON; the host's own line (data `{ text }` only, a host log's event) as the text it is. */
function eventDataText(data: Record<string, unknown>): string {
  const keys = Object.keys(data);
  if (keys.length === 1 && keys[0] === 'text' && typeof data.text === 'string') return data.text;
  return JSON.stringify(data) ?? '';
}

/** The columns every line starts with: record number, session tag, time, direction, kind. */
function startLine(r: PipelineRecord, p: Palette, l: TextLayout, ctx: RecordContext): Line {
  const line = new Line();
  line.cell(`#${r.seq}`, l.seq, p.dim, { right: true, grow: true });
  if (l.session > 0) line.cell(escapeTerminal(ctx.session ?? ''), l.session, p.magenta);
  if (l.time > 0) line.cell(formatTime(r.ts), l.time, p.dim);
  const arrow = r.dir === 'c2s' ? '→' : r.dir === 's2c' ? '←' : '·';
  if (r.dirInferred) line.cell(arrow + '?', l.arrow, p.dim);
  else line.cell(arrow, l.arrow, r.dir === 'c2s' ? p.cyan : r.dir === 's2c' ? p.magenta : (s) => s);
  // A failed tool result is a response, coloured as the failure it reports.
  line.cell(KIND_LABEL[r.kind], l.kind, isToolError(r) ? p.red : kindStyle(r.kind, p));
  return line;
}

/**
 * Text the log wrote over several lines (a log record, an event's: a stack, an HTML page after an error), as the
 * transcript shows it: its headline, then how many more lines (`(+2 lines)`); `--body` shows them all. The headline
 * is the first line, or a traceback's exception line wherever it is (a Python traceback ends with it). `more`: the
 * lines after the first, when the record counted them (a log record's `lines`), else the text's.
 */
function linesPieces(text: string, p: Palette, flex: number, more?: number): Piece[] {
  const t = text.replace(/^\n+/, '');
  const nl = t.indexOf('\n');
  const after = more ?? (nl < 0 ? 0 : t.slice(nl).split('\n').length - 1);
  const head = (nl < 0 ? undefined : exceptionHeadline(t)) ?? (nl < 0 ? t : t.slice(0, nl));
  const pieces: Piece[] = [{ text: escapeTerminal(head), style: p.dim, flex }];
  if (after > 0) pieces.push({ text: `(+${after} ${after === 1 ? 'line' : 'lines'})`, style: p.dim });
  return pieces;
}

/** A line of the log that is no message, dimmed: its level in the id column, then its first line and how many more. */
function formatLogLine(r: PipelineRecord, p: Palette, l: TextLayout, ctx: RecordContext): string {
  const line = startLine(r, p, l, ctx);
  line.cell(escapeTerminal(r.level ?? ''), l.id, p.dim);
  return line.end(freeText(linesPieces(r.text ?? '', p, 1, (r.lines ?? 1) - 1), l.width - line.used));
}

/** An event's text when the log wrote it over several lines (its data `{ text }`), else null. */
function eventLines(r: PipelineRecord): string | null {
  const data = r.kind === 'event' ? r.event?.data : undefined;
  if (data === undefined) return null;
  const text = eventDataText(data);
  return text.replace(/^\n+/, '').includes('\n') ? text : null;
}

/** The message as logged, or re-serialised; a log record's whole text, and an event's written over several lines. */
function bodySource(r: PipelineRecord): string {
  if (r.kind === 'log') return r.text ?? '';
  return (r.kind === 'event' ? eventLines(r) : null) ?? r.raw ?? r.wire.text ?? JSON.stringify(r.message) ?? 'null';
}

/**
 * The body under a record: `bodyWidth` characters of it (default: what fits on one line), over as many lines as they
 * take; a body that was cut ends in `…` and its length in all, and `ctx.bodyCut` is set.
 */
function bodyLines(r: PipelineRecord, p: Palette, l: TextLayout, opts: TextOptions, ctx: RecordContext): string[] {
  const indent = indentOf(l);
  const room = Math.max(10, l.width - indent);
  if (opts.bodyWidth === 'pretty') return prettyBody(r, p, indent, room, ctx);
  const full = bodySource(r);
  const keep = opts.bodyWidth === 'full' ? Infinity : Math.max(1, opts.bodyWidth ?? room);
  // Escaping only lengthens text, so a prefix a few times the kept length is enough to fill it.
  const cut = keep === Infinity || full.length <= keep * 4 ? full : full.slice(0, keep * 4);
  let shown = escapeTerminal(cut);
  let note = '';
  if (keep !== Infinity && (cut !== full || displayWidth(shown) > keep)) {
    note = ` (${formatCount(escapeTerminal(full).length)} chars)`;
    ctx.bodyCut = true;
    // On one line the note takes its room from the body; over several it ends the last line, or takes one of its own.
    shown = truncate(shown, keep === room ? Math.max(10, room - note.length) : keep);
    if (!shown.endsWith('…')) shown += '…';
  }
  const pad = ' '.repeat(indent);
  const lines = wrapDense(shown, room);
  const out = lines.map((x) => pad + p.dim(x));
  if (note !== '') {
    if (displayWidth(lines[lines.length - 1]!) + note.length <= room) out[out.length - 1] += p.yellow(note);
    else out.push(pad + p.yellow(note.trimStart()));
  }
  return out;
}

/** `--body pretty`: the message indented over lines (text as text), or the text of a log record or event, or the line as read. */
function prettyBody(r: PipelineRecord, p: Palette, indent: number, room: number, ctx: RecordContext): string[] {
  const parsed = r.kind !== 'log' && r.kind !== 'event' && r.message !== null && r.message !== undefined;
  const { lines, cut, shortened } = parsed ? prettyLines(r.message, p, room) : prettyTextLines(bodySource(r), p, room);
  const pad = ' '.repeat(indent);
  const out = lines.map((x) => pad + x);
  if (cut || shortened) ctx.bodyCut = true;
  if (cut) {
    out.push(
      pad +
        p.yellow(
          `… cut at ${formatCount(PRETTY_MAX_LINES)} lines (${formatCount(escapeTerminal(bodySource(r)).length)} chars in all)`,
        ),
    );
  }
  return out;
}

/** `--body pretty`'s lines of a record with no indent, for `room` columns (the explorer's detail pane). */
export function prettyBodyLines(r: PipelineRecord, p: Palette, room: number): string[] {
  return prettyBody(r, p, 0, room, {});
}

/** What the transcript says once, at its end, when `--body` cut a message. */
export function bodyCutNote(opts: Pick<TextOptions, 'bodyWidth'>): string {
  if (opts.bodyWidth === 'pretty')
    return `bodies cut (… and their length in all): long strings to ${PRETTY_STRING_LINES} lines, messages to ${formatCount(PRETTY_MAX_LINES)} lines; --body full prints them whole`;
  const how =
    opts.bodyWidth === undefined || opts.bodyWidth === 'full'
      ? 'to one line each'
      : `to ${formatCount(opts.bodyWidth)} characters each`;
  return `bodies cut ${how} (… and their length in all): --body-width N shows N characters, --body full all of them`;
}

/** One finding, wrapped at words under its first word: `↳ warning rule-id: message`. */
function findingLines(f: { rule: string; severity: Severity; message: string }, p: Palette, l: TextLayout): string[] {
  return findingLinesAt(f, p, indentOf(l), l.width);
}

/** One finding under a line of another layout (a story's step): its `↳` at `indent`, wrapped to `width`. */
export function findingLinesAt(
  f: { rule: string; severity: Severity; message: string },
  p: Palette,
  indent: number,
  width: number,
): string[] {
  const sev = fit(f.severity, 7);
  const rule = escapeTerminal(f.rule);
  const room = Math.max(10, width - indent - 2);
  const head = `${sev} ${rule}: `;
  const lines = wrapWords(escapeTerminal(f.message), Math.max(10, room - displayWidth(head)), room);
  const first = ' '.repeat(indent) + severityStyle(f.severity, p)(`↳ ${sev}`) + ` ${p.bold(rule)}: ` + lines[0];
  return [first, ...lines.slice(1).map((x) => ' '.repeat(indent + 2) + x)];
}

/** The layout of a record: `opts.layout`, else one for `opts.width`, cached (a transcript asks for the same width each time). */
const layouts = new Map<number, TextLayout>();
function layoutOf(opts: TextOptions): TextLayout {
  if (opts.layout) return opts.layout;
  const width = opts.width ?? DEFAULT_WIDTH;
  let l = layouts.get(width);
  if (l === undefined) {
    if (layouts.size > 16) layouts.clear();
    layouts.set(width, (l = textLayout(width)));
  }
  return l;
}

/** One record as text: its line, then one line (or more, wrapped) per finding, then the body lines when asked. */
export function formatTextRecord(
  r: PipelineRecord,
  p: Palette,
  opts: TextOptions = {},
  ctx: RecordContext = {},
): string {
  const l = layoutOf(opts);
  if (r.kind === 'log') {
    const line = formatLogLine(r, p, l, ctx);
    const lines = [line, ...markLines(r, p, l)];
    if (opts.body === true && (r.lines ?? 1) > 1) lines.push(...bodyLines(r, p, l, opts, ctx));
    return lines.join('\n');
  }
  const line = startLine(r, p, l, ctx);
  line.cell(idText(r.id), l.id, (s) => s);
  if (l.phase > 0) line.cell(PHASE_LABEL[r.phase] ?? escapeTerminal(String(r.phase)), l.phase, p.dim);
  const [name, methodStyle] = methodText(r);
  const pieces = tailPieces(r, p, opts, ctx);
  // Without a method column, the rail goes before a method that leaves it room (a long notification name may not).
  const railed = chainRail(r);
  const rail = l.method === 0 && displayWidth(railed + name) > l.width - line.used ? '' : railed;
  const method = rail + name;
  // Styled in two parts, as the capability cell: the rail in the chain's colour, then the method.
  const style: Style =
    rail === ''
      ? p[methodStyle]
      : (s) => (s.startsWith(rail) ? p.cyan(rail) + p[methodStyle](s.slice(rail.length)) : p[methodStyle](s));
  if (l.method > 0) {
    // Columns after the method stay aligned only if it is cut to its column; with none after it, it may run on, and
    // the free text takes what the method leaves of its column rather than be cut.
    const last = l.primitive === 0 && l.capability === 0;
    const spare = last
      ? Math.min(l.method - displayWidth(method), freeNeed(pieces) - (l.width - line.used - l.method - 1))
      : 0;
    line.cell(method, l.method - Math.max(0, spare), style, { grow: last });
  } else {
    pieces.unshift({ text: method, style });
  }
  if (l.primitive > 0) line.cell(primitiveText(r), l.primitive, p.dim);
  if (l.capability > 0) line.cell(...capabilityCell(r, p, l.capability));
  const lines = [
    line.end(freeText(pieces, l.width - line.used)),
    ...operationLine(r, p, l),
    ...toolErrorLine(r, p, l),
    ...markLines(r, p, l),
  ];
  for (const f of r.findings) lines.push(...findingLines(f, p, l));
  // Events carry no message of their own (a body line would only say `null`), but text of several lines, like a log's.
  if (opts.body === true && (r.kind !== 'event' || r.wire.text !== null || eventLines(r) !== null))
    lines.push(...bodyLines(r, p, l, opts, ctx));
  return lines.join('\n');
}

/** `srv:tools.listChanged ✓` (negotiated ✓, refused ✗, handshake unseen ?), `-` when the message needs none. */
function capabilityCell(r: PipelineRecord, p: Palette, width: number): [string, number, Style] {
  const c = r.capability;
  if (c === null) return ['-', width, p.dim];
  const [mark, style] = c.negotiated === null ? ['?', p.yellow] : c.negotiated ? ['✓', p.green] : ['✗', p.red];
  const name = truncate(`${c.side === 'server' ? 'srv' : 'cli'}:${escapeTerminal(c.path)}`, width - 2);
  // Styled in two parts: the cell pads what it is given, so the mark's colour is applied inside.
  return [`${name} ${mark}`, width, (s) => (s.endsWith(mark) ? p.dim(s.slice(0, -1)) + style(mark) : s)];
}
