/**
 * Methods whose receiver legitimately holds the response back:
 * - `tasks/result`: the receiver "MUST block the response until the task reaches a terminal status" and then returns
 *   the underlying result (basic/utilities/tasks.mdx §Result Retrieval; spec-table §1.1, §8), so its latency is the
 *   task's run time.
 * - `elicitation/create`: the response is the user's answer to a form or URL (client/elicitation.mdx), so its
 *   latency is the user's thinking time, not the client's speed.
 */
export declare const BLOCKING_METHODS: readonly string[];
/** True when a slow response to `method` is expected (see BLOCKING_METHODS). */
export declare function isBlockingMethod(method: string): boolean;
