// Rule message-after-shutdown: a message travels on a channel the log already showed closed.
import { CLOSED_CHANNELS, START_EVENTS } from '../session/events.js';
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

interface Closed {
  event: string;
  seq: number;
}

/** Per direction, the event that closed it (a `both` event closes the two). */
interface State {
  c2s: Closed | null;
  s2c: Closed | null;
}

const MESSAGE_KINDS = new Set(['request', 'response', 'error', 'notification']);

export const messageAfterShutdown: Rule<
  { /** `c2s request tools/call` */ message: string; event: string; eventSeq: RecordRef },
  State
> = {
  meta: {
    id: 'message-after-shutdown',
    severity: 'error',
    summary: 'A message after the transport closed (stdin or stdout closed, process exit, session end).',
    specUrl: `${SPEC.lifecycle}#shutdown`,
    revisions: 'all',
  },
  message: '{message} after the transport closed ({event}, #{eventSeq})',
  createState: () => ({ c2s: null, s2c: null }),
  check: ({ record, state }) => {
    if (record.kind === 'event') {
      const name = record.event?.name ?? '';
      if (START_EVENTS.has(name)) {
        state.c2s = state.s2c = null;
        return undefined;
      }
      const closes = CLOSED_CHANNELS.get(name);
      const at = { event: name, seq: record.seq };
      if (closes === 'c2s' || closes === 'both') state.c2s ??= at;
      if (closes === 's2c' || closes === 'both') state.s2c ??= at;
      return undefined;
    }
    if (!MESSAGE_KINDS.has(record.kind)) return undefined;
    // A message whose sender is unknown is late only when both channels are shut.
    const closed =
      record.dir === 'c2s'
        ? state.c2s
        : record.dir === 's2c'
          ? state.s2c
          : state.c2s && state.s2c
            ? state.c2s.seq >= state.s2c.seq
              ? state.c2s
              : state.s2c
            : null;
    if (!closed) return undefined;
    return [
      {
        message: `${record.dir} ${record.kind}${record.method ? ` ${record.method}` : ''}`,
        event: closed.event,
        eventSeq: ref(closed.seq),
      },
    ];
  },
};
