/**
 * Equalizer, the pure side: parameters, metrics and checks. Server-safe.
 *
 * Left/right symmetry of attention and reaction. The patient keeps the eyes on a cross in the
 * middle; after a random foreperiod a yellow circle appears in the left or the right half of
 * the screen (each side equally often, in random order, at a random height).
 * - simple: answer as soon as it appears (Space or a tap anywhere);
 * - choice: say which side (left or right arrow, F or J, or a tap on that half); with
 *   distractors, blue squares appear too, on both sides, and only the circle counts.
 * The level shortens the response window and, where the build's range says so, moves the
 * circle further out (the peripheral build). Nothing moves on the screen: there is no motion
 * to scale.
 *
 * Records: kind "simple", "choice" or "distractors", condition "left" / "right", value = the
 * circle's eccentricity (horizontal distance from the cross, logical px), RT from the circle's
 * first paint; outcomes hit, miss (the other side), omission (no answer in the window) and
 * anticipation (an answer before the circle, or faster than a reaction can be).
 */
import { z } from "zod";
import { finiteOnly, mean, median } from "../../runtime/stats.ts";
import type { BuildDefinition, FamilyMetrics, Outcome } from "../../runtime/types.ts";

/** Faster than this after the circle is not a reaction to it (the usual RT floor): an anticipation. */
export const ANTICIPATION_MS = 100;
/** The nearest a circle comes to the cross: closer, it would not be in one half of the field. */
export const MIN_ECCENTRICITY_PX = 60;
export const SIDES = ["left", "right"] as const;
export type Side = (typeof SIDES)[number];

const range = (min: number, max: number) => z.number().int().min(min).max(max);

export const equalizerParamsSchema = z
  .object({
    /** simple: answer that a circle appeared; choice: answer on which side. */
    mode: z.enum(["simple", "choice"]),
    /** Blue squares shown with the circle (choice only): both sides, so their side tells nothing. */
    distractors: range(0, 4),
    /** Planned trials (even numbers balance the sides exactly); the session ends after them (or on duration). */
    trials: range(2, 500),
    /** Fixation before the circle, drawn uniformly in [min, max] so the onset cannot be timed. */
    foreperiodMs: z
      .object({ min: range(300, 10_000), max: range(300, 10_000) })
      .strict()
      .refine((f) => f.min <= f.max, "min must not exceed max"),
    /** Response window at the easiest and the hardest level; levels in between interpolate. */
    responseWindowMs: z
      .object({ easy: range(250, 10_000), hard: range(250, 10_000) })
      .strict()
      .refine((w) => w.hard <= w.easy, "hard must not exceed easy"),
    /** The circle's distance from the cross at the easiest and the hardest level (equal: it stays put). */
    eccentricityPx: z
      .object({ easy: range(MIN_ECCENTRICITY_PX, 440), hard: range(MIN_ECCENTRICITY_PX, 440) })
      .strict()
      .refine((e) => e.easy <= e.hard, "easy must not exceed hard"),
    /** How long the feedback stays before the next fixation. */
    feedbackMs: range(200, 3000),
  })
  .strict()
  .refine((p) => p.mode === "choice" || p.distractors === 0, "distractors need the choice mode (a detection would answer them too)");
export type EqualizerParams = z.infer<typeof equalizerParamsSchema>;
export type EqualizerBuild = BuildDefinition<EqualizerParams>;

/** The kind of every trial of a build. */
export function kindOf(params: EqualizerParams): "simple" | "choice" | "distractors" {
  return params.mode === "simple" ? "simple" : params.distractors > 0 ? "distractors" : "choice";
}

function hardness(build: EqualizerBuild, level: number): number {
  const { min, max } = build.difficulty;
  return max === min ? 0 : (Math.min(max, Math.max(min, level)) - min) / (max - min);
}

/** The response window (ms) at `level`: linear from `easy` at the lowest level to `hard` at the highest. */
export function responseWindowAt(build: EqualizerBuild, level: number): number {
  const { easy, hard } = build.params.responseWindowMs;
  return Math.round(easy + (hard - easy) * hardness(build, level));
}

/** The circle's eccentricity (px) at `level`. */
export function eccentricityAt(build: EqualizerBuild, level: number): number {
  const { easy, hard } = build.params.eccentricityPx;
  return Math.round(easy + (hard - easy) * hardness(build, level));
}

const OUTCOMES_BY_KIND: Record<string, readonly Outcome[]> = {
  simple: ["hit", "omission", "anticipation"],
  choice: ["hit", "miss", "omission", "anticipation"],
  distractors: ["hit", "miss", "omission", "anticipation"],
};

