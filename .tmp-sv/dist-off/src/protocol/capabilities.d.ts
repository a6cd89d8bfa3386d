import type { Side } from '../types.js';
import type { CapabilityFlag, CapabilityFlagType, CapabilityShape, Revision } from './types.js';
/** The capability keys each revision defines, per side. */
export declare const CAPABILITY_SHAPES: Readonly<Record<Revision, CapabilityShape>>;
/** Sub-flags that are booleans (must be `true` to count); every other key is an object whose presence counts. */
export declare const BOOLEAN_FLAGS: readonly string[];
/** The definition of a capability key in a revision, or undefined when that revision does not define it. */
export declare function capabilityFlag(side: Side, path: string, revision: Revision): CapabilityFlag | undefined;
/** The value type of a capability key by its last segment (`listChanged`/`subscribe` are booleans). */
export declare function capabilityFlagType(path: string): CapabilityFlagType;
/**
 * Whether a declared capabilities object (from `initialize` params or result) declares `path` (dotted).
 * Every parent must be an own plain-object key. The last key counts when: for `listChanged`/`subscribe`, it is
 * exactly `true`; otherwise it is a plain object (presence declares, spec-table §1.3) or `true` (a common
 * non-conformant spelling whose intent is clear; shape problems are a rule's business, not this test's).
 * Special case (client/elicitation.mdx 2025-11-25 §Capabilities): "an empty capabilities object is equivalent to
 * declaring support for form mode only", so `elicitation.form` also holds for an `elicitation` object that has
 * neither `form` nor `url`.
 */
export declare function isDeclared(caps: unknown, path: string): boolean;
