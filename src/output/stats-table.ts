// The stats report as terminal tables (cli-table3), one titled table per section.
import Table from 'cli-table3';
import type { Stats } from '../stats/types.js';
import type { Palette } from './color.js';
import { escapeTerminal } from './escape.js';
import { statsSections, type StatsSection } from './stats-sections.js';
import { truncate } from './width.js';

export interface StatsTableOptions {
  /** Widest a log-derived cell may be before it is cut with `…`. Default 60. */
  maxCellWidth?: number;
}

/**
 * cli-table3 colours headers red and borders grey through @colors/colors, which decides on its own whether
 * the terminal takes colour — even when our output is piped. So its styling is always switched off
 * (`head: []`, `border: []`) and headers are coloured by our palette, which the caller decided.
 */
function renderSection(sec: StatsSection, p: Palette, maxCell: number): string {
  const table = new Table({
    head: sec.head.map((h) => (h === '' ? '' : p.bold(h))),
    colAligns: sec.align,
    // No rule between body rows: the report stays about half as tall.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    style: { head: [], border: [] },
  });
  for (const row of sec.rows) table.push(row.map((c) => truncate(escapeTerminal(c), maxCell)));
  return `${p.bold(p.cyan(sec.title))}\n${table.toString()}`;
}

/** The whole report: totals, lifecycle vs operation, breakdowns, methods, tools, errors, pairs, sessions. */
export function formatStatsTable(stats: Stats, palette: Palette, opts: StatsTableOptions = {}): string {
  const max = opts.maxCellWidth ?? 60;
  return statsSections(stats)
    .map((s) => renderSection(s, palette, max))
    .join('\n\n');
}
