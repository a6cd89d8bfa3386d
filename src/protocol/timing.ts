// Requests whose response is expected to take long by design, so their latency says nothing about the peer.

/**
 * Methods whose receiver legitimately holds the response back:
 * - `tasks/result`: the receiver "MUST block the response until the task reaches a terminal status" and then returns
 *   the underlying result (https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks §Result Retrieval),
 *   so its latency is the task's run time.
 * - `elicitation/create`: the response is the user's answer to a form or URL (client/elicitation.mdx), so its
 *   latency is the user's thinking time, not the client's speed.
 */
export const BLOCKING_METHODS: readonly string[] = ['tasks/result', 'elicitation/create'];

const BLOCKING = new Set(BLOCKING_METHODS);

/** True when a slow response to `method` is expected (see BLOCKING_METHODS). */
export function isBlockingMethod(method: string): boolean {
  return BLOCKING.has(method);
}
