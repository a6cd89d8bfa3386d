// The protocol schema of every method: its params and (requests) its result, as the SDK's zod schemas (data only).
import { createRequire } from 'node:module';
import { isKnownRevision, revisionAtLeast } from './revisions.js';
import type { Revision } from './types.js';

// The SDK (1.32.2) models the latest revision, 2025-11-25, which only added optional fields and union members to the
// older ones: `schema/<rev>/schema.json` of 2024-11-05, 2025-03-26 and 2025-06-18 has no field that a later
// revision made required. So one schema serves every revision; what differs per revision is in
// `schema-leniency.ts` (keys that did not exist yet) and in OLDER_PARAMS below (a field later made optional).
//
// The SDK and zod are loaded on first use, not at start-up (about 100 ms): a run with schema-violation off, or a sink
// that needs no findings, never pays for them (ARCHITECTURE.md principle 6).

type Sdk = typeof import('@modelcontextprotocol/sdk/types.js');

/** One issue of a failed parse, as zod 4 reports it (structural: the product does not import zod itself). */
export interface SchemaIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** The value at `path` (with `reportInput`; undefined when the value is missing). */
  readonly input?: unknown;
  readonly expected?: string;
  readonly values?: readonly unknown[];
  /** `invalid_union`: the issues of every member, paths relative to this issue's path. */
  readonly errors?: readonly (readonly SchemaIssue[])[];
  readonly format?: string;
  readonly prefix?: string;
  readonly origin?: string;
  readonly maximum?: number | bigint;
  readonly minimum?: number | bigint;
  readonly inclusive?: boolean;
  readonly note?: string;
  readonly discriminator?: string;
  readonly options?: readonly unknown[];
}

/** The part of a zod schema this tool uses. */
export interface PartSchema {
  safeParse(
    value: unknown,
    params?: { reportInput?: boolean },
  ): { success: boolean; error?: { issues: readonly SchemaIssue[] } };
}

/** A schema in the tables: the name of an SDK export, or a schema built from the SDK where the spec differs. */
type SchemaRef = keyof Sdk | ((sdk: Sdk) => unknown);

/** Unions whose members give the params of every request and notification, by their `method` literal. */
const MESSAGE_UNIONS: readonly (keyof Sdk)[] = [
  'ClientRequestSchema',
  'ServerRequestSchema',
  'ClientNotificationSchema',
  'ServerNotificationSchema',
];

/**
 * Params that differ from the SDK's, where the spec is stricter (2025-11-25 schema.json):
 * - `notifications/message`: `data` is required (`LoggingMessageNotificationParams.required`); the SDK types it
 *   `z.unknown()`, which lets it be absent.
 */
const PARAMS_OVERRIDES: Readonly<Record<string, SchemaRef>> = {
  'notifications/message': (s) => s.LoggingMessageNotificationParamsSchema.required({ data: true }),
};

/**
 * `EmptyResult` is plain `Result` in the spec (an open object: `_meta` and any other key); the SDK's
 * `EmptyResultSchema` is strict and would reject extra keys, so the empty results use `ResultSchema`.
 */
const EMPTY: SchemaRef = 'ResultSchema';

/**
 * The result of each request, by method. The result unions cannot tie a result to its method (`ServerResult` and
 * `ClientResult` of `schema/<rev>/schema.ts` contain plain `Result`), so this table does: a response is matched to
 * its request by id (https://modelcontextprotocol.io/specification/2025-11-25/basic §Responses), then looked up by its method.
 */
const RESULTS: Readonly<Record<string, SchemaRef>> = {
  initialize: 'InitializeResultSchema',
  ping: EMPTY,
  'resources/list': 'ListResourcesResultSchema',
  'resources/templates/list': 'ListResourceTemplatesResultSchema',
  'resources/read': 'ReadResourceResultSchema',
  'resources/subscribe': EMPTY,
  'resources/unsubscribe': EMPTY,
  'prompts/list': 'ListPromptsResultSchema',
  'prompts/get': 'GetPromptResultSchema',
  'tools/list': 'ListToolsResultSchema',
  // `CallToolResult.content` is required (schema.json `"required": ["content"]`, every revision); the SDK gives it a
  // default of `[]`, which would accept a result without it.
  'tools/call': (s) => s.CallToolResultSchema.extend({ content: s.CallToolResultSchema.shape.content.removeDefault() }),
  'logging/setLevel': EMPTY,
  'completion/complete': 'CompleteResultSchema',
  // 2025-11-25 `CreateMessageResult extends SamplingMessage`: content is one block or an array, tool_use included,
  // whether or not the request carried `tools` — the SDK's "with tools" variant is that schema.
  'sampling/createMessage': 'CreateMessageResultWithToolsSchema',
  'roots/list': 'ListRootsResultSchema',
  'elicitation/create': 'ElicitResultSchema',
  'tasks/get': 'GetTaskResultSchema',
  // The payload is the underlying request's result, whose method the log may not show: any object (`Result`).
  'tasks/result': 'GetTaskPayloadResultSchema',
  'tasks/list': 'ListTasksResultSchema',
  'tasks/cancel': 'CancelTaskResultSchema',
};

