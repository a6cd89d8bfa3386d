// Latency percentiles in bounded memory: exact samples up to a limit, then a log-bucketed histogram (≤1% error).
import type { LatencySummary } from './types.js';

interface SketchOptions {
  /** Samples kept exactly before switching to the histogram. Default 2,048. */
  exactLimit?: number;
  /** Relative error bound of the histogram. Default 0.01 (1%). */
  relativeAccuracy?: number;
}

/** Values with magnitude below this (1 ns in ms) count as zero: the histogram needs a smallest bucket. */
const MIN_MAGNITUDE = 1e-6;

/** Entries of exact samples before they are first counted by value (when that halves them); again at each doubling. */
const FIRST_COMPACT = 32;

/** The shared empty bucket table of sketches that never turned into a histogram (never written to). */
const NO_BUCKETS = new Map<number, number>();

/** A sketch's samples as plain data, for merging sketches built in other threads. */
export interface LatencySketchState {
  exact: number[] | null;
  pos: Map<number, number>;
  neg: Map<number, number>;
  zero: number;
  n: number;
  min: number;
  max: number;
}

/**
 * Percentiles of a stream of numbers (ms), nearest-rank definition (the smallest value with at least
 * q·n values ≤ it).
 *
 * Up to `exactLimit` samples are stored as given and the answer is exact. After that the samples move to
 * a log-bucketed histogram (the DDSketch scheme): bucket i holds values in (γ^(i-1), γ^i] with
 * γ = (1+α)/(1−α), and answers with 2γ^i/(γ+1), which is within relative error α of every value in the
 * bucket. Memory is then one map entry per occupied bucket: with α = 1% about 115 buckets per factor of
 * ten, so roughly 1,400 entries cover 1 ns … 11 days; it never depends on the number of samples.
 * Negative values (clock skew between log lines) go to a mirrored histogram; `max` stays exact.
 */
export class LatencySketch {
  private readonly exactLimit: number;
  private readonly gamma: number;
  private readonly lnGamma: number;
  /**
   * The exact samples, ascending; `null` once they moved to the histogram. Each sample is one entry until `counts`
   * is made, then each value once. Latencies repeat (a log's times are often whole milliseconds): a session's few
   * hundred samples are then a few dozen values (docs/performance.md, "Memory").
   */
  private exact: number[] | null = [];
  /** How many times each of `exact` came; `null` while each sample is an entry of its own. */
  private counts: number[] | null = null;
  /** The number of entries at which `exact` is looked at again for values that repeat. */
  private compactAt = FIRST_COMPACT;
  // The histogram's buckets, made when the sketch turns into a histogram: most sketches (one per method and session)
  // never do, and an empty Map per sketch is most of a small session's memory.
  private pos: Map<number, number> = NO_BUCKETS;
  private neg: Map<number, number> = NO_BUCKETS;
  private zero = 0;
  private n = 0;
  private min = Infinity;
  private max = -Infinity;

  constructor(opts: SketchOptions = {}) {
    this.exactLimit = opts.exactLimit ?? 2048;
    const a = opts.relativeAccuracy ?? 0.01;
    this.gamma = (1 + a) / (1 - a);
    this.lnGamma = Math.log(this.gamma);
  }

  /** Number of samples added. */
  get count(): number {
    return this.n;
  }

  /** Numbers held in memory: exact samples plus histogram buckets. Bounded whatever the input size. */
  get storedSize(): number {
    return (
      (this.exact?.length ?? 0) + (this.counts?.length ?? 0) + this.pos.size + this.neg.size + (this.zero > 0 ? 1 : 0)
    );
  }

  /** Whether answers are still exact. */
  get isExact(): boolean {
    return this.exact !== null;
  }

  add(x: number): void {
    if (!Number.isFinite(x)) return;
    this.n++;
    if (x < this.min) this.min = x;
    if (x > this.max) this.max = x;
    if (this.exact !== null) {
      // Every sample so far is exact: `n` counts them.
      if (this.n > this.exactLimit) this.toHistogram(x);
      else this.keep(x);
      return;
    }
    this.bucket(x);
  }

