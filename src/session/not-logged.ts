// Messages a log never holds because its format does not log them: their absence says nothing of the wire.
//
// A Java SDK process logs only the messages it received, a TypeScript SDK example server prints only the requests
// POSTed to it (Dialect.oneSide), the Inspector's first port did not track what its client sent but requests: the
// reader says so on each message frame (Frame.notLogged). Unlike a raw log's one side (one-side.ts), which is inferred
// and may be a real session cut short (an `initialize` and then a crash: `unanswered-request` must fire there), this is
// the format's knowledge, so it holds from the session's first message and live. A class of message the log turns out
// to hold after all is no longer taken for missing. Before deciding anything from a message's absence (a request
// never answered, a response to no request, a notification never sent), the tracker and the rules ask `logs`.
import type { Direction, Kind, MessageClass, NotLogged, Side } from '../types.js';
import type { SessionState } from './state.js';

const CLASSES: readonly MessageClass[] = ['requests', 'answers', 'notifications'];
const SHIFT: Readonly<Record<MessageClass, number>> = { requests: 0, answers: 1, notifications: 2 };
const SIDES: readonly Side[] = ['client', 'server'];
/** Every class of one side, as bits. */
const ALL: Readonly<Record<Side, number>> = { client: 0b000111, server: 0b111000 };

const bit = (side: Side, cls: MessageClass): number => 1 << ((side === 'client' ? 0 : 3) + SHIFT[cls]);

/** The class of a message kind; null for records that are no message. */
function classOf(kind: Kind): MessageClass | null {
  return kind === 'request'
    ? 'requests'
    : kind === 'response' || kind === 'error'
      ? 'answers'
      : kind === 'notification'
        ? 'notifications'
        : null;
}

function bitsOf(nl: NotLogged): number {
  let bits = 0;
  for (const side of SIDES) for (const cls of nl[side] ?? []) if (Object.hasOwn(SHIFT, cls)) bits |= bit(side, cls);
  return bits;
}

function toNotLogged(bits: number): NotLogged {
  const nl: Partial<Record<Side, MessageClass[]>> = {};
  for (const side of SIDES) {
    const classes = CLASSES.filter((cls) => (bits & bit(side, cls)) !== 0);
    if (classes.length > 0) nl[side] = classes;
  }
  return nl;
}

/** What the session's log does not hold: declared by its reader and not seen in it since. */
const missing = (s: Readonly<SessionState>): number => s.unloggedBits & ~s.loggedBits;

/**
 * A message of the session, with what its reader said the log does not hold: the message's class is in the log, the
 * reader's classes are added to what is not, and the session's `notLogged` and `onlySide` follow.
 */
export function noteLogged(s: SessionState, nl: NotLogged | undefined, dir: Direction, kind: Kind): void {
  const cls = classOf(kind);
  const declared = s.unloggedBits;
  const before = missing(s);
  if (dir !== 'unknown' && cls !== null) s.loggedBits |= bit(dir === 'c2s' ? 'client' : 'server', cls);
  if (nl !== undefined) s.unloggedBits |= bitsOf(nl);
  if (s.unloggedBits === 0) return;
  const now = missing(s);
  if (now === before && declared !== 0) return;
  s.info.notLogged = now === 0 ? null : toNotLogged(now);
  // Every message of one side missing and none of the other's: the log holds that other side only.
  s.info.onlySide = now === ALL.server ? 'client' : now === ALL.client ? 'server' : null;
}

/** Whether the session's reader said which messages its log does not hold (then it, not inference, tells `onlySide`). */
export function notLoggedDeclared(s: Readonly<SessionState>): boolean {
  return s.unloggedBits !== 0;
}

/** Whether the log can hold this side's messages of this class (false: the format never logs them). */
export function logs(s: Readonly<SessionState>, side: Side, cls: MessageClass): boolean {
  return (missing(s) & bit(side, cls)) === 0;
}

/** Whether the answer to a request sent in `dir` can be in the log (it comes from the other side). */
export function answerLogged(s: Readonly<SessionState>, dir: Direction): boolean {
  return dir === 'unknown' || logs(s, dir === 'c2s' ? 'server' : 'client', 'answers');
}

/**
 * Whether the request that a message sent in `dir` is for (an answer, a progress notification) can be in the log: it
 * came from the other side.
 */
export function requestLogged(s: Readonly<SessionState>, dir: Direction): boolean {
  return dir === 'unknown' || logs(s, dir === 'c2s' ? 'server' : 'client', 'requests');
}
