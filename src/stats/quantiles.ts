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
  private exact: number[] | null = [];
  private sorted = true;
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
    return (this.exact?.length ?? 0) + this.pos.size + this.neg.size + (this.zero > 0 ? 1 : 0);
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
      if (this.sorted && this.exact.length > 0 && x < this.exact[this.exact.length - 1]!) this.sorted = false;
      this.exact.push(x);
      if (this.exact.length > this.exactLimit) this.toHistogram();
      return;
    }
    this.bucket(x);
  }

  /**
   * Adds another sketch's samples as if they had come after this one's (`--jobs` merges per-file statistics).
   * The answer is the one a single sketch fed every sample would give: the exact samples while both sides together
   * stay within the limit, else the histogram of all of them (bucket counts do not depend on order).
   */
  mergeFrom(o: LatencySketchState): void {
    if (o.n === 0) return;
    this.n += o.n;
    if (o.min < this.min) this.min = o.min;
    if (o.max > this.max) this.max = o.max;
    if (this.exact !== null && o.exact !== null && this.exact.length + o.exact.length <= this.exactLimit) {
      for (const x of o.exact) {
        if (this.sorted && this.exact.length > 0 && x < this.exact[this.exact.length - 1]!) this.sorted = false;
        this.exact.push(x);
      }
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
      exact: this.exact,
      pos: this.pos,
      neg: this.neg,
      zero: this.zero,
      n: this.n,
      min: this.min,
      max: this.max,
    };
  }

  private toHistogram(): void {
    const samples = this.exact!;
    this.exact = null;
    for (const x of samples) this.bucket(x);
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
      if (!this.sorted) {
        this.exact.sort((a, b) => a - b);
        this.sorted = true;
      }
      return this.exact[rank - 1]!;
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
