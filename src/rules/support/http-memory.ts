// Per-session memory of the HTTP transport rules: which transport the session runs over, and where a request is judged.
import { legacySession } from '../../protocol/http-transport.js';
import type { PipelineRecord } from '../../types.js';
import type { Memory } from '../types.js';
import { addRecent, RecentMap } from './flow-memory.js';
import { requestLabel } from './http-request.js';
import { modernRecord } from './modern-exchange.js';
import { learnToolHeaders, type ToolHeaders } from './request-headers.js';

/** Exchanges remembered per session as judged; past this the oldest is forgotten (records of one exchange come close together). */
const OPENED_KEPT = 256;
/** POSTs whose label is remembered per session for the findings on their answers. */
const LABELS_KEPT = 256;

export interface HttpSession {
  /**
   * The session runs over the 2024-11-05 HTTP+SSE transport (its GET stream's `endpoint` event, or a POST to the
   * `?sessionId=` URL it names): the Streamable HTTP clauses do not apply to it, whatever revision was negotiated.
   */
  legacy: boolean;
  /** A request named the session (`Mcp-Session-Id`) or a revision (`MCP-Protocol-Version`): Streamable HTTP. */
  streamable: boolean;
  /**
   * The record being checked is the one its HTTP request is judged on, once per request: the first record the client
   * side of a POST or DELETE made (a POST's body, the first element of a batch; a DELETE's event), the first record of
   * a GET's answer (the GET itself makes no record).
   */
  opens: boolean;
  /** Exchanges already judged. */
  opened: Set<number>;
  /** The record is of a 2026-07-28 ("modern") exchange (support/modern-exchange.ts). */
  modern: boolean;
  /** Exchanges whose request body claimed the modern revision. */
  claimed: Set<number>;
  /** Tool arguments mirrored into `Mcp-Param-{Name}` headers, from the `tools/list` results seen. */
  tools: ToolHeaders;
  /** How findings on an answer name its request: the label of each recent POST, by exchange. */
  labels: RecentMap<string>;
}

export const HTTP_SESSION: Memory<HttpSession> = {
  id: 'http-session',
  create: () => ({
    legacy: false,
    streamable: false,
    opens: false,
    opened: new Set(),
    modern: false,
    claimed: new Set(),
    tools: new Map(),
    labels: new RecentMap(LABELS_KEPT),
  }),
  observe(m, record) {
    m.opens = false;
    m.modern = false;
    const h = record.http;
    if (h === undefined) return;
    m.modern = modernRecord(record, m.claimed);
    if (record.kind === 'response' && record.method === 'tools/list')
      learnToolHeaders((record.message as { result?: unknown } | null)?.result, m.tools);
    if (
      record.event?.name === 'http-endpoint' ||
      (h.sessionId === null && h.method === 'POST' && legacySession(h.path) !== null)
    )
      m.legacy = true;
    if (h.sessionId !== null || h.protocolVersion !== null) m.streamable = true;
    if (h.exchange === null) return;
    // A POST or DELETE opens on its client side's first record (what comes later, a batch's other elements or the
    // client's close of the answer, opens nothing); a GET on its answer's first.
    const judged = h.method === 'POST' || h.method === 'DELETE' ? record.dir === 'c2s' : h.method === 'GET';
    m.opens = judged && addRecent(m.opened, h.exchange, OPENED_KEPT);
    if (m.opens && h.method === 'POST' && m.modern) m.labels.set(String(h.exchange), requestLabel(record));
  },
};

/**
 * The record travels over Streamable HTTP, as far as the session shows: read from HTTP, not the legacy transport, and
 * either in a session whose revision is known (the engine runs a rule only in the revisions it lists) or one whose
 * requests carried an MCP header.
 */
export function streamableHttp(record: PipelineRecord, revision: string | null, m: HttpSession): boolean {
  return record.http !== undefined && !m.legacy && (revision !== null || m.streamable || m.modern);
}

/** How a finding on an answer names the request it answers: `POST /mcp (tools/list, id 2)` when the POST was seen. */
export function answerLabel(record: PipelineRecord, m: HttpSession): string {
  const h = record.http!;
  return (h.exchange === null ? undefined : m.labels.get(String(h.exchange))) ?? `${h.method} ${h.path}`;
}
