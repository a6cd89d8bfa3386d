// What a session's spans say of its peers: the resource (the MCP server the session talked to) and, on the session
// span, both peers' names and versions from the handshake.
import type { SessionInfo } from '../../types.js';
import { resourceRef, type Attributes, type ResourceRef } from './span.js';

/** OpenTelemetry's name for a service that is not known (resource semantic conventions, `service.name`). */
const UNKNOWN_SERVICE = 'unknown_service';

/** The session's resource: the MCP server it talked to, as its `initialize` result or the host's log names it. */
export function resourceFor(info: SessionInfo | undefined, server: string | null): ResourceRef {
  const name = info?.serverInfo?.name ?? info?.server ?? server;
  const a: Attributes = { 'service.name': typeof name === 'string' && name !== '' ? name : UNKNOWN_SERVICE };
  const version = info?.serverInfo?.version;
  if (typeof version === 'string' && version !== '') a['service.version'] = version;
  return resourceRef(a);
}

/** The peers' names and versions from the handshake, on the session span. */
export function peerAttributes(info: SessionInfo): Attributes {
  const a: Attributes = {};
  for (const [side, peer] of [['client', info.clientInfo], ['server', info.serverInfo]] as const) {
    if (typeof peer?.name === 'string') a[`mcptrace.${side}.name`] = peer.name;
    if (typeof peer?.version === 'string') a[`mcptrace.${side}.version`] = peer.version;
  }
  if (info.negotiatedRevision !== null) a['mcp.protocol.version'] = info.negotiatedRevision;
  return a;
}

/** The resource names the server (once its `initialize` result or the host's log has told it). */
export function isKnownService(r: ResourceRef): boolean {
  return r.attributes['service.name'] !== UNKNOWN_SERVICE;
}
