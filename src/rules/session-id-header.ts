// Rule session-id-header: a request after initialization without the Mcp-Session-Id the server assigned.
import { HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { requestLabel, STREAMABLE_HTTP_REVISIONS } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

interface State {
  /** The server assigned the session an id: its answer to `initialize` keyed it, or a request named it. */
  assigned: boolean;
}

export const sessionIdHeader: Rule<{ request: string }, State, HttpSession> = {
  meta: {
    id: 'session-id-header',
    severity: 'error',
    summary: 'An HTTP request after initialization without the Mcp-Session-Id header the server assigned.',
    specUrl: SPEC.sessions,
    revisions: STREAMABLE_HTTP_REVISIONS,
  },
  message:
    '{request} has no Mcp-Session-Id header: the server assigned this session an id in its answer to initialize, and the client MUST send it on all subsequent requests',
  createState: () => ({ assigned: false }),
  memory: HTTP_SESSION,
  on: { http: true },
  check: ({ record, facts, session, state, memory }) => {
    const h = record.http;
    // 2026-07-28 has no sessions (basic/transports/streamable-http.mdx §Earlier Streamable HTTP Revisions): a session id
    // there is the modern-session-id rule's.
    if (h === undefined || memory.legacy || memory.modern) return undefined;
    if (h.sessionId !== null && h.sessionId === session.info.key) state.assigned = true;
    if (record.kind === 'request' && record.method === 'initialize') {
      // The initialize request names no session; the session it opened is keyed by the id its answer assigned.
      if (h.sessionId === null && facts.newSession === 'key') state.assigned = true;
      return undefined;
    }
    if (!memory.opens || !state.assigned || h.sessionId !== null) return undefined;
    // Before the initialize result the client does not have the id yet.
    if (session.info.initializeSeen && session.info.negotiatedRevision === null) return undefined;
    return [{ request: requestLabel(record) }];
  },
};