/** (right − left) / (right + left), or NaN when it cannot be computed. */
function asymmetry(left: number, right: number): number {
  return left + right === 0 ? Number.NaN : (right - left) / (right + left);
}

export const equalizerMetrics: FamilyMetrics<EqualizerParams> = {
  family: "equalizer",
  paramsSchema: equalizerParamsSchema,

  // Adds to summariseCommon (trials, accuracy, rt_mean/median/sd_ms, omissions, commissions,
  // anticipations); names here do not repeat those.
  summarise(trials) {
    const summary: Record<string, number> = {};
    const bySide = {} as Record<Side, { rt: number; accuracy: number }>;
    for (const side of SIDES) {
      const these = trials.filter((trial) => trial.condition === side);
      // Anticipations came before the circle (or too soon to have seen it): they say nothing about a side.
      const judged = these.filter((trial) => trial.outcome !== "anticipation");
      const hitRts = judged.flatMap((trial) => (trial.outcome === "hit" && trial.rtMs !== null ? [trial.rtMs] : []));
      const accuracy = judged.length === 0 ? Number.NaN : judged.filter((trial) => trial.outcome === "hit").length / judged.length;
      bySide[side] = { rt: mean(hitRts), accuracy };
      summary[`accuracy_${side}`] = accuracy;
      summary[`rt_mean_${side}_ms`] = mean(hitRts);
      summary[`rt_median_${side}_ms`] = median(hitRts);
      // Unseen circles on one side are the plainest sign of neglect of that side.
      summary[`omissions_${side}`] = judged.length === 0 ? Number.NaN : judged.filter((trial) => trial.outcome === "omission").length;
      // How far out a circle was still answered rightly (the peripheral build's measure).
      const reached = judged.filter((trial) => trial.outcome === "hit" && trial.value !== null).map((trial) => trial.value!);
      summary[`eccentricity_max_hit_${side}_px`] = reached.length === 0 ? Number.NaN : Math.max(...reached);
    }
    // Positive: the right side is slower (RT) or answered better (accuracy); 0 is symmetry.
    summary.rt_asymmetry_index = asymmetry(bySide.left.rt, bySide.right.rt);
    summary.accuracy_asymmetry_index = asymmetry(bySide.left.accuracy, bySide.right.accuracy);
    return finiteOnly(summary);
  },

  checkTrials(trials, build) {
    const errors: string[] = [];
    const { params } = build;
    const kind = kindOf(params);
    // Anticipations consume their trial and interruptions repeat theirs: never more than planned.
    if (trials.length > params.trials) errors.push(`${trials.length} trials, but the build plans ${params.trials}`);
    let previousShownAt = Number.NEGATIVE_INFINITY;
    for (const trial of trials) {
      const at = `trial ${trial.index}`;
      if (trial.kind !== kind) {
        errors.push(`${at}: kind "${trial.kind}" is not ${kind}`);
        continue;
      }
      if (!(SIDES as readonly string[]).includes(trial.condition)) errors.push(`${at}: condition "${trial.condition}" is not one of ${SIDES.join(", ")}`);
      if (!OUTCOMES_BY_KIND[kind].includes(trial.outcome)) errors.push(`${at}: a ${kind} trial cannot end in ${trial.outcome}`);
      // value is the circle's eccentricity: the level's (never more; less only where the field is narrower).
      const most = eccentricityAt(build, trial.level);
      if (trial.value === null || !Number.isInteger(trial.value) || trial.value < MIN_ECCENTRICITY_PX || trial.value > most)
        errors.push(`${at}: eccentricity ${trial.value} is outside ${MIN_ECCENTRICITY_PX}–${most} px`);
      const window = responseWindowAt(build, trial.level);
      if (trial.rtMs !== null && trial.outcome !== "anticipation" && (trial.rtMs < ANTICIPATION_MS || trial.rtMs > window))
        errors.push(`${at}: rt ${trial.rtMs} ms is outside ${ANTICIPATION_MS}–${window} ms for a ${trial.outcome}`);
      if (trial.outcome === "anticipation" && trial.rtMs !== null && trial.rtMs >= params.foreperiodMs.max + params.responseWindowMs.easy)
        errors.push(`${at}: an anticipation ${trial.rtMs} ms after its trial began`);
      // Trials run one after another.
      if (trial.shownAt < previousShownAt) errors.push(`${at}: shown before the trial it follows`);
      previousShownAt = trial.shownAt;
    }
    return errors;
  },
};
