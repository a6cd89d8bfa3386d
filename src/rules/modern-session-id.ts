// Rule modern-session-id: an Mcp-Session-Id in a 2026-07-28 exchange: sent by the client, or minted by the server.
import { answerLabel, HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { MODERN_HTTP_REVISIONS, requestLabel } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';
import { addRecent } from './support/flow-memory.js';

/** Exchanges judged per session for a minted id, so that an answer with many records is reported once. */
const KEPT = 256;

/** `id`: the session id, as JSON. */
type Data = { side: 'client' | 'server'; request: string; id: string };

export const modernSessionId: Rule<Data, { judged: Set<number> }, HttpSession> = {
  meta: {
    id: 'modern-session-id',
    severity: 'error',
    summary: 'A session id in a 2026-07-28 exchange: a request sending Mcp-Session-Id, or an answer assigning one.',
    specUrl: SPEC.modernNoSessions,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message: {
    by: 'side',
    templates: {
      client: '{request} sends Mcp-Session-Id {id}: 2026-07-28 has no sessions',
      server:
        "the server's answer to {request} assigns Mcp-Session-Id {id}: a 2026-07-28 server MUST NOT mint or echo session ids",
    },
  },
  createState: () => ({ judged: new Set() }),
  memory: HTTP_SESSION,
  on: { http: true },
  check: ({ record, state, memory }) => {
    const h = record.http;
    if (h === undefined || !memory.modern || memory.legacy) return undefined;
    if (memory.opens && h.sessionId !== null)
      return [{ side: 'client', request: requestLabel(record), id: JSON.stringify(h.sessionId) }];
    if (record.dir === 'c2s' && record.kind !== 'event') return undefined;
    if (h.answerSessionId === undefined || h.exchange === null || !addRecent(state.judged, h.exchange, KEPT))
      return undefined;
    return [{ side: 'server', request: answerLabel(record, memory), id: JSON.stringify(h.answerSessionId) }];
  },
};
