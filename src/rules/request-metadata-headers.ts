// Rule request-metadata-headers: a 2026-07-28 request POST without the Mcp-Method / Mcp-Name / Mcp-Param-{Name} headers
// that mirror its body, or with values that are not the body's.
import { HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { MODERN_HTTP_REVISIONS, requestLabel } from './support/http-request.js';
import { headerFaults, type HeaderFault } from './support/request-headers.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

interface Data {
  kind: HeaderFault['kind'];
  request: string;
  header: string;
  /** The value sent, as JSON. */
  sent: string;
  /** ` ("the body's value")` as JSON in parentheses, or empty when the fault names none. */
  body: string;
  why: string;
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
  message: {
    by: 'kind',
    templates: {
      missing: "{request} has no {header} header: a 2026-07-28 client MUST mirror the body's value{body} into it",
      undecodable: '{request} has {header} {sent}, a malformed Base64 sentinel: {why}',
      unencoded:
        "{request} has {header} {sent}, but the body's value{body} is not header-safe ({why}): the client MUST send it Base64-encoded (=?base64?…?=)",
      different: "{request} has {header} {sent}, not the body's value{body}: the header MUST mirror the body",
    },
  },
  memory: HTTP_SESSION,
  on: { kinds: ['request'], body: true, http: true },
  check: ({ record, memory }) => {
    if (!memory.modern || memory.legacy) return undefined;
    const faults = headerFaults(record, memory.tools).filter(MINE);
    return faults.length === 0
      ? undefined
      : faults.map((f) => ({
          kind: f.kind,
          request: requestLabel(record),
          header: f.header,
          sent: String(JSON.stringify(f.sent)),
          body: f.body === undefined ? '' : ` (${JSON.stringify(f.body)})`,
          why: f.why ?? '',
        }));
  },
};
