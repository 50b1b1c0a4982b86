/**
 * Adaptive difficulty that keeps a patient succeeding about 80 % of the time: hard enough to
 * train, easy enough to keep going. Weighted up/down (Kaernbach 1991): a right answer moves
 * up one step, a wrong one down `ratio` steps; the level settles where p·1 = (1 − p)·ratio,
 * i.e. p = ratio / (1 + ratio) = 0.8 for ratio 4.
 *
 * Steps are fractions of a level (`stepsPerLevel`), counted as integers so nothing drifts
 * with floating point: by default four right answers climb one level and one error drops one.
 */

export interface StaircaseOptions {
  min: number;
  max: number;
  start: number;
  /** Steps in one level; a right answer is one step. Default 4. */
  stepsPerLevel?: number;
  /** Steps down after an error, in up-steps. Default 4 (target 80 %). */
  ratio?: number;
}

export class Staircase {
  readonly min: number;
  readonly max: number;
  /** The accuracy the staircase converges to. */
  readonly target: number;
  private readonly stepsPerLevel: number;
  private readonly ratio: number;
  /** Position above `min`, in steps; clamped so a long run at a bound does not need undoing. */
  private steps: number;

  constructor({ min, max, start, stepsPerLevel = 4, ratio = 4 }: StaircaseOptions) {
    if (!(Number.isInteger(min) && Number.isInteger(max) && Number.isInteger(start) && min <= start && start <= max)) {
      throw new Error(`staircase needs integers min ≤ start ≤ max, got ${min}, ${start}, ${max}`);
    }
    this.min = min;
    this.max = max;
    this.stepsPerLevel = stepsPerLevel;
    this.ratio = ratio;
    this.target = ratio / (1 + ratio);
    this.steps = (start - min) * stepsPerLevel;
  }

  /** Feed one scored trial; returns the new level. */
  record(correct: boolean): number {
    const top = (this.max - this.min) * this.stepsPerLevel;
    this.steps = Math.min(top, Math.max(0, this.steps + (correct ? 1 : -this.ratio)));
    return this.level();
  }

  /** The current integer level, within [min, max]. */
  level(): number {
    return this.min + Math.floor(this.steps / this.stepsPerLevel);
  }
}
