// Rule modern-method-not-found: a 2026-07-28 request for a method that revision does not have, answered other than
// 404 Not Found with Method not found (-32601).
import { EXTENSION_REQUESTS, LEGACY_ONLY_METHODS, MODERN_ERRORS, modernMethod } from '../protocol/modern.js';
import { RecentMap } from './support/flow-memory.js';
import { HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { MODERN_HTTP_REVISIONS, requestLabel } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';
import { carriesMessages } from '../protocol/http-transport.js';

/** Requests remembered per session while their answer is awaited. */
const KEPT = 256;

/** The answer the spec asks for (streamable-http.mdx §Protocol Version Header). */
const NOT_FOUND = { code: -32601, status: 404 };

/**
 * Codes of a request rejected before its method is looked at: a header mismatch, a missing capability, an unsupported
 * version (their own status is modern-error-status's), and -32602 on 400 for a missing `_meta` (basic/index.mdx).
 */
const REJECTED_FIRST: ReadonlySet<number> = new Set(Object.values(MODERN_ERRORS));
const INVALID_PARAMS = -32602;

/** The transport events of an answer that is only a status (http-transport.ts). */
const STATUS_EVENTS: ReadonlySet<string> = new Set(['http-status', 'http-accepted']);

interface Waiting {
  request: string;
  method: string;
  /** A method an earlier revision had (removed in 2026-07-28), not a method no revision has. */
  removed: boolean;
}

/** `status`: ` (HTTP 200)`, or empty when the answer's status is not known; `code`: the error's code, as JSON. */
type Data =
  | { kind: 'served'; request: string; method: string; status: string }
  | { kind: 'error'; request: string; method: string; status: string; code: string }
  | { kind: 'bare'; request: string; method: string; status: string };

export const modernMethodNotFound: Rule<Data, { waiting: RecentMap<Waiting> }, HttpSession> = {
  meta: {
    id: 'modern-method-not-found',
    severity: 'error',
    summary: 'A 2026-07-28 request for a method it does not have, answered other than 404 with a -32601 error.',
    specUrl: SPEC.modernVersionHeader,
    revisions: MODERN_HTTP_REVISIONS,
  },
  message: {
    by: 'kind',
    templates: {
      served:
        'the server answered {request} with a result{status}, but 2026-07-28 has no {method}: a server MUST answer a method it does not implement 404 Not Found with Method not found (-32601)',
      error:
        'the server answered {request} with error {code}{status}, but 2026-07-28 has no {method}: a server MUST answer a method it does not implement 404 Not Found with Method not found (-32601)',
      bare: "the server answered {request} with no JSON-RPC error{status}, but 2026-07-28 has no {method}: a server MUST answer a method it does not implement 404 Not Found with Method not found (-32601): the -32601 body is what tells a 2026-07-28 server's 404 from a legacy one's",
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
      const m = record.method;
      if (!memory.opens || h.method !== 'POST' || record.kind !== 'request' || record.batch !== undefined || m === null)
        return undefined;
      if (modernMethod(m)?.kind === 'request' || EXTENSION_REQUESTS.has(m)) return undefined;
      state.waiting.set(key, { request: requestLabel(record), method: m, removed: LEGACY_ONLY_METHODS.has(m) });
      return undefined;
    }
    const w = state.waiting.get(key);
    if (w === undefined) return undefined;
    const base = { request: w.request, method: w.method, status: h.status === null ? '' : ` (HTTP ${h.status})` };
    // A method no revision has may be the server's own: only an answer on 404 must be the -32601 one.
    const judged = w.removed || h.status === NOT_FOUND.status;
    if (record.kind === 'event') {
      // A status whose body makes no record is judged now; a JSON or SSE body is judged on its message.
      if (!STATUS_EVENTS.has(record.event?.name ?? '') || h.status === null || carriesMessages(h.contentType))
        return undefined;
      state.waiting.delete(key);
      return judged ? [{ kind: 'bare', ...base }] : undefined;
    }
    if (record.kind === 'response') {
      state.waiting.delete(key);
      return judged ? [{ kind: 'served', ...base }] : undefined;
    }
    if (record.kind !== 'error') return undefined;
    state.waiting.delete(key);
    // A cut error (no whole body) does not say its code.
    if (record.message === null) return undefined;
    const code = (record.message as { error?: { code?: unknown } } | null)?.error?.code;
    if (
      code === NOT_FOUND.code ||
      (typeof code === 'number' && REJECTED_FIRST.has(code)) ||
      (code === INVALID_PARAMS && h.status === 400)
    )
      return undefined;
    return judged ? [{ kind: 'error', ...base, code: String(JSON.stringify(code)) }] : undefined;
  },
};
