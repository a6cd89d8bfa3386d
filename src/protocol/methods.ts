// The method table: every MCP request and notification of the supported revisions
// (https://modelcontextprotocol.io/specification/<rev>/schema).
import type { CapabilityRequirement, ConditionalRequirement, MethodInfo, Revision } from './types.js';

// Membership per revision follows the ClientRequest / ServerRequest / ClientNotification / ServerNotification
// unions of `schema/<rev>/schema.json` (checked by test/protocol/schema-methods.test.ts). `spec` paths are relative
// to `docs/specification/<rev>/`. Capabilities: what each page's §Capabilities asks for (e.g.
// https://modelcontextprotocol.io/specification/2025-11-25/server/tools §Capabilities); presence of a key declares it (schema
// §ServerCapabilities).

const ALL: readonly Revision[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
/** Elicitation arrived in 2025-06-18 (changelog 2025-06-18). */
const FROM_2025_06: readonly Revision[] = ['2025-06-18', '2025-11-25'];
/** Tasks (SEP-1686, experimental) and URL-mode elicitation arrived in 2025-11-25 (changelog 2025-11-25). */
const FROM_2025_11: readonly Revision[] = ['2025-11-25'];

const server = (path: string, since?: Revision): CapabilityRequirement =>
  since ? { side: 'server', path, since } : { side: 'server', path };
const client = (path: string): CapabilityRequirement => ({ side: 'client', path });
const receiver = (path: string): CapabilityRequirement => ({ side: 'receiver', path });

const RES = 'server/resources.mdx';
const TASKS = 'basic/utilities/tasks.mdx';

/**
 * sampling/createMessage (client/sampling.mdx 2025-11-25; schema.ts CreateMessageRequestParams): `tools` or
 * `toolChoice` → the client "MUST return an error if … sampling.tools is not declared"; `task` → task
 * augmentation (tasks.mdx); `includeContext` thisServer/allServers → SHOULD only with `sampling.context`.
 */
const SAMPLING_CONDITIONS: readonly ConditionalRequirement[] = [
  { whenParam: 'tools', side: 'client', path: 'sampling.tools', since: '2025-11-25' },
  { whenParam: 'toolChoice', side: 'client', path: 'sampling.tools', since: '2025-11-25' },
  { whenParam: 'task', side: 'client', path: 'tasks.requests.sampling.createMessage', since: '2025-11-25' },
  {
    whenParam: 'includeContext',
    equals: 'thisServer',
    side: 'client',
    path: 'sampling.context',
    since: '2025-11-25',
    level: 'should',
  },
  {
    whenParam: 'includeContext',
    equals: 'allServers',
    side: 'client',
    path: 'sampling.context',
    since: '2025-11-25',
    level: 'should',
  },
];

/**
 * elicitation/create (client/elicitation.mdx 2025-11-25 §Capabilities): "Servers MUST NOT send elicitation
 * requests with modes that are not supported by the client". `mode` absent or `form` → form mode; an empty
 * `elicitation: {}` also declares form mode (handled by isDeclared). 2025-06-18 has no modes: base `elicitation`.
 */
const ELICITATION_CONDITIONS: readonly ConditionalRequirement[] = [
  { whenParam: 'mode', equals: 'url', side: 'client', path: 'elicitation.url', since: '2025-11-25' },
  { whenParam: 'task', side: 'client', path: 'tasks.requests.elicitation.create', since: '2025-11-25' },
  { whenParam: 'mode', equals: 'form', orAbsent: true, side: 'client', path: 'elicitation.form', since: '2025-11-25' },
];

/** Requests: the `ClientRequest` and `ServerRequest` unions (https://modelcontextprotocol.io/specification/<rev>/schema). */
const REQUESTS: readonly MethodInfo[] = [
  // Must be the first interaction; never batched (25-03), never cancelled (basic/lifecycle.mdx).
  {
    method: 'initialize',
    kind: 'request',
    direction: 'c2s',
    primitive: 'base',
    feature: 'lifecycle',
    revisions: ALL,
    capability: null,
    spec: 'basic/lifecycle.mdx',
  },
  {
    method: 'ping',
    kind: 'request',
    direction: 'both',
    primitive: 'base',
    feature: 'ping',
    revisions: ALL,
    capability: null,
    spec: 'basic/utilities/ping.mdx',
  },
  {
    method: 'resources/list',
    kind: 'request',
    direction: 'c2s',
    primitive: 'resources',
    feature: null,
    revisions: ALL,
    capability: server('resources'),
    spec: RES,
  },
  // In the 2025-03-26 ClientRequest union only since ef5ebfaa (2025-04-22); the published file has it
  // (https://github.com/modelcontextprotocol/modelcontextprotocol/commit/ef5ebfaaac37d6086f522aeed29015dda0403359).
  {
    method: 'resources/templates/list',
    kind: 'request',
    direction: 'c2s',
    primitive: 'resources',
    feature: null,
    revisions: ALL,
    capability: server('resources'),
    spec: RES,
  },
  {
    method: 'resources/read',
    kind: 'request',
    direction: 'c2s',
    primitive: 'resources',
    feature: null,
    revisions: ALL,
    capability: server('resources'),
    spec: RES,
  },
  // "subscribe: whether the client can subscribe to be notified of changes" (server/resources.mdx).
  {
    method: 'resources/subscribe',
    kind: 'request',
    direction: 'c2s',
    primitive: 'resources',
    feature: null,
    revisions: ALL,
    capability: server('resources.subscribe'),
    spec: RES,
  },
  // The SDK checks only `resources`, but schema.ts says unsubscribe "should follow a previous resources/subscribe
  // request", which itself needs `resources.subscribe`: without it there is nothing to unsubscribe from.
  {
    method: 'resources/unsubscribe',
    kind: 'request',
    direction: 'c2s',
    primitive: 'resources',
    feature: null,
    revisions: ALL,
    capability: server('resources.subscribe'),
    spec: RES,
  },
  {
    method: 'prompts/list',
    kind: 'request',
    direction: 'c2s',
    primitive: 'prompts',
    feature: null,
    revisions: ALL,
    capability: server('prompts'),
    spec: 'server/prompts.mdx',
  },
  {
    method: 'prompts/get',
    kind: 'request',
    direction: 'c2s',
    primitive: 'prompts',
    feature: null,
    revisions: ALL,
    capability: server('prompts'),
    spec: 'server/prompts.mdx',
  },
  {
    method: 'tools/list',
    kind: 'request',
    direction: 'c2s',
    primitive: 'tools',
    feature: null,
    revisions: ALL,
    capability: server('tools'),
    spec: 'server/tools.mdx',
  },
  // Task-augmented calls need `tasks.requests.tools.call` (basic/utilities/tasks.mdx §Tool-Level Negotiation).
  {
    method: 'tools/call',
    kind: 'request',
    direction: 'c2s',
    primitive: 'tools',
    feature: null,
    revisions: ALL,
    capability: server('tools'),
    spec: 'server/tools.mdx',
    conditional: [{ whenParam: 'task', side: 'server', path: 'tasks.requests.tools.call', since: '2025-11-25' }],
  },
  {
    method: 'logging/setLevel',
    kind: 'request',
    direction: 'c2s',
    primitive: 'base',
    feature: 'logging',
    revisions: ALL,
    capability: server('logging'),
    spec: 'server/utilities/logging.mdx',
  },
  // The `completions` capability was added in 2025-03-26 (changelog); 2024-11-05 defines none for completion.
  {
    method: 'completion/complete',
    kind: 'request',
    direction: 'c2s',
    primitive: 'base',
    feature: 'completion',
    revisions: ALL,
    capability: server('completions', '2025-03-26'),
    spec: 'server/utilities/completion.mdx',
  },
  {
    method: 'sampling/createMessage',
    kind: 'request',
    direction: 's2c',
    primitive: 'sampling',
    feature: null,
    revisions: ALL,
    capability: client('sampling'),
    spec: 'client/sampling.mdx',
    conditional: SAMPLING_CONDITIONS,
  },
  // A client without roots answers -32601 (client/roots.mdx).
  {
    method: 'roots/list',
    kind: 'request',
    direction: 's2c',
    primitive: 'roots',
    feature: null,
    revisions: ALL,
    capability: client('roots'),
    spec: 'client/roots.mdx',
  },
  {
    method: 'elicitation/create',
    kind: 'request',
    direction: 's2c',
    primitive: 'elicitation',
    feature: null,
    revisions: FROM_2025_06,
    capability: client('elicitation'),
    spec: 'client/elicitation.mdx',
    conditional: ELICITATION_CONDITIONS,
  },
  // tasks/*: sent by the requestor, answered by the side that runs the task, in either direction (tasks.mdx).
  {
    method: 'tasks/get',
    kind: 'request',
    direction: 'both',
    primitive: 'base',
    feature: 'tasks',
    revisions: FROM_2025_11,
    capability: receiver('tasks'),
    spec: TASKS,
  },
  {
    method: 'tasks/result',
    kind: 'request',
    direction: 'both',
    primitive: 'base',
    feature: 'tasks',
    revisions: FROM_2025_11,
    capability: receiver('tasks'),
    spec: TASKS,
  },
  {
    method: 'tasks/list',
    kind: 'request',
    direction: 'both',
    primitive: 'base',
    feature: 'tasks',
    revisions: FROM_2025_11,
    capability: receiver('tasks.list'),
    spec: TASKS,
  },
  {
    method: 'tasks/cancel',
    kind: 'request',
    direction: 'both',
    primitive: 'base',
    feature: 'tasks',
    revisions: FROM_2025_11,
    capability: receiver('tasks.cancel'),
    spec: TASKS,
  },
];

/** Notifications: the `ClientNotification` and `ServerNotification` unions (https://modelcontextprotocol.io/specification/<rev>/schema). */
const NOTIFICATIONS: readonly MethodInfo[] = [
  {
    method: 'notifications/initialized',
    kind: 'notification',
    direction: 'c2s',
    primitive: 'base',
    feature: 'lifecycle',
    revisions: ALL,
    capability: null,
    spec: 'basic/lifecycle.mdx',
  },
  {
    method: 'notifications/cancelled',
    kind: 'notification',
    direction: 'both',
    primitive: 'base',
    feature: 'cancellation',
    revisions: ALL,
    capability: null,
    spec: 'basic/utilities/cancellation.mdx',
  },
  // Needs no capability, only a progressToken from an active request (basic/utilities/progress.mdx).
  {
    method: 'notifications/progress',
    kind: 'notification',
    direction: 'both',
    primitive: 'base',
    feature: 'progress',
    revisions: ALL,
    capability: null,
    spec: 'basic/utilities/progress.mdx',
  },
  // "Servers that emit log message notifications MUST declare the logging capability" (server/utilities/logging.mdx).
  {
    method: 'notifications/message',
    kind: 'notification',
    direction: 's2c',
    primitive: 'base',
    feature: 'logging',
    revisions: ALL,
    capability: server('logging'),
    spec: 'server/utilities/logging.mdx',
  },
  {
    method: 'notifications/resources/list_changed',
    kind: 'notification',
    direction: 's2c',
    primitive: 'resources',
    feature: null,
    revisions: ALL,
    capability: server('resources.listChanged'),
    spec: RES,
  },
  // schema.ts: "This should only be sent if the client previously sent a resources/subscribe request."
  {
    method: 'notifications/resources/updated',
    kind: 'notification',
    direction: 's2c',
    primitive: 'resources',
    feature: null,
    revisions: ALL,
    capability: server('resources.subscribe'),
    spec: RES,
  },
  {
    method: 'notifications/prompts/list_changed',
    kind: 'notification',
    direction: 's2c',
    primitive: 'prompts',
    feature: null,
    revisions: ALL,
    capability: server('prompts.listChanged'),
    spec: 'server/prompts.mdx',
  },
  {
    method: 'notifications/tools/list_changed',
    kind: 'notification',
    direction: 's2c',
    primitive: 'tools',
    feature: null,
    revisions: ALL,
    capability: server('tools.listChanged'),
    spec: 'server/tools.mdx',
  },
  // "clients that support listChanged MUST send a notification" (client/roots.mdx).
  {
    method: 'notifications/roots/list_changed',
    kind: 'notification',
    direction: 'c2s',
    primitive: 'roots',
    feature: null,
    revisions: ALL,
    capability: client('roots.listChanged'),
    spec: 'client/roots.mdx',
  },
  // Sent by the task receiver to the requestor about the receiver's own task, so the *sender* must have declared
  // `tasks`: a peer without `tasks` has no tasks to report (tasks.mdx §Capabilities). The requestor needs nothing.
  {
    method: 'notifications/tasks/status',
    kind: 'notification',
    direction: 'both',
    primitive: 'base',
    feature: 'tasks',
    revisions: FROM_2025_11,
    capability: { side: 'sender', path: 'tasks' },
    spec: TASKS,
  },
  // URL mode only; the SDK's Server.assertNotificationCapability checks `elicitation.url` as well.
  {
    method: 'notifications/elicitation/complete',
    kind: 'notification',
    direction: 's2c',
    primitive: 'elicitation',
    feature: null,
    revisions: FROM_2025_11,
    capability: client('elicitation.url'),
    spec: 'client/elicitation.mdx',
  },
];

/** Every method of every supported revision: requests first, then notifications. */
export const METHODS: readonly MethodInfo[] = [...REQUESTS, ...NOTIFICATIONS];
