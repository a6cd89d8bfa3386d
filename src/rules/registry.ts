// The registry of all rules, sorted by id; each set lists the rules of one area of the spec.
import { CAPABILITY_RULES } from './sets/capabilities.js';
import { CONTENT_RULES } from './sets/content.js';
import { FLOW_RULES } from './sets/flow.js';
import { FRAMING_RULES } from './sets/framing.js';
import { LIFECYCLE_RULES } from './sets/lifecycle.js';
import { MODERN_RULES } from './sets/modern.js';
import { SCHEMA_RULES } from './sets/schema.js';
import { TRANSPORT_RULES } from './sets/transport.js';
import type { Rule } from './types.js';

export const RULES: readonly Rule<any, any>[] = [
  ...FRAMING_RULES,
  ...LIFECYCLE_RULES,
  ...CAPABILITY_RULES,
  ...FLOW_RULES,
  ...CONTENT_RULES,
  ...SCHEMA_RULES,
  ...TRANSPORT_RULES,
  ...MODERN_RULES,
].sort((a, b) => (a.meta.id < b.meta.id ? -1 : a.meta.id > b.meta.id ? 1 : 0));

export const ruleById: ReadonlyMap<string, Rule<any, any>> = new Map(RULES.map((r) => [r.meta.id, r]));

/** Every rule off: for a reading that shows no findings (statistics, the first pass that finds a log's end). */
export const NO_RULES = Object.fromEntries(RULES.map((r) => [r.meta.id, 'off' as const]));
