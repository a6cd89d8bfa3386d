import type { SessionState } from './state.js';
/** `initialize` params: protocolVersion, capabilities, clientInfo (basic/lifecycle.mdx §Initialization). */
export declare function readInitializeRequest(s: SessionState, message: unknown, seq: number): void;
/** `initialize` result: protocolVersion (the negotiated revision), capabilities, serverInfo. */
export declare function readInitializeResult(s: SessionState, message: unknown): void;
