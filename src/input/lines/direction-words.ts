// The words around a message inside a log line that say which way it went (docs/formats.md "JSON-RPC inside a line").
import type { Direction } from '../../types.js';

/**
 * Patterns in order: the first that matches the words before the message (else after it) gives the direction. Only
 * words that say it whatever side wrote the log: "SERVER OUTPUT", "response body", "request body", "to the server".
 * An HTTP status comes first: the body beside it is the server's answer, whatever verb the line uses ("Error 404
 * status sending message to …: {…}"). A bare "sent" or "received" is left alone: a client and a server both say it.
 */
const WORDS: ReadonlyArray<readonly [RegExp, Direction]> = [
  [/\b[1-5]\d\d status\b|\bHTTP(?:\/[\d.]+)? ?[1-5]\d\d\b|\bstatus(?: code)?:? ?[1-5]\d\d\b/i, 's2c'],
  [
    /\bserver (?:output|stdout|says|sent|replied|>>>|->|→)|\bfrom (?:the )?server\b|\bresponse body\b|\breceived (?:a |the )?(?:response|result|reply)\b|\bresponse\b|<<<|<--|←/i,
    's2c',
  ],
  [
    /\bclient (?:input|sent|>>>|->|→)|\bto (?:the )?server\b|\bfrom (?:the )?client\b|\brequest body\b|\bsending (?:a |the )?(?:request|message|notification)\b|>>>|-->|→/i,
    'c2s',
  ],
];

/** How much of the text on each side of a message is read for its direction: the words next to it, in bounded time. */
const SPAN = 200;

/** The direction the words before a message (`before`), else after it (`after`), say; `unknown` when they say none. */
export function directionOfWords(before: string, after: string): Direction {
  const near = before.length > SPAN ? before.slice(-SPAN) : before;
  for (const [re, dir] of WORDS) if (re.test(near)) return dir;
  const next = after.length > SPAN ? after.slice(0, SPAN) : after;
  for (const [re, dir] of WORDS) if (re.test(next)) return dir;
  return 'unknown';
}
