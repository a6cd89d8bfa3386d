// Rule resume-other-stream: a GET that resumes an SSE stream (Last-Event-ID) replays messages of another stream.
import type { PipelineRecord } from '../types.js';
import { RecentMap } from './support/flow-memory.js';
import { HTTP_SESSION, streamableHttp, type HttpSession } from './support/http-memory.js';
import { STREAMABLE_HTTP_REVISIONS } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/** Event ids, streams and requests remembered per session (a resumption names a recent event). */
const KEPT = 256;

/** A stream: the exchange that opened it (a POST's answer, or a GET), and its method. */
interface Stream {
  exchange: number;
  method: string;
}

interface State {
  /** The stream each SSE event id was sent on. */
  events: RecentMap<Stream>;
  /** The stream a resuming GET continues (null: its Last-Event-ID names no event seen). */
  resumes: RecentMap<Stream | null>;
  /** The POST exchange each open client request came in, by the request's seq. */
  requests: RecentMap<number>;
}

type Data =
  | { kind: 'event'; what: string; eventId: string; lastEventId: string; resumed: string; sentOn: string }
  | { kind: 'answer'; what: string; lastEventId: string; resumed: string; postedOn: number };

/** A stream as the message names it (the event ids in the data are JSON). */
const stream = (s: Stream): string => `the ${s.method} of exchange ${s.exchange}`;

export const resumeOtherStream: Rule<Data, State, HttpSession> = {
  meta: {
    id: 'resume-other-stream',
    severity: 'error',
    summary: 'A GET that resumes an SSE stream replays a message of another stream.',
    specUrl: SPEC.httpResuming,
    revisions: STREAMABLE_HTTP_REVISIONS,
  },
  message: {
    by: 'kind',
    templates: {
      event:
        '{what} (event {eventId}) replayed on the GET resuming after event {lastEventId} ({resumed}) was sent before on another stream ({sentOn}): the server MUST NOT replay messages of a different stream',
      answer:
        '{what} replayed on the GET resuming after event {lastEventId} ({resumed}) answers a request POSTed in exchange {postedOn}, whose stream is another: the server MUST NOT replay messages of a different stream',
    },
  },
  createState: () => ({ events: new RecentMap(KEPT), resumes: new RecentMap(KEPT), requests: new RecentMap(KEPT) }),
  memory: HTTP_SESSION,
  on: { http: true },
  check: ({ record, facts, session, state, memory }) => {
    const h = record.http;
    if (h === undefined || h.exchange === null || !streamableHttp(record, session.revision, memory)) return undefined;
    if (record.dir === 'c2s') {
      if (record.kind === 'request' && h.method === 'POST') state.requests.set(String(record.seq), h.exchange);
      return undefined;
    }
    // An answer: the exchange its request was POSTed in, forgotten once answered.
    const answers =
      (record.kind === 'response' || record.kind === 'error') && facts.request !== undefined
        ? String(facts.request.seq)
        : null;
    const postedOn = answers === null ? undefined : state.requests.get(answers);
    if (answers !== null) state.requests.delete(answers);
    // The stream this record is on: its exchange's own, or for a resuming GET the stream it continues.
    let on: Stream | null = { exchange: h.exchange, method: h.method };
    const lastEventId = h.method === 'GET' ? h.lastEventId : null;
    if (lastEventId !== null) {
      const key = String(h.exchange);
      let resumed = state.resumes.get(key);
      if (resumed === undefined) state.resumes.set(key, (resumed = state.events.get(lastEventId) ?? null));
      on = resumed;
    }
    if (on === null) return undefined;
    const id = h.eventId;
    const sentOn = id === null ? undefined : state.events.get(id);
    if (id !== null && sentOn === undefined) state.events.set(id, on);
    // What the resumption's stream delivered (not the JSON body of an error status refusing it).
    if (lastEventId === null || h.contentType !== 'text/event-stream') return undefined;
    if (sentOn !== undefined && sentOn.exchange !== on.exchange)
      return [
        {
          kind: 'event',
          what: whatOf(record),
          eventId: JSON.stringify(id!),
          lastEventId: JSON.stringify(lastEventId),
          resumed: stream(on),
          sentOn: stream(sentOn),
        },
      ];
    if (postedOn !== undefined && postedOn !== on.exchange)
      return [
        {
          kind: 'answer',
          what: whatOf(record),
          lastEventId: JSON.stringify(lastEventId),
          resumed: stream(on),
          postedOn,
        },
      ];
    return undefined;
  },
};

/** `a response to tools/call (id 3)`, `a notifications/progress notification`, `an http-sse-prime event`. */
function whatOf(record: PipelineRecord): string {
  const id = record.id === null ? '' : ` (id ${JSON.stringify(record.id)})`;
  switch (record.kind) {
    case 'response':
    case 'error':
      return `${record.kind === 'error' ? 'an error' : 'a response'}${record.method === null ? '' : ` to ${record.method}`}${id}`;
    case 'request':
    case 'notification':
      return `a ${record.method ?? 'message'} ${record.kind}${id}`;
    case 'event':
      return `an ${record.event?.name ?? 'unnamed'} event`;
    default:
      return `a ${record.kind} message`;
  }
}
