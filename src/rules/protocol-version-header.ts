// Rule protocol-version-header: a request after initialization without the MCP-Protocol-Version header, or naming
// another revision than the one negotiated (Streamable HTTP, 2025-06-18 on).
import type { Severity } from '../types.js';
import { HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { requestLabel } from './support/http-request.js';
import { headerFaults } from './support/request-headers.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/** `sent` and `body` (the version the request's own `_meta` claims) as JSON. */
type Data =
  | { kind: 'missing'; request: string; negotiated: string }
  | { kind: 'different'; request: string; negotiated: string; sent: string }
  // 2026-07-28: no negotiation; the header mirrors the request's own `_meta` version.
  | { kind: 'modern-missing'; request: string; body: string }
  | { kind: 'modern-missing-unclaimed'; request: string }
  | { kind: 'modern-different'; request: string; body: string; sent: string };

export const protocolVersionHeader: Rule<Data, undefined, HttpSession> = {
  meta: {
    id: 'protocol-version-header',
    severity: 'error',
    summary: 'An HTTP request after initialize without MCP-Protocol-Version, or naming another revision.',
    specUrl: SPEC.httpVersionHeader,
    revisions: ['2025-06-18', '2025-11-25', '2026-07-28'],
  },
  message: {
    by: 'kind',
    templates: {
      missing:
        '{request} has no MCP-Protocol-Version header: after initialization the client MUST send it on every request (negotiated: {negotiated})',
      different:
        '{request} says MCP-Protocol-Version {sent}, not the negotiated {negotiated} (it SHOULD be the one negotiated)',
      'modern-missing':
        '{request} has no MCP-Protocol-Version header: every 2026-07-28 request POST MUST carry it, equal to its _meta protocolVersion {body}',
      'modern-missing-unclaimed':
        '{request} has no MCP-Protocol-Version header: every 2026-07-28 request POST MUST carry it',
      'modern-different':
        '{request} says MCP-Protocol-Version {sent}, but its _meta protocolVersion is {body}: the header MUST match the body',
    },
  },
  severityOf: (d, severity): Severity => (d.kind === 'different' ? 'warning' : severity),
  memory: HTTP_SESSION,
  on: { http: true },
  check: ({ record, session, memory }) => {
    if (!memory.opens || memory.legacy) return undefined;
    if (memory.modern) {
      // Judged on the request's own body: a modern exchange negotiates nothing.
      const f = headerFaults(record, memory.tools).find((x) => x.header === 'MCP-Protocol-Version');
      if (f === undefined) return undefined;
      return [
        f.kind !== 'missing'
          ? {
              kind: 'modern-different',
              request: requestLabel(record),
              body: JSON.stringify(f.body!),
              sent: JSON.stringify(f.sent!),
            }
          : f.body === undefined || f.body === null
            ? { kind: 'modern-missing-unclaimed', request: requestLabel(record) }
            : { kind: 'modern-missing', request: requestLabel(record), body: JSON.stringify(f.body) },
      ];
    }
    // "Subsequent requests": after the initialize result, which also says what was negotiated.
    const negotiated = session.info.negotiatedRevision;
    if (negotiated === null || (record.kind === 'request' && record.method === 'initialize')) return undefined;
    const sent = record.http!.protocolVersion;
    if (sent === null) return [{ kind: 'missing', request: requestLabel(record), negotiated }];
    return sent.trim() === negotiated
      ? undefined
      : [{ kind: 'different', request: requestLabel(record), negotiated, sent: JSON.stringify(sent) }];
  },
};
