// The filter shortcuts (--tool, --resource, --prompt, --id, --failed, --grep, --since, --until, --slow): each is an
// expression of the filter language (docs/filter.md), joined with --where's by `and`, and so selects pairs as it does.
import { timeParts } from '../filter/time.js';
import { UsageError } from '../util/errors.js';

export interface ShortcutOptions {
  tool?: string[];
  resource?: string[];
  prompt?: string[];
  id?: string[];
  failed?: boolean;
  grep?: string[];
  since?: string;
  until?: string;
  slow?: boolean;
}

/** A shortcut as an expression, and as the person typed it (for the note when nothing matched). */
interface Clause {
  expr: string;
  typed: string;
}

const quote = (v: string): string => `"${v.replace(/["\\]/g, '\\$&')}"`;

/** The clauses of the shortcuts given. */
export function shortcutClauses(f: ShortcutOptions): Clause[] {
  const out: Clause[] = [];
  for (const field of ['tool', 'resource', 'prompt', 'id'] as const) {
    const values = f[field];
    if (values?.length)
      out.push({ expr: `${field} in {${values.map(quote).join(', ')}}`, typed: `--${field} ${values.join(',')}` });
  }
  if (f.failed) out.push({ expr: 'ok == false', typed: '--failed' });
  if (f.slow) out.push({ expr: 'rule == slow-response', typed: '--slow' });
  for (const text of f.grep ?? []) out.push({ expr: `contains ${quote(text)}`, typed: `--grep ${text}` });
  for (const [flag, op] of [
    ['since', '>='],
    ['until', '<'],
  ] as const) {
    const t = f[flag];
    if (t === undefined) continue;
    // A duration (`5m`) was made a time before this, from the log's end (log-end.ts).
    if (timeParts(t) === null)
      throw new UsageError(
        `--${flag} ${t}: not a time (10:32, 10:32:05.250, 2026-11-30, 2026-11-30T10:32:00Z) nor a duration before the log's end (5m, 90s, 1h30m)`,
      );
    out.push({ expr: `time ${op} ${quote(t)}`, typed: `--${flag} ${t}` });
  }
  return out;
}