/**
 * What a receiver answers to a task-augmented request (`params.task`, basic/utilities/tasks.mdx): `CreateTaskResult`
 * when it accepted the task; the ordinary result when it ignored `task` ("MUST process the request normally").
 */
const CREATE_TASK_RESULT: SchemaRef = 'CreateTaskResultSchema';

/**
 * Params for sessions older than `before`, where a field was required then and is optional now:
 * `CancelledNotificationParams.requestId` is required in 2024-11-05 … 2025-06-18 and optional in 2025-11-25
 * (tasks are cancelled with `tasks/cancel`:
 * https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/cancellation §Behavior Requirements).
 */
const OLDER_PARAMS: readonly { method: string; before: Revision; schema: SchemaRef }[] = [
  {
    method: 'notifications/cancelled',
    before: '2025-11-25',
    schema: (s) => s.CancelledNotificationParamsSchema.required({ requestId: true }),
  },
];

interface SchemaTables {
  /** Params schema of each method in the latest revision. */
  params: ReadonlyMap<string, PartSchema>;
  /** Result schema of each request method. */
  results: ReadonlyMap<string, PartSchema>;
  createTaskResult: PartSchema;
  older: readonly { method: string; before: Revision; schema: PartSchema }[];
}

interface MessageSchema {
  shape: { params: unknown; method: { value: string } };
}

function build(sdk: Sdk): SchemaTables {
  // The only cast: a zod schema of the SDK seen through the structural `PartSchema`.
  const schema = (ref: SchemaRef): PartSchema => (typeof ref === 'function' ? ref(sdk) : sdk[ref]) as PartSchema;
  const members = MESSAGE_UNIONS.flatMap((u) => (sdk[u] as unknown as { options: MessageSchema[] }).options);
  const params = new Map<string, PartSchema>(members.map((m) => [m.shape.method.value, m.shape.params as PartSchema]));
  for (const [method, ref] of Object.entries(PARAMS_OVERRIDES)) params.set(method, schema(ref));
  return {
    params,
    results: new Map(Object.entries(RESULTS).map(([method, ref]) => [method, schema(ref)])),
    createTaskResult: schema(CREATE_TASK_RESULT),
    older: OLDER_PARAMS.map((o) => ({ ...o, schema: schema(o.schema) })),
  };
}

let tables: SchemaTables | undefined;

/**
 * The tables, built on first use from the SDK: the module `preloadSchemas` loaded, else its CommonJS build, required
 * here (so that loading stays synchronous).
 */
export function schemaTables(): SchemaTables {
  tables ??= build(preloaded ?? requireSdk());
  return tables;
}

let preloaded: Sdk | undefined;

/** `true` in the CLI bundle (rolldown.config.mjs defines it), which preloads the schemas before any check. */
declare const MCPTRACE_CLI_BUNDLE: boolean | undefined;

/**
 * The SDK's CommonJS build, loaded synchronously: in the library bundle (dist/lib) `require` is the bundler's and the
 * SDK is inside it (an installed mcptrace has no node_modules); tsc's ES modules have no `require` and load it from
 * node_modules. The CLI bundle leaves this copy out (a second SDK to parse at every start): its commands preload the
 * ES module first.
 */
function requireSdk(): Sdk {
  const cli = typeof MCPTRACE_CLI_BUNDLE === 'boolean' && MCPTRACE_CLI_BUNDLE;
  if (!cli && typeof require === 'function') return require('@modelcontextprotocol/sdk/types.js') as Sdk;
  return createRequire(import.meta.url)('@modelcontextprotocol/sdk/types.js') as Sdk;
}

/**
 * Loads the SDK's schemas ahead of their first use, as an ES module: a command that will check schemas calls it once
 * at start. In the bundled CLI the SDK and zod are one chunk of their own, which loads in about 40% of the time their
 * CommonJS files take (about 25 ms against 60 on the development machine).
 */
export async function preloadSchemas(): Promise<void> {
  preloaded ??= await import('@modelcontextprotocol/sdk/types.js');
}

/**
 * The params schema of `method` for a session of `revision` (null: not known, checked as the latest), or undefined
 * when the method has none in this table (an unknown or experimental method).
 */
export function paramsSchema(method: string, revision: string | null): PartSchema | undefined {
  const t = schemaTables();
  if (revision !== null && isKnownRevision(revision)) {
    for (const o of t.older) if (o.method === method && !revisionAtLeast(revision, o.before)) return o.schema;
  }
  return t.params.get(method);
}

/** The result schema of a request method, or undefined for a method not in the table. */
export function resultSchema(method: string): PartSchema | undefined {
  return schemaTables().results.get(method);
}

/** `CreateTaskResult`, the answer to a task-augmented request the receiver accepted as a task. */
export function createTaskResultSchema(): PartSchema {
  return schemaTables().createTaskResult;
}
