/**
 * Modulator, the pure side: parameters, metrics and checks. Server-safe.
 *
 * Optokinetic habituation: a moving background (stripes, a dot field's optic flow, a rotating
 * dot disc) runs in blocks while the patient keeps doing a central attention task: shapes
 * appear one at a time in a calm central panel and the patient answers only the target shape
 * (go / no-go). Before the first block and after every `rateEvery` blocks (always after the
 * last) the motion stops and the patient rates their symptoms 0–10.
 *
 * The stimulus level (the staircase's level) sets the background's speed, contrast and, for
 * dots, their number; it is read when a block starts and the staircase moves on the task's
 * answers, so the background grows stronger while the task stays accurate. Every block ramps
 * its motion up and down over a second; speeds are scaled by the motion setting.
 */
import { z } from "zod";
import { maxPatternSpeed } from "../../runtime/safety.ts";
import { finiteOnly, mean, median } from "../../runtime/stats.ts";
import type { BuildDefinition, FamilyMetrics, Outcome, TrialRecord } from "../../runtime/types.ts";

/** Faster than this after a shape appears is not a reaction to it: an anticipation. */
export const ANTICIPATION_MS = 100;
/** A rating screen waits this long; then it is recorded without a value and the session goes on. */
export const RATING_TIMEOUT_MS = 30_000;
/** The highest symptom rating. */
export const RATING_MAX = 10;
/** Rotation is limited to this (degrees per second) whatever the build says: gentle roll. */
export const MAX_ROTATION_DEG_PER_S = 60;
/** Dots drift at most this fast (logical px per second). */
export const MAX_DOT_SPEED = 300;

export const PATTERNS = ["stripes", "dots", "rotation"] as const;
export type Pattern = (typeof PATTERNS)[number];

/**
 * Which way the background moves. Stripes: left/right (vertical bars drifting sideways) or
 * up/down (horizontal bars). Dots: out (expanding, as when moving forwards), in (contracting),
 * or drifting left/right/up/down. Rotation: clockwise or counter-clockwise.
 */
export const DIRECTIONS = ["left", "right", "up", "down", "out", "in", "cw", "ccw"] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DIRECTIONS_BY_PATTERN: Record<Pattern, readonly Direction[]> = {
  stripes: ["left", "right", "up", "down"],
  dots: ["out", "in", "left", "right", "up", "down"],
  rotation: ["cw", "ccw"],
};

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const span = (value: z.ZodNumber) =>
  z
    .object({ min: value, max: value })
    .strict()
    .refine((r) => r.min <= r.max, "min must not exceed max");

export const modulatorParamsSchema = z
  .object({
    pattern: z.enum(PATTERNS),
    /** Directions used, block after block in a shuffled cycle. */
    directions: z.array(z.enum(DIRECTIONS)).min(1).max(6),
    /**
     * Speed at the lowest and the highest level: px/s for stripes and dots (at the edge of
     * the field for optic flow), degrees/s for rotation. Multiplied by the motion setting.
     */
    speed: span(z.number().min(0).max(600)),
    /** Stripes: one light and one dark bar, in logical px (the period of the pattern). */
    periodPx: int(40, 400),
    /** Dots: how many at the lowest and the highest level (density). */
    dots: span(int(10, 200)),
    /** Opacity of the light stripes or dots over the background, at the lowest and highest level: modest. */
    contrast: span(z.number().min(0.02).max(0.5)),
    blocks: int(1, 40),
    itemsPerBlock: int(2, 40),
    /** Share of the shapes that are the target. */
    targetShare: z.number().min(0.2).max(0.6),
    /** How long a shape stays up, and how long an answer to it is taken. */
    itemWindowMs: int(600, 5000),
    /** Blank time before each shape, drawn uniformly in [min, max]. */
    gapMs: span(int(200, 5000)),
    feedbackMs: int(200, 2000),
    /** Symptom ratings after every `rateEvery` blocks (and always after the last; one before the first). */
    rateEvery: int(1, 40),
  })
  .strict()
  .superRefine((params, issues) => {
    const allowed = DIRECTIONS_BY_PATTERN[params.pattern];
    for (const direction of params.directions) {
      if (!allowed.includes(direction)) issues.addIssue({ code: "custom", path: ["directions"], message: `${params.pattern} cannot move ${direction}` });
    }
    if (new Set(params.directions).size !== params.directions.length) issues.addIssue({ code: "custom", path: ["directions"], message: "directions repeat" });
    // Stripes are periodic: at most 3 periods a second pass any point (runtime/safety.ts).
    if (params.pattern === "stripes" && params.speed.max > maxPatternSpeed(params.periodPx)) {
      issues.addIssue({ code: "custom", path: ["speed"], message: `stripes of ${params.periodPx} px move at most ${maxPatternSpeed(params.periodPx)} px/s` });
    }
    if (params.pattern === "rotation" && params.speed.max > MAX_ROTATION_DEG_PER_S) {
      issues.addIssue({ code: "custom", path: ["speed"], message: `rotation is at most ${MAX_ROTATION_DEG_PER_S} degrees/s` });
    }
    if (params.pattern === "dots" && params.speed.max > MAX_DOT_SPEED) {
      issues.addIssue({ code: "custom", path: ["speed"], message: `dots move at most ${MAX_DOT_SPEED} px/s` });
    }
  });
