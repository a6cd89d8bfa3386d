// A raw log that holds one side of a session only: a server's stdout (`server < requests.ndjson | mcptrace annotate -`).
//
// Raw NDJSON records no direction, so mcptrace infers it; a stream of one process's output also lacks every message
// of the other side. Its responses then answer requests that are not in the log: they are the server's (a client
// answers only the server's requests, which the method table places), not orphans. The initialize result among them
// still tells the server's info, revision and capabilities.
import type { Decoded } from '../decode/decode.js';
import type { Direction } from '../types.js';
import { notLoggedDeclared } from './not-logged.js';
import type { SessionState } from './state.js';

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * A response or error that answers no open request, in a session whose directions are all inferred and where no
 * client message has been seen: the log holds the server's side only (or starts after the requests), so it is the
 * server's. Marks the session one-sided.
 */
export function serverSideResponse(d: Decoded, s: SessionState): boolean {
  if ((d.kind !== 'response' && d.kind !== 'error') || s.dirRead || s.sent.c2s > 0) return false;
  // A request of unknown sender with this id is answered by it (neither side is known: it pairs `unknown` to `unknown`).
  if (d.id !== null && s.pending.get('unknown', d.id)) return false;
  s.info.onlySide = 'server';
  return true;
}

/** The result of an `initialize` request, by its shape: `protocolVersion`, `capabilities` and `serverInfo`. */
export function isInitializeResult(message: unknown): boolean {
  const result = obj(obj(message)?.result);
  return (
    result !== null &&
    typeof result.protocolVersion === 'string' &&
    obj(result.capabilities) !== null &&
    obj(result.serverInfo) !== null
  );
}

/** Counts a message by its sender; a client message shows the session is not the server's side alone. */
export function countSender(s: SessionState, dir: Direction, read: boolean): void {
  if (read) s.dirRead = true;
  if (dir === 'c2s') {
    s.sent.c2s++;
    if (s.info.onlySide === 'server') s.info.onlySide = null;
  } else if (dir === 's2c') s.sent.s2c++;
  else s.sent.unknown++;
}

/**
 * At the session's end: a session of inferred directions that holds messages of one side only is that side's
 * (`onlySide`); a client's requests alone (a `requests.ndjson` fed to a server) are the client's side. A message
 * whose sender stayed unknown could be either side's: then nothing is said. A session whose reader said what its log
 * does not hold keeps what that told (not-logged.ts).
 */
export function settleOnlySide(s: SessionState): void {
  if (notLoggedDeclared(s)) return;
  if (s.dirRead || s.messages === 0) {
    s.info.onlySide = null;
    return;
  }
  const { c2s, s2c, unknown } = s.sent;
  if (unknown === 0 && c2s === 0 && s2c > 0) s.info.onlySide = 'server';
  else if (unknown === 0 && s2c === 0 && c2s > 0) s.info.onlySide = 'client';
  else s.info.onlySide = null;
}
