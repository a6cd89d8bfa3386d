// Reads the initialize exchange into the session: revisions, peer info and declared capabilities.
import type { SessionState } from './state.js';

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** `initialize` params: protocolVersion, capabilities, clientInfo (basic/lifecycle.mdx §Initialization). */
export function readInitializeRequest(s: SessionState, message: unknown, seq: number): void {
  const params = obj(obj(message)?.params);
  s.initializeSeq = seq;
  s.info.initializeSeen = true;
  s.info.requestedRevision = typeof params?.protocolVersion === 'string' ? params.protocolVersion : null;
  s.info.clientInfo = obj(params?.clientInfo) as typeof s.info.clientInfo;
  s.info.clientCapabilities = obj(params?.capabilities) ?? (params ? {} : null);
}

/** `initialize` result: protocolVersion (the negotiated revision), capabilities, serverInfo. */
export function readInitializeResult(s: SessionState, message: unknown): void {
  const result = obj(obj(message)?.result);
  if (!result) return;
  s.info.negotiatedRevision = typeof result.protocolVersion === 'string' ? result.protocolVersion : null;
  s.info.serverInfo = obj(result.serverInfo) as typeof s.info.serverInfo;
  s.info.serverCapabilities = obj(result.capabilities) ?? {};
}
