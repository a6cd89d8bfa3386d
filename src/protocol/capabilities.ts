// Capability shapes per revision (ClientCapabilities / ServerCapabilities) and the "is it declared?" test.
import type { Side } from '../types.js';
import { pathKeys } from '../util/key-path.js';
import { getOwn, getOwnPath, isPlainObject } from '../util/own.js';
import type { CapabilityFlag, CapabilityFlagType, CapabilityShape, Revision } from './types.js';

// From `ClientCapabilities` / `ServerCapabilities` in each `schema/<rev>/schema.json`
// (https://modelcontextprotocol.io/specification/<rev>/schema §ClientCapabilities, §ServerCapabilities).
// Sets are open ("not a closed set", schema.ts 2025-11-25): unknown keys are not violations.

const obj = (path: string): CapabilityFlag => ({ path, type: 'object' });
const bool = (path: string): CapabilityFlag => ({ path, type: 'boolean' });
const EXPERIMENTAL: CapabilityFlag = { path: 'experimental', type: 'object', freeForm: true };

const CLIENT_2024: readonly CapabilityFlag[] = [EXPERIMENTAL, obj('roots'), bool('roots.listChanged'), obj('sampling')];
const SERVER_2024: readonly CapabilityFlag[] = [
  EXPERIMENTAL,
  obj('logging'),
  obj('prompts'),
  bool('prompts.listChanged'),
  obj('resources'),
  bool('resources.subscribe'),
  bool('resources.listChanged'),
  obj('tools'),
  bool('tools.listChanged'),
];
/** 2025-03-26 adds the `completions` server capability (changelog 2025-03-26). */
const SERVER_2025_03: readonly CapabilityFlag[] = [...SERVER_2024, obj('completions')];
/** 2025-06-18 adds the `elicitation` client capability (changelog 2025-06-18). */
const CLIENT_2025_06: readonly CapabilityFlag[] = [...CLIENT_2024, obj('elicitation')];

/**
 * 2025-11-25: sampling `context`/`tools` (client/sampling.mdx), elicitation `form`/`url` (client/elicitation.mdx),
 * `tasks` on both sides (basic/utilities/tasks.mdx; "the set of capabilities in tasks.requests is exhaustive").
 */
const TASKS_COMMON: readonly CapabilityFlag[] = [
  obj('tasks'),
  obj('tasks.list'),
  obj('tasks.cancel'),
  obj('tasks.requests'),
];
const CLIENT_2025_11: readonly CapabilityFlag[] = [
  ...CLIENT_2025_06,
  obj('sampling.context'),
  obj('sampling.tools'),
  obj('elicitation.form'),
  obj('elicitation.url'),
  ...TASKS_COMMON,
  obj('tasks.requests.sampling'),
  obj('tasks.requests.sampling.createMessage'),
  obj('tasks.requests.elicitation'),
  obj('tasks.requests.elicitation.create'),
];
const SERVER_2025_11: readonly CapabilityFlag[] = [
  ...SERVER_2025_03,
  ...TASKS_COMMON,
  obj('tasks.requests.tools'),
  obj('tasks.requests.tools.call'),
];

/** The capability keys each revision defines, per side. */
export const CAPABILITY_SHAPES: Readonly<Record<Revision, CapabilityShape>> = {
  '2024-11-05': { client: CLIENT_2024, server: SERVER_2024 },
  '2025-03-26': { client: CLIENT_2024, server: SERVER_2025_03 },
  '2025-06-18': { client: CLIENT_2025_06, server: SERVER_2025_03 },
  '2025-11-25': { client: CLIENT_2025_11, server: SERVER_2025_11 },
};

/**
 * Capabilities whose keys others name, and how many levels of them a list of what a side declared shows: none of
 * `experimental` (non-standard capabilities, free-form); one of `extensions` (`ClientCapabilities.extensions` and
 * `ServerCapabilities.extensions`, schema 2026-07-28, sent by hosts before it: each key an extension identifier such as
 * `io.modelcontextprotocol/ui`, its value that extension's settings, which are no capabilities).
 */
export const OPEN_CAPABILITY_LEVELS: Readonly<Record<string, number>> = { experimental: 0, extensions: 1 };

/** Sub-flags that are booleans (must be `true` to count); every other key is an object whose presence counts. */
export const BOOLEAN_FLAGS: readonly string[] = ['listChanged', 'subscribe'];
const BOOLEAN_SET = new Set(BOOLEAN_FLAGS);

const FLAG_INDEX = new Map<string, CapabilityFlag>();
for (const [rev, shape] of Object.entries(CAPABILITY_SHAPES)) {
  for (const side of ['client', 'server'] as const) {
    for (const flag of shape[side]) FLAG_INDEX.set(`${rev} ${side} ${flag.path}`, flag);
  }
}

/** The definition of a capability key in a revision, or undefined when that revision does not define it. */
export function capabilityFlag(side: Side, path: string, revision: Revision): CapabilityFlag | undefined {
  return FLAG_INDEX.get(`${revision} ${side} ${path}`);
}

/** The value type of a capability key by its last segment (`listChanged`/`subscribe` are booleans). */
export function capabilityFlagType(path: string): CapabilityFlagType {
  return BOOLEAN_SET.has(pathKeys(path).pop()!) ? 'boolean' : 'object';
}

/**
 * Whether a declared capabilities object (from `initialize` params or result) declares `path` (a key path,
 * util/key-path.ts: `tasks.requests.tools.call`, `extensions["io.modelcontextprotocol/ui"]`).
 * Every parent must be an own plain-object key. The last key counts when: for `listChanged`/`subscribe`, it is
 * exactly `true`; otherwise it is a plain object (presence declares: "Present if …", schema §ServerCapabilities) or
 * `true` (a common non-conformant spelling whose intent is clear; shape problems are a rule's business, not this
 * test's).
 * Special case (client/elicitation.mdx 2025-11-25 §Capabilities): "an empty capabilities object is equivalent to
 * declaring support for form mode only", so `elicitation.form` also holds for an `elicitation` object that has
 * neither `form` nor `url`.
 */
export function isDeclared(caps: unknown, path: string): boolean {
  // Own-property reads only: `__proto__`/`constructor` keys in the log are inert.
  const keys = pathKeys(path);
  const last = keys.pop()!;
  const node = getOwnPath(caps, keys);
  if (!isPlainObject(node)) return false;
  const value = getOwn(node, last);
  if (BOOLEAN_SET.has(last)) return value === true;
  if (value === true || isPlainObject(value)) return true;
  if (path === 'elicitation.form') return !Object.hasOwn(node, 'form') && !Object.hasOwn(node, 'url');
  return false;
}
