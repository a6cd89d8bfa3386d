// Rule request-metadata-headers: a 2026-07-28 request POST without the Mcp-Method / Mcp-Name / Mcp-Param-{Name} headers
// that mirror its body, or with values that are not the body's.
import { HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { MODERN_HTTP_REVISIONS, requestLabel } from './support/http-request.js';
import { headerFaults, type HeaderFault } from './support/request-headers.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

interface Data extends HeaderFault {
  request: string;
}

/** The version header has its own rule (protocol-version-header). */
const MINE = (f: HeaderFault) => f.header !== 'MCP-Protocol-Version';

export const requestMetadataHeaders: Rule<Data, undefined, HttpSession> = {
  meta: {
    id: 'request-metadata-headers',
    severity: 'error',
    summary: 'A 2026-07-28 request POST whose Mcp-Method, Mcp-Name or Mcp-Param header is missing or wrong.',
    specUrl: SPEC.modernHeaders,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message: (d) => {
    const body = d.body === undefined ? '' : ` (${JSON.stringify(d.body)})`;
    switch (d.kind) {
      case 'missing':
        return `${d.request} has no ${d.header} header: a 2026-07-28 client MUST mirror the body's value${body} into it`;
      case 'undecodable':
        return `${d.request} has ${d.header} ${JSON.stringify(d.sent)}, a malformed Base64 sentinel: ${d.why}`;
      case 'unencoded':
        return `${d.request} has ${d.header} ${JSON.stringify(d.sent)}, but the body's value${body} is not header-safe (${d.why}): the client MUST send it Base64-encoded (=?base64?…?=)`;
      default:
        return `${d.request} has ${d.header} ${JSON.stringify(d.sent)}, not the body's value${body}: the header MUST mirror the body`;
    }
  },
  memory: HTTP_SESSION,
  on: { kinds: ['request'], body: true, http: true },
  check: ({ record, memory }) => {
    if (!memory.modern || memory.legacy) return undefined;
    const faults = headerFaults(record, memory.tools).filter(MINE);
    return faults.length === 0 ? undefined : faults.map((f) => ({ ...f, request: requestLabel(record) }));
  },
};
