// Where schema issues from the SDK's zod schemas are not spec violations: keys newer than the session, SDK strictness.
import type { Revision } from './types.js';

/**
 * An issue the schema check drops. `path` is a prefix of the path (`params…` or `result…`): segments split
 * on `.`, `*` matches one segment (a key or an index), `**` any number of segments, `["a.b"]` a key holding dots.
 */
export interface SchemaLeniency {
  path: string;
  /** Only for messages of these methods (absent: every method). */
  methods?: readonly string[];
  /**
   * The key was added in this revision. In an older session it is an unknown key, and unknown keys are allowed with
   * any value ("capabilities are open", `_meta` anywhere): its contents are not checked there.
   */
  introduced?: Revision;
  /** Only issues of this zod code (e.g. `invalid_format`); absent: every issue under `path`. */
  code?: string;
  /** Only issues on a value that is present (a missing value is still reported). */
  present?: true;
  /** The reason, with its spec source. */
  why: string;
}

const TOOL_CALL_LIKE = ['tools/call', 'sampling/createMessage', 'elicitation/create'];

/**
 * Keys added after 2024-11-05, from a diff of `schema/<rev>/schema.json` of the four revisions (changelogs agree).
 * Only optional keys and new union members were added; union members need no entry (the latest schema accepts
 * them, so a newer value in an older session is not reported — a documented miss, never a false finding).
 */
const INTRODUCED: readonly SchemaLeniency[] = [
  // 2025-03-26 (changelog: tool annotations, progress message, completions capability).
  { path: 'result.tools.*.annotations', methods: ['tools/list'], introduced: '2025-03-26', why: 'Tool.annotations' },
  {
    path: 'params.message',
    methods: ['notifications/progress'],
    introduced: '2025-03-26',
    why: 'ProgressNotification.message',
  },
  {
    path: 'result.capabilities.completions',
    methods: ['initialize'],
    introduced: '2025-03-26',
    why: 'ServerCapabilities.completions',
  },
  // 2025-06-18 (changelog: structured tool output, elicitation, `_meta` on more objects, `title`, completion context).
  {
    path: '*.*.**._meta',
    introduced: '2025-06-18',
    why: '`_meta` on objects inside params/result (Tool, Resource, content blocks …)',
  },
  { path: '**.annotations.lastModified', introduced: '2025-06-18', why: 'Annotations.lastModified' },
  { path: 'params.clientInfo.title', methods: ['initialize'], introduced: '2025-06-18', why: 'Implementation.title' },
  { path: 'result.serverInfo.title', methods: ['initialize'], introduced: '2025-06-18', why: 'Implementation.title' },
  { path: 'result.tools.*.title', methods: ['tools/list'], introduced: '2025-06-18', why: 'Tool.title' },
  { path: 'result.prompts.*.title', methods: ['prompts/list'], introduced: '2025-06-18', why: 'Prompt.title' },
  {
    path: 'result.prompts.*.arguments.*.title',
    methods: ['prompts/list'],
    introduced: '2025-06-18',
    why: 'PromptArgument.title',
  },
  { path: 'result.resources.*.title', methods: ['resources/list'], introduced: '2025-06-18', why: 'Resource.title' },
  {
    path: 'result.resourceTemplates.*.title',
    methods: ['resources/templates/list'],
    introduced: '2025-06-18',
    why: 'ResourceTemplate.title',
  },
  {
    path: 'params.ref.title',
    methods: ['completion/complete'],
    introduced: '2025-06-18',
    why: 'PromptReference.title',
  },
  {
    path: 'params.context',
    methods: ['completion/complete'],
    introduced: '2025-06-18',
    why: 'CompleteRequest.params.context',
  },
  {
    path: 'result.structuredContent',
    methods: ['tools/call'],
    introduced: '2025-06-18',
    why: 'CallToolResult.structuredContent',
  },
  { path: 'result.tools.*.outputSchema', methods: ['tools/list'], introduced: '2025-06-18', why: 'Tool.outputSchema' },
  {
    path: 'params.capabilities.elicitation',
    methods: ['initialize'],
    introduced: '2025-06-18',
    why: 'ClientCapabilities.elicitation',
  },
  // 2025-11-25 (changelog: icons, implementation metadata, tasks, sampling tools, URL-mode elicitation).
  {
    path: '**.icons',
    introduced: '2025-11-25',
    why: 'icons on Implementation, Tool, Prompt, Resource, ResourceTemplate',
  },
  {
    path: 'params.clientInfo.websiteUrl',
    methods: ['initialize'],
    introduced: '2025-11-25',
    why: 'Implementation.websiteUrl',
  },
  {
    path: 'result.serverInfo.websiteUrl',
    methods: ['initialize'],
    introduced: '2025-11-25',
    why: 'Implementation.websiteUrl',
  },
  {
    path: 'params.clientInfo.description',
    methods: ['initialize'],
    introduced: '2025-11-25',
    why: 'Implementation.description',
  },
  {
    path: 'result.serverInfo.description',
    methods: ['initialize'],
    introduced: '2025-11-25',
    why: 'Implementation.description',
  },
  { path: 'result.tools.*.execution', methods: ['tools/list'], introduced: '2025-11-25', why: 'Tool.execution' },
  { path: 'params.task', methods: TOOL_CALL_LIKE, introduced: '2025-11-25', why: 'TaskAugmentedRequestParams.task' },
  {
    path: 'params.tools',
    methods: ['sampling/createMessage'],
    introduced: '2025-11-25',
    why: 'CreateMessageRequestParams.tools',
  },
  {
    path: 'params.toolChoice',
    methods: ['sampling/createMessage'],
    introduced: '2025-11-25',
    why: 'CreateMessageRequestParams.toolChoice',
  },
  {
    path: 'params.messages.*._meta',
    methods: ['sampling/createMessage'],
    introduced: '2025-11-25',
    why: 'SamplingMessage._meta',
  },
  {
    path: 'params.mode',
    methods: ['elicitation/create'],
    introduced: '2025-11-25',
    why: 'ElicitRequestFormParams.mode',
  },
  {
    path: 'params.capabilities.tasks',
    methods: ['initialize'],
    introduced: '2025-11-25',
    why: 'ClientCapabilities.tasks',
  },
  {
    path: 'result.capabilities.tasks',
    methods: ['initialize'],
    introduced: '2025-11-25',
    why: 'ServerCapabilities.tasks',
  },
  {
    path: 'params.capabilities.sampling.context',
    methods: ['initialize'],
    introduced: '2025-11-25',
    why: 'ClientCapabilities.sampling.context',
  },
  {
    path: 'params.capabilities.sampling.tools',
    methods: ['initialize'],
    introduced: '2025-11-25',
    why: 'ClientCapabilities.sampling.tools',
  },
  {
    path: 'params.capabilities.elicitation.form',
    methods: ['initialize'],
    introduced: '2025-11-25',
    why: 'ClientCapabilities.elicitation.form',
  },
  {
    path: 'params.capabilities.elicitation.url',
    methods: ['initialize'],
    introduced: '2025-11-25',
    why: 'ClientCapabilities.elicitation.url',
  },
  {
    path: '**._meta["io.modelcontextprotocol/related-task"]',
    introduced: '2025-11-25',
    why: 'the related-task `_meta` key (tasks)',
  },
];

