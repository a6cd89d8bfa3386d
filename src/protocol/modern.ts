// The 2026-07-28 ("modern") revision as data: its methods, the per-request `_meta` keys, embedded input requests.
import type { Feature, Primitive } from '../types.js';

// Source: schema/2026-07-28/schema.ts and docs/specification/2026-07-28 (shared spec-2026-07-28.md §1–§4). Terms from
// basic/versioning.mdx §Terminology: modern = 2026-07-28 and later (version and capabilities per request); legacy =
// 2025-11-25 and earlier (the `initialize` handshake).

/** Modern revisions mcptrace knows, oldest first. */
export const MODERN_REVISIONS: readonly string[] = ['2026-07-28'];

/** The first modern revision: a version string at or after it is modern (`isModernProtocolVersion` of the TS SDK v2). */
const FIRST_MODERN_REVISION = '2026-07-28';

/** Reserved `_meta` keys of the per-request envelope and of results and notifications (basic/index.mdx §_meta). */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/** Error codes the modern revision defines (basic/index.mdx §Error Codes; HTTP 400 for all three). */
export const MODERN_ERRORS = {
  headerMismatch: -32020,
  missingClientCapability: -32021,
  unsupportedVersion: -32022,
} as const;

/** One method of the modern revision. Every request goes client → server: servers send no JSON-RPC requests. */
export interface ModernMethod {
  method: string;
  kind: 'request' | 'notification';
  /** `s2c`, `c2s`, or `both` (`notifications/cancelled`: the server sends it only to end a listen stream). */
  direction: 'c2s' | 's2c' | 'both';
  primitive: Primitive;
  feature: Feature | null;
  /** The server capability the method depends on (learnt only from a `server/discover` result), or null. */
  serverCapability: string | null;
  /** `input_required` results are allowed (basic/patterns/mrtr.mdx: tools/call, prompts/get, resources/read). */
  mrtr?: true;
  /** A complete result must carry `ttlMs` and `cacheScope` (server/utilities/caching.mdx). */
  cacheable?: true;
  /** `$defs` names in schema/2026-07-28/schema.json: the message, and for a request its complete result. */
  schema: string;
  result?: string;
}

const req = (
  method: string,
  primitive: Primitive,
  feature: Feature | null,
  serverCapability: string | null,
  schema: string,
  result: string,
  more: Partial<ModernMethod> = {},
): ModernMethod => ({
  method,
  kind: 'request',
  direction: 'c2s',
  primitive,
  feature,
  serverCapability,
  schema,
  result,
  ...more,
});
const note = (
  method: string,
  direction: ModernMethod['direction'],
  primitive: Primitive,
  feature: Feature | null,
  serverCapability: string | null,
  schema: string,
): ModernMethod => ({ method, kind: 'notification', direction, primitive, feature, serverCapability, schema });

