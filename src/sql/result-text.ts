// A query's result as text: a terminal table (cli-table3), CSV (RFC 4180) or a JSON array of row objects.
import Table from 'cli-table3';
import { csvField } from '../export/columnar/csv.js';
import { cellText } from './values.js';
import type { Palette } from '../output/color.js';
import { escapeTerminal } from '../output/escape.js';
import { displayWidth, truncate } from '../output/width.js';

/** Column names and rows of plain values (sql/values.ts). */
export interface PlainResult {
  columns: string[];
  rows: unknown[][];
}

/**
 * As the stats tables: cli-table3's own colouring is off (it decides on colour by itself, even when piped) and the
 * header is coloured by our palette. Cells come from logs: control characters are escaped, long ones cut with `…`.
 */
export function formatResultTable(
  r: PlainResult,
  p: Palette,
  opts: { maxCellWidth?: number; width?: number } = {},
): string {
  const cells = r.rows.map((row) => row.map((v) => (v === null ? null : escapeTerminal(cellText(v)))));
  const heads = r.columns.map((c) => escapeTerminal(c));
  const widths = columnWidths(heads, cells, opts.maxCellWidth ?? 60, opts.width);
  const table = new Table({
    head: heads.map((h, i) => p.bold(truncate(h, widths[i]!))),
    colAligns: r.columns.map((_, i) => (numeric(r.rows, i) ? 'right' : 'left')),
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    style: { head: [], border: [] },
  });
  for (const row of cells)
    table.push(row.map((v, i) => (v === null ? p.dim(truncate('NULL', widths[i]!)) : truncate(v, widths[i]!))));
  const count = `${r.rows.length} row${r.rows.length === 1 ? '' : 's'}`;
  return `${table.toString()}\n${p.dim(count)}\n`;
}

/**
 * Each column's width: its widest cell up to `max`; on a terminal of `width` columns, the widest columns are narrowed
 * (not below 6) until the table fits, so that a row stays one line.
 */
function columnWidths(
  heads: readonly string[],
  cells: readonly (string | null)[][],
  max: number,
  width: number | undefined,
): number[] {
  const widths = heads.map((h, i) =>
    Math.min(max, Math.max(displayWidth(h), ...cells.map((row) => displayWidth(row[i] ?? 'NULL')))),
  );
  if (width === undefined) return widths;
  // A cell is its text and a space either side; a border before each column and one at the end.
  const total = () => widths.reduce((a, w) => a + w + 3, 1);
  while (total() > width) {
    let widest = 0;
    for (let i = 1; i < widths.length; i++) if (widths[i]! > widths[widest]!) widest = i;
    if (widths[widest]! <= 6) break;
    widths[widest]!--;
  }
  return widths;
}

/** A column of numbers (and nulls, but not only nulls) is right-aligned. */
function numeric(rows: readonly unknown[][], i: number): boolean {
  return (
    rows.some((row) => typeof row[i] === 'number') && rows.every((row) => row[i] === null || typeof row[i] === 'number')
  );
}

export function formatResultCsv(r: PlainResult): string {
  let out = r.columns.map(csvField).join(',') + '\r\n';
  for (const row of r.rows) out += row.map((v) => (v === null ? '' : csvField(cellText(v)))).join(',') + '\r\n';
  return out;
}

export function formatResultJson(r: PlainResult): string {
  const objects = r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c, row[i]])));
  return JSON.stringify(objects, null, 2) + '\n';
}
