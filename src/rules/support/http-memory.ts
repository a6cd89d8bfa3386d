// Per-session memory of the HTTP transport rules: which transport the session runs over, and where a request is judged.
import { legacySession } from '../../protocol/http-transport.js';
import type { PipelineRecord } from '../../types.js';
import type { Memory } from '../types.js';

/** GET exchanges remembered per session as judged; past this the oldest is forgotten (a session opens few streams). */
const GETS_KEPT = 64;

export interface HttpSession {
  /**
   * The session runs over the 2024-11-05 HTTP+SSE transport (its GET stream's `endpoint` event, or a POST to the
   * `?sessionId=` URL it names): the Streamable HTTP clauses do not apply to it, whatever revision was negotiated.
   */
  legacy: boolean;
  /** A request named the session (`Mcp-Session-Id`) or a revision (`MCP-Protocol-Version`): Streamable HTTP. */
  streamable: boolean;
  /**
   * The record being checked is the one its HTTP request is judged on, once per request: a POST's body (its first
   * element, for a batch), a DELETE's event, the first record of a GET's answer (the GET itself makes no record).
   */
  opens: boolean;
  /** GET exchanges already judged. */
  gets: Set<number>;
}

export const HTTP_SESSION: Memory<HttpSession> = {
  id: 'http-session',
  create: () => ({ legacy: false, streamable: false, opens: false, gets: new Set() }),
  observe(m, record) {
    m.opens = false;
    const h = record.http;
    if (h === undefined) return;
    if (record.event?.name === 'http-endpoint' || (h.sessionId === null && h.method === 'POST' && legacySession(h.path) !== null)) m.legacy = true;
    if (h.sessionId !== null || h.protocolVersion !== null) m.streamable = true;
    if (h.exchange === null) return;
    if (h.method === 'POST' || h.method === 'DELETE') m.opens = record.dir === 'c2s' && (record.batch?.index ?? 0) === 0;
    else if (h.method === 'GET' && !m.gets.has(h.exchange)) {
      m.gets.add(h.exchange);
      if (m.gets.size > GETS_KEPT) m.gets.delete(m.gets.values().next().value!);
      m.opens = true;
    }
  },
};

/**
 * The record travels over Streamable HTTP, as far as the session shows: read from HTTP, not the legacy transport, and
 * either in a session whose revision is known (the engine runs a rule only in the revisions it lists) or one whose
 * requests carried an MCP header.
 */
export function streamableHttp(record: PipelineRecord, revision: string | null, m: HttpSession): boolean {
  return record.http !== undefined && !m.legacy && (revision !== null || m.streamable);
}
