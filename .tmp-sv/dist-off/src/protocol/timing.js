// Requests whose response is expected to take long by design, so their latency says nothing about the peer.
/**
 * Methods whose receiver legitimately holds the response back:
 * - `tasks/result`: the receiver "MUST block the response until the task reaches a terminal status" and then returns
 *   the underlying result (basic/utilities/tasks.mdx §Result Retrieval; spec-table §1.1, §8), so its latency is the
 *   task's run time.
 * - `elicitation/create`: the response is the user's answer to a form or URL (client/elicitation.mdx), so its
 *   latency is the user's thinking time, not the client's speed.
 */
export const BLOCKING_METHODS = ['tasks/result', 'elicitation/create'];
const BLOCKING = new Set(BLOCKING_METHODS);
/** True when a slow response to `method` is expected (see BLOCKING_METHODS). */
export function isBlockingMethod(method) {
    return BLOCKING.has(method);
}
//# sourceMappingURL=timing.js.map