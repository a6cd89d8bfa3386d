// Rule modern-error-status: a 2026-07-28 error that must travel on a given HTTP status (400 for -32020, -32021,
// -32022; 404 for -32601) answered with another.
import { HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { MODERN_HTTP_REVISIONS } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/**
 * The codes whose HTTP status is fixed: 400 (basic/index.mdx §Error Codes; streamable-http.mdx §Server Validation,
 * §Protocol Version Header), 404 for a method the server does not implement (§Protocol Version Header).
 */
const CODES: Readonly<Record<number, { name: string; status: number }>> = {
  [-32020]: { name: 'HeaderMismatch', status: 400 },
  [-32021]: { name: 'MissingRequiredClientCapability', status: 400 },
  [-32022]: { name: 'UnsupportedProtocolVersion', status: 400 },
  [-32601]: { name: 'Method not found', status: 404 },
};

const REASON: Readonly<Record<number, string>> = { 400: 'Bad Request', 404: 'Not Found' };

interface Data {
  code: number;
  name: string;
  status: number;
  /** The status the code must come with. */
  must: number;
  method: string | null;
}

export const modernErrorStatus: Rule<Data, undefined, HttpSession> = {
  meta: {
    id: 'modern-error-status',
    severity: 'error',
    description:
      'A 2026-07-28 HeaderMismatch (-32020), MissingRequiredClientCapability (-32021) or UnsupportedProtocolVersion (-32022) error answered on an HTTP status other than 400, or a Method not found (-32601) on a status other than 404 (an SSE stream of a 200 included). basic/transports/streamable-http.mdx §Server Validation: "When rejecting a request due to header validation failure, servers MUST return HTTP status 400 Bad Request and MUST include a JSON-RPC error response using the following error code: -32020"; §Protocol Version Header: an unsupported version "MUST respond with 400 Bad Request and an UnsupportedProtocolVersionError", and "If the server does not implement the requested RPC method, it MUST respond with 404 Not Found and a JSON-RPC error with code -32601"; basic/index.mdx §_meta: for -32021 "On HTTP, the response status MUST be 400". Checked in exchanges that claim 2026-07-28 or later (the -3202x codes are in the range earlier revisions left to implementations, and earlier revisions answered -32601 on 200).',
    specUrl: SPEC.modernValidation,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message: (d) =>
    `the server answered ${d.method ?? 'a request'} with ${d.name} (${d.code}) on HTTP ${d.status}: this error MUST come with ${d.must} ${REASON[d.must]}`,
  memory: HTTP_SESSION,
  on: { kinds: ['error'], body: true, http: true },
  check: ({ record, memory }) => {
    const h = record.http;
    if (h === undefined || !memory.modern || record.dir !== 's2c' || h.status === null) return undefined;
    const code = (record.message as { error?: { code?: unknown } } | null)?.error?.code;
    const known = typeof code === 'number' ? CODES[code] : undefined;
    if (known === undefined || h.status === known.status) return undefined;
    return [{ code: code as number, name: known.name, status: h.status, must: known.status, method: record.method }];
  },
};
