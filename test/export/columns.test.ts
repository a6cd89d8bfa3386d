// The dataset's schema pieces: docs/dataset.md lists every column as written; partition values and times.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapePartitionValue, partitionPath } from '../../src/export/columnar/partition.js';
import { RECORDS } from '../../src/export/columnar/record-columns.js';
import { SESSIONS } from '../../src/export/columnar/session-rows.js';
import { dateOf, timeOf as datedTime } from '../../src/export/columnar/time.js';
import { logTime } from '../../src/input/shared/time.js';
import { REPO_ROOT } from '../helpers/cli.js';

describe('dataset schema', () => {
  it('docs/dataset.md documents every column of records and sessions, in order, with whether it may be null', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs', 'dataset.md'), 'utf8');
    for (const [title, table] of [
      ['## `records`', RECORDS],
      ['## `sessions`', SESSIONS],
    ] as const) {
      const start = doc.indexOf(title);
      const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
      const rows = [...section.matchAll(/^\| `(\w+)` \| [^|]+ \| (never|yes) \|/gm)].map((m) => `${m[1]} ${m[2]}`);
      expect(rows).toEqual(table.columns.map((c) => `${c.name} ${c.required ? 'never' : 'yes'}`));
    }
  });

  it('column names are unique and snake_case (every engine takes them unquoted)', () => {
    for (const t of [RECORDS, SESSIONS]) {
      const names = t.columns.map((c) => c.name);
      expect(new Set(names).size).toBe(names.length);
      for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });
});

describe('partitions', () => {
  it("escapes server names as Hive does, and a null or empty name is Hive's null partition", () => {
    expect(escapePartitionValue('everything')).toBe('everything');
    expect(escapePartitionValue('a/b c:d=e%f')).toBe('a%2Fb c%3Ad%3De%25f');
    expect(escapePartitionValue('ünï "x"\n')).toBe('ünï %22x%22%0A');
    expect(escapePartitionValue('..')).toBe('%2E.');
    expect(escapePartitionValue(null)).toBe('__HIVE_DEFAULT_PARTITION__');
    expect(escapePartitionValue('')).toBe('__HIVE_DEFAULT_PARTITION__');
    for (const s of ['a/b c:d=e%f', 'ünï "x"\n', "#?*[]{}^\\'"])
      expect(decodeURIComponent(escapePartitionValue(s))).toBe(s);
    expect(partitionPath('2026-12-01', 'x/y')).toBe('date=2026-12-01/server=x%2Fy');
  });
});

/** A log's time as the reader reads it, then as the dataset keeps it. */
const timeOf = (t: string | null): number | null => datedTime(t, t === null ? null : logTime(t).tsMs);

describe('the time column', () => {
  it('a dated time is an instant (UTC when it has no zone); a clock-only time has no date', () => {
    expect(timeOf('2026-12-01T23:30:00.250Z')).toBe(Date.UTC(2026, 11, 1, 23, 30, 0, 250));
    expect(timeOf('2026-12-01T23:30:00+02:00')).toBe(Date.UTC(2026, 11, 1, 21, 30));
    expect(timeOf('2026-12-01 23:30:00')).toBe(Date.UTC(2026, 11, 1, 23, 30));
    expect(timeOf('23:30:00.123')).toBeNull();
    expect(timeOf(null)).toBeNull();
    expect(timeOf('2026-13-45T99:00:00Z')).toBeNull();
    expect(dateOf(timeOf('2026-12-01T23:30:00-02:00'))).toBe('2026-12-02');
    expect(dateOf(null)).toBe('unknown');
    // A packet's time has microseconds; the column has whole milliseconds, as `ts` writes them.
    expect(datedTime('2026-12-01T23:30:00.250Z', Date.UTC(2026, 11, 1, 23, 30, 0, 250) + 0.839)).toBe(
      Date.UTC(2026, 11, 1, 23, 30, 0, 250),
    );
  });

  it('reads the usual `…T…Z` times as Date.parse does, edge values and refused ones included; a comma before the milliseconds as the reader does', () => {
    const times = [
      '2026-12-01T23:30:00.250Z',
      '2026-12-01T23:30:00Z',
      '2024-02-29T00:00:00.000Z',
      '2026-02-30T00:00:00.000Z',
      '2026-01-31T23:59:59.999Z',
      '2026-01-01T24:00:00.000Z',
      '2026-00-10T00:00:00.000Z',
      '2026-12-01T23:60:00.000Z',
      '0050-06-01T00:00:00.000Z',
      '2026-12-01T23:30:00.2x0Z',
      '2026-12-01T23:30:00,250Z',
    ];
    for (const t of times) {
      // Date.parse refuses the comma that ISO 8601 allows and the log reader reads (annotate counts that time too).
      const ms = Date.parse(t.replace(',', '.'));
      expect(timeOf(t), t).toBe(Number.isFinite(ms) ? ms : null);
    }
  });
});
