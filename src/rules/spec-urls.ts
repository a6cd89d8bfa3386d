// Links to the specification pages that rules cite (latest revision the rule's text comes from).
const BASE = 'https://modelcontextprotocol.io/specification/2025-11-25';
const MODERN = 'https://modelcontextprotocol.io/specification/2026-07-28';
const MODERN_HTTP = `${MODERN}/basic/transports/streamable-http`;

export const SPEC = {
  messages: `${BASE}/basic#messages`,
  requests: `${BASE}/basic#requests`,
  responses: `${BASE}/basic#responses`,
  lifecycle: `${BASE}/basic/lifecycle`,
  cancellation: `${BASE}/basic/utilities/cancellation`,
  progress: `${BASE}/basic/utilities/progress`,
  tasks: `${BASE}/basic/utilities/tasks`,
  stdio: `${BASE}/basic/transports#stdio`,
  sessions: `${BASE}/basic/transports#session-management`,
  httpSending: `${BASE}/basic/transports#sending-messages-to-the-server`,
  httpListening: `${BASE}/basic/transports#listening-for-messages-from-the-server`,
  httpResuming: `${BASE}/basic/transports#resumability-and-redelivery`,
  httpVersionHeader: `${BASE}/basic/transports#protocol-version-header`,
  jsonrpc: 'https://www.jsonrpc.org/specification',
  // 2026-07-28 ("modern"): the rules of what changed in it cite its own pages.
  modernSending: `${MODERN_HTTP}#sending-messages`,
  modernReceiving: `${MODERN_HTTP}#receiving-messages`,
  modernVersionHeader: `${MODERN_HTTP}#protocol-version-header`,
  modernHeaders: `${MODERN_HTTP}#standard-request-headers`,
  modernValidation: `${MODERN_HTTP}#server-validation`,
  modernNoSessions: `${MODERN_HTTP}#earlier-streamable-http-revisions`,
  modernErrorCodes: `${MODERN}/basic#error-codes`,
} as const;

/** Pages of the 2026-07-28 ("modern") revision that the modern rules cite. */
export const MODERN_SPEC = {
  meta: `${MODERN}/basic/index#_meta`,
  resultType: `${MODERN}/basic/index#resulttype`,
  patterns: `${MODERN}/basic/patterns/index`,
  versioning: `${MODERN}/basic/versioning`,
  changelog: `${MODERN}/changelog`,
  mrtr: `${MODERN}/basic/patterns/mrtr`,
  caching: `${MODERN}/server/utilities/caching`,
  subscriptions: `${MODERN}/basic/patterns/subscriptions`,
  errors: `${MODERN}/basic/index#error-codes`,
} as const;
