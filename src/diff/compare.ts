// Two sides compared: every change, by category, and the requests compared.
import { behaviourChanges } from './behaviour-diff.js';
import { findingChanges } from './findings-diff.js';
import { ignoring } from './json-diff.js';
import { latencyChanges, type LatencyOptions } from './latency-diff.js';
import { surfaceChanges } from './surface-diff.js';
import type { DiffReport, Side } from './types.js';

interface CompareOptions extends LatencyOptions {
  /** Result paths set aside (`--ignore`, globs over dotted paths). */
  ignore: readonly string[];
}

export function compareSides(a: Side, b: Side, opts: CompareOptions): DiffReport {
  const behaviour = behaviourChanges(a, b, ignoring(opts.ignore));
  return {
    a: { captures: a.captures, sessions: a.sessions, messages: a.messages },
    b: { captures: b.captures, sessions: b.sessions, messages: b.messages },
    changes: [
      ...surfaceChanges(a.surface, b.surface),
      ...behaviour.changes,
      ...latencyChanges(a, b, opts),
      ...findingChanges(a, b),
    ],
    requests: { compared: behaviour.compared, onlyA: behaviour.onlyA, onlyB: behaviour.onlyB },
  };
}
