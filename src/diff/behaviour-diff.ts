// Behaviour on the requests both sides asked (same key: method and params, `_meta` set aside), answer by answer in
// order: an answer that became an error (breaking), an error that became an answer, an `isError` flip, a result whose
// shape or values changed (paths set aside with --ignore). The list methods' answers are the surface (surface-diff.ts):
// compared item by item there, by name, not here by position.
import { SURFACE_METHODS } from './collect.js';
import { diffJson } from './json-diff.js';
import { MAX_PATHS_SHOWN } from './limits.js';
import type { Change, Outcome, Side } from './types.js';

export function behaviourChanges(
  a: Side,
  b: Side,
  ignore: (path: string) => boolean,
): { changes: Change[]; compared: number; onlyA: number; onlyB: number } {
  const changes: Change[] = [];
  let compared = 0;
  let onlyA = 0;
  let onlyB = 0;
  for (const key of Object.keys(b.answers)) if (!(key in a.answers)) onlyB++;
  for (const [key, la] of Object.entries(a.answers)) {
    const lb = b.answers[key];
    if (!lb) {
      onlyA++;
      continue;
    }
    compared++;
    if (SURFACE_METHODS.has(key.split(' ', 1)[0]!)) continue;
    const n = Math.min(la.length, lb.length);
    for (let i = 0; i < n; i++) {
      const c = outcomeChange(la[i]!, lb[i]!, ignore);
      if (c)
        changes.push({
          category: 'behaviour',
          breaking: c.breaking,
          subject: shortKey(key, la.length > 1 ? i + 1 : 0),
          what: c.what,
        });
    }
  }
  return { changes, compared, onlyA, onlyB };
}

function outcomeChange(
  a: Outcome,
  b: Outcome,
  ignore: (path: string) => boolean,
): { what: string; breaking: boolean } | null {
  const word = (o: Outcome) =>
    o.status === 'error'
      ? `error ${o.code ?? ''}`.trim()
      : o.status === 'isError'
        ? 'a tool error (isError)'
        : 'answered';
  if (a.status === 'ok' && b.status === 'error') return { what: `answered, now ${word(b)}`, breaking: true };
  if (a.status !== b.status) return { what: `${word(a)}, now ${word(b)}`, breaking: false };
  if (a.status === 'error') return a.code === b.code ? null : { what: `error ${a.code} → ${b.code}`, breaking: false };
  if (a.result === undefined || b.result === undefined) return null;
  const { changes, more } = diffJson(a.result, b.result, ignore, MAX_PATHS_SHOWN);
  if (changes.length === 0) return null;
  const shape = changes.some((c) => c.kind !== 'value');
  const paths = changes.map((c) => (c.kind === 'value' ? c.path : `${c.path} ${c.kind}`)).join(', ');
  return { what: `result ${shape ? 'shape' : 'values'} changed: ${paths}${more ? ' …' : ''}`, breaking: false };
}

/** A request key as a subject: the method and, briefly, its params; `#n` for the n-th of repeated ones. */
function shortKey(key: string, nth: number): string {
  const text = key.length > 90 ? `${key.slice(0, 89)}…` : key;
  return nth > 0 ? `${text} (#${nth})` : text;
}
