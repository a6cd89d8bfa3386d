// Transport event names (as written by wrap and other capture tools) and what they mean for the lifecycle.

/** A process or connection started: a new stdio session begins (basic/lifecycle.mdx §Initialization). */
export const START_EVENTS: ReadonlySet<string> = new Set(['start', 'spawn', 'connect', 'open']);

/**
 * The transport closed: there is no shutdown message in MCP, closing the transport is the shutdown
 * (basic/lifecycle.mdx §Shutdown: stdio closes stdin / the process exits; HTTP closes or DELETEs the session).
 */
export const CLOSE_EVENTS: ReadonlySet<string> = new Set([
  'stdin-closed',
  'stdout-closed',
  'exit',
  'close',
  'closed',
  'disconnect',
  'disconnected',
  'end',
  'http-delete',
  'delete',
  'session-end',
  'terminated',
  'kill',
  'signal',
  // The server ended the session and answers its id with 404 (basic/transports.mdx §Session Management).
  'http-session-expired',
]);

/** A session break written by a transcript (`=== session ID ===`) or a capture tool. */
export const SESSION_EVENTS: ReadonlySet<string> = new Set(['session', 'session-start']);

/**
 * What a close event shuts, for the messages that come after it in the same session (basic/lifecycle.mdx §Shutdown,
 * basic/transports.mdx): `c2s` the client's channel (the server's stdin), `s2c` the server's (its stdout), `both` the
 * process, connection or session. Close events not listed (`end`, `kill`, `signal`) shut nothing by themselves: a
 * signalled process may still write its last messages.
 */
export const CLOSED_CHANNELS: ReadonlyMap<string, 'c2s' | 's2c' | 'both'> = new Map([
  ['stdin-closed', 'c2s'],
  ['stdout-closed', 's2c'],
  ...[
    'exit',
    'close',
    'closed',
    'disconnect',
    'disconnected',
    'http-delete',
    'delete',
    'session-end',
    'terminated',
    'http-session-expired',
  ].map((name) => [name, 'both'] as [string, 'both']),
]);
