// Shapes of the protocol tables (data only): methods, capabilities, revisions and error codes.
import type { Feature, Primitive, Side } from '../types.js';

/** Protocol revision strings this tool knows. */
export type Revision = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25';

/** Who may send a method: client to server, server to client, or either. */
export type MethodDirection = 'c2s' | 's2c' | 'both';

/**
 * A capability a message needs. `side` is who must have declared it; `receiver` means the side that
 * receives the message (for methods that go both ways, such as `tasks/list`).
 */
export interface CapabilityRequirement {
  side: Side | 'receiver';
  /** Dotted path inside the declared capabilities object, e.g. `resources.subscribe`. */
  path: string;
  /** Only from this revision on (inclusive); absent = every revision that has the method. */
  since?: Revision;
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
  /** Spec source for the facts above (path in the spec repository). */
  spec: string;
}

export interface ErrorCodeInfo {
  code: number;
  name: string;
  description: string;
}
