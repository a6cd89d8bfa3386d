// Rule http-length-conflict: a request whose Transfer-Encoding and Content-Length do not give it one length (RFC 9112
// §6.3), the signature of request smuggling.
import type { LengthConflict } from '../types.js';
import { HTTP_SESSION, type HttpSession } from './support/http-memory.js';
import { requestLabel } from './support/http-request.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

interface Data {
  readAs: LengthConflict['readAs'];
  request: string;
  /** The framing fields as sent: `Transfer-Encoding "gzip" and Content-Length "12"`. */
  fields: string;
}

export const httpLengthConflict: Rule<Data, undefined, HttpSession> = {
  meta: {
    id: 'http-length-conflict',
    severity: 'warning',
    summary: 'A request whose Content-Length and Transfer-Encoding do not give it one length.',
    specUrl: SPEC.httpMessageLength,
    revisions: 'all',
  },
  message: {
    by: 'readAs',
    templates: {
      chunked:
        '{request} sends {fields}: the Transfer-Encoding overrides the Content-Length and the body is read as chunked, where a server or proxy that honours the Content-Length ends it elsewhere; what follows the chunked body is read as the next request (a request smuggling signature, RFC 9112 §6.3)',
      unknown:
        '{request} sends {fields}, whose last coding is not chunked: its length cannot be determined, and a server MUST answer 400 and close the connection (a request smuggling signature, RFC 9112 §6.3)',
    },
  },
  memory: HTTP_SESSION,
  check: ({ record, memory }) => {
    const conflict = record.http?.lengthConflict;
    if (conflict === undefined || !memory.opens) return undefined;
    const te = `Transfer-Encoding ${JSON.stringify(conflict.transferEncoding)}`;
    return [
      {
        readAs: conflict.readAs,
        request: requestLabel(record),
        fields:
          conflict.contentLength === null ? te : `${te} and Content-Length ${JSON.stringify(conflict.contentLength)}`,
      },
    ];
  },
};
