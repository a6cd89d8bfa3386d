// What mcptrace says about an input as a whole: it held no MCP message, or one side of a session only.
import type { NotLogged, SessionInfo, Side } from '../types.js';

/**
 * `README.md: no MCP messages (0 of 12 lines)` (`x: empty, …` when it has no line; `x: not a log: ELF executable` when it
 * was not read, `unread` saying why): unescaped; `lines` null when the reader did not count them. `wentWrong`: its lines
 * (a host's, a server's stderr) show what went wrong, which the diagnosis reports: `mcp.log: no MCP messages, but its
 * 22 lines say what went wrong`.
 */
export function noMessagesText(file: string, lines: number | null, unread?: string, wentWrong = false): string {
  if (unread !== undefined) return `${file}: ${unread}`;
  if (lines === 0) return `${file}: empty, no MCP messages`;
  const count = lines === null ? '' : `${lines} ${lines === 1 ? 'line' : 'lines'}`;
  if (wentWrong)
    return `${file}: no MCP messages, but its ${count === '' ? 'lines' : count} ${lines === 1 ? 'says' : 'say'} what went wrong`;
  return `${file}: no MCP messages${count === '' ? '' : ` (0 of ${count})`}`;
}

/** The note on a session (or input) whose log holds one side's messages only (`SessionInfo.onlySide`). */
export function onlySideText(side: Side): string {
  return `only the ${side}'s side is in the log`;
}

/** `the client's notifications and answers are not in the log` (`SessionInfo.notLogged`). */
function notLoggedText(nl: NotLogged): string {
  const parts = (['client', 'server'] as const)
    .filter((side) => (nl[side] ?? []).length > 0)
    .map((side) => `the ${side}'s ${andList(nl[side]!)}`);
  return `${andList(parts)} are not in the log`;
}

/** The note on a session whose log does not hold every message: one side only, or what its format never logs; else null. */
export function sessionNoteText(s: Pick<SessionInfo, 'onlySide' | 'notLogged'>): string | null {
  return s.onlySide != null ? onlySideText(s.onlySide) : s.notLogged != null ? notLoggedText(s.notLogged) : null;
}

function andList(xs: readonly string[]): string {
  return xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}
