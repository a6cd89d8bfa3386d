// Rule modern-message-after-close: a 2026-07-28 server's message for a request after the client closed the request's
// response stream, which in that revision cancels the request.
import { answerLabel, HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { MODERN_HTTP_REVISIONS } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';
import { addRecent } from './support/flow-memory.js';

/** Exchanges reported per session, so that an answer is reported once. */
const KEPT = 256;

interface Data {
  request: string;
  /** What the server sent: `notifications/progress`, `the response`, `an error`. */
  what: string;
}

export const modernMessageAfterClose: Rule<Data, { judged: Set<number> }, HttpSession> = {
  meta: {
    id: 'modern-message-after-close',
    severity: 'error',
    summary: 'A message of a 2026-07-28 answer sent after the client closed the connection it was open on.',
    specUrl: SPEC.modernCancellation,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message:
    'the server sent {what} for {request} after the client closed its response stream: in 2026-07-28 that close cancels the request, and the server MUST NOT send any further messages for it',
  createState: () => ({ judged: new Set() }),
  memory: HTTP_SESSION,
  on: { http: true },
  check: ({ record, state, memory }) => {
    const h = record.http;
    if (h?.afterClientClose !== true || h.exchange === null || record.dir !== 's2c' || !memory.modern || memory.legacy)
      return undefined;
    const what =
      record.kind === 'notification'
        ? (record.method ?? 'a notification')
        : record.kind === 'response'
          ? 'the response'
          : record.kind === 'error'
            ? 'an error'
            : record.kind === 'request'
              ? `a request (${record.method ?? 'no method'})`
              : null;
    if (what === null || !addRecent(state.judged, h.exchange, KEPT)) return undefined;
    return [{ request: answerLabel(record, memory), what }];
  },
};
