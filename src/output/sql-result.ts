// A query's result as text: a terminal table (cli-table3), CSV (RFC 4180) or a JSON array of row objects.
import Table from 'cli-table3';
import { csvField } from '../export/columnar/csv.js';
import { cellText } from '../sql/values.js';
import type { Palette } from './color.js';
import { escapeTerminal } from './escape.js';
import { truncate } from './width.js';

/** Column names and rows of plain values (sql/values.ts). */
export interface PlainResult {
  columns: string[];
  rows: unknown[][];
}

/**
 * As the stats tables: cli-table3's own colouring is off (it decides on colour by itself, even when piped) and the
 * header is coloured by our palette. Cells come from logs: control characters are escaped, long ones cut with `…`.
 */
export function formatResultTable(r: PlainResult, p: Palette, maxCellWidth = 60): string {
  const table = new Table({
    head: r.columns.map((c) => p.bold(escapeTerminal(c))),
    colAligns: r.columns.map((_, i) => (numeric(r.rows, i) ? 'right' : 'left')),
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    style: { head: [], border: [] },
  });
  for (const row of r.rows) table.push(row.map((v) => (v === null ? p.dim('NULL') : truncate(escapeTerminal(cellText(v)), maxCellWidth))));
  const count = `${r.rows.length} row${r.rows.length === 1 ? '' : 's'}`;
  return `${table.toString()}\n${p.dim(count)}\n`;
}

/** A column of numbers (and nulls, but not only nulls) is right-aligned. */
function numeric(rows: readonly unknown[][], i: number): boolean {
  return rows.some((row) => typeof row[i] === 'number') && rows.every((row) => row[i] === null || typeof row[i] === 'number');
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
