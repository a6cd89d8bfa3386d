// The attributes of an MCP span, from its records and its session (mcp.md "Client" and "Server" attribute tables),
// and mcptrace's own annotations as `mcptrace.*` attributes.
import { revisionAtLeast } from '../../protocol/revisions.js';
import type { Finding, HttpWire, PipelineRecord, SessionInfo } from '../../types.js';
import {
  METHOD_TARGETS,
  NETWORK_TRANSPORT,
  OPERATION_NAMES,
  RESOURCE_URI_METHODS,
  SESSIONLESS_REVISION,
  TOOL_ERROR,
} from './conventions.js';
import type { Attributes, SpanEvent } from './span.js';

function params(r: PipelineRecord): Record<string, unknown> | null {
  const m = r.message as { params?: unknown } | null;
  const p = m !== null && typeof m === 'object' ? m.params : undefined;
  return p !== null && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : null;
}

/** `params._meta` of a request or notification, where `traceparent` travels. */
export function metaOf(r: PipelineRecord): unknown {
  return params(r)?._meta;
}

/**
 * The revision the message was sent under: the session's negotiated one, else what the message or its HTTP request
 * declares (a 2026-07-28 request has no handshake and names its revision in `_meta`).
 */
function revisionOf(r: PipelineRecord, info: SessionInfo | undefined): string | null {
  const meta = metaOf(r) as Record<string, unknown> | undefined;
  const declared = meta && typeof meta === 'object' ? meta['io.modelcontextprotocol/protocolVersion'] : undefined;
  return (
    info?.negotiatedRevision ??
    (typeof declared === 'string' ? declared : null) ??
    r.http?.protocolVersion ??
    info?.requestedRevision ??
    null
  );
}

/** What every span of a session carries: session id, protocol version, transport. */
export function sessionAttributes(r: PipelineRecord, info: SessionInfo | undefined): Attributes {
  const a: Attributes = {};
  const revision = revisionOf(r, info);
  // 2026-07-28 has no sessions: the key mcptrace gave the exchange is not an MCP session id. Nor is an ordinal, the key
  // of a session the log names no id for (a stdio process): "1" in every capture would join unrelated sessions.
  const id = r.http?.sessionId ?? (/^\d+$/.test(r.session) ? null : r.session);
  if (id !== null && (revision === null || !revisionAtLeast(revision, SESSIONLESS_REVISION))) a['mcp.session.id'] = id;
  if (revision !== null) a['mcp.protocol.version'] = revision;
  const transport = info?.transport ?? (r.http ? 'http' : null);
  const network = transport === null ? undefined : NETWORK_TRANSPORT[transport];
  if (network !== undefined) a['network.transport'] = network;
  if (transport === 'http') a['network.protocol.name'] = 'http';
  return { ...a, ...connectionAttributes(r.wire.http) };
}

/**
 * Where an HTTP record's exchange went (mcp.md "Client": `server.address`, `server.port`, `network.protocol.version`;
 * "Server": `client.address`, `client.port`): the request's Host as sent (the name the client used, no reverse
 * lookup), else the connection's server end; the client's end of the connection when the reader saw it (a packet
 * capture, the proxy); and the HTTP version the reader read.
 */
function connectionAttributes(w: HttpWire | undefined): Attributes {
  const a: Attributes = {};
  if (w === undefined) return a;
  if (w.version !== null) a['network.protocol.version'] = w.version;
  const m = w.host === null ? null : /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(w.host.trim());
  if (m !== null) {
    a['server.address'] = m[1]!.replace(/^\[(.*)\]$/, '$1');
    if (m[2] !== undefined) a['server.port'] = Number(m[2]);
    else if (w.peers !== undefined) a['server.port'] = w.peers.server.port;
  } else if (w.peers !== undefined) {
    a['server.address'] = w.peers.server.addr;
    a['server.port'] = w.peers.server.port;
  }
  if (w.peers !== undefined) {
    a['client.address'] = w.peers.client.addr;
    a['client.port'] = w.peers.client.port;
  }
  return a;
}

