// Rule subscription-notification: a listen stream's notifications out of order, untagged, tagged for no listen, or not asked for.
import { META, MODERN_REVISIONS } from '../protocol/modern.js';
import { paramsOf } from '../session/direction.js';
import { isModernRecord, obj, resultOf } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

type Problem = 'before-ack' | 'untagged' | 'no-listen' | 'result-id' | 'not-requested' | 'not-acknowledged';

interface Data {
  problem: Problem;
  method: string;
  id: string;
}

/** Notifications delivered only on a listen stream (subscriptions.mdx: "only opted-in change notifications"). */
const STREAM_ONLY = new Set([
  'notifications/subscriptions/acknowledged', 'notifications/resources/list_changed', 'notifications/resources/updated',
  'notifications/prompts/list_changed', 'notifications/tools/list_changed',
]);

/** The filter field of `SubscriptionFilter` that asks for each change notification (schema.ts). */
const FILTER_FIELD: Readonly<Record<string, string>> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
  'notifications/resources/updated': 'resourceSubscriptions',
};

/** Whether a filter (`notifications` of the listen or its ack) asks for the field: `true`, or a non-empty URI list. */
function asks(filter: Record<string, unknown> | null, field: string): boolean {
  const v = filter?.[field];
  return v === true || (Array.isArray(v) && v.length > 0);
}

const TEXT: Readonly<Record<Problem, (d: Data) => string>> = {
  'before-ack': (d) => `${d.method} for subscription ${d.id} before its notifications/subscriptions/acknowledged`,
  untagged: (d) => `${d.method} without _meta["${META.subscriptionId}"]: it belongs on a subscriptions/listen stream`,
  'no-listen': (d) => `${d.method} tagged with subscription ${d.id}, which is no open subscriptions/listen`,
  'not-requested': (d) => `${d.method} on subscription ${d.id}, whose subscriptions/listen filter did not request ${FILTER_FIELD[d.method]}`,
  'not-acknowledged': (d) => `${d.method} on subscription ${d.id}, whose acknowledgement left out ${FILTER_FIELD[d.method]}`,
  'result-id': (d) => `subscriptions/listen result's _meta["${META.subscriptionId}"] is ${d.id}, not its request id`,
};

/** Per session: the subscription ids (as JSON) acknowledged so far, each with the filter its acknowledgement honours. */
type State = Map<string, Record<string, unknown> | null>;

export const subscriptionNotification: Rule<Data, State> = {
  meta: {
    id: 'subscription-notification',
    severity: 'error',
    description:
      'A subscription stream out of order (basic/patterns/subscriptions.mdx): the acknowledgement MUST be the first message carrying a `subscriptionId`; a change notification (list changed, resource updated) is delivered only on a `subscriptions/listen` stream and MUST carry `_meta["io.modelcontextprotocol/subscriptionId"]`, the id of an open listen request; the listen\'s final result carries that id too (schema `SubscriptionsListenResult`); a change notification of a type the listen\'s filter did not request, or its acknowledgement left out, is not for that stream.',
    specUrl: MODERN_SPEC.subscriptions,
    revisions: MODERN_REVISIONS,
  },
  message: (d) => TEXT[d.problem](d),
  createState: () => new Map(),
  on: { kinds: ['notification', 'response'], body: true },
  check: ({ record, session, state }) => {
    if (!isModernRecord(record) || record.method === null) return undefined;
    if (record.kind === 'response') {
      if (record.method !== 'subscriptions/listen') return undefined;
      const tag = obj(resultOf(record)?._meta)?.[META.subscriptionId];
      return tag !== undefined && tag !== record.id ? [{ problem: 'result-id', method: record.method, id: JSON.stringify(tag) ?? '?' }] : undefined;
    }
    if (record.kind !== 'notification' || record.dir !== 's2c' || !STREAM_ONLY.has(record.method)) return undefined;
    const tag = obj(paramsOf(record.message)?._meta)?.[META.subscriptionId];
    if (tag === undefined) return [{ problem: 'untagged', method: record.method, id: '' }];
    const id = JSON.stringify(tag) ?? '?';
    const listen = typeof tag === 'string' || typeof tag === 'number' ? session.pending.get('c2s', tag) : undefined;
    if (listen?.method !== 'subscriptions/listen') return [{ problem: 'no-listen', method: record.method, id }];
    if (record.method === 'notifications/subscriptions/acknowledged') {
      state.set(id, obj(paramsOf(record.message)?.notifications));
      return undefined;
    }
    if (!state.has(id)) return [{ problem: 'before-ack', method: record.method, id }];
    const field = FILTER_FIELD[record.method]!;
    if (!asks(obj(paramsOf(listen.message)?.notifications), field)) return [{ problem: 'not-requested', method: record.method, id }];
    const ack = state.get(id);
    return ack !== null && ack !== undefined && !asks(ack, field) ? [{ problem: 'not-acknowledged', method: record.method, id }] : undefined;
  },
};
