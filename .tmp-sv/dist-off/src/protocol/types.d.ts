import type { Feature, Primitive, Side } from '../types.js';
/** Protocol revision strings this tool knows. */
export type Revision = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25';
/** Who may send a method: client to server, server to client, or either. */
export type MethodDirection = 'c2s' | 's2c' | 'both';
/**
 * A capability a message needs. `side` is who must have declared it; `receiver` means the side that
 * receives the message (for methods that go both ways, such as `tasks/list`); `sender` means the side that
 * sends it (used by `notifications/tasks/status`, which the task receiver sends about its own tasks).
 */
export interface CapabilityRequirement {
    side: Side | 'receiver' | 'sender';
    /** Dotted path inside the declared capabilities object, e.g. `resources.subscribe`. */
    path: string;
    /** Only from this revision on (inclusive); absent = every revision that has the method. */
    since?: Revision;
    /** `should` when the spec only says SHOULD for this requirement; absent = MUST. */
    level?: 'should';
}
/**
 * A capability needed only when the params have a certain shape (e.g. `sampling/createMessage`
 * with `tools` needs client `sampling.tools`). The first matching condition wins over the base.
 */
export interface ConditionalRequirement extends CapabilityRequirement {
    /** A params key that must be present (dotted path, e.g. `task`). */
    whenParam: string;
    /** If given, the param must equal this value (e.g. `mode` = `url`). */
    equals?: string;
    /**
     * With `equals`: the condition also holds when the param is absent (e.g. elicitation `mode` absent or
     * `form` → form mode, `client/elicitation.mdx` 2025-11-25).
     */
    orAbsent?: boolean;
}
export interface MethodInfo {
    method: string;
    kind: 'request' | 'notification';
    direction: MethodDirection;
    primitive: Primitive;
    /** For `base` methods: which base feature; null otherwise. */
    feature: Feature | null;
    /** Revisions in which the method exists. */
    revisions: readonly Revision[];
    /** The capability the message depends on, or null when it needs none. */
    capability: CapabilityRequirement | null;
    /** Conditional capability requirements checked before `capability`, in order. */
    conditional?: readonly ConditionalRequirement[];
    /**
     * Spec source for the facts above: a page path relative to `docs/specification/<revision>/` in the spec
     * repository (the same path exists in every revision that has the method), e.g. `server/resources.mdx`.
     */
    spec: string;
}
/** Who defines an error code: JSON-RPC 2.0 itself, the MCP specification, or only the TypeScript SDK. */
export type ErrorCodeOrigin = 'jsonrpc' | 'mcp' | 'sdk';
export interface ErrorCodeInfo {
    code: number;
    name: string;
    description: string;
    /** Who defines the code (absent = JSON-RPC 2.0). */
    origin?: ErrorCodeOrigin;
    /** Revisions whose specification defines the code (absent = all known revisions, or not spec-defined). */
    revisions?: readonly Revision[];
}
/** The value type of one capability flag: an object whose presence declares it, or a boolean that must be `true`. */
export type CapabilityFlagType = 'object' | 'boolean';
/** One key of a ClientCapabilities / ServerCapabilities object, by dotted path. */
export interface CapabilityFlag {
    path: string;
    type: CapabilityFlagType;
    /** Free-form object whose contents the spec does not define (`experimental`). */
    freeForm?: boolean;
}
/** The capability keys a revision defines for each side. */
export interface CapabilityShape {
    client: readonly CapabilityFlag[];
    server: readonly CapabilityFlag[];
}
