// Transcript header (who talks to whom, which revision) and footer (requests never answered at end of input).
import { isModernVersion } from '../protocol/modern.js';
import type { OpenRequest, PipelineRecord, SessionInfo } from '../types.js';
import type { Palette } from './color.js';
import { escapeTerminal } from './escape.js';
import { sessionNoteText } from './input-notes.js';
import { truncate } from './width.js';

type PeerInfo = SessionInfo['clientInfo'];

/** `name version` from clientInfo/serverInfo, escaped; `?` when the handshake did not say. */
function peer(info: PeerInfo): string {
  const name = typeof info?.name === 'string' && info.name !== '' ? info.name : '?';
  const version = typeof info?.version === 'string' && info.version !== '' ? ' ' + info.version : '';
  return truncate(escapeTerminal(name + version), 60);
}

/**
 * `revision X` when asked and answered agree; both when they differ (version negotiation, lifecycle.mdx). A session
 * with a modern message says so: `modern revision 2026-07-28` (no handshake: each request states its revision), and a
 * dual-era one its eras in order before the revision it ended with (`eras modern → legacy · revision 2025-11-25`).
 */
function revision(s: SessionInfo): string {
  if (s.eras !== undefined) {
    const modern = `modern revision ${s.modernRevision == null ? '?' : escapeTerminal(s.modernRevision)}`;
    if (s.eras.length === 1) return modern;
    const last = s.eras[s.eras.length - 1] === 'modern' ? modern : legacyRevision(s);
    return `eras ${s.eras.join(' → ')} · ${last}`;
  }
  return legacyRevision(s);
}

function legacyRevision(s: SessionInfo): string {
  const req = s.requestedRevision === null ? null : escapeTerminal(s.requestedRevision);
  const neg = s.negotiatedRevision === null ? null : escapeTerminal(s.negotiatedRevision);
  if (req === null && neg === null) return 'revision ?';
  if (req === neg) return `revision ${neg}`;
  return `revision requested ${req ?? '?'} → negotiated ${neg ?? '?'}`;
}

/**
 * Two lines printed when a session starts: the session key and file, then client → server and revision.
 * Fields not known yet (server info before the initialize result) show as `?`.
 */
export function formatTextHeader(s: SessionInfo, p: Palette): string {
  return `${formatSessionTitle(s, p)}\n${formatSessionPeers(s, p)}`;
}

/**
 * The first header line: session key, file, transport, the host's name for the server, and whether the log holds one
 * side only or leaves out what its format never logs (printed when a session's first record arrives: a note known only
 * later is printed by `formatSessionNote`).
 */
export function formatSessionTitle(s: SessionInfo, p: Palette): string {
  const title = `━━ session ${escapeTerminal(s.key)}`;
  const where = [escapeTerminal(s.file)];
  if (s.transport !== null) where.push(escapeTerminal(s.transport));
  if (s.server != null) where.push(`server ${truncate(escapeTerminal(s.server), 60)}`);
  const note = sessionNoteText(s);
  if (note !== null) where.push(note);
  return `${p.bold(title)} ${p.dim(where.join(' · '))}`;
}

/** The session's note (one side only, messages its format never logs) as a line of its own, once known; else null. */
export function formatSessionNote(s: SessionInfo, p: Palette): string | null {
  const note = sessionNoteText(s);
  return note === null ? null : `   ${p.dim(note)}`;
}

/** The second header line: client → server and revision (printed once the initialize result is known). */
export function formatSessionPeers(s: SessionInfo, p: Palette): string {
  return `   ${p.cyan('client')} ${peer(s.clientInfo)} → ${p.magenta('server')} ${peer(s.serverInfo)} ${p.dim('·')} ${revision(s)}`;
}

/**
 * The record after which the peers line is printed: the `initialize` result (the handshake names both peers), or in a
 * modern exchange, which has none, its first result (a result's `_meta` names the server, a request's the client; an
 * error names neither, and a dual-era probe's error is followed by the handshake).
 */
export function peersKnownAfter(r: PipelineRecord): boolean {
  return r.kind === 'response' && (r.method === 'initialize' || isModernVersion(r.revision));
}

function openLine(o: OpenRequest, p: Palette): string {
  const id = typeof o.id === 'string' ? `"${escapeTerminal(o.id)}"` : String(o.id);
  const arrow = o.dir === 'c2s' ? '→' : o.dir === 's2c' ? '←' : '·';
  return `   #${o.seq} ${arrow} id ${truncate(id, 20)} ${p.bold(escapeTerminal(o.method))} ${p.dim(`session ${escapeTerminal(o.session)} · ${escapeTerminal(o.source)}`)}`;
}

/**
 * Requests still open at end of input, then cancelled requests that were never answered, each as one line
 * under a count heading. '' when there are none (the CLI then prints nothing).
 */
export function formatTextFooter(open: readonly OpenRequest[], p: Palette): string {
  const unanswered = open.filter((o) => !o.cancelled);
  const cancelled = open.filter((o) => o.cancelled);
  const lines: string[] = [];
  if (unanswered.length > 0) {
    lines.push(p.yellow(`unanswered at end of input: ${unanswered.length}`));
    for (const o of unanswered) lines.push(openLine(o, p));
  }
  if (cancelled.length > 0) {
    lines.push(p.dim(`cancelled, never answered: ${cancelled.length}`));
    for (const o of cancelled) lines.push(openLine(o, p));
  }
  return lines.join('\n');
}
