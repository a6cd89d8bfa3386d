// The revisions a rule is checked in (`RuleMeta.revisions`): the engine's test, and how the reports say them.
import { isModernVersion, MODERN_REVISIONS } from '../protocol/modern.js';
import { FUTURE_REVISIONS, REVISIONS } from '../protocol/revisions.js';
import type { RuleMeta } from './types.js';

/**
 * Whether a rule is checked in a session of `revision` (null: not known, every rule is). A revision string from
 * 2026-07-28 on that mcptrace does not know is checked by the rules of the modern revisions.
 */
export function appliesIn(revisions: RuleMeta['revisions'], revision: string | null): boolean {
  if (revisions === 'all' || revision === null || revisions.includes(revision)) return true;
  return isModernVersion(revision) && revisions.some((r) => MODERN_REVISIONS.includes(r));
}

/** `all`, `2025-03-26+` (that revision and every later one, the published 2026-07-28 included), `2025-03-26–2025-11-25`, or the list. */
export function revisionsText(r: RuleMeta['revisions']): string {
  if (r === 'all') return 'all';
  const order: readonly string[] = [...REVISIONS, ...MODERN_REVISIONS, ...FUTURE_REVISIONS].sort();
  const from = order.indexOf(r[0]!);
  const tail = from >= 0 ? order.slice(from) : [];
  const run = r.length > 1 && r.every((x, i) => x === tail[i]);
  if (run && tail.length === r.length) return `${r[0]}+`;
  return run ? `${r[0]}–${r[r.length - 1]}` : r.join(', ');
}
