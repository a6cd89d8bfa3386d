import type { Stats } from '../stats/types.js';
import type { Palette } from './color.js';
export interface StatsTableOptions {
    /** Widest a log-derived cell may be before it is cut with `…`. Default 60. */
    maxCellWidth?: number;
}
/** The whole report: totals, lifecycle vs operation, breakdowns, methods, tools, errors, pairs, sessions. */
export declare function formatStatsTable(stats: Stats, palette: Palette, opts?: StatsTableOptions): string;
