// Builds a session's capability matrix: every capability declared or used, by whom, and how often.
import { isDeclared, OPEN_CAPABILITY_LEVELS } from '../protocol/index.js';
import type { Side } from '../types.js';
import { getOwn } from '../util/own.js';
import { joinKey, pathKeys } from '../util/key-path.js';
import type { CapabilityRow } from './types.js';

/** Sub-objects below this depth are not listed (`tasks.requests.tools.call` is depth 4). */
const MAX_DEPTH = 4;

/**
 * Key paths (util/key-path.ts) of everything a capabilities object declares: `tasks.requests.tools.call`, and an
 * extension as one key, `extensions["io.modelcontextprotocol/ui"]`. Of the capabilities whose keys others name only
 * so many levels are listed (`OPEN_CAPABILITY_LEVELS`: no `experimental` contents, no extension's settings).
 */
function declaredPaths(caps: Record<string, unknown> | null): string[] {
  if (caps === null) return [];
  const out: string[] = [];
  const walk = (obj: Record<string, unknown>, prefix: string, depth: number, levels: number): void => {
    for (const key of Object.keys(obj)) {
      const v = obj[key];
      const path = joinKey(prefix, key);
      // Boolean flags (`listChanged`, `subscribe`) declare only when true; objects declare by presence.
      if (v === false || v === null || v === undefined) continue;
      out.push(path);
      const below = depth === 1 ? (getOwn(OPEN_CAPABILITY_LEVELS, key) ?? Infinity) : levels - 1;
      if (below > 0 && depth < MAX_DEPTH && typeof v === 'object' && !Array.isArray(v)) {
        walk(v as Record<string, unknown>, path, depth + 1, below);
      }
    }
  };
  walk(caps, '', 1, Infinity);
  return out;
}

export class CapabilityMatrix {
  private readonly rows = new Map<string, CapabilityRow>();

  /** Records one message that depended on `side`'s capability `path`. */
  use(side: Side, path: string, negotiated: boolean | null): void {
    const row = this.row(side, path);
    row.used++;
    if (negotiated === false) row.usedUndeclared++;
  }

  /** The use counts as plain data, for `--jobs` (`usedBelow` is made by `finish`). */
  exportState(): CapabilityRow[] {
    return [...this.rows.values()];
  }

  /** Adds another matrix's use counts (`--jobs`). */
  mergeFrom(rows: readonly CapabilityRow[]): void {
    for (const r of rows) {
      const row = this.row(r.side, r.path);
      row.used += r.used;
      row.usedUndeclared += r.usedUndeclared;
    }
  }

  /** Rows for everything used, plus everything declared and never used. */
  finish(client: Record<string, unknown> | null, server: Record<string, unknown> | null): CapabilityRow[] {
    for (const [side, caps] of [
      ['client', client],
      ['server', server],
    ] as const) {
      const declared = new Set(declaredPaths(caps));
      for (const path of declared) this.row(side, path);
      for (const row of this.rows.values()) {
        if (row.side === side) row.declared = caps === null ? null : isDeclared(caps, row.path);
      }
    }
    // Each row's uses count for every ancestor row of its side (`tasks.requests.tools.call` for `tasks.requests`).
    for (const row of this.rows.values()) row.usedBelow = 0;
    for (const row of this.rows.values()) {
      if (row.used === 0) continue;
      const keys = pathKeys(row.path);
      let ancestor = '';
      for (const key of keys.slice(0, -1)) {
        ancestor = joinKey(ancestor, key);
        const parent = this.rows.get(`${row.side}:${ancestor}`);
        if (parent) parent.usedBelow += row.used;
      }
    }
    return [...this.rows.values()].sort((a, b) =>
      a.side === b.side ? a.path.localeCompare(b.path) : a.side === 'server' ? -1 : 1,
    );
  }

  private row(side: Side, path: string): CapabilityRow {
    const key = `${side}:${path}`;
    let row = this.rows.get(key);
    if (!row) {
      row = { side, path, declared: null, used: 0, usedUndeclared: 0, usedBelow: 0 };
      this.rows.set(key, row);
    }
    return row;
  }
}
