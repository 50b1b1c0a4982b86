/**
 * `@clinic/games`: the server-safe side of the games (no DOM, no three.js). The catalogue,
 * each family's metrics, the result schemas and the checks the server runs on a result.
 * The playing side is `@clinic/games/browser`.
 */
export * from "./runtime/types.ts";
export { CATALOGUE, buildById } from "./catalogue.ts";
export { FAMILY_METRICS } from "./families/index.ts";
export {
  checkTrialRecord,
  MAX_RT_MS,
  MAX_SESSION_MS,
  MAX_TRIALS,
  OUTCOME_RULES,
  sessionResultSchema,
  summariseCommon,
  trialRecordSchema,
} from "./runtime/results.ts";
export { CLOCK_SLACK_MS, checkSession } from "./check.ts";
export { reducedMotionFactor } from "./runtime/safety.ts";
export { mulberry32 } from "./runtime/random.ts";
