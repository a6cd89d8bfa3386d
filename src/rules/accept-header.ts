// Rule accept-header: a POST whose Accept header does not list both application/json and text/event-stream, or a
// GET whose Accept does not list text/event-stream (Streamable HTTP).
import { listedTypes } from './support/accept.js';
import { HTTP_SESSION, streamableHttp, type HttpSession } from './support/http-memory.js';
import { ALL_STREAMABLE_HTTP_REVISIONS, requestLabel } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/** What each method's Accept must list (basic/transports.mdx §Sending Messages to the Server, §Listening for Messages). */
const NEEDED: Readonly<Record<string, readonly string[]>> = {
  POST: ['application/json', 'text/event-stream'],
  GET: ['text/event-stream'],
};

interface Data {
  /** The request's method, `-none` when it has no Accept header. */
  form: 'POST' | 'GET' | 'POST-none' | 'GET-none';
  request: string;
  /** As JSON. */
  accept: string;
  /** `application/json or text/event-stream` */
  missing: string;
}

const ON = { POST: 'on every POST', GET: "to open the server's stream" } as const;

export const acceptHeader: Rule<Data, undefined, HttpSession> = {
  meta: {
    id: 'accept-header',
    severity: 'error',
    summary: "A POST whose Accept lacks application/json or text/event-stream, or a GET's that lacks the latter.",
    specUrl: SPEC.httpSending,
    revisions: ALL_STREAMABLE_HTTP_REVISIONS,
  },
  message: {
    by: 'form',
    templates: {
      POST: `{request} has Accept {accept}, which does not list {missing}: the client MUST list ${NEEDED.POST!.join(' and ')} ${ON.POST}`,
      'POST-none': `{request} has no Accept header: the client MUST list ${NEEDED.POST!.join(' and ')} ${ON.POST}`,
      GET: `{request} has Accept {accept}, which does not list {missing}: the client MUST list ${NEEDED.GET!.join(' and ')} ${ON.GET}`,
      'GET-none': `{request} has no Accept header: the client MUST list ${NEEDED.GET!.join(' and ')} ${ON.GET}`,
    },
  },
  memory: HTTP_SESSION,
  on: { http: true },
  check: ({ record, session, memory }) => {
    if (!memory.opens || !streamableHttp(record, session.revision, memory)) return undefined;
    const h = record.http!;
    // 2026-07-28 has no GET stream: a GET there is the modern-http-method rule's, whatever it accepts.
    if (memory.modern && h.method !== 'POST') return undefined;
    const need = NEEDED[h.method];
    if (need === undefined) return undefined;
    const listed = listedTypes(h.accept);
    const missing = need.filter((t) => !listed.has(t));
    return missing.length === 0
      ? undefined
      : [
          {
            form: `${h.method as 'POST' | 'GET'}${h.accept === null ? '-none' : ''}`,
            request: requestLabel(record),
            accept: JSON.stringify(h.accept),
            missing: missing.join(' or '),
          },
        ];
  },
};
