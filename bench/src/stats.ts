/** Exact percentiles from the raw samples (milliseconds): nearest-rank on the sorted array. */
export interface Summary {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary | undefined {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    min: round(sorted[0]!),
    mean: round(sum / sorted.length),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1]!),
  };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * A Prometheus histogram's buckets (cumulative counts by upper bound, seconds), as the difference of two scrapes.
 * `estimate` interpolates linearly inside a bucket, like PromQL's histogram_quantile.
 */
export interface HistogramDelta {
  count: number;
  sumSeconds: number;
  buckets: Array<{ le: number; count: number }>;
}

export function parseHistogram(
  metricsText: string,
  name: string,
  labels: Record<string, string>,
): HistogramDelta {
  const wanted = Object.entries(labels);
  const matches = (labelText: string) =>
    wanted.every(([key, value]) => labelText.includes(`${key}="${value}"`));
  const buckets = new Map<number, number>();
  let count = 0;
  let sumSeconds = 0;
  for (const line of metricsText.split('\n')) {
    const match = /^(\w+)\{([^}]*)\}\s+(\S+)/.exec(line);
    if (!match) continue;
    const [, metric, labelText, value] = match;
    if (!matches(labelText!)) continue;
    if (metric === `${name}_bucket`) {
      const le = /le="([^"]+)"/.exec(labelText!)?.[1];
      if (le === undefined) continue;
      const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
      buckets.set(bound, (buckets.get(bound) ?? 0) + Number(value));
    } else if (metric === `${name}_count`) count += Number(value);
    else if (metric === `${name}_sum`) sumSeconds += Number(value);
  }
  return {
    count,
    sumSeconds,
    buckets: [...buckets]
      .sort((a, b) => a[0] - b[0])
      .map(([le, bucketCount]) => ({ le, count: bucketCount })),
  };
}

export function subtractHistogram(after: HistogramDelta, before: HistogramDelta): HistogramDelta {
  const earlier = new Map(before.buckets.map((bucket) => [bucket.le, bucket.count]));
  return {
    count: after.count - before.count,
    sumSeconds: after.sumSeconds - before.sumSeconds,
    buckets: after.buckets.map((bucket) => ({
      le: bucket.le,
      count: bucket.count - (earlier.get(bucket.le) ?? 0),
    })),
  };
}

/** Quantile (0..1) in milliseconds, interpolated inside its bucket; undefined without observations. */
export function estimateQuantile(histogram: HistogramDelta, q: number): number | undefined {
  if (histogram.count <= 0) return undefined;
  const target = q * histogram.count;
  let previousBound = 0;
  let previousCount = 0;
  for (const { le, count } of histogram.buckets) {
    if (count >= target) {
      if (!Number.isFinite(le)) return previousBound * 1000; // beyond the last finite bucket: its bound is all we know
      const inBucket = count - previousCount;
      const fraction = inBucket > 0 ? (target - previousCount) / inBucket : 1;
      return round((previousBound + (le - previousBound) * fraction) * 1000);
    }
    previousBound = le;
    previousCount = count;
  }
  return undefined;
}

/** A histogram's count, mean and estimated p50/p99 (interpolated in its buckets), in milliseconds. */
export function describeHistogram(histogram: HistogramDelta) {
  return {
    count: histogram.count,
    meanMs: histogram.count ? round((histogram.sumSeconds / histogram.count) * 1000) : undefined,
    p50Ms: estimateQuantile(histogram, 0.5),
    p99Ms: estimateQuantile(histogram, 0.99),
  };
}
