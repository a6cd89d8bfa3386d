// Latency and failure rates per method (tools by name): a slowdown is called only when it is larger than noise — with
// enough samples on both sides, when the lower end of the bootstrap 95% interval of the medians' ratio passes
// --max-slowdown and the median grew by at least MIN_SLOWDOWN_MS; never on fewer samples (one slow start is no trend).
import { formatMs, formatPercent } from '../util/numbers.js';
import { BOOTSTRAP_RESAMPLES, MIN_SAMPLES_FOR_INTERVAL, MIN_SLOWDOWN_MS } from './limits.js';
import { seeded } from '../util/random.js';
import type { Change, Side } from './types.js';

export interface LatencyOptions {
  /** B's median over A's that is a regression (1.5). */
  maxSlowdown: number;
  /** B's failure rate (0–1) that is a regression when it is also higher than A's; null: not checked. */
  maxErrorRate: number | null;
}

export function latencyChanges(a: Side, b: Side, opts: LatencyOptions): Change[] {
  const out: Change[] = [];
  for (const [label, sb] of Object.entries(b.calls)) {
    const sa = a.calls[label];
    if (!sa) continue;
    if (sa.latencies.length > 0 && sb.latencies.length > 0) {
      const ma = median(sa.latencies);
      const mb = median(sb.latencies);
      const ratio = ma === 0 ? (mb === 0 ? 1 : Infinity) : mb / ma;
      const enough = sa.latencies.length >= MIN_SAMPLES_FOR_INTERVAL && sb.latencies.length >= MIN_SAMPLES_FOR_INTERVAL;
      const interval = enough && mb - ma >= MIN_SLOWDOWN_MS ? ratioInterval(sa.latencies, sb.latencies) : null;
      if (interval && interval[0] > opts.maxSlowdown) {
        const ci = ` (95% interval ${times(interval[0])}–${times(interval[1])})`;
        out.push({
          category: 'latency',
          breaking: false,
          subject: label,
          what: `median ${formatMs(ma)} → ${formatMs(mb)}, ${times(ratio)} slower${ci}`,
        });
      }
    }
    if (opts.maxErrorRate !== null) {
      const ra = sa.failures / sa.calls;
      const rb = sb.failures / sb.calls;
      if (rb > opts.maxErrorRate && rb > ra)
        out.push({
          category: 'latency',
          breaking: false,
          subject: label,
          what: `failures ${formatPercent(ra)} → ${formatPercent(rb)} of ${sb.calls} calls`,
        });
    }
  }
  return out;
}

/** `2.50×`; `∞×` when A's median was 0. */
function times(x: number): string {
  return Number.isFinite(x) ? `${x.toFixed(2)}×` : '∞×';
}

function median(xs: readonly number[]): number {
  return medianInPlace(Float64Array.from(xs));
}

/** The median of `s`, whose order it changes: found by selection (linear on average), not by sorting. */
function medianInPlace(s: Float64Array): number {
  const m = s.length >> 1;
  select(s, m);
  if (s.length % 2 === 1) return s[m]!;
  // Everything before m is at most s[m]: the largest of it is the lower middle.
  let lower = s[0]!;
  for (let i = 1; i < m; i++) if (s[i]! > lower) lower = s[i]!;
  return (lower + s[m]!) / 2;
}

/** Reorders `s` so that s[k] is the k-th smallest, none after it smaller and none before it larger (Hoare's select). */
function select(s: Float64Array, k: number): void {
  let lo = 0;
  let hi = s.length - 1;
  while (lo < hi) {
    const pivot = s[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (s[i]! < pivot) i++;
      while (s[j]! > pivot) j--;
      if (i <= j) {
        const t = s[i]!;
        s[i] = s[j]!;
        s[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/** The bootstrap 95% interval of median(b) / median(a), resampling each side (seeded: the same on every run). */
function ratioInterval(a: readonly number[], b: readonly number[]): [number, number] {
  const random = seeded(0x5eed);
  const buffer = new Float64Array(Math.max(a.length, b.length));
  const resample = (xs: readonly number[]) => {
    const s = buffer.subarray(0, xs.length);
    for (let i = 0; i < xs.length; i++) s[i] = xs[Math.floor(random() * xs.length)]!;
    return medianInPlace(s);
  };
  const ratios: number[] = [];
  for (let i = 0; i < BOOTSTRAP_RESAMPLES; i++) {
    const ma = resample(a);
    ratios.push(ma === 0 ? Infinity : resample(b) / ma);
  }
  ratios.sort((x, y) => x - y);
  return [ratios[Math.floor(BOOTSTRAP_RESAMPLES * 0.025)]!, ratios[Math.floor(BOOTSTRAP_RESAMPLES * 0.975)]!];
}
