// The stats report as terminal tables (cli-table3), one titled table per section.
import Table from 'cli-table3';
import type { Stats } from '../stats/types.js';
import type { Palette } from './color.js';
import { escapeTerminal } from './escape.js';
import { statsSections, type StatsSection } from './stats-sections.js';
import { displayWidth, truncate } from './width.js';
import { wrapCell } from './wrap-cell.js';

export interface StatsTableOptions {
  /** Widest a log-derived cell may be before it is cut with `…`. Default 60. */
  maxCellWidth?: number;
  /** Columns of the terminal: a wider table wraps its text columns, then leaves out what it may (`StatsSection`). */
  width?: number;
}

/** A wrapping column is never made narrower than this. */
const MIN_WRAP = 10;

/** Width of a cli-table3 table whose columns hold at most `widths` columns of text: `│ x │ y │`. */
function tableWidth(widths: readonly number[]): number {
  return widths.reduce((n, w) => n + w + 3, 1);
}

/**
 * The columns to show and the widest each may be to fit `width`: wrapping columns narrow first (the widest first,
 * down to MIN_WRAP), then columns the section may leave out go, in its order, until the table fits or none is left.
 */
function fitColumns(
  sec: StatsSection,
  cells: readonly string[][],
  width: number,
): { keep: number[]; widths: number[] } {
  const natural = sec.head.map((h, i) => Math.max(displayWidth(h), ...cells.map((r) => displayWidth(r[i] ?? ''))));
  let keep = sec.head.map((_, i) => i);
  const dropping = [...(sec.drop ?? [])];
  for (;;) {
    const widths = [...natural];
    const wrap = (sec.wrap ?? []).filter((i) => keep.includes(i));
    let total = tableWidth(keep.map((i) => widths[i]!));
    while (total > width) {
      const widest = wrap
        .filter((i) => widths[i]! > Math.max(MIN_WRAP, displayWidth(sec.head[i]!)))
        .sort((a, b) => widths[b]! - widths[a]!)[0];
      if (widest === undefined) break;
      widths[widest]!--;
      total--;
    }
    if (total <= width || dropping.length === 0) return { keep, widths };
    const gone = dropping.shift()!;
    keep = keep.filter((i) => i !== gone);
  }
}

/**
 * cli-table3 colours headers red and borders grey through @colors/colors, which decides on its own whether
 * the terminal takes colour — even when our output is piped. So its styling is always switched off
 * (`head: []`, `border: []`) and headers are coloured by our palette, which the caller decided.
 */
function renderSection(sec: StatsSection, p: Palette, maxCell: number, width: number | undefined): string {
  const cells = sec.rows.map((row) => row.map((c) => truncate(escapeTerminal(c), maxCell)));
  const { keep, widths } =
    width === undefined ? { keep: sec.head.map((_, i) => i), widths: [] } : fitColumns(sec, cells, width);
  const table = new Table({
    head: keep.map((i) => sec.head[i]!).map((h) => (h === '' ? '' : p.bold(h))),
    colAligns: keep.map((i) => sec.align[i]!),
    // No rule between body rows: the report stays about half as tall.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    style: { head: [], border: [] },
  });
  for (const row of cells)
    table.push(keep.map((i) => (widths[i] === undefined ? row[i]! : wrapCell(row[i]!, widths[i]!))));
  return `${p.bold(p.cyan(sec.title))}\n${table.toString()}`;
}

/** The whole report: totals, lifecycle vs operation, breakdowns, methods, tools, errors, pairs, sessions. */
export function formatStatsTable(stats: Stats, palette: Palette, opts: StatsTableOptions = {}): string {
  const max = opts.maxCellWidth ?? 60;
  return statsSections(stats)
    .map((s) => renderSection(s, palette, max, opts.width))
    .join('\n\n');
}
