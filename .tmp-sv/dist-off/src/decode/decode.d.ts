import type { Frame, Kind } from '../types.js';
/** A JSON-RPC message (or an event, or an unreadable record) as read from one frame. */
export interface Decoded {
    frame: Frame;
    kind: Kind;
    id: string | number | null;
    method: string | null;
    /** The parsed message; null for invalid records and events. */
    message: unknown;
    /** Single-line JSON text of the message that sinks may copy verbatim, else null. */
    text: string | null;
    bytes: number;
    /** Set on `invalid` records: the text that could not be read. */
    raw?: string;
    /** Why the record is invalid or malformed: reported by the framing rules. */
    problem?: {
        rule: 'invalid-json' | 'invalid-frame' | 'invalid-jsonrpc';
        detail: string;
    };
    batch?: {
        index: number;
        size: number;
    };
    /**
     * An id that JSON-RPC accepts but MCP does not: `null` on a request (basic/index.mdx §Requests: "the ID MUST NOT
     * be null"), or a number that is not an integer (schema `RequestId` = string | integer). Reported by the
     * `null-request-id` and `non-integer-id` rules, not as `invalid-jsonrpc`.
     */
    idProblem?: 'null' | 'non-integer';
}
/** Decode one frame. A batch (JSON array) yields one Decoded per element. */
export declare function decodeFrame(frame: Frame): Decoded[];
/** Classify a parsed value as request, notification, response or error (basic/index.mdx §Messages). */
export declare function classify(frame: Frame, value: unknown, text: string | null, bytes: number): Decoded;
