/**
 * Reactor, the pure side: parameters, metrics and checks. Server-safe.
 *
 * Three paradigms of reaction time (RT):
 * - simple: one stimulus, one response (Space or a tap anywhere);
 * - choice: the stimulus appears in one of 2–4 boxes, the patient presses that box's key or taps it;
 * - go-nogo: respond to the circle (go), hold back for the square (no-go): inhibition.
 * Each trial: a fixation cross for a random foreperiod, the stimulus until an answer or the
 * end of the response window, a short feedback. The level shortens the response window.
 */
import { z } from "zod";
import { finiteOnly, mean, probit, standardDeviation } from "../../runtime/stats.ts";
import type { BuildDefinition, FamilyMetrics, Outcome, TrialRecord } from "../../runtime/types.ts";

/** Faster than this after the stimulus is not a reaction to it (the usual RT floor): an anticipation. */
export const ANTICIPATION_MS = 100;
/** A hit this slow counts as a lapse of attention (the psychomotor vigilance task's 500 ms). */
export const LAPSE_MS = 500;

const range = (min: number, max: number) => z.number().int().min(min).max(max);

const common = {
  /** Planned trials; the session ends after them (or on duration). */
  trials: range(1, 500),
  /** Fixation before the stimulus, drawn uniformly in [min, max] so the onset cannot be timed. */
  foreperiodMs: z
    .object({ min: range(200, 20_000), max: range(200, 20_000) })
    .strict()
    .refine((f) => f.min <= f.max, "min must not exceed max"),
  /** Response window at the easiest and the hardest level; levels in between interpolate. */
  responseWindowMs: z
    .object({ easy: range(200, 10_000), hard: range(200, 10_000) })
    .strict()
    .refine((w) => w.hard <= w.easy, "hard must not exceed easy"),
  /** How long the feedback stays before the next fixation. */
  feedbackMs: range(200, 3000),
};

export const reactorParamsSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("simple"), ...common }).strict(),
  z.object({ mode: z.literal("choice"), choices: range(2, 4), ...common }).strict(),
  z
    .object({
      mode: z.literal("go-nogo"),
      /** Share of go trials; frequent go makes going the habit that no-go must stop. */
      goShare: z.number().min(0.5).max(0.9),
      ...common,
    })
    .strict(),
]);
export type ReactorParams = z.infer<typeof reactorParamsSchema>;
export type ReactorBuild = BuildDefinition<ReactorParams>;

/** Choice conditions: where the stimulus was, left to right. */
export const CHOICE_CONDITIONS: Record<number, readonly string[]> = {
  2: ["left", "right"],
  3: ["left", "centre", "right"],
  4: ["far-left", "left", "right", "far-right"],
};

/** The response window (ms) at `level`: linear from `easy` at the lowest level to `hard` at the highest. */
export function responseWindowMs(build: ReactorBuild, level: number): number {
  const { min, max } = build.difficulty;
  const t = max === min ? 0 : (level - min) / (max - min);
  const { easy, hard } = build.params.responseWindowMs;
  return Math.round(easy + (hard - easy) * t);
}

/** The outcomes each kind of trial can have. */
const OUTCOMES_BY_KIND: Record<string, readonly Outcome[]> = {
  simple: ["hit", "omission", "anticipation"],
  go: ["hit", "omission", "anticipation"],
  choice: ["hit", "miss", "omission", "anticipation"],
  nogo: ["correct-rejection", "commission", "anticipation"],
};

function kindsOf(params: ReactorParams): string[] {
  return params.mode === "simple" ? ["simple"] : params.mode === "choice" ? ["choice"] : ["go", "nogo"];
}

/** Trials that called for an answer. */
const expectsAnswer = (trial: TrialRecord) => trial.kind !== "nogo";

