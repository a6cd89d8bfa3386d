// Which era (legacy handshake or modern per-request envelope) and revision one message was sent under.
import type { Decoded } from '../decode/decode.js';
import { META, MODERN_ERRORS, MODERN_ONLY_METHODS, isModernVersion } from '../protocol/modern.js';
import type { Era } from '../types.js';
import type { PendingRequest } from './pending.js';
import type { SessionState } from './state.js';

// The decision procedure of spec-2026-07-28 §7, as the reference SDK (TS SDK v2 `classifyInboundRequest`,
// `hasEnvelopeClaim`) and basic/versioning.mdx §Backward Compatibility state it:
// - a message claims the modern era exactly when `params._meta["io.modelcontextprotocol/protocolVersion"]` is present
//   (other reserved keys alone are no claim; a claim with a malformed value is still modern, never legacy);
// - `initialize` without a claim selects legacy for the process (stdio) or the HTTP session;
// - evidence without a claim: modern-only method names, a result with `resultType` or `_meta` serverInfo, a -32022
//   error whose `data.supported` is a list (the SDK's probe classifier counts no other error code);
// - anything else inherits the connection's era, and a response the era of the request it answers.

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The request's per-request `_meta` (the envelope), or null when it has none. */
export function envelopeOf(message: unknown): Record<string, unknown> | null {
  return obj(obj(obj(message)?.params)?._meta);
}

/** The protocol version a message claims in its envelope: the string, `undefined` when it makes no claim. */
export function claimedVersion(message: unknown): unknown {
  const meta = envelopeOf(message);
  return meta !== null && Object.hasOwn(meta, META.protocolVersion) ? meta[META.protocolVersion] : undefined;
}

/** What one message says about its era: `modern` or `legacy` when it decides it, null when it inherits. */
function evidence(d: Decoded): Era | null {
  const m = obj(d.message);
  if (m === null) return null;
  if (d.kind === 'request' || d.kind === 'notification') {
    if (claimedVersion(m) !== undefined) return 'modern';
    if (d.method === 'initialize') return 'legacy';
    return d.method !== null && MODERN_ONLY_METHODS.has(d.method) ? 'modern' : null;
  }
  if (d.kind === 'response') {
    const result = obj(m.result);
    if (result !== null && (Object.hasOwn(result, 'resultType') || obj(result._meta)?.[META.serverInfo] !== undefined))
      return 'modern';
    return null;
  }
  if (d.kind === 'error') {
    const error = obj(m.error);
    if (error?.code === MODERN_ERRORS.unsupportedVersion && Array.isArray(obj(error.data)?.supported)) return 'modern';
  }
  return null;
}

/** The era and revision of one message. */
export interface MessageEra {
  era: Era | null;
  revision: string | null;
}

/**
 * Decides the message's era and revision and updates the session's connection era. `request` is the open request a
 * response or error answers (it keeps the era and revision it was sent under). Called before the handshake of this
 * message is read, so a legacy revision is the session's revision as it stands (`initialize`: the one it asks for).
 */
export function eraOf(d: Decoded, s: SessionState, request: PendingRequest | undefined): MessageEra {
  const said = evidence(d);
  if (said === 'modern' && (d.kind === 'request' || d.kind === 'notification')) {
    const v = claimedVersion(d.message);
    const revision = typeof v === 'string' ? v : null;
    // The connection's modern revision: the last one a request claimed that this tool takes for modern.
    if (isModernVersion(revision)) s.modernRevision = revision;
    s.setEra('modern');
    s.info.modernRevision = s.modernRevision;
    return { era: 'modern', revision: revision ?? s.modernRevision };
  }
  if (request?.era != null) {
    s.noteEra(request.era);
    // The initialize result names the revision the session runs under (basic/lifecycle.mdx §Version Negotiation).
    if (request.method === 'initialize' && d.kind === 'response') {
      const v = obj(obj(d.message)?.result)?.protocolVersion;
      return { era: 'legacy', revision: typeof v === 'string' ? v : request.revision };
    }
    return { era: request.era, revision: request.revision };
  }
  if (said === 'legacy') {
    s.setEra('legacy');
    const v = obj(obj(d.message)?.params)?.protocolVersion;
    return { era: 'legacy', revision: typeof v === 'string' ? v : null };
  }
  if (said === 'modern') {
    s.setEra('modern');
    return { era: 'modern', revision: s.modernRevision };
  }
  // Inherited: the session's revision as it stands (null before any handshake or claim).
  return { era: s.era, revision: s.revision };
}
