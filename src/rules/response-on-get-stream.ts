// Rule response-on-get-stream: a JSON-RPC response or error on the server's GET stream, which resumes no stream.
import { HTTP_SESSION, streamableHttp, type HttpSession } from './support/http-memory.js';
import { STREAMABLE_HTTP_REVISIONS } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

interface Data {
  /** `a response to tools/call`, `an error answering an unknown request` */
  what: string;
  id: string;
}

export const responseOnGetStream: Rule<Data, undefined, HttpSession> = {
  meta: {
    id: 'response-on-get-stream',
    severity: 'error',
    summary: 'A JSON-RPC response or error on the SSE stream of a GET that resumes no stream.',
    specUrl: SPEC.httpListening,
    revisions: STREAMABLE_HTTP_REVISIONS,
  },
  message:
    "{what} (id {id}) on the server's GET stream, which resumes no stream: the server MUST NOT send a JSON-RPC response there unless resuming a stream of an earlier request",
  memory: HTTP_SESSION,
  on: { kinds: ['response', 'error'], http: true },
  check: ({ record, session, memory }) => {
    const h = record.http;
    // On the stream: an SSE event of the GET's answer (an error status's JSON body, a 406 say, is no stream).
    if (
      h === undefined ||
      h.method !== 'GET' ||
      h.contentType !== 'text/event-stream' ||
      record.dir !== 's2c' ||
      h.lastEventId !== null
    )
      return undefined;
    if ((record.kind !== 'response' && record.kind !== 'error') || !streamableHttp(record, session.revision, memory))
      return undefined;
    return [
      {
        what: `${record.kind === 'error' ? 'an error answering' : 'a response to'} ${record.method ?? 'an unknown request'}`,
        id: JSON.stringify(record.id),
      },
    ];
  },
};
