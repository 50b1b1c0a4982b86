/**
 * What a session sends and what the server can trust of it: the zod schemas of a result, the
 * summary every family shares, and the checks that need no build. Server-safe (no DOM).
 */
import { z } from "zod";
import { finiteOnly, mean, median, standardDeviation } from "./stats.ts";
import { BUILD_ID_PATTERN, OUTCOMES, SESSION_ENDS, type Outcome, type SessionResult, type TrialRecord } from "./types.ts";

export const MAX_TRIALS = 2000;
/** No session is played for longer; times beyond it are forged or broken. */
export const MAX_SESSION_MS = 6 * 60 * 60 * 1000;
/** No reaction takes longer; a trial waits at most this for an answer. */
export const MAX_RT_MS = 60_000;
/** rtMs is respondedAt − shownAt, allowing for rounding on the way. */
const RT_TOLERANCE_MS = 1;

const gameTime = z.number().min(0).max(MAX_SESSION_MS);

export const trialRecordSchema = z
  .object({
    index: z.number().int().min(0),
    kind: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/),
    condition: z.string().regex(/^[a-z0-9._-]{0,64}$/),
    level: z.number().int(),
    shownAt: gameTime,
    respondedAt: gameTime.nullable(),
    rtMs: z.number().min(0).max(MAX_RT_MS).nullable(),
    correct: z.boolean().nullable(),
    outcome: z.enum(OUTCOMES),
    // zod 4 numbers are finite: NaN and ±Infinity are refused.
    value: z.number().nullable(),
  })
  .strict();

export const sessionResultSchema = z
  .object({
    sessionId: z.uuid(),
    buildId: z.string().regex(BUILD_ID_PATTERN),
    startedAt: z.iso.datetime(),
    endedAt: z.iso.datetime(),
    durationMs: gameTime,
    levelStart: z.number().int(),
    levelEnd: z.number().int(),
    motion: z.number().min(0).max(1),
    ended: z.enum(SESSION_ENDS),
    dizzinessBefore: z.number().int().min(0).max(10),
    dizzinessAfter: z.number().int().min(0).max(10),
    trials: z
      .array(trialRecordSchema)
      .max(MAX_TRIALS)
      .refine((trials) => trials.every((trial, position) => trial.index === position), "Trial indexes must be 0, 1, 2… in order"),
  })
  .strict();

// The schemas and the interfaces of types.ts must describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const trialsMatch: Same<z.infer<typeof trialRecordSchema>, TrialRecord> = true;
const resultsMatch: Same<z.infer<typeof sessionResultSchema>, SessionResult> = true;
void trialsMatch;
void resultsMatch;

/**
 * The summary every family shares (the family's own `summarise` adds to it, with other names).
 * RT figures are over hits only; a figure that cannot be computed (no hits, no scored trials)
 * is left out rather than stored as a misleading 0.
 */
export function summariseCommon(trials: readonly TrialRecord[]): Record<string, number> {
  const count = (outcome: Outcome) => trials.filter((trial) => trial.outcome === outcome).length;
  const hitRts = trials.flatMap((trial) => (trial.outcome === "hit" && trial.rtMs !== null ? [trial.rtMs] : []));
  const scored = trials.filter((trial) => trial.correct !== null);
  const correct = scored.filter((trial) => trial.correct === true).length;
  return finiteOnly({
    trials: trials.length,
    answered: trials.filter((trial) => trial.respondedAt !== null).length,
    correct,
    accuracy: scored.length === 0 ? Number.NaN : correct / scored.length,
    rt_mean_ms: mean(hitRts),
    rt_median_ms: median(hitRts),
    rt_sd_ms: standardDeviation(hitRts),
    omissions: count("omission"),
    commissions: count("commission"),
    anticipations: count("anticipation"),
  });
}

/** The shared meaning of each outcome (see `OUTCOMES`): what `correct` must be, and whether there was an answer. */
export const OUTCOME_RULES: Record<Outcome, { correct: boolean | null; answered: boolean | "either" }> = {
  hit: { correct: true, answered: true },
  miss: { correct: false, answered: true },
  omission: { correct: false, answered: false },
  commission: { correct: false, answered: true },
  anticipation: { correct: false, answered: true },
  "correct-rejection": { correct: true, answered: false },
  sample: { correct: null, answered: "either" },
};

/**
 * Checks of one trial that hold in every family: rtMs is respondedAt − shownAt, times fall
 * within the played time, and outcome, `correct` and the answer agree. Returns messages.
 */
export function checkTrialRecord(trial: TrialRecord, durationMs: number): string[] {
  const errors: string[] = [];
  const at = `trial ${trial.index}`;
  if ((trial.respondedAt === null) !== (trial.rtMs === null)) {
    errors.push(`${at}: respondedAt and rtMs must both be set or both be null`);
  } else if (trial.respondedAt !== null && trial.rtMs !== null && Math.abs(trial.respondedAt - trial.shownAt - trial.rtMs) > RT_TOLERANCE_MS) {
    errors.push(`${at}: rtMs ${trial.rtMs} is not respondedAt − shownAt (${trial.respondedAt - trial.shownAt})`);
  }
  // Game time runs from 0 to durationMs; a trial outside it did not happen in this session.
  if (trial.shownAt > durationMs || (trial.respondedAt ?? 0) > durationMs) {
    errors.push(`${at}: its times fall after the end of the session (${durationMs} ms)`);
  }
  const rule = OUTCOME_RULES[trial.outcome];
  if (trial.correct !== rule.correct) errors.push(`${at}: a ${trial.outcome} must have correct = ${rule.correct}`);
  if (rule.answered !== "either" && (trial.respondedAt !== null) !== rule.answered) {
    errors.push(`${at}: a ${trial.outcome} ${rule.answered ? "needs" : "cannot have"} an answer`);
  }
  return errors;
}
