// Rules about what the Streamable HTTP transport requires of requests, answers and streams.
import { acceptHeader } from '../accept-header.js';
import { acceptedNot202 } from '../accepted-not-202.js';
import { protocolVersionHeader } from '../protocol-version-header.js';
import { responseOnGetStream } from '../response-on-get-stream.js';
import { resumeOtherStream } from '../resume-other-stream.js';
import { sessionIdHeader } from '../session-id-header.js';
import type { Rule } from '../types.js';

export const TRANSPORT_RULES: readonly Rule<any, any>[] = [
  acceptHeader,
  acceptedNot202,
  protocolVersionHeader,
  responseOnGetStream,
  resumeOtherStream,
  sessionIdHeader,
];
