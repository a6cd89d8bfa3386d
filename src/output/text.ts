// The readable transcript: one aligned line per record, with finding lines and an optional body line under it.
import { errorCodeName } from '../protocol/errors.js';
import type { Kind, PipelineRecord, Severity } from '../types.js';
import type { Palette, Style } from './color.js';
import { escapeTerminal } from './escape.js';
import { subjectOf } from './subject.js';
import { formatMs } from './numbers.js';
import { displayWidth, fit, truncate } from './width.js';

export { formatSessionNote, formatSessionPeers, formatSessionTitle, formatTextFooter, formatTextHeader, peersKnownAfter } from './text-session.js';

export interface TextOptions {
  /** Print the message JSON (compact, escaped, truncated) on an indented line under the record. Default false. */
  body?: boolean;
  /** Columns for the body line. Default 200. */
  bodyWidth?: number;
  /** Name for an error code; defaults to the protocol table (`errorCodeName`). */
  errorName?: (code: number) => string;
}

/** Column widths. Method fits the longest spec method (`notifications/resources/list_changed`, 36). */
export const TEXT_COLUMNS = { time: 12, arrow: 2, kind: 3, id: 10, method: 36, primitive: 17, phase: 4, capability: 30 } as const;

/** Indent of the lines under a record: they start under the arrow column. */
const INDENT = ' '.repeat(TEXT_COLUMNS.time + 1);

const KIND_LABEL: Readonly<Record<Kind, string>> = {
  request: 'req', response: 'res', error: 'err', notification: 'ntf', invalid: 'bad', event: 'evt', log: 'log',
};
const PHASE_LABEL = { initialization: 'init', operation: 'op', shutdown: 'shut' } as const;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ](\d{2}:\d{2}:\d{2})(?:[.,](\d+))?/;

/** `HH:MM:SS.mmm` from an ISO time (the clock as written, no zone conversion); other strings as given. */
export function formatTime(ts: string | null): string {
  if (ts === null) return '';
  const m = ISO_TIME.exec(ts);
  if (m) return `${m[1]}.${(m[2] ?? '').padEnd(3, '0').slice(0, 3)}`;
  return truncate(escapeTerminal(ts), TEXT_COLUMNS.time);
}

function kindStyle(kind: Kind, p: Palette): Style {
  switch (kind) {
    case 'request': return p.cyan;
    case 'response': return p.green;
    case 'error': return p.red;
    case 'notification': return p.blue;
    case 'invalid': return (s) => p.bold(p.red(s));
    case 'event': return p.yellow;
    case 'log': return p.dim;
  }
}

export function severityStyle(sev: Severity, p: Palette): Style {
  return sev === 'error' ? p.red : sev === 'warning' ? p.yellow : p.cyan;
}

/** A cell exactly `width` columns wide, styled without the padding (so codes never count as width). */
function cell(text: string, width: number, style: Style): string {
  const t = truncate(text, width);
  return style(t) + ' '.repeat(width - displayWidth(t));
}

function arrowCell(r: PipelineRecord, p: Palette): string {
  const arrow = r.dir === 'c2s' ? '→' : r.dir === 's2c' ? '←' : '·';
  if (r.dirInferred) return cell(arrow + '?', TEXT_COLUMNS.arrow, p.dim);
  return cell(arrow, TEXT_COLUMNS.arrow, r.dir === 'c2s' ? p.cyan : r.dir === 's2c' ? p.magenta : (s) => s);
}

/** Ids keep their JSON type visible: `1` and `"1"` are different ids (DESIGN principle 2). */
function idText(id: string | number | null): string {
  if (id === null) return '';
  return typeof id === 'string' ? `"${escapeTerminal(id)}"` : String(id);
}

function methodCell(r: PipelineRecord, p: Palette): string {
  if (r.kind === 'event') return cell(escapeTerminal(r.event?.name ?? 'event'), TEXT_COLUMNS.method, p.yellow);
  if (r.kind === 'invalid') return cell('(invalid)', TEXT_COLUMNS.method, p.red);
  if (r.method === null) return cell('?', TEXT_COLUMNS.method, p.dim);
  return cell(escapeTerminal(r.method), TEXT_COLUMNS.method, p.bold);
}

