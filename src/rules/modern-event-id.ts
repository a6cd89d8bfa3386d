// Rule modern-event-id: SSE resumption in a 2026-07-28 exchange: a request with Last-Event-ID, or SSE events with ids.
import { answerLabel, HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { MODERN_HTTP_REVISIONS, requestLabel } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';
import { addRecent } from './support/flow-memory.js';

/** Exchanges reported per session for event ids, so that a stream is reported once. */
const KEPT = 256;

/** `id`: the event id, as JSON. */
type Data = { side: 'client' | 'server'; request: string; id: string };

export const modernEventId: Rule<Data, { judged: Set<number> }, HttpSession> = {
  meta: {
    id: 'modern-event-id',
    severity: 'error',
    summary: 'Resumable SSE in a 2026-07-28 exchange: a Last-Event-ID request header, or an SSE event id.',
    specUrl: SPEC.modernReceiving,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message: {
    by: 'side',
    templates: {
      client:
        '{request} sends Last-Event-ID {id}: 2026-07-28 streams are not resumable (re-issue the request with a new id)',
      server:
        "the server's SSE stream for {request} gives its events ids (first: {id}): 2026-07-28 streams are not resumable and have no event ids",
    },
  },
  createState: () => ({ judged: new Set() }),
  memory: HTTP_SESSION,
  on: { http: true },
  check: ({ record, state, memory }) => {
    const h = record.http;
    if (h === undefined || !memory.modern || memory.legacy) return undefined;
    if (memory.opens && h.lastEventId !== null)
      return [{ side: 'client', request: requestLabel(record), id: JSON.stringify(h.lastEventId) }];
    if (record.dir !== 's2c' || h.eventId === null || h.exchange === null || !addRecent(state.judged, h.exchange, KEPT))
      return undefined;
    return [{ side: 'server', request: answerLabel(record, memory), id: JSON.stringify(h.eventId) }];
  },
};
