// Protocol features carried in params (not methods) and the revision that introduced each (changelogs, schemas).
import type { Revision } from './types.js';

export interface ParamFeature {
  /** Methods whose params carry the feature. */
  methods: readonly string[];
  /** The params key that signals it. */
  param: string;
  /** When set, the key must have this value (e.g. elicitation `mode` = `url`). */
  equals?: string;
  since: Revision;
  /** Readable name for messages. */
  name: string;
}

/**
 * Features a peer may only use when the session's revision has them ("Respect the negotiated protocol
 * version", basic/lifecycle.mdx §Operation). Cosmetic keys (title, icons, _meta) are left out: unknown
 * keys are allowed in every revision and change nothing for the receiver.
 */
export const PARAM_FEATURES: readonly ParamFeature[] = [
  { methods: ['notifications/progress'], param: 'message', since: '2025-03-26', name: 'progress messages' },
  { methods: ['completion/complete'], param: 'context', since: '2025-06-18', name: 'completion context' },
  {
    methods: ['tools/call', 'sampling/createMessage', 'elicitation/create'],
    param: 'task',
    since: '2025-11-25',
    name: 'task augmentation',
  },
  { methods: ['sampling/createMessage'], param: 'tools', since: '2025-11-25', name: 'tool use in sampling' },
  { methods: ['sampling/createMessage'], param: 'toolChoice', since: '2025-11-25', name: 'tool choice in sampling' },
  { methods: ['elicitation/create'], param: 'mode', equals: 'url', since: '2025-11-25', name: 'URL-mode elicitation' },
];

const byMethod = new Map<string, ParamFeature[]>();
for (const f of PARAM_FEATURES) for (const m of f.methods) byMethod.set(m, [...(byMethod.get(m) ?? []), f]);

/** The features these params use, of this method. */
export function paramFeaturesUsed(method: string, params: Record<string, unknown> | null): ParamFeature[] {
  const candidates = byMethod.get(method);
  if (!candidates || params === null) return [];
  return candidates.filter(
    (f) =>
      Object.hasOwn(params, f.param) &&
      params[f.param] != null &&
      (f.equals === undefined || params[f.param] === f.equals),
  );
}