export const reactorMetrics: FamilyMetrics<ReactorParams> = {
  family: "reactor",
  paramsSchema: reactorParamsSchema,

  // Adds to summariseCommon (which has trials, accuracy, rt_mean/median/sd_ms, omissions,
  // commissions, anticipations); names here do not repeat those.
  summarise(trials) {
    const answerable = trials.filter(expectsAnswer);
    const nogo = trials.filter((trial) => !expectsAnswer(trial));
    const choice = trials.filter((trial) => trial.kind === "choice");
    const hitRts = trials.flatMap((trial) => (trial.outcome === "hit" && trial.rtMs !== null ? [trial.rtMs] : [])).sort((a, b) => a - b);
    const tenth = Math.max(1, Math.round(hitRts.length / 10));
    const count = (list: readonly TrialRecord[], outcome: Outcome) => list.filter((trial) => trial.outcome === outcome).length;
    const rate = (part: number, whole: number) => (whole === 0 ? Number.NaN : part / whole);
    const summary: Record<string, number> = {
      omission_rate: rate(count(answerable, "omission"), answerable.length),
      anticipation_rate: rate(count(trials, "anticipation"), trials.length),
      // Omissions are lapses too: the PVT counts both.
      lapses: hitRts.filter((rt) => rt >= LAPSE_MS).length + count(answerable, "omission"),
      // The fastest and slowest tenths tell alertness from lapses better than the mean.
      rt_fastest10_mean_ms: mean(hitRts.slice(0, tenth)),
      rt_slowest10_mean_ms: mean(hitRts.slice(-tenth)),
      // Intra-individual variability, a marker of attention after brain injury.
      rt_cv: hitRts.length < 2 ? Number.NaN : standardDeviation(hitRts) / mean(hitRts),
    };
    if (choice.length > 0) summary.choice_error_rate = rate(count(choice, "miss"), choice.length);
    if (nogo.length > 0) {
      summary.commission_rate = rate(count(nogo, "commission"), nogo.length);
      // d′ with the log-linear correction (Hautus 1995), finite even at 0 % or 100 %.
      const goHits = count(answerable, "hit");
      summary.d_prime = probit((goHits + 0.5) / (answerable.length + 1)) - probit((count(nogo, "commission") + 0.5) / (nogo.length + 1));
    }
    return finiteOnly(summary);
  },

  checkTrials(trials, build) {
    const errors: string[] = [];
    const { params } = build;
    const kinds = kindsOf(params);
    // Anticipations consume their trial and interruptions repeat theirs: never more than planned.
    if (trials.length > params.trials) errors.push(`${trials.length} trials, but the build plans ${params.trials}`);
    let previousShownAt = Number.NEGATIVE_INFINITY;
    for (const trial of trials) {
      const at = `trial ${trial.index}`;
      if (!kinds.includes(trial.kind)) {
        errors.push(`${at}: kind "${trial.kind}" is not one of ${kinds.join(", ")}`);
        continue;
      }
      const conditions = params.mode === "choice" ? CHOICE_CONDITIONS[params.choices] : [""];
      if (!conditions.includes(trial.condition)) errors.push(`${at}: condition "${trial.condition}" is not one of ${conditions.join(", ") || '""'}`);
      if (!OUTCOMES_BY_KIND[trial.kind].includes(trial.outcome)) errors.push(`${at}: a ${trial.kind} trial cannot end in ${trial.outcome}`);
      // value is the planned foreperiod.
      const { min, max } = params.foreperiodMs;
      if (trial.value === null || trial.value < min || trial.value > max) errors.push(`${at}: foreperiod ${trial.value} is outside ${min}–${max} ms`);
      if (trial.rtMs !== null && trial.outcome !== "anticipation") {
        const window = responseWindowMs(build, trial.level);
        if (trial.rtMs < ANTICIPATION_MS || trial.rtMs > window)
          errors.push(`${at}: rt ${trial.rtMs} ms is outside ${ANTICIPATION_MS}–${window} ms for a ${trial.outcome}`);
      }
      // Trials run one after another.
      if (trial.shownAt < previousShownAt) errors.push(`${at}: shown before the trial it follows`);
      previousShownAt = trial.shownAt;
    }
    return errors;
  },
};
