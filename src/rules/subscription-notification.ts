// Rule subscription-notification: a listen stream's messages out of order, untagged, tagged for no listen, not asked for, or not its own.
import { META, MODERN_REVISIONS } from '../protocol/modern.js';
import { paramsOf } from '../session/direction.js';
import { isModernRecord, obj, resultOf } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

type Problem =
  | 'before-ack'
  | 'untagged'
  | 'no-listen'
  | 'result-id'
  | 'not-requested'
  | 'not-acknowledged'
  | 'uri-not-subscribed'
  | 'uri-not-acknowledged'
  | 'ack-not-requested'
  | 'request-scoped'
  | 'other-stream';

interface Data {
  problem: Problem;
  method: string;
  id: string;
  /**
   * The URI of a resource update, the filter entries an acknowledgement added, the subscription whose stream carried
   * it, or the filter field a change notification needs.
   */
  detail?: string;
}

/** Notifications delivered only on a listen stream (subscriptions.mdx: "only opted-in change notifications"). */
const STREAM_ONLY = new Set([
  'notifications/subscriptions/acknowledged',
  'notifications/resources/list_changed',
  'notifications/resources/updated',
  'notifications/prompts/list_changed',
  'notifications/tools/list_changed',
]);

/** Notifications that relate to one request and never go on a listen stream (streamable-http.mdx, subscriptions.mdx). */
const REQUEST_SCOPED = new Set(['notifications/progress', 'notifications/message']);

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

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The URI is one of the list's or a sub-resource of one ("might be a sub-resource", schema ResourceUpdatedNotificationParams). */
function covers(list: readonly string[], uri: string): boolean {
  return list.some((s) => uri === s || (uri.startsWith(s) && (s.endsWith('/') || '/?#'.includes(uri[s.length]!))));
}

/** What an acknowledgement honours that its listen's filter did not ask for: fields, and URIs of `resourceSubscriptions`. */
function unrequested(ack: Record<string, unknown>, asked: Record<string, unknown> | null): string[] {
  const out: string[] = [];
  for (const field of Object.keys(ack)) {
    if (!asks(ack, field)) continue;
    if (!asks(asked, field)) out.push(field);
    else if (Array.isArray(ack[field])) {
      const wanted = strings(asked?.[field]);
      for (const v of strings(ack[field])) if (!wanted.includes(v)) out.push(`${field} ${JSON.stringify(v)}`);
    }
  }
  return out;
}

/** The message of each problem (src/rules/message.ts). */
const TEXT: Readonly<Record<Problem, string>> = {
  'before-ack': '{method} for subscription {id} before its notifications/subscriptions/acknowledged',
  untagged: `{method} without _meta["${META.subscriptionId}"]: it belongs on a subscriptions/listen stream`,
  'no-listen': '{method} tagged with subscription {id}, which is no open subscriptions/listen',
  'not-requested': '{method} on subscription {id}, whose subscriptions/listen filter did not request {detail}',
  'not-acknowledged': '{method} on subscription {id}, whose acknowledgement left out {detail}',
  'result-id': `subscriptions/listen result's _meta["${META.subscriptionId}"] is {id}, not its request id`,
  'uri-not-subscribed':
    '{method} for {detail} on subscription {id}, whose resourceSubscriptions do not list it (or a resource it is part of)',
  'uri-not-acknowledged':
    "{method} for {detail} on subscription {id}, whose acknowledgement's resourceSubscriptions left it out",
  'ack-not-requested':
    'acknowledgement of subscription {id} lists {detail}, which its subscriptions/listen filter did not request',
  'other-stream': '{method} tagged with subscription {id} on the listen stream of subscription {detail}',
  'request-scoped':
    '{method} on the listen stream of subscription {id}: progress and log notifications go only with the request they relate to',
};

/** Listen requests remembered per session by HTTP exchange (their POST's answer is the stream); the oldest forgotten past this. */
const KEPT = 256;

interface State {
  /** The subscription ids (as JSON) of open listens acknowledged so far, each with the filter its acknowledgement honours. */
  acked: Map<string, Record<string, unknown> | null>;
  /** HTTP exchange of each modern listen request → its subscription id (as JSON). */
  streams: Map<number, string>;
}

