// Records outside any session: what a log holds before it starts or names a session (a host's lines before it launches
// a server, a bridge's first line before it connects, a server's banner before its first message), or between sessions
// when none is current. Such a record is no session and starts none: it is kept (nothing of the log is lost) under
// the session key `""`, which no session has (a log's empty session id names none), and every sink leaves it out of
// its sessions: the transcript prints it under `outside any session`, stats counts its lines in the run's `logs` and
// `events` only, the audit lists no session for it.
import type { Decoded } from '../decode/decode.js';
import { CLOSE_EVENTS, SESSION_EVENTS, START_EVENTS } from './events.js';

/** The session key of a record outside any session. */
export const NO_SESSION = '';

/**
 * Whether a record that names no session, read when no session is current, stays outside any: a log line, or an event
 * that neither starts nor ends one (a process start or a session break starts the session it belongs to; a close
 * ends one the log did not show starting, and what follows it is after that close).
 */
export function staysOutside(d: Decoded): boolean {
  if (d.kind === 'log') return true;
  const name = d.kind === 'event' ? (d.frame.event?.name ?? '') : null;
  return name !== null && !START_EVENTS.has(name) && !SESSION_EVENTS.has(name) && !CLOSE_EVENTS.has(name);
}
