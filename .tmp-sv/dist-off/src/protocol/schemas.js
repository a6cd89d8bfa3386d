// The protocol schema of every method: its params and (requests) its result, as the SDK's zod schemas (data only).
import { createRequire } from 'node:module';
import { isKnownRevision, revisionAtLeast } from './revisions.js';
/** Unions whose members give the params of every request and notification, by their `method` literal. */
const MESSAGE_UNIONS = ['ClientRequestSchema', 'ServerRequestSchema', 'ClientNotificationSchema', 'ServerNotificationSchema'];
/**
 * Params that differ from the SDK's, where the spec is stricter (2025-11-25 schema.json):
 * - `notifications/message`: `data` is required (`LoggingMessageNotificationParams.required`); the SDK types it
 *   `z.unknown()`, which lets it be absent.
 */
const PARAMS_OVERRIDES = {
    'notifications/message': (s) => s.LoggingMessageNotificationParamsSchema.required({ data: true }),
};
/**
 * `EmptyResult` is plain `Result` in the spec (an open object: `_meta` and any other key); the SDK's
 * `EmptyResultSchema` is strict and would reject extra keys, so the empty results use `ResultSchema`.
 */
const EMPTY = 'ResultSchema';
/**
 * The result of each request, by method. The SDK's result unions cannot tie a result to its method (they contain
 * plain `Result`), so this table does (spec-table §1.2 "Results": match by id, then by the request's method).
 */
const RESULTS = {
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
const CREATE_TASK_RESULT = 'CreateTaskResultSchema';
/**
 * Params for sessions older than `before`, where a field was required then and is optional now:
 * `CancelledNotificationParams.requestId` is required in 2024-11-05 … 2025-06-18 and optional in 2025-11-25
 * (tasks are cancelled with `tasks/cancel`; spec-table §1.2, §7).
 */
const OLDER_PARAMS = [
    {
        method: 'notifications/cancelled',
        before: '2025-11-25',
        schema: (s) => s.CancelledNotificationParamsSchema.required({ requestId: true }),
    },
];
function build(sdk) {
    // The only cast: a zod schema of the SDK seen through the structural `PartSchema`.
    const schema = (ref) => (typeof ref === 'function' ? ref(sdk) : sdk[ref]);
    const members = MESSAGE_UNIONS.flatMap((u) => sdk[u].options);
    const params = new Map(members.map((m) => [m.shape.method.value, m.shape.params]));
    for (const [method, ref] of Object.entries(PARAMS_OVERRIDES))
        params.set(method, schema(ref));
    return {
        params,
        results: new Map(Object.entries(RESULTS).map(([method, ref]) => [method, schema(ref)])),
        createTaskResult: schema(CREATE_TASK_RESULT),
        older: OLDER_PARAMS.map((o) => ({ ...o, schema: schema(o.schema) })),
    };
}
let tables;
/** The tables, built on first use from the SDK (its CommonJS build, so that loading stays synchronous). */
export function schemaTables() {
    tables ??= build(createRequire(import.meta.url)('@modelcontextprotocol/sdk/types.js'));
    return tables;
}
/**
 * The params schema of `method` for a session of `revision` (null: not known, checked as the latest), or undefined
 * when the method has none in this table (an unknown or experimental method).
 */
export function paramsSchema(method, revision) {
    const t = schemaTables();
    if (revision !== null && isKnownRevision(revision)) {
        for (const o of t.older)
            if (o.method === method && !revisionAtLeast(revision, o.before))
                return o.schema;
    }
    return t.params.get(method);
}
/** The result schema of a request method, or undefined for a method not in the table. */
export function resultSchema(method) {
    return schemaTables().results.get(method);
}
/** `CreateTaskResult`, the answer to a task-augmented request the receiver accepted as a task. */
export function createTaskResultSchema() {
    return schemaTables().createTaskResult;
}
//# sourceMappingURL=schemas.js.map