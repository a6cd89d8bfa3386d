// Rules about what the Streamable HTTP transport requires of requests, answers and streams, and HTTP's own framing.
import { acceptHeader } from '../accept-header.js';
import { acceptedNot202 } from '../accepted-not-202.js';
import { headerMismatchServed } from '../header-mismatch-served.js';
import { httpLengthConflict } from '../http-length-conflict.js';
import { modernErrorStatus } from '../modern-error-status.js';
import { modernEventId } from '../modern-event-id.js';
import { modernHttpMethod } from '../modern-http-method.js';
import { modernMessageAfterClose } from '../modern-message-after-close.js';
import { modernMethodNotFound } from '../modern-method-not-found.js';
import { modernSessionId } from '../modern-session-id.js';
import { protocolVersionHeader } from '../protocol-version-header.js';
import { requestMetadataHeaders } from '../request-metadata-headers.js';
import { responseOnGetStream } from '../response-on-get-stream.js';
import { resumeOtherStream } from '../resume-other-stream.js';
import { sessionIdHeader } from '../session-id-header.js';
import type { Rule } from '../types.js';

export const TRANSPORT_RULES: readonly Rule<any, any>[] = [
  acceptHeader,
  acceptedNot202,
  headerMismatchServed,
  httpLengthConflict,
  modernErrorStatus,
  modernEventId,
  modernHttpMethod,
  modernMessageAfterClose,
  modernMethodNotFound,
  modernSessionId,
  protocolVersionHeader,
  requestMetadataHeaders,
  responseOnGetStream,
  resumeOtherStream,
  sessionIdHeader,
];
