// Links to the specification pages that rules cite (latest revision the rule's text comes from), and the same page
// in a session's negotiated revision when that revision has it.
import { isKnownRevision } from '../protocol/index.js';
import type { Revision } from '../protocol/index.js';

const SITE = 'https://modelcontextprotocol.io/specification/';
const BASE = `${SITE}2025-11-25`;
const MODERN = `${SITE}2026-07-28`;
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
  httpMessageLength: 'https://www.rfc-editor.org/rfc/rfc9112#section-6.3',
  // 2026-07-28 ("modern"): the rules of what changed in it cite its own pages.
  modernSending: `${MODERN_HTTP}#sending-messages`,
  modernReceiving: `${MODERN_HTTP}#receiving-messages`,
  modernVersionHeader: `${MODERN_HTTP}#protocol-version-header`,
  modernHeaders: `${MODERN_HTTP}#standard-request-headers`,
  modernValidation: `${MODERN_HTTP}#server-validation`,
  modernNoSessions: `${MODERN_HTTP}#earlier-streamable-http-revisions`,
  modernErrorCodes: `${MODERN}/basic#error-codes`,
  modernCancellation: `${MODERN_HTTP}#cancellation`,
} as const;

/** Pages of the 2026-07-28 ("modern") revision that the modern rules cite. */
export const MODERN_SPEC = {
  meta: `${MODERN}/basic#meta`,
  resultType: `${MODERN}/basic#resulttype`,
  patterns: `${MODERN}/basic/patterns`,
  versioning: `${MODERN}/basic/versioning`,
  changelog: `${MODERN}/changelog`,
  mrtr: `${MODERN}/basic/patterns/mrtr`,
  caching: `${MODERN}/server/utilities/caching`,
  subscriptions: `${MODERN}/basic/patterns/subscriptions`,
  errors: `${MODERN}/basic#error-codes`,
  cancellation: `${MODERN}/basic/patterns/cancellation`,
  progress: `${MODERN}/basic/patterns/progress`,
  logging: `${MODERN}/server/utilities/logging`,
  discover: `${MODERN}/server/discover`,
  mrtrErrors: `${MODERN}/basic/patterns/mrtr#error-handling`,
} as const;

const ALL: readonly Revision[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
const STREAMABLE: readonly Revision[] = ['2025-03-26', '2025-06-18', '2025-11-25'];

/**
 * The pages and sections the rules cite (path after the revision, with the anchor), and the revisions whose
 * specification has them under that path and anchor: the utilities, lifecycle, resources, roots and logging pages
 * are in all four; Streamable HTTP's sections came with 2025-03-26 (2024-11-05 had HTTP with SSE), the
 * MCP-Protocol-Version header and the schema page with 2025-06-18, tasks with 2025-11-25 (each revision's
 * https://modelcontextprotocol.io/specification/<rev>/changelog §Major changes).
 * A page not listed here is linked in the revision the rule names only.
 */
export const SPEC_PAGES: Readonly<Record<string, readonly Revision[]>> = {
  'basic#messages': ALL,
  'basic#requests': ALL,
  'basic#responses': ALL,
  'basic/lifecycle#initialization': ALL,
  'basic/lifecycle#operation': ALL,
  'basic/lifecycle#shutdown': ALL,
  'basic/lifecycle#timeouts': ALL,
  'basic/lifecycle#version-negotiation': ALL,
  'basic/utilities/cancellation#behavior-requirements': ALL,
  'basic/utilities/cancellation#timing-considerations': ALL,
  'basic/utilities/progress#progress-flow': ALL,
  'basic/utilities/progress#behavior-requirements': ALL,
  'basic/utilities/progress#implementation-notes': ALL,
  'basic/utilities/tasks#task-status-lifecycle': ['2025-11-25'],
  'basic/transports#stdio': ALL,
  'basic/transports#session-management': STREAMABLE,
  'basic/transports#sending-messages-to-the-server': STREAMABLE,
  'basic/transports#listening-for-messages-from-the-server': STREAMABLE,
  'basic/transports#resumability-and-redelivery': STREAMABLE,
  'basic/transports#protocol-version-header': ['2025-06-18', '2025-11-25'],
  'server/resources#error-handling': ALL,
  'server/resources#subscriptions': ALL,
  'client/roots#root': ALL,
  'server/utilities/logging#log-levels': ALL,
  schema: ['2025-06-18', '2025-11-25'],
};

/**
 * `url` in the session's negotiated `revision`: a link to a 2025-11-25 page becomes the same page of that
 * revision when the page is known to be there; any other link (another site, a revision named on purpose, an unknown
 * or missing revision) is returned as it is, so that every link printed resolves.
 */
export function specUrlFor(url: string, revision: string | null): string {
  if (revision === null || !isKnownRevision(revision) || !url.startsWith(`${BASE}/`)) return url;
  const page = url.slice(BASE.length + 1);
  return SPEC_PAGES[page]?.includes(revision) ? `${SITE}${revision}/${page}` : url;
}
