// Rule modern-event-id: SSE resumption in a 2026-07-28 exchange: a request with Last-Event-ID, or SSE events with ids.
import { answerLabel, HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { MODERN_HTTP_REVISIONS, requestLabel } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';
import { addRecent } from './support/flow-memory.js';

/** Exchanges reported per session for event ids, so that a stream is reported once. */
const KEPT = 256;

type Data = { side: 'client'; request: string; id: string } | { side: 'server'; request: string; id: string };

export const modernEventId: Rule<Data, { judged: Set<number> }, HttpSession> = {
  meta: {
    id: 'modern-event-id',
    severity: 'error',
    description:
      'Resumable SSE in a 2026-07-28 exchange: a request that sends Last-Event-ID, or an SSE answer whose events carry an id (reported once per stream, on its first event with one). basic/transports/streamable-http.mdx §Receiving Messages: "Resumable SSE streams via Last-Event-ID are not supported"; §Earlier Streamable HTTP Revisions: streams "were resumable via Last-Event-ID. None of these mechanisms are part of this revision"; the changelog: "A broken response stream loses the in-flight request; clients MUST re-issue it as a new request with a new request ID". Checked in exchanges that claim 2026-07-28 or later.',
    specUrl: SPEC.modernReceiving,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message: (d) =>
    d.side === 'client'
      ? `${d.request} sends Last-Event-ID ${JSON.stringify(d.id)}: 2026-07-28 streams are not resumable (re-issue the request with a new id)`
      : `the server's SSE stream for ${d.request} gives its events ids (first: ${JSON.stringify(d.id)}): 2026-07-28 streams are not resumable and have no event ids`,
  createState: () => ({ judged: new Set() }),
  memory: HTTP_SESSION,
  on: { http: true },
  check: ({ record, state, memory }) => {
    const h = record.http;
    if (h === undefined || !memory.modern || memory.legacy) return undefined;
    if (memory.opens && h.lastEventId !== null)
      return [{ side: 'client', request: requestLabel(record), id: h.lastEventId }];
    if (record.dir !== 's2c' || h.eventId === null || h.exchange === null || !addRecent(state.judged, h.exchange, KEPT))
      return undefined;
    return [{ side: 'server', request: answerLabel(record, memory), id: h.eventId }];
  },
};