/** The request's (or notification's) attributes: method, id, target, resource URI, and mcptrace's annotations. */
export function requestAttributes(r: PipelineRecord, info: SessionInfo | undefined): Attributes {
  const method = r.method ?? 'unknown';
  const a: Attributes = { 'mcp.method.name': method, ...sessionAttributes(r, info) };
  // mcp.md note 2: not for a null or missing id.
  if (r.kind === 'request' && r.id !== null) a['jsonrpc.request.id'] = String(r.id);
  const p = params(r);
  const target = Object.hasOwn(METHOD_TARGETS, method) ? METHOD_TARGETS[method] : undefined;
  if (target && typeof p?.[target.param] === 'string') a[target.attribute] = p[target.param] as string;
  if (Object.hasOwn(OPERATION_NAMES, method)) a['gen_ai.operation.name'] = OPERATION_NAMES[method]!;
  if (RESOURCE_URI_METHODS.has(method) && typeof p?.uri === 'string') a['mcp.resource.uri'] = p.uri;
  const jsonrpc = (r.message as { jsonrpc?: unknown } | null)?.jsonrpc;
  if (typeof jsonrpc === 'string' && jsonrpc !== '2.0') a['jsonrpc.protocol.version'] = jsonrpc;
  return { ...a, ...annotations(r) };
}

/** Span name: `{mcp.method.name} {target}`, target the tool's or prompt's name when there is one (mcp.md "Client"). */
export function spanName(a: Attributes): string {
  const target = a['gen_ai.tool.name'] ?? a['gen_ai.prompt.name'];
  return typeof target === 'string' ? `${String(a['mcp.method.name'])} ${target}` : String(a['mcp.method.name']);
}

/** mcptrace's annotations of the record that opened the span. */
function annotations(r: PipelineRecord): Attributes {
  const a: Attributes = {
    'mcptrace.session': r.session,
    'mcptrace.seq': r.seq,
    'mcptrace.source': r.source,
    'mcptrace.phase': r.phase,
  };
  if (r.primitive !== null) a['mcptrace.primitive'] = r.primitive;
  if (r.feature !== null) a['mcptrace.feature'] = r.feature;
  if (r.capability !== null) {
    a['mcptrace.capability.side'] = r.capability.side;
    a['mcptrace.capability.path'] = r.capability.path;
    if (r.capability.negotiated !== null) a['mcptrace.capability.negotiated'] = r.capability.negotiated;
  }
  if (r.server !== null) a['mcptrace.server'] = r.server;
  if (r.dirInferred) a['mcptrace.dir_inferred'] = true;
  return a;
}

/** What the answer adds: the error (mcp.md note 1 and 5) and the status rule ("Span status"). */
export function answerAttributes(r: PipelineRecord): { attributes: Attributes; error: { message?: string } | null } {
  const a: Attributes = { 'mcptrace.answer.seq': r.seq, 'mcptrace.answer.source': r.source };
  if (r.kind === 'error') {
    const e = (r.message as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    const code = e && (typeof e.code === 'number' || typeof e.code === 'string') ? String(e.code) : '_OTHER';
    a['error.type'] = code;
    if (code !== '_OTHER') a['rpc.response.status_code'] = code;
    return { attributes: a, error: typeof e?.message === 'string' ? { message: e.message } : {} };
  }
  const result = (r.message as { result?: { isError?: unknown } } | null)?.result;
  if (r.method === 'tools/call' && result?.isError === true) {
    a['error.type'] = TOOL_ERROR;
    return { attributes: a, error: {} };
  }
  return { attributes: a, error: null };
}

/**
 * The conventions' Opt-In content of a tool call (`--otlp-content`; mcp.md notes 13 and 14): the request's
 * `arguments`, and the result of a call that succeeded, as JSON strings (the structured form the conventions prefer is
 * not what every backend shows). `redact` masks secrets in the value before it is written.
 */
export function contentAttributes(r: PipelineRecord, redact: <T>(v: T) => T): Attributes {
  if (r.method !== 'tools/call') return {};
  const m = r.message as { params?: { arguments?: unknown }; result?: { isError?: unknown } } | null;
  if (r.kind === 'request') {
    const args = params(r)?.arguments;
    return args === undefined ? {} : { 'gen_ai.tool.call.arguments': JSON.stringify(redact(args)) };
  }
  if (r.kind === 'response' && m?.result !== undefined && m.result?.isError !== true)
    return { 'gen_ai.tool.call.result': JSON.stringify(redact(m.result)) };
  return {};
}

/** A finding as a span event at the time of the record it is on (mcptrace's annotations, docs/commands/export.md). */
export function findingEvent(f: Finding, seq: number, timeMs: number): SpanEvent {
  return {
    name: 'mcptrace.finding',
    timeMs,
    attributes: {
      'mcptrace.finding.rule': f.rule,
      'mcptrace.finding.severity': f.severity,
      'mcptrace.finding.message': f.message,
      'mcptrace.finding.seq': seq,
    },
  };
}
