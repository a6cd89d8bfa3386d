// What a 2026-07-28 request POST's mirrored headers get wrong against its body (streamable-http.mdx §Request Metadata).
import type { PipelineRecord } from '../../types.js';
import { decodeSentinel, sentinelLike, unsafeReason } from './header-value.js';
import { isModernVersion, metaVersion } from './modern-exchange.js';

/**
 * The body field `Mcp-Name` mirrors, by method: §Standard Request Headers ("Required For tools/call, resources/read,
 * prompts/get"), and the tasks extension's `params.taskId` (seps/2663-tasks-extension.md §Streamable HTTP: Routing
 * Headers: for tasks/get, tasks/update, tasks/cancel "the client MUST set the Mcp-Name header ... to the value of
 * params.taskId").
 */
const NAME_FIELD: Readonly<Record<string, 'name' | 'uri' | 'taskId'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** Tools whose arguments are mirrored into `Mcp-Param-{Name}`: tool name → annotated properties. */
export type ToolHeaders = Map<string, readonly ParamHeader[]>;

/** One `x-mcp-header` annotation: `{Name}` in lower case and the chain of `properties` keys to the argument. */
interface ParamHeader {
  name: string;
  path: readonly string[];
}

export interface HeaderFault {
  /** The header as the spec spells it (`Mcp-Param-Region` with the tool's own spelling of `{Name}`). */
  header: string;
  /**
   * `missing`: required and not sent; `different`: not the body's value; `undecodable`: a malformed `=?base64?…?=`
   * value (`why` says how); `unencoded`: the body's value is not header-safe (`why`) and the header is not its Base64
   * sentinel form.
   */
  kind: 'missing' | 'different' | 'undecodable' | 'unencoded';
  /** The value sent, as sent. */
  sent?: string;
  /** The body's value, as text. */
  body?: string;
  why?: string;
}

/** The text an argument value is mirrored as (§Value Encoding, type conversion), or null for a value that is not mirrored. */
function argText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return null;
}

/** Equal as the server compares them: integers numerically ("42.0" and 42, §Server Validation), other values as text. */
function sameValue(header: string, body: unknown): boolean {
  if (typeof body === 'number') return header.trim() !== '' && Number(header) === body;
  return header === argText(body);
}