/** Where the SDK 1.32.2 schemas are stricter than the spec (2025-11-25 schema.json): the spec wins, always. */
const SDK_STRICTER: readonly SchemaLeniency[] = [
  {
    path: '**.annotations.lastModified',
    code: 'invalid_format',
    why: 'spec: "an ISO 8601 formatted string", `type: string` with no format; the SDK accepts only RFC 3339 date-times',
  },
  {
    path: '*.capabilities.extensions',
    methods: ['initialize'],
    why: 'not in the spec: an unknown capability key, open to any value; the SDK requires a record of objects',
  },
  {
    path: 'params.capabilities.elicitation.form.applyDefaults',
    methods: ['initialize'],
    why: 'not in the spec: an unknown key, open to any value; the SDK requires a boolean',
  },
];

/** Checks another rule owns, so that one violation gives one finding (each rule leaves the rest to the schema). */
const COVERED_ELSEWHERE: readonly SchemaLeniency[] = [
  {
    path: 'params.level',
    methods: ['logging/setLevel', 'notifications/message'],
    present: true,
    why: 'invalid-log-level reports a present level that is not a LoggingLevel; a missing level is reported here',
  },
  {
    path: 'result.roots.*.uri',
    methods: ['roots/list'],
    code: 'invalid_format',
    why: 'root-uri-not-file reports a string uri not starting with file:// (prose MUST; schema.json only has `format: uri`)',
  },
];

export const SCHEMA_LENIENCY: readonly SchemaLeniency[] = [...INTRODUCED, ...SDK_STRICTER, ...COVERED_ELSEWHERE];