  /** Adds `x` to the exact samples, kept ascending (with `counts`: one more of its value). */
  private keep(x: number): void {
    const values = this.exact!;
    let lo = 0;
    let hi = values.length;
    // The first value not below x.
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (values[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    if (this.counts !== null && lo < values.length && values[lo] === x) {
      this.counts[lo]!++;
      return;
    }
    if (lo === values.length) {
      values.push(x);
      this.counts?.push(1);
    } else {
      values.splice(lo, 0, x);
      this.counts?.splice(lo, 0, 1);
    }
    if (this.counts === null && values.length >= this.compactAt) this.compact();
  }

  /** Each value once with its count, when that takes fewer numbers than the samples one by one. */
  private compact(): void {
    const samples = this.exact!;
    this.compactAt *= 2;
    let distinct = 0;
    for (let i = 0; i < samples.length; i++) if (i === 0 || samples[i] !== samples[i - 1]) distinct++;
    if (2 * distinct > samples.length) return;
    const values: number[] = [];
    const counts: number[] = [];
    for (let i = 0; i < samples.length; i++) {
      if (i > 0 && samples[i] === samples[i - 1]) counts[counts.length - 1]!++;
      else {
        values.push(samples[i]!);
        counts.push(1);
      }
    }
    this.exact = values;
    this.counts = counts;
  }

  /** The exact samples, each as often as it came, ascending. */
  private samples(): number[] {
    const values = this.exact!;
    if (this.counts === null) return values.slice();
    const out: number[] = [];
    for (let i = 0; i < values.length; i++) for (let c = this.counts[i]!; c > 0; c--) out.push(values[i]!);
    return out;
  }

  /**
   * Adds another sketch's samples as if they had come after this one's (`--jobs` merges per-file statistics).
   * The answer is the one a single sketch fed every sample would give: the exact samples while both sides together
   * stay within the limit, else the histogram of all of them (bucket counts do not depend on order).
   */
  mergeFrom(o: LatencySketchState): void {
    if (o.n === 0) return;
    const before = this.n;
    this.n += o.n;
    if (o.min < this.min) this.min = o.min;
    if (o.max > this.max) this.max = o.max;
    if (this.exact !== null && o.exact !== null && before + o.exact.length <= this.exactLimit) {
      for (const x of o.exact) this.keep(x);
      return;
    }
    if (this.exact !== null) this.toHistogram();
    if (o.exact !== null) {
      for (const x of o.exact) this.bucket(x);
      return;
    }
    this.zero += o.zero;
    for (const [i, c] of o.pos) this.buckets(true).set(i, (this.pos.get(i) ?? 0) + c);
    for (const [i, c] of o.neg) this.buckets(false).set(i, (this.neg.get(i) ?? 0) + c);
  }

  /** The sketch's data as plain values (structured-cloneable). */
  exportState(): LatencySketchState {
    return {
      exact: this.exact === null ? null : this.samples(),
      pos: this.pos,
      neg: this.neg,
      zero: this.zero,
      n: this.n,
      min: this.min,
      max: this.max,
    };
  }

  /** The exact samples (and `more`, when given) into the histogram. */
  private toHistogram(more?: number): void {
    const values = this.exact!;
    const counts = this.counts;
    this.exact = null;
    this.counts = null;
    for (let i = 0; i < values.length; i++) for (let c = counts?.[i] ?? 1; c > 0; c--) this.bucket(values[i]!);
    if (more !== undefined) this.bucket(more);
  }

  private bucket(x: number): void {
    const m = Math.abs(x);
    if (m < MIN_MAGNITUDE) {
      this.zero++;
      return;
    }
    const i = Math.ceil(Math.log(m) / this.lnGamma);
    const map = this.buckets(x > 0);
    map.set(i, (map.get(i) ?? 0) + 1);
  }

  private buckets(positive: boolean): Map<number, number> {
    if (positive) return this.pos === NO_BUCKETS ? (this.pos = new Map()) : this.pos;
    return this.neg === NO_BUCKETS ? (this.neg = new Map()) : this.neg;
  }

  private value(i: number): number {
    return (2 * this.gamma ** i) / (this.gamma + 1);
  }

  /** The q-quantile (0 < q ≤ 1), nearest rank; null without samples. */
  quantile(q: number): number | null {
    if (this.n === 0) return null;
    const rank = Math.min(this.n, Math.max(1, Math.ceil(q * this.n)));
    if (this.exact !== null) {
      if (this.counts === null) return this.exact[rank - 1]!;
      let seen = 0;
      for (let i = 0; i < this.exact.length; i++) {
        seen += this.counts[i]!;
        if (seen >= rank) return this.exact[i]!;
      }
    }
    let seen = 0;
    // Ascending value order: most negative first (largest |x| among negatives), then zero, then positives.
    for (const i of [...this.neg.keys()].sort((a, b) => b - a)) {
      seen += this.neg.get(i)!;
      if (seen >= rank) return this.clamp(-this.value(i));
    }
    seen += this.zero;
    if (seen >= rank) return 0;
    for (const i of [...this.pos.keys()].sort((a, b) => a - b)) {
      seen += this.pos.get(i)!;
      if (seen >= rank) return this.clamp(this.value(i));
    }
    return this.max;
  }

  /** A bucket's representative may lie just outside the observed range; keep answers inside it. */
  private clamp(v: number): number {
    return Math.min(this.max, Math.max(this.min, v));
  }

  /** p50, p95 and max, rounded to microseconds (3 decimals); nulls without samples. */
  summary(): LatencySummary {
    if (this.n === 0) return { p50: null, p95: null, max: null };
    return { p50: round3(this.quantile(0.5)!), p95: round3(this.quantile(0.95)!), max: round3(this.max) };
  }
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
