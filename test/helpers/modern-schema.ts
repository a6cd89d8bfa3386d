// The official 2026-07-28 JSON schema (bundled verbatim in src/protocol/schema/) as a check for the tests' hand-built
// modern messages: Ajv (JSON Schema 2020-12) against one `$defs` entry.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const SCHEMA = fileURLToPath(new URL('../../src/protocol/schema/2026-07-28.schema.json', import.meta.url));
const KEY = 'mcp-2026-07-28';

interface Validator {
  (value: unknown): boolean;
  errors?: { instancePath: string; message?: string }[] | null;
}
interface Ajv {
  addSchema(schema: unknown, key: string): unknown;
  getSchema(ref: string): Validator | undefined;
}

let ajv: Ajv | undefined;

function load(): Ajv {
  if (ajv !== undefined) return ajv;
  const require = createRequire(import.meta.url);
  const Ajv2020 = (require('ajv/dist/2020') as { default: new (o: object) => Ajv }).default;
  const formats = require('ajv-formats') as { default: (a: Ajv) => void };
  // strict off: the schema has annotation keywords strict mode rejects; every error is wanted.
  const a = new Ajv2020({ strict: false, allErrors: true });
  formats.default(a);
  a.addSchema(JSON.parse(readFileSync(SCHEMA, 'utf8')), KEY);
  return (ajv = a);
}

/** The schema's complaints about `value` as `$defs/<def>` (`path: message`), empty when it is valid. */
export function schemaErrors(def: string, value: unknown): string[] {
  const v = load().getSchema(`${KEY}#/$defs/${def}`);
  if (v === undefined) throw new Error(`no $defs/${def} in the 2026-07-28 schema`);
  return v(value) ? [] : (v.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? '?'}`);
}

const REQUESTS: Record<string, string> = {
  'server/discover': 'DiscoverRequest',
  'tools/list': 'ListToolsRequest',
  'prompts/list': 'ListPromptsRequest',
  'tools/call': 'CallToolRequest',
  'resources/read': 'ReadResourceRequest',
  'prompts/get': 'GetPromptRequest',
};
const RESULTS: Record<string, string> = {
  'server/discover': 'DiscoverResultResponse',
  'tools/list': 'ListToolsResultResponse',
  'tools/call': 'CallToolResultResponse',
  'resources/read': 'ReadResourceResultResponse',
  'prompts/get': 'GetPromptResultResponse',
};
const ERRORS: Record<number, string> = { [-32020]: 'HeaderMismatchError', [-32022]: 'UnsupportedProtocolVersionError' };
const NOTIFICATIONS: Record<string, string> = {
  'notifications/progress': 'ProgressNotification',
  'notifications/tools/list_changed': 'ToolListChangedNotification',
};

/**
 * The `$defs` entry a modern message is checked against: a request or notification by its method, a result by the
 * method of the request it answers, an error by its code (JSONRPCErrorResponse for the others).
 */
function defOf(message: Record<string, unknown>, answered: string | null): string {
  if (typeof message.method === 'string') {
    const def = 'id' in message ? REQUESTS[message.method] : NOTIFICATIONS[message.method];
    if (def === undefined) throw new Error(`no schema named for ${message.method}`);
    return def;
  }
  if ('error' in message) return ERRORS[(message.error as { code: number }).code] ?? 'JSONRPCErrorResponse';
  const def = answered === null ? undefined : RESULTS[answered];
  if (def === undefined) throw new Error(`no schema named for a result of ${answered}`);
  return def;
}

/**
 * The schema's complaints about a modern message (as `defOf` names its definition); a -32601 error's `error` is also
 * checked as a `MethodNotFoundError` (that definition is the error object, not the response).
 */
export function messageErrors(message: Record<string, unknown>, answered: string | null): string[] {
  const out = schemaErrors(defOf(message, answered), message);
  const error = message.error as { code?: unknown } | undefined;
  if (error?.code === -32601) out.push(...schemaErrors('MethodNotFoundError', error).map((e) => `error${e}`));
  return out;
}
