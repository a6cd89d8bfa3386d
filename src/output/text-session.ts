// Transcript header (who talks to whom, which revision) and footer (requests never answered at end of input).
import { isModernVersion } from '../protocol/modern.js';
import type { OpenRequest, PipelineRecord, SessionInfo } from '../types.js';
import type { Palette } from './color.js';
import { escapeTerminal } from './escape.js';
import { sessionNoteText } from './input-notes.js';
import { truncate } from './width.js';
import { flowPhrases, type Phrase } from './wrap-words.js';

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
/**
 * Why a side's capabilities are not known: its handshake was not seen; in a 2026-07-28 session, which has none, the
 * server's come from a `server/discover` result and the client's from each request's `_meta`.
 */
export function undeclaredReason(s: Pick<SessionInfo, 'eras'>, side: 'client' | 'server'): string {
  if (s.eras === undefined || !s.eras.every((e) => e === 'modern')) return 'handshake not seen';
  return side === 'server' ? 'no server/discover seen' : 'declared per request';
}

export function revisionText(s: SessionInfo): string {
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

/** Where a header line goes: `width` columns (default: no limit, one line), and the session's tag in the transcript. */
interface HeaderOptions {
  width?: number;
  /** The transcript's short name for the session (its session column), printed when it differs from the key. */
  tag?: string;
}

/** Phrases on lines of `width` (none: one line), the lines after the first indented under the text. */
function flow(phrases: Phrase[], lead: string, width = Infinity): string {
  if (width === Infinity)
    return (
      lead +
      phrases
        .filter((x) => x.text !== '')
        .map((x) => (x.style ? x.style(x.text) : x.text))
        .join(' ')
    );
  return flowPhrases(phrases, width - lead.length, 2)
    .map((l) => lead + l)
    .join('\n');
}

/**
 * The first header line: session key, file, transport, the host's name for the server, and whether the log holds one
 * side only or leaves out what its format never logs (printed when a session's first record arrives: a note known only
 * later is printed by `formatSessionNote`).
 */
export function formatSessionTitle(s: SessionInfo, p: Palette, opts: HeaderOptions = {}): string {
  const key = escapeTerminal(s.key);
  const phrases: Phrase[] = [{ text: `━━ session ${key}`, style: p.bold }];
  if (opts.tag !== undefined && opts.tag !== key)
    phrases.push({ text: `(${escapeTerminal(opts.tag)})`, style: p.magenta });
  phrases.push({ text: escapeTerminal(s.file), style: p.dim });
  if (s.transport !== null) phrases.push({ text: `· ${escapeTerminal(s.transport)}`, style: p.dim });
  if (s.server != null) phrases.push({ text: `· server ${truncate(escapeTerminal(s.server), 60)}`, style: p.dim });
  const note = sessionNoteText(s);
  if (note !== null) phrases.push({ text: `· ${note}`, style: p.dim });
  return flow(phrases, '', opts.width);
}

/**
 * The title over records outside any session (session/outside.ts), printed when they follow a session's records or
 * open the transcript: `━━ outside any session FILE`.
 */
export function formatOutsideTitle(file: string, p: Palette, width?: number): string {
  return flow(
    [
      { text: '━━ outside any session', style: p.bold },
      { text: escapeTerminal(file), style: p.dim },
    ],
    '',
    width,
  );
}

/** The session's note (one side only, messages its format never logs) as a line of its own, once known; else null. */
export function formatSessionNote(s: SessionInfo, p: Palette): string | null {
  const note = sessionNoteText(s);
  return note === null ? null : `   ${p.dim(note)}`;
}

/** The second header line: client → server and revision (printed once the initialize result is known). */
export function formatSessionPeers(s: SessionInfo, p: Palette, width?: number): string {
  // Each phrase is styled after it is fitted (so that colour codes never count as width): its first word is the label.
  const label = (word: string, style: (t: string) => string) => (t: string) =>
    t.startsWith(word) ? style(word) + t.slice(word.length) : t;
  return flow(
    [
      { text: `client ${peer(s.clientInfo)}`, style: label('client', p.cyan) },
      {
        text: `→ server ${peer(s.serverInfo)}`,
        style: (t) => (t.startsWith('→ server') ? '→ ' + p.magenta('server') + t.slice(8) : t),
      },
      { text: `· ${revisionText(s)}`, style: label('·', p.dim) },
    ],
    '   ',
    width,
  );
}

/**
 * The record after which the peers line is printed: the `initialize` result (the handshake names both peers), or in a
 * modern exchange, which has none, its first result (a result's `_meta` names the server, a request's the client; an
 * error names neither, and a dual-era probe's error is followed by the handshake).
 */
export function peersKnownAfter(r: PipelineRecord): boolean {
  return r.kind === 'response' && (r.method === 'initialize' || isModernVersion(r.revision));
}

function openLine(o: OpenRequest, p: Palette, width?: number): string {
  const id = typeof o.id === 'string' ? `"${escapeTerminal(o.id)}"` : String(o.id);
  const arrow = o.dir === 'c2s' ? '→' : o.dir === 's2c' ? '←' : '·';
  return flow(
    [
      { text: `#${o.seq} ${arrow} id ${truncate(id, 20)}` },
      { text: escapeTerminal(o.method), style: p.bold },
      { text: `session ${escapeTerminal(o.session)} · ${escapeTerminal(o.source)}`, style: p.dim },
    ],
    '   ',
    width,
  );
}

const requests = (n: number) => `${n} ${n === 1 ? 'request' : 'requests'}`;

/**
 * Requests still open at end of input, then cancelled requests that were never answered, each as one line (on lines
 * of `width` columns when given) under a count heading. '' when there are none (the CLI then prints nothing).
 */
export function formatTextFooter(open: readonly OpenRequest[], p: Palette, width?: number): string {
  const unanswered = open.filter((o) => !o.cancelled);
  const cancelled = open.filter((o) => o.cancelled);
  const lines: string[] = [];
  if (unanswered.length > 0) {
    lines.push(p.yellow(`unanswered at end of input: ${requests(unanswered.length)}`));
    for (const o of unanswered) lines.push(openLine(o, p, width));
  }
  if (cancelled.length > 0) {
    lines.push(p.dim(`cancelled, never answered: ${requests(cancelled.length)}`));
    for (const o of cancelled) lines.push(openLine(o, p, width));
  }
  return lines.join('\n');
}
