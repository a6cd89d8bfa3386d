// DATA: which side a JSON-RPC error code blames, and the codes that are no failure of the session.
import type { DiagnosisSide } from '../types.js';

/** The side an error answer points at: the client asked for what is not there, or the server broke. */
export const ERROR_SIDES: ReadonlyMap<number, DiagnosisSide> = new Map<number, DiagnosisSide>([
  [-32700, 'client'], // the request was no JSON
  [-32600, 'client'], // the request was no valid request
  [-32601, 'client'], // a method the server does not have
  [-32602, 'client'], // unknown tool, prompt, resource, bad arguments
  [-32002, 'client'], // resource not found
  [-32603, 'server'], // internal error
]);

/** Error codes that are part of a working exchange: URL elicitation required, request cancelled, user rejected. */
export const NOT_FAILURES: ReadonlySet<number> = new Set([-32042, -32800, -1]);

/**
 * Error codes an SDK makes on the client's side and a proxy passes on as an answer (-32001 Request timed out): their
 * message is read as the SDK writes it in a log, `MCP error -32001: Request timed out`, against the host-line patterns.
 */
export const READ_AS_LINE: ReadonlySet<number> = new Set([-32001]);
