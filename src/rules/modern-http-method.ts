// Rule modern-http-method: a GET or DELETE in a 2026-07-28 exchange (that revision's Streamable HTTP is POST only),
// and the server's answer to it when that is not 405 Method Not Allowed.
import type { Severity } from '../types.js';
import { HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { MODERN_HTTP_REVISIONS, requestLabel } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/** `version`: the header's value, as JSON. */
type Data = { side: 'client'; request: string; version: string } | { side: 'server'; request: string; status: number };

export const modernHttpMethod: Rule<Data, undefined, HttpSession> = {
  meta: {
    id: 'modern-http-method',
    severity: 'error',
    summary: 'A GET or DELETE to the MCP endpoint under 2026-07-28, or a server answering one other than 405.',
    specUrl: SPEC.modernNoSessions,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message: {
    by: 'side',
    templates: {
      client:
        '{request} says MCP-Protocol-Version {version}: 2026-07-28 has no GET stream and no DELETE (no sessions); the client MUST use POST',
      server:
        'the server answered {request} {status}: a 2026-07-28 server SHOULD answer GET and DELETE with 405 Method Not Allowed',
    },
  },
  severityOf: (d, severity): Severity => (d.side === 'server' ? 'warning' : severity),
  memory: HTTP_SESSION,
  on: { http: true },
  check: ({ record, memory }) => {
    const h = record.http;
    if (h === undefined || !memory.opens || !memory.modern || (h.method !== 'GET' && h.method !== 'DELETE'))
      return undefined;
    const request = requestLabel(record);
    const out: Data[] = [{ side: 'client', request, version: JSON.stringify(h.protocolVersion!) }];
    if (h.status !== null && h.status !== 405) out.push({ side: 'server', request, status: h.status });
    return out;
  },
};
