// The units a filter's numbers may carry, as data: durations (to milliseconds) and sizes (to bytes).

/** Milliseconds per duration unit. */
const DURATIONS: Readonly<Record<string, number>> = {
  us: 0.001,
  µs: 0.001,
  ms: 1,
  s: 1000,
  sec: 1000,
  m: 60_000,
  min: 60_000,
  h: 3_600_000,
};

/** Bytes per size unit, case-insensitive: decimal (`kB`, `MB`: powers of 1000) and binary (`KiB`, `MiB`: of 1024). */
const SIZES: Readonly<Record<string, number>> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

type UnitKind = 'duration' | 'size';

/** A number's unit: what it measures and the factor to its base unit (ms, bytes); null when it is no unit known. */
export function unitOf(unit: string): { kind: UnitKind; factor: number } | null {
  const d = DURATIONS[unit];
  if (d !== undefined) return { kind: 'duration', factor: d };
  const s = SIZES[unit.toLowerCase()];
  if (s !== undefined) return { kind: 'size', factor: s };
  return null;
}

/** Every unit's spelling, for a message that lists them. */
export const UNIT_NAMES = {
  duration: Object.keys(DURATIONS).filter((u) => u !== 'µs'),
  size: ['B', 'kB', 'MB', 'GB', 'KiB', 'MiB', 'GiB'],
} as const;

const DURATION_PART = /(\d+(?:\.\d+)?)([a-zµ]+)/gy;

/** A duration written as numbers with duration units, one after another (`5m`, `90s`, `1h30m`), in ms; null when it is none. */
export function durationMs(text: string): number | null {
  if (text === '') return null;
  DURATION_PART.lastIndex = 0;
  let ms = 0;
  while (DURATION_PART.lastIndex < text.length) {
    const m = DURATION_PART.exec(text);
    const unit = m === null ? null : unitOf(m[2]!);
    if (unit?.kind !== 'duration') return null;
    ms += Number(m![1]) * unit.factor;
  }
  return ms;
}
