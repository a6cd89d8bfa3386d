import type { Rule } from './types.js';
/** Subscriptions remembered per session; past this the rule stops reporting (it can no longer be sure). */
export declare const MAX_SUBSCRIPTIONS = 10000;
interface State {
    /** URIs with a resources/subscribe request and no successful resources/unsubscribe since. */
    subscribed: Set<string>;
    /** More than MAX_SUBSCRIPTIONS were open at once: some were forgotten, so nothing is reported any more. */
    overflow: boolean;
}
export declare const resourceUpdateWithoutSubscription: Rule<{
    uri: string;
}, State>;
export {};
