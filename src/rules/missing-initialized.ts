// Rule missing-initialized: the client never sent notifications/initialized after a successful initialize.
import { logs } from '../session/not-logged.js';
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

interface State {
  /** The successful initialize response, while notifications/initialized has not come. */
  result: { seq: number; source: string } | null;
  /** The client sent something after that response (it did not just disconnect). */
  clientWentOn: boolean;
  reported: boolean;
}

interface Data {
  /** Where it is reported: on the client's request, or at end of input. */
  at: 'request' | 'end';
  /** Seq of the first client request that went on without it; null when reported at end of input. */
  atSeq: RecordRef | null;
  method: string | null;
}

export const missingInitialized: Rule<Data, State> = {
  meta: {
    id: 'missing-initialized',
    severity: 'error',
    summary: 'The client never sent notifications/initialized after a successful initialize.',
    specUrl: `${SPEC.lifecycle}#initialization`,
    revisions: 'all',
    needs: ['client:notifications'],
  },
  message: {
    by: 'at',
    templates: {
      end: 'the client never sent notifications/initialized after this successful initialize response',
      request: 'client sent {method} without having sent notifications/initialized after the initialize response',
    },
  },
  createState: () => ({ result: null, clientWentOn: false, reported: false }),
  check: ({ record, facts, session, state }) => {
    // A log that never holds the client's notifications cannot tell whether it sent this one.
    if (!logs(session, 'client', 'notifications')) return undefined;
    if (
      record.kind === 'response' &&
      facts.request?.method === 'initialize' &&
      facts.request.seq === session.initializeSeq
    ) {
      state.result = { seq: record.seq, source: record.source };
      state.clientWentOn = false;
      return undefined;
    }
    if (record.kind === 'notification' && record.method === 'notifications/initialized') {
      state.result = null;
      return undefined;
    }
    if (state.result && record.dir === 'c2s' && record.kind !== 'event' && record.kind !== 'invalid')
      state.clientWentOn = true;
    if (!facts.withoutInitialized || state.reported) return undefined;
    state.reported = true;
    return [{ at: 'request', atSeq: ref(record.seq), method: record.method }];
  },
  sessionEnd: ({ state, session }) => {
    if (!logs(session, 'client', 'notifications')) return undefined;
    if (state.reported || !state.result || !state.clientWentOn || session.info.initializedSeen) return undefined;
    return [{ seq: state.result.seq, source: state.result.source, data: { at: 'end', atSeq: null, method: null } }];
  },
};
