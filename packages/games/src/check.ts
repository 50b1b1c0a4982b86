/**
 * Everything the server needs to refuse a submitted session. The order of use on the server:
 * parse with `sessionResultSchema`, `checkSession` (refuse with its errors), then store the
 * trials with `summariseCommon(trials)` and the family's `summarise(trials, build)`.
 */
import { buildById } from "./catalogue.ts";
import { FAMILY_METRICS } from "./families/index.ts";
import { checkTrialRecord } from "./runtime/results.ts";
import type { BuildDefinition, SessionResult } from "./runtime/types.ts";

/**
 * startedAt/endedAt come from the wall clock and durationMs from the page's monotonic clock;
 * they drift apart by a little (clock adjustments, rounding), never by seconds.
 */
export const CLOCK_SLACK_MS = 2000;
/** Enough messages to see what is wrong, not a wall of them for a forged 2000-trial session. */
const MAX_ERRORS = 20;

export function checkSession(result: SessionResult): { build: BuildDefinition | null; errors: string[] } {
  const build = buildById(result.buildId) ?? null;
  if (!build) return { build, errors: [`Unknown game build "${result.buildId}"`] };
  const errors: string[] = [];

  const { min, max } = build.difficulty;
  const inRange = (level: number) => Number.isInteger(level) && level >= min && level <= max;
  if (!inRange(result.levelStart)) errors.push(`levelStart ${result.levelStart} is outside ${min}–${max}`);
  if (!inRange(result.levelEnd)) errors.push(`levelEnd ${result.levelEnd} is outside ${min}–${max}`);

  const wallMs = Date.parse(result.endedAt) - Date.parse(result.startedAt);
  if (!(wallMs >= 0)) errors.push("endedAt is before startedAt");
  // Played time excludes pauses, so it can be far shorter than the wall time, never longer.
  else if (result.durationMs > wallMs + CLOCK_SLACK_MS) errors.push(`durationMs ${result.durationMs} exceeds the ${wallMs} ms between startedAt and endedAt`);

  for (const trial of result.trials) {
    errors.push(...checkTrialRecord(trial, result.durationMs));
    if (!inRange(trial.level)) errors.push(`trial ${trial.index}: level ${trial.level} is outside ${min}–${max}`);
  }

  const metrics = FAMILY_METRICS[build.family];
  if (!metrics) errors.push(`The ${build.family} family has no metrics`);
  else errors.push(...metrics.checkTrials(result.trials, build));

  return { build, errors: errors.length > MAX_ERRORS ? [...errors.slice(0, MAX_ERRORS), `…and ${errors.length - MAX_ERRORS} more`] : errors };
}
