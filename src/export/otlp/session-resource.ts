// What a session's spans say of its peers: the resource (the MCP server the session talked to) and, on the session
// span, both peers' names and versions from the handshake.
import type { SessionInfo } from '../../types.js';
import { resourceRef, type Attributes, type ResourceRef } from './span.js';

/** OpenTelemetry's name for a service that is not known (resource semantic conventions, `service.name`). */
const UNKNOWN_SERVICE = 'unknown_service';

/** What the environment gives every resource (OTEL_RESOURCE_ATTRIBUTES; OTEL_SERVICE_NAME for an unnamed server). */
export interface ResourceDefaults {
  attributes: Attributes;
  serviceName: string | null;
}

/**
 * The session's resource: the MCP server it talked to, as its `initialize` result or the host's log names it, over
 * `defaults`. `provisional` while the log has not named the server (its name may come later).
 */
export function resourceFor(
  info: SessionInfo | undefined,
  server: string | null,
  defaults?: ResourceDefaults,
): ResourceRef & { provisional?: true } {
  const name = info?.serverInfo?.name ?? info?.server ?? server;
  const known = typeof name === 'string' && name !== '';
  const a: Attributes = {
    ...defaults?.attributes,
    'service.name': known ? name : (defaults?.serviceName ?? UNKNOWN_SERVICE),
  };
  const version = info?.serverInfo?.version;
  if (typeof version === 'string' && version !== '') a['service.version'] = version;
  return known ? resourceRef(a) : { ...resourceRef(a), provisional: true };
}

/** The peers' names and versions from the handshake, on the session span. */
export function peerAttributes(info: SessionInfo): Attributes {
  const a: Attributes = {};
  for (const [side, peer] of [
    ['client', info.clientInfo],
    ['server', info.serverInfo],
  ] as const) {
    if (typeof peer?.name === 'string') a[`mcptrace.${side}.name`] = peer.name;
    if (typeof peer?.version === 'string') a[`mcptrace.${side}.version`] = peer.version;
  }
  if (info.negotiatedRevision !== null) a['mcp.protocol.version'] = info.negotiatedRevision;
  return a;
}

/** The resource names the server (once its `initialize` result or the host's log has told it). */
export function isKnownService(r: ResourceRef & { provisional?: true }): boolean {
  return r.provisional !== true;
}
