// Rule protocol-version-header: a request after initialization without the MCP-Protocol-Version header, or naming
// another revision than the one negotiated (Streamable HTTP, 2025-06-18 on).
import type { Severity } from '../types.js';
import { HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { requestLabel } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

type Data = { kind: 'missing'; request: string; negotiated: string } | { kind: 'different'; request: string; negotiated: string; sent: string };

export const protocolVersionHeader: Rule<Data, undefined, HttpSession> = {
  meta: {
    id: 'protocol-version-header',
    severity: 'error',
    description:
      'An HTTP request after initialization without the MCP-Protocol-Version header (error), or naming another revision than the one negotiated (warning). basic/transports.mdx §Protocol Version Header (2025-06-18 and 2025-11-25): "If using HTTP, the client MUST include the MCP-Protocol-Version: <protocol-version> HTTP header on all subsequent requests to the MCP server", and "The protocol version sent by the client SHOULD be the one negotiated during initialization". Checked once per request (POST, GET, DELETE) once the initialize result was seen; the initialize request itself needs none. Not on the 2024-11-05 HTTP+SSE transport.',
    specUrl: SPEC.httpVersionHeader,
    revisions: ['2025-06-18', '2025-11-25'],
  },
  message: (d) =>
    d.kind === 'missing'
      ? `${d.request} has no MCP-Protocol-Version header: after initialization the client MUST send it on every request (negotiated: ${d.negotiated})`
      : `${d.request} says MCP-Protocol-Version ${JSON.stringify(d.sent)}, not the negotiated ${d.negotiated} (it SHOULD be the one negotiated)`,
  severityOf: (d, severity): Severity => (d.kind === 'different' ? 'warning' : severity),
  memory: HTTP_SESSION,
  check: ({ record, session, memory }) => {
    if (!memory.opens || memory.legacy) return undefined;
    // "Subsequent requests": after the initialize result, which also says what was negotiated.
    const negotiated = session.info.negotiatedRevision;
    if (negotiated === null || (record.kind === 'request' && record.method === 'initialize')) return undefined;
    const sent = record.http!.protocolVersion;
    if (sent === null) return [{ kind: 'missing', request: requestLabel(record), negotiated }];
    return sent.trim() === negotiated ? undefined : [{ kind: 'different', request: requestLabel(record), negotiated, sent }];
  },
};
