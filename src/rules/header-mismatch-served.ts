// Rule header-mismatch-served: a 2026-07-28 request whose mirrored headers are missing or differ from its body, answered
// with anything but 400 Bad Request (the server served it).
import { RecentMap } from './support/flow-memory.js';
import { HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { MODERN_HTTP_REVISIONS, requestLabel } from './support/http-request.js';
import { headerFaults } from './support/request-headers.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/** Faulty requests remembered per session while their answer is awaited. */
const KEPT = 256;

interface Data {
  request: string;
  /** The faults, as `Mcp-Name missing`, `Mcp-Method different`. */
  faults: string[];
  status: number;
}

export const headerMismatchServed: Rule<Data, { waiting: RecentMap<{ request: string; faults: string[] }> }, HttpSession> = {
  meta: {
    id: 'header-mismatch-served',
    severity: 'error',
    description:
      'A 2026-07-28 request POST whose MCP-Protocol-Version, Mcp-Method, Mcp-Name or Mcp-Param-{Name} header is missing, does not decode or differs from the body (what protocol-version-header and request-metadata-headers report on the request) was answered with a status other than 400. basic/transports/streamable-http.mdx §Server Validation: "Servers that process the request body MUST reject requests where the values specified in the headers do not match the corresponding values in the request body", with "HTTP status 400 Bad Request" and error -32020; a missing required header is one of the "Validation failure conditions". Reported on the answer\'s first record.',
    specUrl: SPEC.modernValidation,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message: (d) => `the server answered ${d.request} ${d.status}, though its headers fail validation (${d.faults.join(', ')}): it MUST reject it with 400 Bad Request and HeaderMismatch (-32020)`,
  createState: () => ({ waiting: new RecentMap(KEPT) }),
  memory: HTTP_SESSION,
  check: ({ record, state, memory }) => {
    const h = record.http;
    if (h === undefined || h.exchange === null || !memory.modern || memory.legacy) return undefined;
    const key = String(h.exchange);
    if (record.dir === 'c2s') {
      const faults = headerFaults(record, memory.tools);
      if (faults.length > 0) state.waiting.set(key, { request: requestLabel(record), faults: faults.map((f) => `${f.header} ${f.kind}`) });
      return undefined;
    }
    const w = state.waiting.get(key);
    if (w === undefined || h.status === null) return undefined;
    state.waiting.delete(key);
    return h.status === 400 ? undefined : [{ request: w.request, faults: w.faults, status: h.status }];
  },
};