function primitiveText(r: PipelineRecord): string {
  if (r.primitive === null) return r.kind === 'event' || r.kind === 'invalid' ? '' : '?';
  return r.primitive === 'base' && r.feature !== null ? `base:${r.feature}` : r.primitive;
}

function capabilityCell(r: PipelineRecord, p: Palette): string {
  const c = r.capability;
  if (c === null) return cell('-', TEXT_COLUMNS.capability, p.dim);
  const [mark, style] = c.negotiated === null ? ['?', p.yellow] : c.negotiated ? ['✓', p.green] : ['✗', p.red];
  const name = truncate(`${c.side === 'server' ? 'srv' : 'cli'}:${escapeTerminal(c.path)}`, TEXT_COLUMNS.capability - 2);
  const pad = TEXT_COLUMNS.capability - displayWidth(name) - 2;
  return `${p.dim(name)} ${style(mark)}` + ' '.repeat(Math.max(0, pad));
}

/** `-32602 Invalid params "message as logged"` for error responses; '' when the record carries no error object. */
function errorText(r: PipelineRecord, p: Palette, name: (code: number) => string): string {
  const err = (r.message as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (err === undefined || err === null || typeof err !== 'object') return '';
  const code = typeof err.code === 'number' ? err.code : null;
  const head = code === null ? 'no code' : `${code} ${name(code)}`;
  const msg = typeof err.message === 'string' && err.message !== '' ? ' ' + p.dim(`"${truncate(escapeTerminal(err.message), 80)}"`) : '';
  return p.red(head) + msg;
}

/** The trailing, unpadded part: batch position, pairing and latency, error code, event data. */
function tail(r: PipelineRecord, p: Palette, opts: TextOptions): string {
  const parts: string[] = [];
  if (r.kind === 'request' || r.kind === 'notification') {
    const subject = subjectOf(r.method, r.message);
    if (subject !== '') parts.push(truncate(escapeTerminal(subject), 60));
  }
  if (r.batch !== undefined) parts.push(p.dim(`[${r.batch.index + 1}/${r.batch.size}]`));
  if (r.kind === 'response' || r.kind === 'error') {
    if (r.pair === null) parts.push(p.yellow('↔ ?'));
    else parts.push(`↔ #${r.pair}` + (r.latencyMs === null ? '' : ' ' + p.bold(formatMs(r.latencyMs))));
  }
  if (r.kind === 'error') {
    const e = errorText(r, p, opts.errorName ?? errorCodeName);
    if (e !== '') parts.push(e);
  }
  const leg = chainText(r, p);
  if (leg !== '') parts.push(leg);
  if (r.kind === 'event' && r.event?.data !== undefined) parts.push(p.dim(truncate(escapeTerminal(eventDataText(r.event.data)), 80)));
  if (r.summary) parts.push(p.dim('(summary: body not logged)'));
  if (r.truncated) parts.push(p.dim('(cut by the log)'));
  return parts.join(' ');
}

/**
 * A modern request's place in its logical operation (chains.ts), so that a chain reads as one operation: a retry
 * says which round of which first request it is; an `input_required` answer says what it asks for (✗: a capability
 * the triggering request did not declare).
 */
function chainText(r: PipelineRecord, p: Palette): string {
  if (r.chain === undefined) return '';
  const parts: string[] = [];
  if (r.kind === 'request' && r.chain.round > 1) parts.push(p.cyan(`⟳ round ${r.chain.round} of #${r.chain.first}`));
  const result = r.kind === 'response' ? (r.message as { result?: { resultType?: unknown } } | null)?.result : undefined;
  if (result?.resultType === 'input_required') {
    const asked = (r.inputs ?? []).map((i) => `${i.primitive ?? escapeTerminal(String(i.method))}${i.capability?.negotiated === false ? p.red('✗') : ''}`);
    parts.push(p.cyan(asked.length === 0 ? 'input required: retry with state' : `input required: ${truncate(asked.join(', '), 60)}`));
  }
  const op = r.operation;
  if (op !== undefined) {
    const times = op.latencyMs === null ? '' : ` ${p.bold(formatMs(op.latencyMs))}` + (op.serverMs === null || op.clientMs === null ? '' : ` (server ${formatMs(op.serverMs)}, client ${formatMs(op.clientMs)})`);
    parts.push(p.cyan(`operation #${op.first}: ${op.rounds} rounds`) + times);
  }
  return parts.join(' ');
}

/** An event's data as JSON; the host's own line (data `{ text }` only, a host log's event) as the text it is. */
function eventDataText(data: Record<string, unknown>): string {
  const keys = Object.keys(data);
  if (keys.length === 1 && keys[0] === 'text' && typeof data.text === 'string') return data.text;
  return JSON.stringify(data) ?? '';
}

/**
 * Columns of a log line's text on its record line (its first line; the count of the others follows): what is left of
 * 120 columns after time, arrow, kind and level, so that a host's chatter takes one line of a 120-column terminal.
 */
const LOG_TEXT_WIDTH = 120 - (TEXT_COLUMNS.time + TEXT_COLUMNS.arrow + TEXT_COLUMNS.kind + TEXT_COLUMNS.id + 4);

/**
 * A line of the log that is no message, dimmed: time, `·`, `log`, its level in the id column, then its text (its
 * first line, and how many more it spans).
 */
function formatLogLine(r: PipelineRecord, p: Palette): string {
  const C = TEXT_COLUMNS;
  const text = r.text ?? '';
  const nl = text.indexOf('\n');
  const first = nl < 0 ? text : text.slice(0, nl);
  const more = (r.lines ?? 1) > 1 ? ` (+${(r.lines ?? 1) - 1} lines)` : '';
  const cols = [
    cell(formatTime(r.ts), C.time, p.dim),
    arrowCell(r, p),
    cell(KIND_LABEL.log, C.kind, p.dim),
    cell(escapeTerminal(r.level ?? ''), C.id, p.dim),
    p.dim(truncate(escapeTerminal(first), LOG_TEXT_WIDTH) + more),
  ];
  return cols.join(' ').trimEnd();
}

/** The message as compact JSON for the body line: the logged text when known, else re-serialised. */
function bodyText(r: PipelineRecord, width: number): string {
  const full = r.kind === 'log' ? (r.text ?? '') : r.raw !== undefined ? r.raw : (r.wire.text ?? JSON.stringify(r.message) ?? 'null');
  // Escaping only lengthens text, so a prefix a few times the width is enough to fill the line.
  const cut = full.length > width * 4 ? full.slice(0, width * 4) : full;
  const shown = truncate(escapeTerminal(cut), width);
  return cut !== full && !shown.endsWith('…') ? shown + '…' : shown;
}

/** One record as text: the aligned main line, then one line per finding, then the body line when asked. */
export function formatTextRecord(r: PipelineRecord, p: Palette, opts: TextOptions = {}): string {
  if (r.kind === 'log') {
    const line = formatLogLine(r, p);
    return opts.body === true && (r.lines ?? 1) > 1 ? `${line}\n${INDENT}${p.dim(bodyText(r, opts.bodyWidth ?? 200))}` : line;
  }
  const C = TEXT_COLUMNS;
  const cols = [
    cell(formatTime(r.ts), C.time, p.dim),
    arrowCell(r, p),
    cell(KIND_LABEL[r.kind], C.kind, kindStyle(r.kind, p)),
    cell(idText(r.id), C.id, (s) => s),
    methodCell(r, p),
    cell(primitiveText(r), C.primitive, p.dim),
    cell(PHASE_LABEL[r.phase] ?? escapeTerminal(String(r.phase)), C.phase, p.dim),
    capabilityCell(r, p),
    tail(r, p, opts),
  ];
  const lines = [cols.join(' ').trimEnd()];
  for (const f of r.findings) {
    const sev = severityStyle(f.severity, p);
    lines.push(`${INDENT}${sev('↳ ' + fit(f.severity, 7))} ${p.bold(escapeTerminal(f.rule))}: ${escapeTerminal(f.message)}`);
  }
  // Events carry no message of their own; a body line would only say `null`.
  if (opts.body === true && !(r.kind === 'event' && r.wire.text === null)) lines.push(INDENT + p.dim(bodyText(r, opts.bodyWidth ?? 200)));
  return lines.join('\n');
}
