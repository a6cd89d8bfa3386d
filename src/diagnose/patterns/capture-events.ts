// DATA: the words of a capture's own transport events (wrap's `spawn-error`, proxy's `proxy-error`, the HTTP reader's
// `http-status` and `http-session-expired`, a tool capture's), as a host's line would say them: the line patterns of
// host-lines.ts then read what they mean, so `HTTP 401` is an auth failure whether a host or a capture tells it.
import type { SignalKind } from './host-lines.js';

type EventData = Readonly<Record<string, unknown>>;

interface EventWords {
  /** The event's words; null when it has none worth reading. */
  words: (data: EventData) => string | null;
  /** The signal the event is by itself, whatever its words (they are then its evidence). */
  kind?: SignalKind;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const status = (d: EventData): string => (typeof d.status === 'number' ? `HTTP ${d.status}` : 'HTTP');

export const EVENT_WORDS: ReadonlyMap<string, EventWords> = new Map<string, EventWords>([
  // wrap: the server's command never ran ("cannot start uvx: command not found (ENOENT)").
  ['spawn-error', { words: (d) => text(d.message) }],
  // proxy: the target refused, reset or broke off an answer ("connect ECONNREFUSED 127.0.0.1:3001").
  ['proxy-error', { words: (d) => text(d.message) }],
  // An HTTP answer that is no success: its status, and the challenge of a 401 where the capture kept it.
  // (`authChallenge`: mcptrace's HTTP reader; `auth_challenge`: mcpsnoop's.)
  [
    'http-status',
    {
      words: (d) =>
        typeof d.status === 'number'
          ? [status(d), text(d.authChallenge) ?? text(d.auth_challenge)].filter(Boolean).join(' WWW-Authenticate: ')
          : null,
    },
  ],
  // A 404 to a request that named its session: the server no longer knows it.
  ['http-session-expired', { kind: 'session-lost', words: (d) => `${status(d)} to a request of the session` }],
]);
