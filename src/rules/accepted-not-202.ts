// Rule accepted-not-202: a POST of only notifications or responses answered neither 202 Accepted (with no body) nor
// an HTTP error status (Streamable HTTP).
import { RecentMap } from './support/flow-memory.js';
import { HTTP_SESSION, streamableHttp, type HttpSession } from './support/http-memory.js';
import { ALL_STREAMABLE_HTTP_REVISIONS, requestLabel } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/** POSTs remembered per session while their answer is awaited (they are answered at once, as a rule). */
const POSTS_KEPT = 256;

/** A POST whose body is being read, or was read and held no request. */
interface Post {
  request: string;
  /** Elements of its batch still to come (0 when the body was read). */
  left: number;
  /** No element so far is a request (or a record that is no message). */
  only: boolean;
  /** Answered 202: a body after it is the finding. */
  accepted: boolean;
}

type Data =
  | { kind: 'status'; request: string /** `415 (text/plain)` */; status: string }
  | { kind: 'body'; request: string };

export const acceptedNot202: Rule<Data, { posts: RecentMap<Post> }, HttpSession> = {
  meta: {
    id: 'accepted-not-202',
    severity: 'error',
    summary: 'A POST of only notifications or responses answered other than 202 Accepted (or 202 with a body).',
    specUrl: SPEC.httpSending,
    revisions: ALL_STREAMABLE_HTTP_REVISIONS,
  },
  message: {
    by: 'kind',
    templates: {
      body: 'the server answered {request} 202 Accepted with a body: 202 MUST come with no body',
      status:
        'the server answered {request} {status}: a POST of only notifications or responses MUST be answered 202 Accepted with no body when accepted, an HTTP error status when not',
    },
  },
  createState: () => ({ posts: new RecentMap(POSTS_KEPT) }),
  memory: HTTP_SESSION,
  on: { http: true },
  check: ({ record, session, state, memory }) => {
    const h = record.http;
    if (
      h === undefined ||
      h.exchange === null ||
      h.method !== 'POST' ||
      !streamableHttp(record, session.revision, memory)
    )
      return undefined;
    const key = String(h.exchange);
    if (record.dir === 'c2s') {
      if (record.kind === 'event') return undefined;
      const at = record.batch?.index ?? 0;
      if (at === 0)
        state.posts.set(key, {
          request: requestLabel(record),
          left: record.batch?.size ?? 1,
          only: true,
          accepted: false,
        });
      const p = state.posts.get(key);
      if (p === undefined) return undefined;
      p.left--;
      p.only &&= record.kind === 'notification' || record.kind === 'response' || record.kind === 'error';
      if (!p.only) state.posts.delete(key);
      return undefined;
    }
    const p = state.posts.get(key);
    if (p === undefined || p.left > 0 || h.status === null) return undefined;
    if (record.kind !== 'event' && (p.accepted || h.status === 202)) {
      state.posts.delete(key);
      return [{ kind: 'body', request: p.request }];
    }
    if (p.accepted) return undefined;
    if (h.status === 202) {
      // Its body, if any, comes in records after this event.
      p.accepted = true;
      return undefined;
    }
    state.posts.delete(key);
    return h.status >= 400
      ? undefined
      : [
          {
            kind: 'status',
            request: p.request,
            status: `${h.status}${h.contentType === null ? '' : ` (${h.contentType})`}`,
          },
        ];
  },
};