function at(o: unknown, path: readonly string[]): unknown {
  let v = o;
  for (const k of path) {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || !Object.hasOwn(v, k)) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/**
 * One mirrored header against its body value. A sentinel is decoded before the comparison (§Value Encoding: servers
 * "MUST decode an encoded Mcp-Name or Mcp-Param-{Name} value before comparing it"); a body value that is not
 * header-safe must come as a sentinel ("clients MUST use Base64 encoding"), so a plain header for it is `unencoded`
 * whatever it holds (an HTTP parser drops the surrounding whitespace of a raw value, and reads non-ASCII bytes as it
 * can).
 */
function compare(
  header: string,
  sent: string | undefined,
  body: unknown,
  faults: HeaderFault[],
  numeric = false,
): void {
  const text = argText(body);
  const withBody = text === null ? {} : { body: text };
  if (sent === undefined) {
    faults.push({ header, kind: 'missing', ...withBody });
    return;
  }
  const unsafe = text === null ? null : unsafeReason(text);
  // A raw value that looks like a sentinel is one too (the ambiguity the sentinel rule removes).
  if (unsafe !== null && (!sentinelLike(sent) || sent === text)) {
    faults.push({ header, kind: 'unencoded', sent, ...withBody, why: unsafe });
    return;
  }
  if (sentinelLike(sent)) {
    const d = decodeSentinel(sent);
    if ('why' in d) faults.push({ header, kind: 'undecodable', sent, why: d.why });
    else if (!(numeric ? sameValue(d.value, body) : d.value === text))
      faults.push({ header, kind: 'different', sent, ...withBody });
    return;
  }
  if (!(numeric ? sameValue(sent, body) : sent === text)) faults.push({ header, kind: 'different', sent, ...withBody });
}

/**
 * The header faults of a request record of a modern exchange sent alone in a POST: `MCP-Protocol-Version` missing or not
 * the body's `_meta` version, `Mcp-Method` missing or not `method`, `Mcp-Name` missing or not `params.name`, `params.uri`
 * or `params.taskId`, and for a tool whose `x-mcp-header` annotations `tools` knows, an argument with a value whose
 * `Mcp-Param-{Name}` is missing or differs (both after decoding a sentinel; a malformed sentinel, or a value that is
 * not header-safe sent plain, are faults too). Empty for anything else (a notification: "header requirements for
 * notification POSTs are not defined by this revision").
 */
export function headerFaults(record: PipelineRecord, tools: ToolHeaders): HeaderFault[] {
  const h = record.http;
  if (
    h === undefined ||
    h.method !== 'POST' ||
    record.dir !== 'c2s' ||
    record.kind !== 'request' ||
    record.batch !== undefined
  )
    return [];
  const faults: HeaderFault[] = [];
  const version = metaVersion(record);
  if (h.protocolVersion === null)
    faults.push({
      header: 'MCP-Protocol-Version',
      kind: 'missing',
      ...(typeof version === 'string' ? { body: version } : {}),
    });
  else if (typeof version === 'string' && h.protocolVersion.trim() !== version)
    faults.push({ header: 'MCP-Protocol-Version', kind: 'different', sent: h.protocolVersion, body: version });
  else if (version === undefined && !isModernVersion(h.protocolVersion)) return [];
  const method = record.method;
  if (method === null) return faults;
  if (h.mcpMethod === undefined) faults.push({ header: 'Mcp-Method', kind: 'missing', body: method });
  else if (h.mcpMethod !== method)
    faults.push({ header: 'Mcp-Method', kind: 'different', sent: h.mcpMethod, body: method });
  const params = (record.message as { params?: Record<string, unknown> } | null)?.params;
  const field = NAME_FIELD[method];
  if (field !== undefined && typeof params?.[field] === 'string') compare('Mcp-Name', h.mcpName, params[field], faults);
  if (method === 'tools/call' && typeof params?.name === 'string') {
    for (const p of tools.get(params.name) ?? []) {
      const value = at(params.arguments, p.path);
      // §Server Behavior for Custom Headers: a null or absent argument has no header.
      if (value === undefined || value === null) continue;
      compare(`Mcp-Param-${p.name}`, h.mcpParams?.[p.name.toLowerCase()], value, faults, true);
    }
  }
  return faults;
}

/** Tools remembered per session (a server lists few; past this the oldest is forgotten). */
const TOOLS_KEPT = 4096;
/** Depth of `properties` chains looked into. */
const DEPTH = 16;

/**
 * Learns the `x-mcp-header` annotations of a `tools/list` result (§Schema Extension: on properties "statically
 * reachable from the schema root … solely of `properties` keys"); a later list of a tool replaces what was known of it.
 */
export function learnToolHeaders(result: unknown, tools: ToolHeaders): void {
  const list = (result as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(list)) return;
  for (const t of list) {
    const name = (t as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') continue;
    const found: ParamHeader[] = [];
    const fine = annotated((t as { inputSchema?: unknown }).inputSchema, [], found);
    tools.delete(name);
    // An invalid annotation makes the tool invalid: a client on HTTP "MUST exclude the invalid tool", so what it would
    // mirror is not asked of it.
    if (!fine || found.length === 0 || new Set(found.map((f) => f.name.toLowerCase())).size < found.length) continue;
    tools.set(name, found);
    if (tools.size > TOOLS_KEPT) tools.delete(tools.keys().next().value!);
  }
}

/** RFC 9110 §5.1 field-name token (`1*tchar`): what `{Name}` in `Mcp-Param-{Name}` must be. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** The types an annotated property may have (§Schema Extension: "primitive types (integer, string, boolean)"). */
const PRIMITIVE: ReadonlySet<unknown> = new Set(['string', 'integer', 'boolean']);

/**
 * Collects the annotations on `properties` chains into `out`; false when one breaks §Schema Extension's constraints
 * (empty or not a token, or on a property whose declared type is not integer, string or boolean).
 */
function annotated(schema: unknown, path: string[], out: ParamHeader[]): boolean {
  if (path.length > DEPTH || typeof schema !== 'object' || schema === null) return true;
  const props = (schema as { properties?: unknown }).properties;
  if (typeof props !== 'object' || props === null || Array.isArray(props)) return true;
  for (const [k, sub] of Object.entries(props)) {
    const header = (sub as Record<string, unknown> | null)?.['x-mcp-header'];
    if (header !== undefined) {
      const type = (sub as Record<string, unknown>).type;
      if (typeof header !== 'string' || !TOKEN.test(header) || (type !== undefined && !PRIMITIVE.has(type)))
        return false;
      out.push({ name: header, path: [...path, k] });
    }
    if (!annotated(sub, [...path, k], out)) return false;
  }
  return true;
}
