// DuckDB's values as plain JSON-friendly values: what `-f json` prints and the table and CSV show.

/**
 * BIGINT and HUGEINT come as bigint: a number when it is exact as one, else its decimal text (a JSON number
 * would lose digits). Times come as Date: ISO 8601 text. Blobs: hex. Lists and structs: converted inside.
 */
export function plainValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint')
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString('hex');
  if (Array.isArray(v)) return v.map(plainValue);
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = plainValue(x);
    return out;
  }
  return v;
}

/** A plain value as one cell of text: null is empty; lists and structs are JSON. */
export function cellText(v: unknown): string {
  if (v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
