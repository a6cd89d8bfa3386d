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
    description:
      'A message of a 2026-07-28 request\'s answer (a notification on its SSE stream, its response or error) that reached the wire after the client closed the connection the answer was open on (its FIN, seen in a packet capture: `http.afterClientClose`). basic/transports/streamable-http.mdx §Cancellation: "Closing the SSE response stream MUST be treated by the server as cancellation of that request … The server SHOULD stop work on the cancelled request as soon as practical and MUST NOT send any further messages for it". Reported once per answer, on its first such message, in exchanges that claim 2026-07-28 or later. Only a packet capture shows the close (a HAR or a curl transcript does not); a message the server had written before the FIN reached it is on the wire after the FIN too, so one message right after it may be a race rather than a server that ignores the close.',
    specUrl: SPEC.modernCancellation,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message: (d) =>
    `the server sent ${d.what} for ${d.request} after the client closed its response stream: in 2026-07-28 that close cancels the request, and the server MUST NOT send any further messages for it`,
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
