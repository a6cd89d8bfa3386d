// A table's rows as CSV (RFC 4180): a header row, comma-separated fields, CRLF line ends, quoted when needed.
import type { Column } from './columns.js';

/** A field is quoted when it holds a comma, a quote or a line break (RFC 4180 §2.6); quotes inside are doubled (§2.7). */
const NEEDS_QUOTES = /[",\r\n]/;

/** A text field; the empty text is `""`, so that it differs from a null (an empty field). */
export function csvField(s: string): string {
  if (s === '') return '""';
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A value as CSV text: null is an empty field; lists are JSON text; times ISO 8601 UTC. */
export function csvValue(c: Column<unknown>, v: unknown): string {
  if (v === null || v === undefined) return '';
  switch (c.type) {
    case 'findings':
    case 'endFindings':
      return csvField(JSON.stringify(v));
    case 'timestamp':
      return new Date(v as number).toISOString();
    case 'bool':
      return v ? 'true' : 'false';
    case 'int32':
    case 'int64':
    case 'double':
      return String(v);
    default:
      return csvField(v as string);
  }
}

export function csvHeader(columns: readonly Column<unknown>[]): string {
  return columns.map((c) => csvField(c.name)).join(',') + '\r\n';
}

export function csvRow<T>(columns: readonly Column<T>[], row: T): string {
  let out = '';
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i]!;
    if (i > 0) out += ',';
    out += csvValue(c as Column<unknown>, c.get(row));
  }
  return out + '\r\n';
}
