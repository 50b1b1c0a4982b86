// Response times recorded one by one, so p95 (which autocannon's result lacks), p50 and p99 all
// come from the same records, to the fraction of a millisecond.

export interface Latency {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Collects response times in milliseconds; grows without copying each push. */
export class LatencyRecorder {
  private values = new Float64Array(1 << 16);
  private size = 0;

  record(ms: number): void {
    if (this.size === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.size++] = ms;
  }

  summary(): Latency {
    return latencyOf(this.values.subarray(0, this.size));
  }
}

/** Nearest-rank percentiles (the smallest value with at least p of the records at or below it). */
export function latencyOf(values: ArrayLike<number>): Latency {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => (sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number));
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