/** `ClientRequest`, `ClientNotification` and `ServerNotification` of schema/2026-07-28 (spec-2026-07-28 §1.1, §1.2). */
export const MODERN_METHODS: readonly ModernMethod[] = [
  req('server/discover', 'base', 'discovery', null, 'DiscoverRequest', 'DiscoverResult', { cacheable: true }),
  req('resources/list', 'resources', null, 'resources', 'ListResourcesRequest', 'ListResourcesResult', {
    cacheable: true,
  }),
  req(
    'resources/templates/list',
    'resources',
    null,
    'resources',
    'ListResourceTemplatesRequest',
    'ListResourceTemplatesResult',
    { cacheable: true },
  ),
  req('resources/read', 'resources', null, 'resources', 'ReadResourceRequest', 'ReadResourceResult', {
    cacheable: true,
    mrtr: true,
  }),
  // The filter's fields need their own server capabilities (tools.listChanged …); the request itself needs none.
  req('subscriptions/listen', 'base', 'subscriptions', null, 'SubscriptionsListenRequest', 'SubscriptionsListenResult'),
  req('prompts/list', 'prompts', null, 'prompts', 'ListPromptsRequest', 'ListPromptsResult', { cacheable: true }),
  req('prompts/get', 'prompts', null, 'prompts', 'GetPromptRequest', 'GetPromptResult', { mrtr: true }),
  req('tools/list', 'tools', null, 'tools', 'ListToolsRequest', 'ListToolsResult', { cacheable: true }),
  req('tools/call', 'tools', null, 'tools', 'CallToolRequest', 'CallToolResult', { mrtr: true }),
  req('completion/complete', 'base', 'completion', 'completions', 'CompleteRequest', 'CompleteResult'),
  note('notifications/cancelled', 'both', 'base', 'cancellation', null, 'CancelledNotification'),
  note('notifications/progress', 's2c', 'base', 'progress', null, 'ProgressNotification'),
  note('notifications/message', 's2c', 'base', 'logging', 'logging', 'LoggingMessageNotification'),
  note(
    'notifications/resources/list_changed',
    's2c',
    'resources',
    null,
    'resources.listChanged',
    'ResourceListChangedNotification',
  ),
  note(
    'notifications/resources/updated',
    's2c',
    'resources',
    null,
    'resources.subscribe',
    'ResourceUpdatedNotification',
  ),
  note(
    'notifications/prompts/list_changed',
    's2c',
    'prompts',
    null,
    'prompts.listChanged',
    'PromptListChangedNotification',
  ),
  note('notifications/tools/list_changed', 's2c', 'tools', null, 'tools.listChanged', 'ToolListChangedNotification'),
  note(
    'notifications/subscriptions/acknowledged',
    's2c',
    'base',
    'subscriptions',
    null,
    'SubscriptionsAcknowledgedNotification',
  ),
];

/** Methods only the modern revision has: one of them decides the era (spec-2026-07-28 §7 step 3). */
export const MODERN_ONLY_METHODS: ReadonlySet<string> = new Set([
  'server/discover',
  'subscriptions/listen',
  'notifications/subscriptions/acknowledged',
]);

/**
 * Requests that stay open as long as their stream lives: the server answers a listen only when it closes the stream
 * gracefully (basic/patterns/subscriptions.mdx), so a log that ends while it is open has not left it unanswered.
 */
export const LONG_LIVED_METHODS: ReadonlySet<string> = new Set(['subscriptions/listen']);

/**
 * Methods the modern revision removed (changelog 2026-07-28 major 2, 4, 5, 6; minor 11): a modern server answers the
 * requests among them with -32601, and none belongs in a modern exchange.
 */
export const LEGACY_ONLY_METHODS: ReadonlySet<string> = new Set([
  'initialize',
  'notifications/initialized',
  'ping',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
  'notifications/roots/list_changed',
  'notifications/elicitation/complete',
  'tasks/result',
  'tasks/list',
  'notifications/tasks/status',
]);

/**
 * Requests a server embeds in an `input_required` result (`InputRequest` of schema.ts: no `jsonrpc`, no `id`), with the
 * client capability the *triggering* request's `_meta` must declare (spec-2026-07-28 §1.3).
 */
export const INPUT_REQUESTS: Readonly<Record<string, { primitive: Primitive; capability: string; schema: string }>> = {
  'elicitation/create': { primitive: 'elicitation', capability: 'elicitation', schema: 'ElicitRequest' },
  'sampling/createMessage': { primitive: 'sampling', capability: 'sampling', schema: 'CreateMessageRequest' },
  'roots/list': { primitive: 'roots', capability: 'roots', schema: 'ListRootsRequest' },
};

const BY_METHOD = new Map(MODERN_METHODS.map((m) => [m.method, m]));

/** The modern table's entry for a method, or undefined (a legacy-only or unknown method). */
export function modernMethod(method: string): ModernMethod | undefined {
  return BY_METHOD.get(method);
}

/** True when the version string names a modern revision (string order is date order: `v >= "2026-07-28"`). */
export function isModernVersion(v: unknown): v is string {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= FIRST_MODERN_REVISION;
}

/**
 * Requests of the official extensions, which a 2026-07-28 server may implement though schema.json does not list them:
 * the tasks extension's (`io.modelcontextprotocol/tasks`, seps/2663-tasks-extension.md §Specification).
 */
export const EXTENSION_REQUESTS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);
