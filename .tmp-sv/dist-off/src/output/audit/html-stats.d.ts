import type { MethodStats, ScopeStats, Stats } from '../../stats/types.js';
import { type StatsSection } from '../stats-sections.js';
import { type SafeHtml } from './html-escape.js';
/** A table from a neutral stats section; every cell is log-derived text and is escaped by `html`. */
export declare function sectionTable(sec: StatsSection, caption?: boolean): SafeHtml;
/** Lifecycle vs operation as numbers and a two-colour bar (SVG: no style attributes under the CSP). */
export declare function splitBar(s: ScopeStats): SafeHtml;
/** Per method: count, errors and latency percentiles. */
export declare function methodTable(methods: Record<string, MethodStats>): SafeHtml;
/** One session's statistics; `s` is the session's entry in `stats.sessions`. */
export declare function sessionStats(s: ScopeStats | undefined): SafeHtml;
/** All traffic: lifecycle/operation, methods, tools, errors, pairs (the `stats` report's sections). */
export declare function allStats(stats: Stats): SafeHtml;
