import type { Stats } from '../stats/types.js';
export type Align = 'left' | 'right';
/**
 * One table of the report. Cells are plain, unescaped strings, some from the log (method, tool, session
 * and peer names): each renderer must escape every cell for its medium.
 */
export interface StatsSection {
    title: string;
    head: string[];
    align: Align[];
    rows: string[][];
}
/**
 * Sections in report order. Sections without rows (no tools, no errors, zero-count breakdown rows) are left
 * out, and the per-session table only appears with more than one session. `open` in the session table is
 * unanswered + cancelled-unanswered.
 */
export declare function statsSections(s: Stats): StatsSection[];
