// What a mock sets aside when it matches a caller's request with a recorded one: the parts of a request that differ
// from one run of the same client to the next without changing what is asked. Data, read by request-key.ts.

/**
 * Members of `params` left out of the matching key. `_meta` carries the progress token, trace context (`traceparent`,
 * `tracestate`, `baggage`) and, from 2026-07-28 on, the client's per-request version, capabilities and identity: none
 * of them is the question.
 */
export const VOLATILE_PARAMS: readonly string[] = ['_meta'];

/**
 * Methods answered from the recording whatever their params: the handshake (its params are the client's own name,
 * capabilities and revision, which a different client states differently) and `ping` (always `{}` when not recorded).
 */
export const HANDSHAKE_METHODS: readonly string[] = ['initialize'];

/** The answer to a `ping` the recording does not hold (basic/utilities/ping: an empty result). */
export const PING_RESULT: Readonly<Record<string, never>> = {};

/** JSON-RPC 2.0 §5.1: the answer to a line or body that is no JSON. */
export const PARSE_ERROR = -32700;
/** JSON-RPC 2.0 §5.1: the default answer to a request the recording does not hold (`--unmatched-code`). */
export const METHOD_NOT_FOUND = -32601;
/** JSON-RPC 2.0 §5.1: the answer to a message that is no request, notification or answer. */
export const INVALID_REQUEST = -32600;
