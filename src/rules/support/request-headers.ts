// What a 2026-07-28 request POST's mirrored headers get wrong against its body (streamable-http.mdx §Request Metadata).
import type { PipelineRecord } from '../../types.js';
import { isModernVersion, metaVersion } from './modern-exchange.js';

/** The body field `Mcp-Name` mirrors, by method (§Standard Request Headers: "Required For tools/call, resources/read, prompts/get"). */
const NAME_FIELD: Readonly<Record<string, 'name' | 'uri'>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

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
  /** `missing`: required and not sent; `different`: not the body's value; `undecodable`: a bad `=?base64?…?=` value. */
  kind: 'missing' | 'different' | 'undecodable';
  /** The value sent, as sent. */
  sent?: string;
  /** The body's value, as text. */
  body?: string;
}

// §Value Encoding: "=?base64?{Base64EncodedValue}?=", markers case-sensitive.
const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A header value decoded from the Base64 sentinel form, else as sent; null when it has the form and is not Base64. */
function decodeHeaderValue(v: string): string | null {
  if (!v.startsWith('=?base64?') || !v.endsWith('?=')) return v;
  const m = SENTINEL.exec(v);
  if (m === null || m[1]!.length % 4 !== 0) return null;
  return Buffer.from(m[1]!, 'base64').toString('utf8');
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

function compare(header: string, sent: string | undefined, body: unknown, faults: HeaderFault[], numeric = false): void {
  const text = argText(body);
  if (sent === undefined) {
    faults.push({ header, kind: 'missing', ...(text === null ? {} : { body: text }) });
    return;
  }
  const decoded = decodeHeaderValue(sent);
  if (decoded === null) faults.push({ header, kind: 'undecodable', sent });
  else if (!(numeric ? sameValue(decoded, body) : decoded === text)) faults.push({ header, kind: 'different', sent, ...(text === null ? {} : { body: text }) });
}

/**
 * The header faults of a request record of a modern exchange sent alone in a POST: `MCP-Protocol-Version` missing or not
 * the body's `_meta` version, `Mcp-Method` missing or not `method`, `Mcp-Name` missing or not `params.name`/`params.uri`
 * (decoded), and for a tool whose `x-mcp-header` annotations `tools` knows, an argument with a value whose
 * `Mcp-Param-{Name}` is missing or differs. Empty for anything else (a notification: "header requirements for
 * notification POSTs are not defined by this revision").
 */
export function headerFaults(record: PipelineRecord, tools: ToolHeaders): HeaderFault[] {
  const h = record.http;
  if (h === undefined || h.method !== 'POST' || record.dir !== 'c2s' || record.kind !== 'request' || record.batch !== undefined) return [];
  const faults: HeaderFault[] = [];
  const version = metaVersion(record);
  if (h.protocolVersion === null) faults.push({ header: 'MCP-Protocol-Version', kind: 'missing', ...(typeof version === 'string' ? { body: version } : {}) });
  else if (typeof version === 'string' && h.protocolVersion.trim() !== version) faults.push({ header: 'MCP-Protocol-Version', kind: 'different', sent: h.protocolVersion, body: version });
  else if (version === undefined && !isModernVersion(h.protocolVersion)) return [];
  const method = record.method;
  if (method === null) return faults;
  if (h.mcpMethod === undefined) faults.push({ header: 'Mcp-Method', kind: 'missing', body: method });
  else if (h.mcpMethod !== method) faults.push({ header: 'Mcp-Method', kind: 'different', sent: h.mcpMethod, body: method });
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
    annotated((t as { inputSchema?: unknown }).inputSchema, [], found);
    tools.delete(name);
    if (found.length === 0) continue;
    tools.set(name, found);
    if (tools.size > TOOLS_KEPT) tools.delete(tools.keys().next().value!);
  }
}

function annotated(schema: unknown, path: string[], out: ParamHeader[]): void {
  if (path.length > DEPTH || typeof schema !== 'object' || schema === null) return;
  const props = (schema as { properties?: unknown }).properties;
  if (typeof props !== 'object' || props === null || Array.isArray(props)) return;
  for (const [k, sub] of Object.entries(props)) {
    const header = (sub as Record<string, unknown> | null)?.['x-mcp-header'];
    if (typeof header === 'string' && header !== '') out.push({ name: header, path: [...path, k] });
    annotated(sub, [...path, k], out);
  }
}
