// `mock --nearest`: the recorded request of the same method closest to one the recording does not hold, by how many of
// their params' values differ (each leaf a path and its value; `_meta` set aside as when matching).
import stringify from 'safe-stable-stringify';
import { stable } from './request-key.js';
import type { Trigger } from './recording.js';

/** Each recorded request's leaves, made once: a caller's every unmatched request is compared with all of them. */
const recorded = new WeakMap<Trigger, Map<string, string>>();

/** The candidate whose params differ from `params` in the fewest leaves; the first recorded one on a tie. */
export function nearest(candidates: readonly Trigger[], params: unknown): Trigger | undefined {
  const want = leaves(stable(params));
  let best: Trigger | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    let have = recorded.get(c);
    if (!have) recorded.set(c, (have = leaves(stable(c.params))));
    let d = 0;
    for (const [k, v] of want) if (have.get(k) !== v) d++;
    for (const k of have.keys()) if (!want.has(k)) d++;
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** Every leaf of a JSON value: its path (`a.b.0`) and its value as JSON. */
function leaves(value: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0) out.set(path, Array.isArray(value) ? '[]' : '{}');
    for (const [k, v] of entries) leaves(v, path === '' ? k : `${path}.${k}`, out);
  } else if (value !== undefined) out.set(path, stringify(value) ?? 'null');
  return out;
}
