import type { Tracked } from '../session/tracker.js';
import type { SessionState } from '../session/state.js';
import type { Finding, OpenRequest, Severity } from '../types.js';
import { type Rule, type RuleOptions } from './types.js';
/** Per-rule severity overrides; `off` disables a rule. */
export type RuleSettings = Record<string, Severity | 'off'>;
export interface EndFinding extends Finding {
    seq: number;
    session: string;
    source: string;
}
export declare class RuleEngine {
    private readonly active;
    private readonly options;
    constructor(settings?: RuleSettings, options?: Partial<RuleOptions>, rules?: readonly Rule<any, any>[]);
    /** Adds the findings of every per-record rule to the record. */
    apply(t: Tracked): void;
    /** Findings that only the end of input shows: unanswered requests, then per-session checks. */
    finish(open: readonly OpenRequest[], sessions: readonly SessionState[]): EndFinding[];
    private severity;
    /** A rule may set one finding's severity from its data (`severityOf`), unless the user overrode the rule's. */
    private ofFinding;
}
/** The rule's severity in a revision: the last `severityFrom` step at or before it, else the default. */
export declare function severityFor(rule: Rule<any, any>, revision: string | null): Severity;
