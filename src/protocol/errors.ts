// JSON-RPC and MCP error codes with readable names (each entry says where its code is defined), and a name lookup
// with fallbacks.
import { MODERN_REVISIONS, isModernVersion } from './modern.js';
import { REVISIONS, isKnownRevision } from './revisions.js';
import type { ErrorCodeInfo } from './types.js';

/** Every error code this tool can name. */
export const ERROR_CODES: readonly ErrorCodeInfo[] = [
  // JSON-RPC 2.0 §5.1 codes; every schema.ts defines them as PARSE_ERROR … INTERNAL_ERROR.
  { code: -32700, name: 'Parse error', description: 'Invalid JSON was received.', origin: 'jsonrpc' },
  {
    code: -32600,
    name: 'Invalid Request',
    description: 'The JSON sent is not a valid request object.',
    origin: 'jsonrpc',
  },
  {
    code: -32601,
    name: 'Method not found',
    origin: 'jsonrpc',
    description: 'The method does not exist or is not available (e.g. roots/list to a client without roots).',
  },
  {
    code: -32602,
    name: 'Invalid params',
    origin: 'jsonrpc',
    description: 'Invalid method parameters (unknown tool or prompt, bad cursor, unknown taskId …).',
  },
  { code: -32603, name: 'Internal error', description: 'Internal JSON-RPC error.', origin: 'jsonrpc' },
  // Prose only, no constant in any schema.ts (server/resources.mdx §Error Handling, all four revisions).
  {
    code: -32002,
    name: 'Resource not found',
    origin: 'mcp',
    description: 'resources/read of an unknown URI (server/resources.mdx §Error Handling).',
  },
  // URL_ELICITATION_REQUIRED in schema.ts 2025-11-25 only (client/elicitation.mdx).
  {
    code: -32042,
    name: 'URL elicitation required',
    origin: 'mcp',
    revisions: ['2025-11-25'],
    description: 'The request needs a URL-mode elicitation to complete first; data.elicitations lists them.',
  },
  // 2026-07-28 only (basic/index.mdx §Error Codes; schema.ts HEADER_MISMATCH …); a modern server answers them with HTTP 400.
  {
    code: -32020,
    name: 'Header mismatch',
    origin: 'mcp',
    description:
      '2026-07-28: an HTTP header (MCP-Protocol-Version, Mcp-Method, Mcp-Name) is missing or differs from the body.',
  },
  {
    code: -32021,
    name: 'Missing required client capability',
    origin: 'mcp',
    description:
      '2026-07-28: the request did not declare a client capability the server needs; data.requiredCapabilities.',
  },
  {
    code: -32022,
    name: 'Unsupported protocol version',
    origin: 'mcp',
    description: "2026-07-28: the request's protocol version is not supported; data.supported, data.requested.",
  },
  // Example in client/sampling.mdx (all revisions); outside the JSON-RPC reserved range.
  {
    code: -1,
    name: 'User rejected',
    origin: 'mcp',
    description: 'The user rejected the request (client/sampling.mdx example "User rejected sampling request").',
  },
  // TypeScript SDK `ErrorCode` only, never in the spec; they appear in client-side logs.
  {
    code: -32000,
    name: 'Connection closed',
    origin: 'sdk',
    description: 'TypeScript SDK: the transport closed before the response arrived.',
  },
  {
    code: -32001,
    name: 'Request timeout',
    origin: 'sdk',
    description: 'TypeScript SDK: no response within the request timeout.',
  },
];

const BY_CODE = new Map<number, ErrorCodeInfo>(ERROR_CODES.map((e) => [e.code, e]));

/** The table entry for a code, or undefined when the code is not in the table. */
export function errorCodeInfo(code: unknown): ErrorCodeInfo | undefined {
  return typeof code === 'number' ? BY_CODE.get(code) : undefined;
}

/**
 * A readable name for an error code. Fallbacks: -32099..-32000 is JSON-RPC's "server error" range
 * (implementation-defined, schema.ts 2025-11-25 "[-32000, -32099]"); the rest of -32768..-32000 is reserved by
 * JSON-RPC; a non-integer is not a valid code (messages.mdx: "error codes MUST be integers"); else 'unknown'.
 */
export function errorCodeName(code: unknown): string {
  const known = errorCodeInfo(code);
  if (known) return known.name;
  if (typeof code !== 'number' || !Number.isInteger(code)) return 'invalid code';
  if (code >= -32099 && code <= -32000) return 'server error';
  if (code >= -32768 && code <= -32000) return 'reserved';
  return 'unknown';
}

/** The error code the spec assigns to a "not found" answer to one method. */
export interface NotFoundError {
  method: string;
  code: number;
  /** Revisions in which the code applies (a modern entry: every modern revision). */
  revisions: readonly string[];
  /** Spec page (relative to docs/specification/<revision>/) and section that assigns the code. */
  spec: string;
}

/**
 * Methods whose "not found" error has a code of its own. resources/read of an unknown URI → -32002
 * ("Resource not found", server/resources.mdx §Error Handling, all four revisions). Unknown tools and prompts are
 * plain -32602 (Invalid params), the generic code, so they need no entry. 2026-07-28 moves resource-not-found to
 * -32602 (SEP-2164; 2026-07-28 server/resources.mdx §Error Handling: "MUST return … -32602"; basic/index.mdx: -32002
 * "MUST NOT be emitted").
 */
export const NOT_FOUND_ERRORS: readonly NotFoundError[] = [
  { method: 'resources/read', code: -32002, revisions: REVISIONS, spec: 'server/resources.mdx' },
  { method: 'resources/read', code: -32602, revisions: MODERN_REVISIONS, spec: 'server/resources.mdx' },
];

/**
 * Error messages that say "not found", as servers write them ("Resource x not found", "no such file",
 * "unknown resource", "does not exist"). A heuristic: the only way to tell the meaning of an error that has the
 * wrong code.
 */
export const NOT_FOUND_MESSAGE = /not.?found|no such|unknown resource|does not exist/i;

/**
 * The code a "not found" error to `method` must have in the revision: a modern revision's (any string from 2026-07-28
 * on), a legacy one's, or for an unknown revision the first entry (a legacy one).
 */
export function notFoundCode(method: string, revision: string | null): NotFoundError | undefined {
  const modern = isModernVersion(revision);
  return NOT_FOUND_ERRORS.find(
    (e) =>
      e.method === method &&
      (modern ? e.revisions === MODERN_REVISIONS : !isKnownRevision(revision) || e.revisions.includes(revision)),
  );
}

/**
 * 2026-07-28 (basic/index.mdx §Error Codes): -32020…-32099 is "reserved for the MCP specification", and implementations
 * "MUST NOT emit any code from this sub-range that is not defined by this specification" (the defined ones:
 * `MODERN_ERRORS`); codes of earlier revisions "remain reserved" and "MUST NOT" be emitted either.
 */
export const MODERN_RESERVED_RANGE = { low: -32099, high: -32020 } as const;

/** Codes earlier revisions defined that a 2026-07-28 implementation MUST NOT emit, with what they meant. */
export const MODERN_RETIRED_CODES: ReadonlyMap<number, string> = new Map([
  [-32002, 'resource not found, 2025-11-25 and earlier; now -32602'],
  [-32042, 'URL elicitation required, 2025-11-25 only'],
]);
