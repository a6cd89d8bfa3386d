// LatencySketch: exact nearest-rank percentiles for small inputs, bounded memory and ≤1% error for large ones.
import { describe, expect, it } from 'vitest';
import { LatencySketch } from '../../src/stats/quantiles.js';
import { seeded } from '../../src/util/random.js';

/** Deterministic (seeded) so the large test is reproducible. */
const rng = seeded;

function nearestRank(sorted: number[], q: number): number {
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1]!;
}

describe('LatencySketch exact mode', () => {
  it('gives nearest-rank percentiles of unsorted input', () => {
    const s = new LatencySketch();
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    for (const v of values) s.add(v);
    expect(s.isExact).toBe(true);
    expect(s.summary()).toEqual({ p50: 50, p95: 95, max: 100 });
    expect(s.quantile(0.01)).toBe(1);
    expect(s.quantile(1)).toBe(100);
  });

  it('returns nulls without samples and ignores non-finite values', () => {
    const s = new LatencySketch();
    s.add(Number.NaN);
    s.add(Infinity);
    expect(s.count).toBe(0);
    expect(s.summary()).toEqual({ p50: null, p95: null, max: null });
  });

  it('handles a single sample and keeps adding after a query', () => {
    const s = new LatencySketch();
    s.add(7);
    expect(s.summary()).toEqual({ p50: 7, p95: 7, max: 7 });
    s.add(3);
    s.add(5);
    expect(s.quantile(0.5)).toBe(5);
  });
});

describe('LatencySketch exact samples that repeat', () => {
  it('keeps a value that repeats once, with its count: 256 samples of 12 values are 24 numbers', () => {
    const s = new LatencySketch({ exactLimit: 256 });
    const values = Array.from({ length: 256 }, (_, i) => (i * 7) % 12);
    for (const v of values) s.add(v);
    expect(s.isExact).toBe(true);
    // One number per sample (256) is what keeping every sample takes.
    expect(s.storedSize).toBe(24);
    const sorted = [...values].sort((a, b) => a - b);
    for (const q of [0.01, 0.25, 0.5, 0.95, 1]) expect(s.quantile(q)).toBe(nearestRank(sorted, q));
  });

  it('keeps samples that do not repeat one by one (no count beside each)', () => {
    const s = new LatencySketch({ exactLimit: 256 });
    for (let i = 0; i < 200; i++) s.add(i + (i % 3) / 7);
    expect(s.storedSize).toBe(200);
  });

  it('answers as the sorted samples do, whatever mix of repeats, and its state holds every sample', () => {
    const r = rng(7);
    for (let round = 0; round < 200; round++) {
      const limit = 1 + Math.floor(r() * 300);
      const spread = 1 + Math.floor(r() * 400);
      const n = Math.floor(r() * (limit + 1));
      const s = new LatencySketch({ exactLimit: limit });
      const values: number[] = [];
      for (let i = 0; i < n; i++) {
        const v = r() < 0.1 ? 0 - Math.floor(r() * 5) : Math.floor(r() * spread) / (r() < 0.2 ? 8 : 1);
        values.push(v);
        s.add(v);
        if (r() < 0.05) s.quantile(0.5);
      }
      const sorted = [...values].sort((a, b) => a - b);
      expect(s.isExact).toBe(true);
      for (const q of [0.01, 0.5, 0.95, 1]) expect(s.quantile(q)).toBe(n === 0 ? null : nearestRank(sorted, q));
      expect([...(s.exportState().exact ?? [])].sort((a, b) => a - b)).toEqual(sorted);
    }
  });
});

describe('LatencySketch bounded mode', () => {
  it('keeps memory bounded over 100,000 samples with p50/p95 within 1% of exact', () => {
    const s = new LatencySketch();
    const r = rng(42);
    const all: number[] = [];
    let maxStored = 0;
    for (let i = 0; i < 100_000; i++) {
      // Log-normal-ish latencies from ~0.5 ms to ~20 s, the shape real request latencies have.
      const v = Math.round(Math.exp(r() * 10 - 0.7) * 1000) / 1000;
      all.push(v);
      s.add(v);
      if (i % 1000 === 0) maxStored = Math.max(maxStored, s.storedSize);
    }
    maxStored = Math.max(maxStored, s.storedSize);
    expect(s.isExact).toBe(false);
    expect(s.count).toBe(100_000);
    expect(maxStored).toBeLessThanOrEqual(2049);
    expect(s.storedSize).toBeLessThan(1500);
    all.sort((a, b) => a - b);
    for (const q of [0.5, 0.95, 0.99]) {
      const exact = nearestRank(all, q);
      expect(Math.abs(s.quantile(q)! - exact) / exact).toBeLessThanOrEqual(0.01);
    }
    expect(s.summary().max).toBe(all[all.length - 1]);
  });

  it('switches to the histogram just past the exact limit and stays accurate with zeros and negatives', () => {
    const s = new LatencySketch({ exactLimit: 10 });
    const values = [-50, -5, 0, 0, 0, 1, 2, 3, 10, 20, 40, 80, 160, 320];
    for (const v of values) s.add(v);
    expect(s.isExact).toBe(false);
    const sorted = [...values].sort((a, b) => a - b);
    for (const q of [0.1, 0.25, 0.5, 0.75, 0.95, 1]) {
      const exact = nearestRank(sorted, q);
      const got = s.quantile(q)!;
      if (exact === 0) expect(got).toBe(0);
      else expect(Math.abs(got - exact) / Math.abs(exact)).toBeLessThanOrEqual(0.01);
    }
  });

  it('stores one entry per occupied bucket, not per sample', () => {
    const s = new LatencySketch({ exactLimit: 0 });
    for (let i = 0; i < 10_000; i++) s.add(42);
    expect(s.storedSize).toBe(1);
    expect(s.quantile(0.5)).toBe(42);
  });
});
