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
    description:
      'A 2026-07-28 request POST without Mcp-Method (every request), Mcp-Name (tools/call, prompts/get: params.name; resources/read: params.uri; the tasks extension\'s tasks/get, tasks/update, tasks/cancel: params.taskId) or, for a tool argument its tools/list annotated x-mcp-header, Mcp-Param-{Name}; or with a value that is not the body\'s (after decoding =?base64?…?=; integers compared as numbers); or a malformed =?base64?…?= value (markers not lower case, no ?= suffix, not Base64, not UTF-8); or, for a body value that is not header-safe (non-ASCII, a control character, leading or trailing whitespace, or the sentinel pattern itself), a header that is not its Base64 sentinel form. §Value Encoding: "clients MUST use Base64 encoding of the UTF-8 representation", "clients MUST also Base64-encode any plain-ASCII value that matches the sentinel pattern"; seps/2663-tasks-extension.md: for tasks/get, tasks/update and tasks/cancel "the client MUST set the Mcp-Name header … to the value of params.taskId". basic/transports/streamable-http.mdx §Sending Messages: "The client MUST include the request metadata headers on each POST request"; §Standard Request Headers: "These headers are REQUIRED for compliance"; §Custom Headers from Tool Parameters: "conforming clients MUST mirror the designated parameter values into HTTP headers". Checked on requests of exchanges that claim 2026-07-28 or later (the body\'s _meta protocolVersion, or the MCP-Protocol-Version header); not on notification POSTs, whose headers the revision does not define. Mcp-Param headers are checked for tools whose tools/list result is in the log.',
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
