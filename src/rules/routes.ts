// Which rules can act on a record, by its kind and method: built from the rules' triggers (`on`), once per route.
import type { Facts } from '../session/facts.js';
import type { Kind } from '../types.js';
import type { RuleTrigger } from './types.js';

/** What the engine runs on a record of one kind and method. */
export interface Route {
  /** Indices of the rules to call, in rule order (findings keep that order). */
  rules: number[];
  /** For each of `rules`, the fact the record must carry for the call (undefined: none). */
  facts: (keyof Facts | undefined)[];
  /** Indices of the shared memories to update before the rules run. */
  memories: number[];
}

/**
 * The routes of one rule list. A method no trigger names shares its kind's "other method" route, so there are at
 * most (kinds × (named methods + 1)) routes whatever methods a log holds.
 */
export class Routes {
  private readonly named = new Set<string>();
  /**
   * By what the record lacks (`NO_BODY | NO_HTTP`): records without a whole body (summaries, cut messages) leave out
   * the rules that read the body; records not read from HTTP, the rules that judge HTTP.
   */
  private readonly byLack = [0, 1, 2, 3].map(() => new Map<Kind, Map<string | null, Route>>());

  /** `rules` and `memories`: the triggers, by index (undefined: every record). */
  constructor(
    private readonly rules: readonly (RuleTrigger | undefined)[],
    private readonly memories: readonly (RuleTrigger | undefined)[],
  ) {
    for (const t of [...rules, ...memories]) for (const m of t?.methods ?? []) this.named.add(m);
  }

  /** `bodyless`: the record's message body is not known whole (`summary` or `truncated`); `http`: read from HTTP. */
  of(kind: Kind, method: string | null, bodyless = false, http = true): Route {
    const m = method !== null && this.named.has(method) ? method : null;
    const lack = (bodyless ? NO_BODY : 0) | (http ? 0 : NO_HTTP);
    const byKind = this.byLack[lack]!;
    let byMethod = byKind.get(kind);
    if (byMethod === undefined) byKind.set(kind, (byMethod = new Map()));
    let route = byMethod.get(m);
    if (route === undefined) byMethod.set(m, (route = this.build(kind, m, lack)));
    return route;
  }

  private build(kind: Kind, method: string | null, lack: number): Route {
    const route: Route = { rules: [], facts: [], memories: [] };
    this.rules.forEach((t, i) => {
      if (!admits(t, kind, method) || (lack & NO_BODY && t?.body) || (lack & NO_HTTP && t?.http)) return;
      route.rules.push(i);
      route.facts.push(t?.fact);
    });
    this.memories.forEach((t, i) => {
      if (admits(t, kind, method) && !(lack & NO_HTTP && t?.http)) route.memories.push(i);
    });
    return route;
  }
}

const NO_BODY = 1;
const NO_HTTP = 2;

/** The trigger lets records of this kind and method through (`method` null: none, or one no trigger names). */
function admits(t: RuleTrigger | undefined, kind: Kind, method: string | null): boolean {
  if (t === undefined) return true;
  if (t.kinds !== undefined && !t.kinds.includes(kind)) return false;
  return t.methods === undefined || (method !== null && t.methods.includes(method));
}
