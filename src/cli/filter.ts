// Record filters for annotate: --where EXPR (the filter language, src/filter/), --method, --primitive, --phase, --dir,
// --kind, --session, --no-logs.
import { FilterError } from '../filter/error.js';
import { compile } from '../filter/evaluate.js';
import { FIELD_BY_NAME, type FieldContext } from '../filter/fields.js';
import { parseFilter } from '../filter/parse.js';
import { SeenValues, wantedValues, type Wanted } from '../filter/seen.js';
import { PairSelector } from '../filter/select.js';
import type { PipelineRecord } from '../types.js';
import { UsageError } from '../util/errors.js';
import { shortcutClauses, type ShortcutOptions } from './filter-shortcuts.js';

export interface FilterOptions extends ShortcutOptions {
  /** `--where EXPR` (`-Y`): the filter language; a record it matches is shown with its pair. */
  where?: string;
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
function buildFilter(f: FilterOptions, ctx: FieldContext): ((r: PipelineRecord) => boolean) | null {
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
  if (f.session?.length) {
    // The key, or the tag the transcript shows (`s2`).
    const set = new Set(f.session);
    const tag = ctx.sessionTag;
    tests.push((r) => set.has(r.session) || (tag !== undefined && set.has(tag(r.session))));
  }
  if (f.logs === false) tests.push((r) => r.kind !== 'log');
  if (tests.length === 0) return null;
  return (r) => tests.every((t) => t(r));
}

const isPrefix = (m: string): boolean => m.endsWith('*') || m.endsWith('/');

function inSet(values: string[], get: (r: PipelineRecord) => string): (r: PipelineRecord) => boolean {
  const set = new Set(values);
  return (r) => set.has(get(r));
}

/**
 * The filters a `--jobs` worker applies (structured-cloned to it): all but `--session` (a worker numbers its sessions
 * on its own) and `--no-logs`. The expression is parsed here first, so that a mistake in it is a usage error.
 */
export function taskFilter(f: FilterOptions): FilterOptions {
  const picked: FilterOptions = {
    method: f.method,
    primitive: f.primitive,
    phase: f.phase,
    dir: f.dir,
    kind: f.kind,
    where: f.where,
    tool: f.tool,
    resource: f.resource,
    prompt: f.prompt,
    id: f.id,
    failed: f.failed,
    slow: f.slow,
    grep: f.grep,
    since: f.since,
    until: f.until,
  };
  buildSelection(picked, 1);
  return picked;
}

/** The records a run shows, with a note on stderr when its filters matched none. */
interface Selection {
  /** The records to show for one read (its held request first when the expression matched its answer). */
  push(r: PipelineRecord): PipelineRecord[];
  /** Lines for stderr at the end: none unless filters were given and nothing was shown. */
  end(): string[];
  /** What a `--jobs` worker read and showed, for the coordinator's `absorb`: its `end` then speaks for all. */
  state(): SelectionState;
  absorb(s: SelectionState): void;
}

/** Records read and shown, and the values of the fields asked for that the records had. */
export interface SelectionState {
  read: number;
  shown: number;
  seen: [string, string[]][];
}

/**
 * `ctx.sessionTag`: the tag each session is shown with, so that `--session s2` and `session == "s2"` take it.
 * `--where` selects records with their pairs (`maxHeld`: requests held for an answer that may match, src/filter/select.ts);
 * the flags then narrow what it selected (`--kind request --where isError`: the requests that failed).
 */
export function buildSelection(f: FilterOptions, maxHeld: number, ctx: FieldContext = {}): Selection | null {
  const keep = buildFilter(f, ctx);
  const clauses = shortcutClauses(f);
  const where =
    f.where === undefined && clauses.length === 0
      ? null
      : whereExpression(
          f.where,
          clauses.map((c) => c.expr),
        );
  if (!keep && !where) return null;
  const selector = where ? new PairSelector(compile(where, ctx), maxHeld) : null;
  const [method, session] = [FIELD_BY_NAME.get('method')!, FIELD_BY_NAME.get('session')!];
  const wanted: Wanted[] = [
    ...(where ? wantedValues(where) : []),
    ...(f.method ?? []).filter((m) => !isPrefix(m)).map((value) => ({ field: method, value })),
    ...(f.session ?? []).map((value) => ({ field: session, value })),
  ];
  const seen = wanted.length ? new SeenValues(wanted, ctx) : null;
  let read = 0;
  let shown = 0;
  return {
    push(r) {
      read++;
      seen?.observe(r);
      const selected = selector ? selector.push(r) : [r];
      const kept = keep ? selected.filter(keep) : selected;
      shown += kept.length;
      return kept;
    },
    state: () => ({ read, shown, seen: seen?.values() ?? [] }),
    absorb(x) {
      read += x.read;
      shown += x.shown;
      seen?.add(x.seen);
    },
    end() {
      const typed = typedFilters(f);
      if (shown > 0 || typed.length === 0) return [];
      return [
        `no record matched ${typed.join(' ')} among the ${read} record${read === 1 ? '' : 's'} read`,
        ...(seen?.unseen() ?? []),
      ];
    },
  };
}

/** `--where`'s expression and the shortcuts' joined with `and` (a shortcut's value is quoted: it parses). */
function whereExpression(src: string | undefined, shortcuts: string[]) {
  try {
    if (src !== undefined) parseFilter(src);
  } catch (err) {
    if (!(err instanceof FilterError)) throw err;
    throw new UsageError(`--where ${src}`, { column: '--where '.length + err.column, note: err.message });
  }
  const all = src === undefined ? shortcuts : [src, ...shortcuts];
  return parseFilter(all.length === 1 ? all[0]! : all.map((x) => `(${x})`).join(' and '));
}

/** The filters given, as typed: `--where 'tool == x' --kind request`. */
function typedFilters(f: FilterOptions): string[] {
  const out = f.where === undefined ? [] : [`--where '${f.where}'`];
  out.push(...shortcutClauses(f).map((c) => c.typed));
  for (const key of ['method', 'primitive', 'phase', 'dir', 'kind', 'session'] as const)
    if (f[key]?.length) out.push(`--${key} ${f[key].join(',')}`);
  return out;
}
