// Number formatting shared by the text sinks and the models that word a number (a diff's slowdown, a chain's
// operation): latencies, counts, shares — locale-independent and deterministic.

/**
 * A duration for people, the one unit system of every report (latencies, spans): `34ms` below a second (`0.4ms` below
 * 10 ms when not whole), `1.49s` below 10 s, `15.8s` below a minute, `2m 05s` below an hour, `1h 02m` below 48 hours,
 * then days and hours, `270d 23h` (the span of two logs of different days); `-` for null.
 */
export function formatMs(ms: number | null): string {
  if (ms === null) return '-';
  const sign = ms < 0 ? '-' : '';
  const a = Math.abs(ms);
  if (a < 10 && !Number.isInteger(a)) return `${sign}${a.toFixed(1)}ms`;
  if (Math.round(a) < 1000) return `${sign}${Math.round(a)}ms`;
  if (a < 9_995) return `${sign}${(a / 1000).toFixed(2)}s`;
  if (a < 59_950) return `${sign}${(a / 1000).toFixed(1)}s`;
  const s = Math.round(a / 1000);
  if (s < 3600) return `${sign}${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  const m = Math.round(s / 60);
  if (m < 48 * 60) return `${sign}${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
  const h = Math.round(m / 60);
  return `${sign}${Math.floor(h / 24)}d ${String(h % 24).padStart(2, '0')}h`;
}

/** An integer with `,` thousands separators (fixed, whatever the process locale). */
export function formatCount(n: number): string {
  const s = String(Math.trunc(Math.abs(n)));
  const grouped = s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? '-' + grouped : grouped;
}

/** A fraction in [0, 1] as a percentage with one decimal: `0.4286` → `42.9%`. */
export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}
