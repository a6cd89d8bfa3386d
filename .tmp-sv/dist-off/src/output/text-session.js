import { escapeTerminal } from './escape.js';
import { truncate } from './width.js';
/** `name version` from clientInfo/serverInfo, escaped; `?` when the handshake did not say. */
function peer(info) {
    const name = typeof info?.name === 'string' && info.name !== '' ? info.name : '?';
    const version = typeof info?.version === 'string' && info.version !== '' ? ' ' + info.version : '';
    return truncate(escapeTerminal(name + version), 60);
}
/** `revision X` when asked and answered agree; both when they differ (version negotiation, lifecycle.mdx). */
function revision(s) {
    const req = s.requestedRevision === null ? null : escapeTerminal(s.requestedRevision);
    const neg = s.negotiatedRevision === null ? null : escapeTerminal(s.negotiatedRevision);
    if (req === null && neg === null)
        return 'revision ?';
    if (req === neg)
        return `revision ${neg}`;
    return `revision requested ${req ?? '?'} → negotiated ${neg ?? '?'}`;
}
/**
 * Two lines printed when a session starts: the session key and file, then client → server and revision.
 * Fields not known yet (server info before the initialize result) show as `?`.
 */
export function formatTextHeader(s, p) {
    return `${formatSessionTitle(s, p)}\n${formatSessionPeers(s, p)}`;
}
/** The first header line: session key, file and transport (printed when a session's first record arrives). */
export function formatSessionTitle(s, p) {
    const title = `━━ session ${escapeTerminal(s.key)}`;
    const where = [escapeTerminal(s.file)];
    if (s.transport !== null)
        where.push(escapeTerminal(s.transport));
    return `${p.bold(title)} ${p.dim(where.join(' · '))}`;
}
/** The second header line: client → server and revision (printed once the initialize result is known). */
export function formatSessionPeers(s, p) {
    return `   ${p.cyan('client')} ${peer(s.clientInfo)} → ${p.magenta('server')} ${peer(s.serverInfo)} ${p.dim('·')} ${revision(s)}`;
}
function openLine(o, p) {
    const id = typeof o.id === 'string' ? `"${escapeTerminal(o.id)}"` : String(o.id);
    const arrow = o.dir === 'c2s' ? '→' : o.dir === 's2c' ? '←' : '·';
    return `   #${o.seq} ${arrow} id ${truncate(id, 20)} ${p.bold(escapeTerminal(o.method))} ${p.dim(`session ${escapeTerminal(o.session)} · ${escapeTerminal(o.source)}`)}`;
}
/**
 * Requests still open at end of input, then cancelled requests that were never answered, each as one line
 * under a count heading. '' when there are none (the CLI then prints nothing).
 */
export function formatTextFooter(open, p) {
    const unanswered = open.filter((o) => !o.cancelled);
    const cancelled = open.filter((o) => o.cancelled);
    const lines = [];
    if (unanswered.length > 0) {
        lines.push(p.yellow(`unanswered at end of input: ${unanswered.length}`));
        for (const o of unanswered)
            lines.push(openLine(o, p));
    }
    if (cancelled.length > 0) {
        lines.push(p.dim(`cancelled, never answered: ${cancelled.length}`));
        for (const o of cancelled)
            lines.push(openLine(o, p));
    }
    return lines.join('\n');
}
//# sourceMappingURL=text-session.js.map