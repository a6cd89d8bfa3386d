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
  /** The status the code must come with: `400 Bad Request`. */
  must: string;
  /** The request's method, or `a request`. */
  method: string;
}

export const modernErrorStatus: Rule<Data, undefined, HttpSession> = {
  meta: {
    id: 'modern-error-status',
    severity: 'error',
    summary: 'A 2026-07-28 error answered on another HTTP status than the one the spec sets for its code.',
    specUrl: SPEC.modernValidation,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message: 'the server answered {method} with {name} ({code}) on HTTP {status}: this error MUST come with {must}',
  memory: HTTP_SESSION,
  on: { kinds: ['error'], body: true, http: true },
  check: ({ record, memory }) => {
    const h = record.http;
    if (h === undefined || !memory.modern || record.dir !== 's2c' || h.status === null) return undefined;
    const code = (record.message as { error?: { code?: unknown } } | null)?.error?.code;
    const known = typeof code === 'number' ? CODES[code] : undefined;
    if (known === undefined || h.status === known.status) return undefined;
    return [
      {
        code: code as number,
        name: known.name,
        status: h.status,
        must: `${known.status} ${REASON[known.status]}`,
        method: record.method ?? 'a request',
      },
    ];
  },
};