export const subscriptionNotification: Rule<Data, State> = {
  meta: {
    id: 'subscription-notification',
    severity: 'error',
    summary: 'A subscription stream out of order: a change notification not for an open listen, or before its ack.',
    specUrl: MODERN_SPEC.subscriptions,
    revisions: MODERN_REVISIONS,
  },
  message: { by: 'problem', templates: TEXT },
  // The acknowledgement lists what the server honours; listing more is a SHOULD-level fault (spec-2026-07-28 §6 rule 23).
  severityOf: (d, severity) => (d.problem === 'ack-not-requested' ? 'warning' : severity),
  createState: () => ({ acked: new Map(), streams: new Map() }),
  on: { kinds: ['request', 'notification', 'response', 'error'], body: true },
  check: ({ record, facts, session, state }) => {
    if (!isModernRecord(record) || record.method === null) return undefined;
    if (record.kind === 'request') {
      const x = record.http?.exchange;
      if (record.method === 'subscriptions/listen' && x !== undefined && x !== null) {
        state.streams.set(x, JSON.stringify(record.id) ?? '?');
        if (state.streams.size > KEPT) state.streams.delete(state.streams.keys().next().value!);
      }
      return undefined;
    }
    if (record.kind === 'response' || record.kind === 'error') {
      if (record.method !== 'subscriptions/listen') return undefined;
      const own = JSON.stringify(record.id) ?? '?';
      const acked = state.acked.delete(own);
      if (record.kind === 'error') return undefined;
      const tag = obj(resultOf(record)?._meta)?.[META.subscriptionId];
      if (tag !== undefined && tag !== record.id)
        return [{ problem: 'result-id', method: record.method, id: JSON.stringify(tag) ?? '?' }];
      return tag !== undefined && !acked
        ? [{ problem: 'before-ack', method: 'subscriptions/listen result', id: own }]
        : undefined;
    }
    if (record.kind !== 'notification' || record.dir !== 's2c') return undefined;
    const params = paramsOf(record.message);
    const tag = obj(params?._meta)?.[META.subscriptionId];
    if (REQUEST_SCOPED.has(record.method)) {
      const x = record.http?.exchange;
      const stream =
        tag !== undefined
          ? (JSON.stringify(tag) ?? '?')
          : facts.progressFor?.method === 'subscriptions/listen'
            ? JSON.stringify(facts.progressFor.id)
            : x !== undefined && x !== null
              ? state.streams.get(x)
              : undefined;
      return stream === undefined ? undefined : [{ problem: 'request-scoped', method: record.method, id: stream }];
    }
    if (!STREAM_ONLY.has(record.method)) return undefined;
    if (tag === undefined) return [{ problem: 'untagged', method: record.method, id: '' }];
    const id = JSON.stringify(tag) ?? '?';
    const listen = typeof tag === 'string' || typeof tag === 'number' ? session.pending.get('c2s', tag) : undefined;
    if (listen?.method !== 'subscriptions/listen') return [{ problem: 'no-listen', method: record.method, id }];
    // On HTTP each listen has its own stream, the answer of its POST: the tag names that listen.
    const x = record.http?.exchange;
    const stream = x === undefined || x === null ? undefined : state.streams.get(x);
    if (stream !== undefined && stream !== id)
      return [{ problem: 'other-stream', method: record.method, id, detail: stream }];
    const asked = obj(paramsOf(listen.message)?.notifications);
    if (record.method === 'notifications/subscriptions/acknowledged') {
      const ack = obj(params?.notifications);
      state.acked.set(id, ack);
      const extra = ack === null ? [] : unrequested(ack, asked);
      return extra.length === 0
        ? undefined
        : [{ problem: 'ack-not-requested', method: record.method, id, detail: extra.join(', ') }];
    }
    if (!state.acked.has(id)) return [{ problem: 'before-ack', method: record.method, id }];
    const field = FILTER_FIELD[record.method]!;
    if (!asks(asked, field)) return [{ problem: 'not-requested', method: record.method, id, detail: field }];
    const ack = state.acked.get(id);
    if (ack !== null && ack !== undefined && !asks(ack, field))
      return [{ problem: 'not-acknowledged', method: record.method, id, detail: field }];
    const uri = params?.uri;
    if (record.method !== 'notifications/resources/updated' || typeof uri !== 'string') return undefined;
    const detail = JSON.stringify(uri);
    if (!covers(strings(asked?.resourceSubscriptions), uri))
      return [{ problem: 'uri-not-subscribed', method: record.method, id, detail }];
    const honoured = ack?.resourceSubscriptions;
    return Array.isArray(honoured) && !covers(strings(honoured), uri)
      ? [{ problem: 'uri-not-acknowledged', method: record.method, id, detail }]
      : undefined;
  },
};
