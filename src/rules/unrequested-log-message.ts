// Rule unrequested-log-message: a modern notifications/message no request asked for, below the level asked, or on a listen stream.
import { LOGGING_LEVELS, isLoggingLevel } from '../protocol/logging.js';
import { META, MODERN_REVISIONS } from '../protocol/modern.js';
import { paramsOf } from '../session/direction.js';
import { envelopeOf } from '../session/era.js';
import { requestLogged } from '../session/not-logged.js';
import type { SessionState } from '../session/state.js';
import type { PipelineRecord } from '../types.js';
import { RecentMap } from './support/flow-memory.js';
import { isModernRecord, obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

type Data =
  | { problem: 'tagged' | 'listen-stream' }
  /** A request over HTTP (its exchange's) that did not ask; on stdio, no open request did (`-open`). */
  | { problem: 'no-level'; request: string }
  | { problem: 'no-level-open' }
  | { problem: 'below'; level: string; requested: string; request: string }
  | { problem: 'below-open'; level: string; requested: string };

/** What a request asked for: its `_meta` log level (null: none), and whether it opened a listen stream. */
interface Asked {
  method: string;
  level: string | null;
  listen: boolean;
}

/** Per session: the requests of recent HTTP exchanges, by exchange number (a notification on its answer relates to it). */
type State = RecentMap<Asked>;

const rank = (level: string): number => LOGGING_LEVELS.indexOf(level as (typeof LOGGING_LEVELS)[number]);

function askedBy(method: string, message: unknown): Asked {
  const level = envelopeOf(message)?.[META.logLevel];
  return { method, level: isLoggingLevel(level) ? level : null, listen: method === 'subscriptions/listen' };
}

/** The requests the message may relate to: its exchange's over HTTP, else (stdio) every open client request but listens. */
function relatedOf(record: PipelineRecord, session: Readonly<SessionState>, state: State): Asked[] | null {
  const x = record.http?.exchange;
  if (record.http !== undefined) {
    const asked = x === null || x === undefined ? undefined : state.get(String(x));
    return asked === undefined ? null : [asked];
  }
  const open: Asked[] = [];
  for (const p of session.pending.values())
    if (p.dir === 'c2s' && p.method !== 'subscriptions/listen') open.push(askedBy(p.method, p.message));
  return open;
}

export const unrequestedLogMessage: Rule<Data, State> = {
  meta: {
    id: 'unrequested-log-message',
    severity: 'error',
    summary: 'A 2026-07-28 log message no request asked for (no logLevel, a lower level), or on a listen stream.',
    specUrl: MODERN_SPEC.logging,
    revisions: MODERN_REVISIONS,
    needs: ['client:requests'],
  },
  message: {
    by: 'problem',
    templates: {
      tagged:
        'notifications/message tagged with a subscriptionId: log messages belong to the request that asked for them',
      'listen-stream':
        'notifications/message on a subscriptions/listen stream: log messages belong to the request that asked for them',
      'no-level': `notifications/message for a {request} request that did not ask for log messages (no _meta["${META.logLevel}"])`,
      'no-level-open': `notifications/message, but no open request asked for log messages (no _meta["${META.logLevel}"])`,
      below: 'notifications/message at level {level}, below {requested}, the level the {request} request asked for',
      'below-open':
        'notifications/message at level {level}, below {requested}, the lowest level an open request asked for',
    },
  },
  createState: () => new RecentMap<Asked>(),
  on: { kinds: ['request', 'notification'], body: true },
  check: ({ record, session, state }) => {
    if (record.kind === 'request') {
      const x = record.http?.exchange;
      if (record.dir === 'c2s' && x !== null && x !== undefined && record.method !== null)
        state.set(String(x), askedBy(record.method, record.message));
      return undefined;
    }
    if (
      record.kind !== 'notification' ||
      record.method !== 'notifications/message' ||
      record.dir !== 's2c' ||
      !isModernRecord(record)
    )
      return undefined;
    const params = paramsOf(record.message);
    if (obj(params?._meta)?.[META.subscriptionId] !== undefined) return [{ problem: 'tagged' }];
    if (!requestLogged(session, record.dir)) return undefined;
    const related = relatedOf(record, session, state);
    if (related === null) return undefined;
    if (related.length === 1 && related[0]!.listen) return [{ problem: 'listen-stream' }];
    const request = record.http !== undefined ? related[0]!.method : null;
    const asked = related.flatMap((a) => (a.level === null ? [] : [a.level]));
    if (asked.length === 0) return [request === null ? { problem: 'no-level-open' } : { problem: 'no-level', request }];
    const level = params?.level;
    if (!isLoggingLevel(level)) return undefined;
    const lowest = asked.reduce((a, b) => (rank(b) < rank(a) ? b : a));
    if (rank(level) >= rank(lowest)) return undefined;
    return [
      request === null
        ? { problem: 'below-open', level, requested: lowest }
        : { problem: 'below', level, requested: lowest, request },
    ];
  },
};