export type ModulatorParams = z.infer<typeof modulatorParamsSchema>;
export type ModulatorBuild = BuildDefinition<ModulatorParams>;

export interface Stimulus {
  /** px/s or degrees/s before the motion setting. */
  speed: number;
  /** Opacity of the light parts, 0..1. */
  contrast: number;
  /** Dots drawn (dot and rotation patterns). */
  dots: number;
}

/** The background at `level`: linear from the build's lowest to its highest values. */
export function stimulusAt(build: ModulatorBuild, level: number): Stimulus {
  const { min, max } = build.difficulty;
  const t = max === min ? 0 : Math.min(1, Math.max(0, (level - min) / (max - min)));
  const lerp = (r: { min: number; max: number }) => r.min + (r.max - r.min) * t;
  return { speed: lerp(build.params.speed), contrast: lerp(build.params.contrast), dots: Math.round(lerp(build.params.dots)) };
}

/** What a task trial's `condition` says: the background it ran under, e.g. "stripes-left-3". */
export function conditionOf(pattern: Pattern, direction: Direction, level: number): string {
  return `${pattern}-${direction}-${level}`;
}

/** A symptom rating's condition before any motion. */
export const BASELINE = "baseline";

/** How many symptom ratings a full session has: one before, and after every `rateEvery` blocks and the last. */
export function plannedRatings(params: ModulatorParams): number {
  let count = 1;
  for (let block = 1; block <= params.blocks; block++) if (block % params.rateEvery === 0 || block === params.blocks) count++;
  return count;
}

const TASK_KINDS = ["go", "nogo"] as const;
const OUTCOMES_BY_KIND: Record<string, readonly Outcome[]> = {
  go: ["hit", "omission", "anticipation"],
  nogo: ["correct-rejection", "commission", "anticipation"],
  symptom: ["sample"],
};

const isTask = (trial: TrialRecord) => trial.kind === "go" || trial.kind === "nogo";
const rounded = (value: number) => Math.round(value * 100) / 100;

