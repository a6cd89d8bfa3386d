// Record filters for annotate: --method, --primitive, --phase, --dir, --kind, --session, --no-logs.
import type { PipelineRecord } from '../types.js';

export interface FilterOptions {
  method?: string[];
  primitive?: string[];
  phase?: string[];
  dir?: string[];
  kind?: string[];
  session?: string[];
  /** `--no-logs` (false): leave out `log` records, the lines of the log that are not MCP messages. */
  logs?: boolean;
}

/**
 * Builds a predicate; each flag may repeat (any of its values matches) and flags combine with AND.
 * A method value ending in `*` or `/` matches as a prefix (`--method 'tools/*'`).
 */
export function buildFilter(f: FilterOptions): ((r: PipelineRecord) => boolean) | null {
  const tests: ((r: PipelineRecord) => boolean)[] = [];
  if (f.method?.length) {
    const exact = new Set(f.method.filter((m) => !isPrefix(m)));
    const prefixes = f.method.filter(isPrefix).map((m) => m.replace(/\*$/, ''));
    tests.push((r) => r.method !== null && (exact.has(r.method) || prefixes.some((p) => r.method!.startsWith(p))));
  }
  if (f.primitive?.length) {
    const set = new Set(f.primitive);
    tests.push((r) => set.has(r.primitive ?? 'unknown') || (r.feature !== null && set.has(r.feature)));
  }
  if (f.phase?.length) tests.push(inSet(f.phase, (r) => r.phase));
  if (f.dir?.length) tests.push(inSet(f.dir, (r) => r.dir));
  if (f.kind?.length) tests.push(inSet(f.kind, (r) => r.kind));
  if (f.session?.length) tests.push(inSet(f.session, (r) => r.session));
  if (f.logs === false) tests.push((r) => r.kind !== 'log');
  if (tests.length === 0) return null;
  return (r) => tests.every((t) => t(r));
}

const isPrefix = (m: string): boolean => m.endsWith('*') || m.endsWith('/');

function inSet(values: string[], get: (r: PipelineRecord) => string): (r: PipelineRecord) => boolean {
  const set = new Set(values);
  return (r) => set.has(get(r));
}
