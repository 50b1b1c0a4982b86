import type { ScoreRange } from "@clinic/shared";

/** Scores and numbers as the language writes them, to two decimals at most (a mean of 16 items is 66.88). */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** "0–100". */
export function formatRange(range: ScoreRange, language: string): string {
  return `${formatNumber(range.min, language)}–${formatNumber(range.max, language)}`;
}
