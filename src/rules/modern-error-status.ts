// Rule modern-error-status: a 2026-07-28 error that must travel on HTTP 400 (-32020, -32021, -32022) answered with
// another status.
import { HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { MODERN_HTTP_REVISIONS } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/** The codes whose HTTP status MUST be 400 (basic/index.mdx §Error Codes; streamable-http.mdx §Server Validation). */
const CODES: Readonly<Record<number, string>> = {
  [-32020]: 'HeaderMismatch',
  [-32021]: 'MissingRequiredClientCapability',
  [-32022]: 'UnsupportedProtocolVersion',
};

interface Data {
  code: number;
  name: string;
  status: number;
  method: string | null;
}

export const modernErrorStatus: Rule<Data, undefined, HttpSession> = {
  meta: {
    id: 'modern-error-status',
    severity: 'error',
    description:
      'A 2026-07-28 HeaderMismatch (-32020), MissingRequiredClientCapability (-32021) or UnsupportedProtocolVersion (-32022) error answered on an HTTP status other than 400 (an SSE stream of a 200 included). basic/transports/streamable-http.mdx §Server Validation: "When rejecting a request due to header validation failure, servers MUST return HTTP status 400 Bad Request and MUST include a JSON-RPC error response using the following error code: -32020"; §Protocol Version Header: an unsupported version "MUST respond with 400 Bad Request and an UnsupportedProtocolVersionError"; basic/index.mdx §_meta: for -32021 "On HTTP, the response status MUST be 400". Checked in exchanges that claim 2026-07-28 or later (these codes are in the range earlier revisions left to implementations).',
    specUrl: SPEC.modernValidation,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message: (d) => `the server answered ${d.method ?? 'a request'} with ${d.name} (${d.code}) on HTTP ${d.status}: this error MUST come with 400 Bad Request`,
  memory: HTTP_SESSION,
  on: { kinds: ['error'], body: true },
  check: ({ record, memory }) => {
    const h = record.http;
    if (h === undefined || !memory.modern || record.dir !== 's2c' || h.status === null || h.status === 400) return undefined;
    const code = (record.message as { error?: { code?: unknown } } | null)?.error?.code;
    if (typeof code !== 'number' || CODES[code] === undefined) return undefined;
    return [{ code, name: CODES[code]!, status: h.status, method: record.method }];
  },
};
