// The OpenTelemetry semantic conventions for MCP that the OTLP export follows, as data: the pinned text, the
// attributes each method carries, the metrics and their bucket boundaries.

/**
 * The text followed: open-telemetry/semantic-conventions-genai, docs/gen-ai/mcp.md, status "Development" (names and
 * rules may still change). docs/commands/export.md names the same commit.
 */
export const CONVENTIONS = {
  repository: 'open-telemetry/semantic-conventions-genai',
  path: 'docs/gen-ai/mcp.md',
  commit: '0393513c908bf895e7b3ec480a2c1eb073c584af',
} as const;

/** The instrumentation scope of every span and metric: mcptrace itself. */
export const SCOPE_NAME = 'mcptrace';

/**
 * Where a method's span name target and its conditionally required attributes come from (mcp.md, "Client": the name is
 * `{mcp.method.name} {target}`, target the tool's or the prompt's name; never the resource URI, which is high
 * cardinality). `param` is read from the request's `params`.
 */
export const METHOD_TARGETS: Readonly<
  Record<string, { attribute: 'gen_ai.tool.name' | 'gen_ai.prompt.name'; param: 'name' }>
> = {
  'tools/call': { attribute: 'gen_ai.tool.name', param: 'name' },
  'prompts/get': { attribute: 'gen_ai.prompt.name', param: 'name' },
};

/** `gen_ai.operation.name` by method (mcp.md note 6: `execute_tool` for a tool call, not set otherwise). */
export const OPERATION_NAMES: Readonly<Record<string, string>> = { 'tools/call': 'execute_tool' };

/** Methods whose `params.uri` is `mcp.resource.uri` (mcp.md note 4). */
export const RESOURCE_URI_METHODS: ReadonlySet<string> = new Set([
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'notifications/resources/updated',
]);

/** `error.type` when a tool call's result has `isError: true` (mcp.md note 1). */
export const TOOL_ERROR = 'tool_error';

/** The first revision without sessions (stateless requests): no `mcp.session.id` from it on. */
export const SESSIONLESS_REVISION = '2026-07-28';

/** `network.transport` by mcptrace's session transport (mcp.md "Recording MCP transport"). */
export const NETWORK_TRANSPORT: Readonly<Record<string, string>> = { stdio: 'pipe', http: 'tcp' };

/** The histograms' bucket boundaries in seconds (mcp.md "Metrics": the same ExplicitBucketBoundaries for all four). */
export const DURATION_BOUNDARIES: readonly number[] = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/** The four histograms, unit `s`, with the conventions' descriptions. */
export const METRICS = {
  clientOperation: {
    name: 'mcp.client.operation.duration',
    description:
      'The duration of the MCP request or notification as observed on the sender from the time it was sent until the response or ack is received.',
  },
  serverOperation: {
    name: 'mcp.server.operation.duration',
    description:
      'MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.',
  },
  clientSession: {
    name: 'mcp.client.session.duration',
    description: 'The duration of the MCP session as observed on the MCP client.',
  },
  serverSession: {
    name: 'mcp.server.session.duration',
    description: 'The duration of the MCP session as observed on the MCP server.',
  },
} as const;

/** The span attributes that the operation histograms carry too (mcp.md "Metric: mcp.client.operation.duration"). */
export const OPERATION_METRIC_ATTRIBUTES: readonly string[] = [
  'mcp.method.name',
  'error.type',
  'gen_ai.prompt.name',
  'gen_ai.tool.name',
  'rpc.response.status_code',
  'gen_ai.operation.name',
  'jsonrpc.protocol.version',
  'mcp.protocol.version',
  'network.protocol.name',
  'network.protocol.version',
  'network.transport',
  'server.address',
  'server.port',
];

/** The session span attributes that the session histograms carry. */
export const SESSION_METRIC_ATTRIBUTES: readonly string[] = [
  'mcp.protocol.version',
  'network.protocol.name',
  'network.protocol.version',
  'network.transport',
  'server.address',
  'server.port',
];
