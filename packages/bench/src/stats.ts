/** Nearest-rank percentile of ascending values (NaN when there are none). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}
