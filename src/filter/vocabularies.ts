// The record values a filter names (primitive, phase, dir, kind): each with the short forms the transcript prints.
//
// A person filters by what they read on the screen: `op`, `init`, `req`, `ntf`, `base:lifecycle`. Each short form
// maps to the record contract's value, so a filter always compares contract values; anything else is a usage error
// that lists the choices.
import type { Direction, Feature, Kind, Phase, Primitive } from '../types.js';

type Vocabulary<T extends string> = Readonly<Record<T, readonly string[]>>;

const PRIMITIVES: Vocabulary<Primitive | Feature | 'unknown'> = {
  tools: [],
  resources: [],
  prompts: [],
  roots: [],
  sampling: [],
  elicitation: [],
  base: [],
  // The base protocol's features, also as the transcript's `base:<feature>`.
  lifecycle: ['base:lifecycle'],
  ping: ['base:ping'],
  progress: ['base:progress'],
  cancellation: ['base:cancellation'],
  logging: ['base:logging'],
  completion: ['base:completion'],
  tasks: ['base:tasks'],
  discovery: ['base:discovery'],
  subscriptions: ['base:subscriptions'],
  unknown: [],
};

const PHASES: Vocabulary<Phase> = { initialization: ['init'], operation: ['op'], shutdown: ['shut'] };

const DIRECTIONS: Vocabulary<Direction> = { c2s: ['→'], s2c: ['←'], unknown: [] };

const KINDS: Vocabulary<Kind> = {
  request: ['req'],
  response: ['res'],
  error: ['err'],
  notification: ['ntf'],
  invalid: ['bad'],
  event: ['evt'],
  log: [],
};

export const FILTER_VOCABULARIES = { primitive: PRIMITIVES, phase: PHASES, dir: DIRECTIONS, kind: KINDS } as const;

/** `--x a --x b,c` → ['a', 'b', 'c']. */
export function list(v: unknown): string[] {
  return (Array.isArray(v) ? v : [v])
    .flatMap((x) => String(x).split(','))
    .map((x) => x.trim())
    .filter((x) => x !== '');
}

/**
 * The choices as `--help` and a usage error list them: `operation (op)`. The `base:<feature>` spellings are left out
 * (one note says them all: the list stays one line).
 */
export function choicesText(vocabulary: Vocabulary<string>): string {
  const listed = (short: readonly string[]) => short.filter((s) => !s.startsWith('base:'));
  const text = Object.entries(vocabulary)
    .map(([value, short]) => (listed(short).length ? `${value} (${listed(short).join(', ')})` : value))
    .join(', ');
  return Object.values(vocabulary).some((short) => short.some((s) => s.startsWith('base:')))
    ? `${text}; a base feature also as base:<feature>`
    : text;
}

/** A yargs coerce: the values given (repeated or comma-separated, any case), each as its contract value. */
export function oneOf(flag: string, vocabulary: Vocabulary<string>): (v: unknown) => string[] {
  const lookup = contractValue(vocabulary);
  return (v) =>
    list(v).map((typed) => {
      const value = lookup(typed);
      if (value === undefined) throw new Error(`--${flag} ${typed}: choose from ${choicesText(vocabulary)}`);
      return value;
    });
}

/** A reader of typed words (any case, short forms too) as the vocabulary's contract values; undefined: not one. */
export function contractValue(vocabulary: Vocabulary<string>): (typed: string) => string | undefined {
  const lookup = new Map<string, string>();
  for (const [value, short] of Object.entries(vocabulary))
    for (const name of [value, ...short]) lookup.set(name.toLowerCase(), value);
  return (typed) => lookup.get(typed.toLowerCase());
}
