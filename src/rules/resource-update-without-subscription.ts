// Rule resource-update-without-subscription: notifications/resources/updated for a uri the client never subscribed to.
import { specUrl } from '../protocol/index.js';
import { paramsOf } from '../session/direction.js';
import type { Rule } from './types.js';

/** Subscriptions remembered per session; past this the rule stops reporting (it can no longer be sure). */
const MAX_SUBSCRIPTIONS = 10_000;

interface State {
  /** URIs with a resources/subscribe request and no successful resources/unsubscribe since. */
  subscribed: Set<string>;
  /** More than MAX_SUBSCRIPTIONS were open at once: some were forgotten, so nothing is reported any more. */
  overflow: boolean;
}

const uriOf = (message: unknown): string | null => {
  const uri = paramsOf(message)?.uri;
  return typeof uri === 'string' ? uri : null;
};

/**
 * "This might be a sub-resource of the one that the client actually subscribed to" (ResourceUpdatedNotification
 * `uri`, schema.ts): a subscription covers its uri and anything below it (next character `/`, `?` or `#`).
 */
function covered(subscribed: ReadonlySet<string>, uri: string): boolean {
  if (subscribed.has(uri)) return true;
  // The subscriptions that could cover `uri` end just before one of its separators (or just after a `/`): look those
  // up rather than walk every subscription, unless there are fewer subscriptions than separators. A walk per
  // notification would make a log of many subscriptions and many updates quadratic.
  const cuts: number[] = [];
  for (let i = 0; i < uri.length && cuts.length <= subscribed.size; i++) {
    const c = uri.charCodeAt(i);
    if (c === 0x2f /* / */ || c === 0x3f /* ? */ || c === 0x23 /* # */) cuts.push(i);
  }
  if (cuts.length <= subscribed.size) {
    for (const i of cuts) {
      if (subscribed.has(uri.slice(0, i))) return true;
      if (uri.charCodeAt(i) === 0x2f && i + 1 < uri.length && subscribed.has(uri.slice(0, i + 1))) return true;
    }
    return false;
  }
  for (const s of subscribed) {
    if (uri.length > s.length && uri.startsWith(s) && (s.endsWith('/') || '/?#'.includes(uri[s.length]!))) return true;
  }
  return false;
}

export const resourceUpdateWithoutSubscription: Rule<{ /** As JSON. */ uri: string }, State> = {
  meta: {
    id: 'resource-update-without-subscription',
    severity: 'warning',
    summary: 'The server sent notifications/resources/updated for a uri the client had not subscribed to.',
    specUrl: `${specUrl('server/resources.mdx')}#subscriptions`,
    revisions: 'all',
  },
  message: 'resource update for {uri}, which the client has not subscribed to',
  createState: () => ({ subscribed: new Set(), overflow: false }),
  on: {
    kinds: ['request', 'response', 'notification'],
    methods: ['resources/subscribe', 'resources/unsubscribe', 'notifications/resources/updated'],
    body: true,
  },
  check: ({ record, session, state, facts }) => {
    if (record.kind === 'request' && record.method === 'resources/subscribe') {
      const uri = uriOf(record.message);
      if (uri === null || state.subscribed.has(uri)) return undefined;
      if (state.subscribed.size >= MAX_SUBSCRIPTIONS) state.overflow = true;
      else state.subscribed.add(uri);
    } else if (record.kind === 'response' && record.method === 'resources/unsubscribe' && facts.request) {
      const uri = uriOf(facts.request.message);
      if (uri !== null) state.subscribed.delete(uri);
    } else if (
      record.kind === 'notification' &&
      record.method === 'notifications/resources/updated' &&
      record.dir !== 'c2s'
    ) {
      const uri = uriOf(record.message);
      if (uri === null || !session.info.initializeSeen || state.overflow) return undefined;
      if (!covered(state.subscribed, uri))
        return [{ uri: JSON.stringify(uri.length > 200 ? `${uri.slice(0, 200)}…` : uri) }];
    }
    return undefined;
  },
};
