/** A tax fraction as the spec shows it (section 5: fraction times 100): "0.09" → 9, "0.055" → 5.5. */
export function taxPercentage(fraction: string | null): number {
  return Math.round(Number(fraction ?? 0) * 10_000) / 100;
}
