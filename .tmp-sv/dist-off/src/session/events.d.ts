/** A process or connection started: a new stdio session begins (basic/lifecycle.mdx §Initialization). */
export declare const START_EVENTS: ReadonlySet<string>;
/**
 * The transport closed: there is no shutdown message in MCP, closing the transport is the shutdown
 * (basic/lifecycle.mdx §Shutdown: stdio closes stdin / the process exits; HTTP closes or DELETEs the session).
 */
export declare const CLOSE_EVENTS: ReadonlySet<string>;
/** A session break written by a transcript (`=== session ID ===`) or a capture tool. */
export declare const SESSION_EVENTS: ReadonlySet<string>;
/**
 * What a close event shuts, for the messages that come after it in the same session (basic/lifecycle.mdx §Shutdown,
 * basic/transports.mdx): `c2s` the client's channel (the server's stdin), `s2c` the server's (its stdout), `both` the
 * process, connection or session. Close events not listed (`end`, `kill`, `signal`) shut nothing by themselves: a
 * signalled process may still write its last messages.
 */
export declare const CLOSED_CHANNELS: ReadonlyMap<string, 'c2s' | 's2c' | 'both'>;