export const modulatorMetrics: FamilyMetrics<ModulatorParams> = {
  family: "modulator",
  paramsSchema: modulatorParamsSchema,

  // Adds to summariseCommon (trials, accuracy over the task, rt_*_ms over hits, omissions,
  // commissions, anticipations); the names here do not repeat those.
  summarise(trials, build) {
    const task = trials.filter(isTask);
    const summary: Record<string, number> = {};
    const accuracyOf = (list: readonly TrialRecord[]) => (list.length === 0 ? Number.NaN : list.filter((t) => t.correct === true).length / list.length);
    const hitRts = (list: readonly TrialRecord[]) => list.flatMap((t) => (t.outcome === "hit" && t.rtMs !== null ? [t.rtMs] : []));

    // Accuracy and RT under each stimulus level and each direction.
    const levels = [...new Set(task.map((t) => t.level))].sort((a, b) => a - b);
    for (const level of levels) {
      const atLevel = task.filter((t) => t.level === level);
      summary[`accuracy_level_${level}`] = accuracyOf(atLevel);
      summary[`rt_level_${level}_median_ms`] = median(hitRts(atLevel));
    }
    for (const direction of build.params.directions) {
      const inDirection = task.filter((t) => t.condition.startsWith(`${build.params.pattern}-${direction}-`));
      if (inDirection.length > 0) summary[`accuracy_${direction}`] = accuracyOf(inDirection);
    }
    if (levels.length > 0) summary.stimulus_level_max = levels[levels.length - 1];
    const go = task.filter((t) => t.kind === "go");
    const nogo = task.filter((t) => t.kind === "nogo");
    if (go.length > 0) summary.target_hit_rate = go.filter((t) => t.outcome === "hit").length / go.length;
    if (nogo.length > 0) summary.false_alarm_rate = nogo.filter((t) => t.outcome === "commission").length / nogo.length;
    // The background speed the task ran under, after the motion setting (px/s or degrees/s).
    summary.background_speed_max = Math.max(...task.flatMap((t) => (t.value === null ? [] : [t.value])));

    // Symptoms: the first rating (before any motion), the last, and the change between them.
    const ratings = trials.flatMap((t) => (t.kind === "symptom" && t.value !== null ? [t.value] : []));
    summary.symptom_ratings = ratings.length;
    if (ratings.length > 0) {
      summary.symptom_first = ratings[0];
      summary.symptom_last = ratings[ratings.length - 1];
      summary.symptom_max = Math.max(...ratings);
      summary.symptom_mean = rounded(mean(ratings));
    }
    if (ratings.length > 1) summary.symptom_change = ratings[ratings.length - 1] - ratings[0];
    return finiteOnly(summary);
  },

  checkTrials(trials, build) {
    const errors: string[] = [];
    const { params, difficulty } = build;
    const taskCount = trials.filter(isTask).length;
    const symptomCount = trials.filter((t) => t.kind === "symptom").length;
    // Interruptions repeat the item in progress, never add one: never more than planned.
    if (taskCount > params.blocks * params.itemsPerBlock) errors.push(`${taskCount} task trials, but the build plans ${params.blocks * params.itemsPerBlock}`);
    if (symptomCount > plannedRatings(params)) errors.push(`${symptomCount} symptom ratings, but the build plans ${plannedRatings(params)}`);
    const blockConditions = new Set(
      params.directions.flatMap((d) => range(difficulty.min, difficulty.max).map((level) => conditionOf(params.pattern, d, level))),
    );
    let previousShownAt = Number.NEGATIVE_INFINITY;
    for (const trial of trials) {
      const at = `trial ${trial.index}`;
      const outcomes = OUTCOMES_BY_KIND[trial.kind];
      if (!outcomes) {
        errors.push(`${at}: kind "${trial.kind}" is not one of ${[...TASK_KINDS, "symptom"].join(", ")}`);
        continue;
      }
      if (!outcomes.includes(trial.outcome)) errors.push(`${at}: a ${trial.kind} trial cannot end in ${trial.outcome}`);
      const ownCondition = blockConditions.has(trial.condition) && trial.condition.endsWith(`-${trial.level}`);
      if (trial.kind === "symptom") {
        if (!(trial.condition === BASELINE || ownCondition))
          errors.push(`${at}: condition "${trial.condition}" is not "${BASELINE}" or a block of this build at level ${trial.level}`);
        // A rating is an integer 0–10, present exactly when the patient answered.
        if (trial.value === null ? trial.respondedAt !== null : !(Number.isInteger(trial.value) && trial.value >= 0 && trial.value <= RATING_MAX))
          errors.push(`${at}: symptom rating ${trial.value} is not an answered 0–${RATING_MAX}`);
        if (trial.rtMs !== null && trial.rtMs > RATING_TIMEOUT_MS) errors.push(`${at}: answered after the rating's ${RATING_TIMEOUT_MS} ms`);
      } else {
        if (!ownCondition) errors.push(`${at}: condition "${trial.condition}" is not a block of this build at level ${trial.level}`);
        // value is the background's speed after the motion setting: never above the level's.
        const top = stimulusAt(build, trial.level).speed;
        if (trial.value === null || trial.value < 0 || trial.value > top + 0.01)
          errors.push(`${at}: background speed ${trial.value} is outside 0–${rounded(top)}`);
        if (trial.rtMs !== null && trial.outcome !== "anticipation" && (trial.rtMs < ANTICIPATION_MS || trial.rtMs > params.itemWindowMs))
          errors.push(`${at}: rt ${trial.rtMs} ms is outside ${ANTICIPATION_MS}–${params.itemWindowMs} ms for a ${trial.outcome}`);
      }
      // Trials run one after another.
      if (trial.shownAt < previousShownAt) errors.push(`${at}: shown before the trial it follows`);
      previousShownAt = trial.shownAt;
    }
    return errors;
  },
};

function range(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}
