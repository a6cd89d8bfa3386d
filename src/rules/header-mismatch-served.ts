// Rule header-mismatch-served: a 2026-07-28 request whose mirrored headers are missing or differ from its body, answered
// with anything but 400 Bad Request (the server served it).
import { RecentMap } from './support/flow-memory.js';
import { HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { MODERN_HTTP_REVISIONS, requestLabel } from './support/http-request.js';
import { headerFaults } from './support/request-headers.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';
import { carriesMessages } from '../protocol/http-transport.js';

/** Faulty requests remembered per session while their answer is awaited. */
const KEPT = 256;

interface Data {
  /** `status`: answered other than 400; `code`: rejected with 400, but with another JSON-RPC error code than -32020. */
  problem: 'status' | 'code';
  request: string;
  /** The faults, as `Mcp-Name missing, Mcp-Method different`. */
  faults: string;
  status: number;
  /** `code`: the error code, as JSON. */
  code?: string;
}

/**
 * Codes a 400 may carry for a request whose headers fail validation, besides HeaderMismatch: the request may fail an
 * earlier check too (-32602 a missing `_meta`, -32021 a capability, -32022 its version; the spec orders none of them).
 */
const ALSO_400: ReadonlySet<unknown> = new Set([-32020, -32602, -32021, -32022]);

export const headerMismatchServed: Rule<
  Data,
  { waiting: RecentMap<{ request: string; faults: string[] }> },
  HttpSession
> = {
  meta: {
    id: 'header-mismatch-served',
    severity: 'error',
    summary: 'A 2026-07-28 request POST with a missing or mismatched MCP header was answered other than 400.',
    specUrl: SPEC.modernValidation,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message: {
    by: 'problem',
    templates: {
      status:
        'the server answered {request} {status}, though its headers fail validation ({faults}): it MUST reject it with 400 Bad Request and HeaderMismatch (-32020)',
      code: 'the server rejected {request} with 400 and error {code}, though what fails is its headers ({faults}): the error MUST be HeaderMismatch (-32020)',
    },
  },
  createState: () => ({ waiting: new RecentMap(KEPT) }),
  memory: HTTP_SESSION,
  on: { http: true },
  check: ({ record, state, memory }) => {
    const h = record.http;
    if (h === undefined || h.exchange === null || !memory.modern || memory.legacy) return undefined;
    const key = String(h.exchange);
    if (record.dir === 'c2s') {
      const faults = headerFaults(record, memory.tools);
      if (faults.length > 0)
        state.waiting.set(key, { request: requestLabel(record), faults: faults.map((f) => `${f.header} ${f.kind}`) });
      return undefined;
    }
    const w = state.waiting.get(key);
    if (w === undefined || h.status === null) return undefined;
    // A 400 with a JSON body: its error record, which follows the status event, says which code it carries.
    if (h.status === 400 && record.kind === 'event' && carriesMessages(h.contentType)) return undefined;
    state.waiting.delete(key);
    if (h.status !== 400)
      return [{ problem: 'status', request: w.request, faults: w.faults.join(', '), status: h.status }];
    const code =
      record.kind === 'error' ? (record.message as { error?: { code?: unknown } } | null)?.error?.code : undefined;
    // A cut error (no whole body) does not say its code.
    return record.kind !== 'error' || record.message === null || ALSO_400.has(code)
      ? undefined
      : [
          {
            problem: 'code',
            request: w.request,
            faults: w.faults.join(', '),
            status: 400,
            code: String(JSON.stringify(code)),
          },
        ];
  },
};
