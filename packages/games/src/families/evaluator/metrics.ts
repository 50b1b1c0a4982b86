/**
 * Evaluator, the pure side: parameters, metrics and checks. Server-safe.
 *
 * Assessments whose score is comparable from one session to the next: each build is one
 * assessment with a fixed protocol.
 * - reaction-time: simple RT, a fixed number of trials, no adaptation; score = median RT.
 * - vertical: subjective visual vertical (rod and frame). A line inside a tilted frame starts
 *   tilted; the patient turns it until it looks upright and confirms. `value` = the line's
 *   signed error in degrees (positive = top to the right, clockwise). Score = mean absolute
 *   error and mean signed error (bias).
 * - acuity: (dynamic) visual acuity with a tumbling E, static or moving; the staircase shrinks
 *   it. `value` = the E's nominal logMAR; score = the smallest size read at ≥ 80 %.
 * - span: forward span of positions (a 3 × 3 grid lights up) or digits; the staircase sets the
 *   length. `value` = the length; score = the longest span repeated correctly.
 */
import { z } from "zod";
import { finiteOnly, mean, median, standardDeviation } from "../../runtime/stats.ts";
import type { BuildDefinition, FamilyMetrics, Outcome, TrialRecord } from "../../runtime/types.ts";

/** Faster than this after a stimulus is not a reaction to it: an anticipation. */
export const ANTICIPATION_MS = 100;
/** The line turns at most this far either side of upright. */
export const SVV_LIMIT_DEG = 45;
/** The span grid has nine squares; digit sequences never repeat a digit, so nine at most too. */
export const SPAN_LIMIT = 9;
/**
 * An acuity level counts as read with at least this many trials at that size… (the staircase
 * moves up after two right answers, so a patient reading every E spends two trials a size).
 */
export const ACUITY_MIN_TRIALS = 2;
/** …and at least this share right. */
export const ACUITY_CRITERION = 0.8;
/** One logMAR step between acuity levels (a line of a chart). */
export const LOGMAR_STEP = 0.1;

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const span = (value: z.ZodNumber) =>
  z
    .object({ min: value, max: value })
    .strict()
    .refine((r) => r.min <= r.max, "min must not exceed max");

const reactionTimeSchema = z
  .object({
    test: z.literal("reaction-time"),
    trials: int(3, 100),
    /** Fixation before the circle, uniform in [min, max] so the onset cannot be timed. */
    foreperiodMs: span(int(300, 10_000)),
    /** Fixed: the same for everyone and every session, so scores compare. */
    responseWindowMs: int(500, 5000),
    feedbackMs: int(200, 3000),
  })
  .strict();

const verticalSchema = z
  .object({
    test: z.literal("vertical"),
    /** Frame tilts in degrees (positive = clockwise); each frame is one condition. */
    frameTilts: z
      .array(int(-30, 30))
      .min(1)
      .max(7)
      .refine((tilts) => new Set(tilts).size === tilts.length, "frame tilts repeat"),
    trialsPerFrame: int(1, 20),
    /** How far from upright the line starts (degrees, either side). */
    startTiltDeg: span(int(3, 40)),
    /** Time to adjust and confirm one line; then it counts as not answered. */
    adjustWindowMs: int(5000, 120_000),
    /** Blank screen between lines, so one line's position does not hint at the next. */
    intervalMs: int(300, 3000),
    feedbackMs: int(200, 3000),
  })
  .strict();

const acuitySchema = z
  .object({
    test: z.literal("acuity"),
    /** Static E only, moving E only, or both interleaved (each with its own staircase). */
    mode: z.enum(["static", "dynamic", "both"]),
    trials: int(4, 120),
    /** The E's height at the lowest level (logical px); each level is 0.1 logMAR smaller. */
    largestPx: int(20, 200),
    /** The moving E's speed (logical px/s), multiplied by the motion setting. */
    speedPxPerS: int(0, 600),
    /** How long the E is shown. */
    exposureMs: int(150, 3000),
    /** How long an answer is taken, from the E's onset. */
    responseWindowMs: int(1000, 10_000),
    foreperiodMs: span(int(300, 5000)),
    feedbackMs: int(200, 3000),
  })
  .strict()
  .refine((p) => p.responseWindowMs >= p.exposureMs, "the response window must cover the exposure");

const spanSchema = z
  .object({
    test: z.literal("span"),
    material: z.enum(["positions", "digits"]),
    trials: int(2, 40),
    /** Each item is shown this long, then a pause: both ≥ 350 ms, so nothing changes more than 3 times a second. */
    onMs: int(350, 2000),
    offMs: int(350, 2000),
    /** The answer may pause this long between items (and before the first). */
    recallWindowMs: int(2000, 30_000),
    feedbackMs: int(300, 3000),
  })
  .strict();

export const evaluatorParamsSchema = z.discriminatedUnion("test", [reactionTimeSchema, verticalSchema, acuitySchema, spanSchema]);
export type EvaluatorParams = z.infer<typeof evaluatorParamsSchema>;
export type ReactionTimeParams = z.infer<typeof reactionTimeSchema>;
export type VerticalParams = z.infer<typeof verticalSchema>;
export type AcuityParams = z.infer<typeof acuitySchema>;
export type SpanParams = z.infer<typeof spanSchema>;
export type EvaluatorBuild = BuildDefinition<EvaluatorParams>;

/** The condition of a frame tilt: "frame-0", "frame-right-20" (clockwise), "frame-left-20". */
export function frameCondition(tilt: number): string {
  return tilt === 0 ? "frame-0" : `frame-${tilt > 0 ? "right" : "left"}-${Math.abs(tilt)}`;
}

/** The E's height (logical px) at `level`: 0.1 logMAR smaller per level above the lowest. */
export function optotypePx(largestPx: number, minLevel: number, level: number): number {
  return largestPx * 10 ** (-LOGMAR_STEP * (level - minLevel));
}

/**
 * The E's nominal logMAR at `level`: log10 of its stroke (a fifth of its height) in logical
 * px, taking one logical px as one minute of arc. It compares sessions on the same screen at
 * the same distance; it is not a clinical chart value.
 */
export function logMarAt(largestPx: number, minLevel: number, level: number): number {
  return Math.round(Math.log10(optotypePx(largestPx, minLevel, level) / 5) * 100) / 100;
}

/** Trial kinds each assessment produces. */
export function kindsOf(params: EvaluatorParams): string[] {
  switch (params.test) {
    case "reaction-time":
      return ["simple"];
    case "vertical":
      return ["svv"];
    case "acuity":
      return params.mode === "both" ? ["static", "dynamic"] : [params.mode];
    case "span":
      return [params.material];
  }
}

/** How many trials a full session has. */
export function plannedTrials(params: EvaluatorParams): number {
  return params.test === "vertical" ? params.frameTilts.length * params.trialsPerFrame : params.trials;
}

const OUTCOMES_BY_TEST: Record<EvaluatorParams["test"], readonly Outcome[]> = {
  "reaction-time": ["hit", "omission", "anticipation"],
  vertical: ["sample", "omission"],
  acuity: ["hit", "miss", "omission", "anticipation"],
  span: ["hit", "miss", "omission"],
};

const rounded = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;
const snake = (text: string) => text.replace(/-/g, "_");

/** The smallest logMAR read at ≥ 80 % with at least `ACUITY_MIN_TRIALS` trials at that size; NaN when none. */
export function bestLogMar(trials: readonly TrialRecord[]): number {
  const bySize = new Map<number, { right: number; all: number }>();
  for (const trial of trials) {
    if (trial.value === null || trial.outcome === "anticipation") continue;
    const tally = bySize.get(trial.value) ?? { right: 0, all: 0 };
    tally.all++;
    if (trial.correct) tally.right++;
    bySize.set(trial.value, tally);
  }
  const read = [...bySize].filter(([, t]) => t.all >= ACUITY_MIN_TRIALS && t.right / t.all >= ACUITY_CRITERION).map(([logMar]) => logMar);
  return read.length === 0 ? Number.NaN : Math.min(...read);
}

function summariseReactionTime(trials: readonly TrialRecord[]): Record<string, number> {
  const rts = trials.flatMap((t) => (t.outcome === "hit" && t.rtMs !== null ? [t.rtMs] : [])).sort((a, b) => a - b);
  const quartile = (q: number) => (rts.length < 4 ? Number.NaN : rts[Math.min(rts.length - 1, Math.floor(q * rts.length))]);
  return { score_rt_median_ms: median(rts), rt_iqr_ms: quartile(0.75) - quartile(0.25) };
}

function summariseVertical(trials: readonly TrialRecord[], params: VerticalParams): Record<string, number> {
  const answered = trials.filter((t) => t.outcome === "sample" && t.value !== null);
  const errors = answered.map((t) => t.value!);
  const summary: Record<string, number> = {
    svv_adjusted: answered.length,
    svv_abs_error_deg: rounded(mean(errors.map(Math.abs))),
    svv_bias_deg: rounded(mean(errors)),
    svv_sd_deg: errors.length < 2 ? Number.NaN : rounded(standardDeviation(errors)),
  };
  for (const tilt of params.frameTilts) {
    const condition = frameCondition(tilt);
    summary[`svv_${snake(condition)}_bias_deg`] = rounded(mean(answered.filter((t) => t.condition === condition).map((t) => t.value!)));
  }
  // The rod-and-frame effect: how far the line follows the frame, half the difference between
  // the bias with frames tilted right and with frames tilted left.
  const side = (sign: number) =>
    mean(answered.filter((t) => params.frameTilts.some((f) => Math.sign(f) === sign && frameCondition(f) === t.condition)).map((t) => t.value!));
  summary.svv_frame_effect_deg = rounded((side(1) - side(-1)) / 2);
  return summary;
}

function summariseAcuity(trials: readonly TrialRecord[]): Record<string, number> {
  const dynamic = trials.filter((t) => t.kind === "dynamic");
  const still = trials.filter((t) => t.kind === "static");
  const accuracy = (list: readonly TrialRecord[]) => (list.length === 0 ? Number.NaN : list.filter((t) => t.correct === true).length / list.length);
  const best = bestLogMar(dynamic);
  const bestStatic = bestLogMar(still);
  return {
    dva_best_logmar: best,
    dva_static_best_logmar: bestStatic,
    // What motion costs: how many lines worse the moving E is read (positive = worse).
    dva_loss_logmar: rounded(best - bestStatic),
    dva_dynamic_accuracy: accuracy(dynamic),
    dva_static_accuracy: accuracy(still),
  };
}

function summariseSpan(trials: readonly TrialRecord[]): Record<string, number> {
  const lengths = (list: readonly TrialRecord[]) => list.flatMap((t) => (t.value === null ? [] : [t.value]));
  const hits = lengths(trials.filter((t) => t.outcome === "hit"));
  return {
    span_max: hits.length === 0 ? Number.NaN : Math.max(...hits),
    span_longest_tried: trials.length === 0 ? Number.NaN : Math.max(...lengths(trials)),
  };
}

export const evaluatorMetrics: FamilyMetrics<EvaluatorParams> = {
  family: "evaluator",
  paramsSchema: evaluatorParamsSchema,

  // Each assessment's own score; they add to summariseCommon and never reuse its names.
  summarise(trials, build) {
    const { params } = build;
    switch (params.test) {
      case "reaction-time":
        return finiteOnly(summariseReactionTime(trials));
      case "vertical":
        return finiteOnly(summariseVertical(trials, params));
      case "acuity":
        return finiteOnly(summariseAcuity(trials));
      case "span":
        return finiteOnly(summariseSpan(trials));
    }
  },

  checkTrials(trials, build) {
    const errors: string[] = [];
    const { params, difficulty } = build;
    const kinds = kindsOf(params);
    const outcomes = OUTCOMES_BY_TEST[params.test];
    // Interruptions repeat the trial in progress, never add one: never more than planned.
    if (trials.length > plannedTrials(params)) errors.push(`${trials.length} trials, but the build plans ${plannedTrials(params)}`);
    let previousShownAt = Number.NEGATIVE_INFINITY;
    for (const trial of trials) {
      const at = `trial ${trial.index}`;
      if (!kinds.includes(trial.kind)) {
        errors.push(`${at}: kind "${trial.kind}" is not one of ${kinds.join(", ")}`);
        continue;
      }
      if (!outcomes.includes(trial.outcome)) errors.push(`${at}: a ${params.test} trial cannot end in ${trial.outcome}`);
      const conditions = conditionsOf(params, trial.kind);
      if (!conditions.includes(trial.condition))
        errors.push(`${at}: condition "${trial.condition}" is not one of ${conditions.map((c) => `"${c}"`).join(", ")}`);
      errors.push(...checkValue(trial, build).map((message) => `${at}: ${message}`));
      const window = responseWindowOf(params);
      if (window !== null && trial.rtMs !== null && trial.outcome !== "anticipation") {
        const least = params.test === "reaction-time" || params.test === "acuity" ? ANTICIPATION_MS : 0;
        if (trial.rtMs < least || trial.rtMs > window) errors.push(`${at}: rt ${trial.rtMs} ms is outside ${least}–${window} ms for a ${trial.outcome}`);
      }
      if (trial.level < difficulty.min || trial.level > difficulty.max)
        errors.push(`${at}: level ${trial.level} is outside ${difficulty.min}–${difficulty.max}`);
      // Trials run one after another.
      if (trial.shownAt < previousShownAt) errors.push(`${at}: shown before the trial it follows`);
      previousShownAt = trial.shownAt;
    }
    return errors;
  },
};

function conditionsOf(params: EvaluatorParams, kind: string): string[] {
  if (params.test === "vertical") return params.frameTilts.map(frameCondition);
  if (params.test === "acuity" && kind === "dynamic") return ["left", "right"];
  return [""];
}

/** The longest an answer can take (ms from `shownAt`), or null when it has no single bound (span). */
function responseWindowOf(params: EvaluatorParams): number | null {
  switch (params.test) {
    case "reaction-time":
    case "acuity":
      return params.responseWindowMs;
    case "vertical":
      return params.adjustWindowMs;
    case "span":
      // Every item may take the whole window.
      return params.recallWindowMs * SPAN_LIMIT;
  }
}

function checkValue(trial: TrialRecord, build: EvaluatorBuild): string[] {
  const { params, difficulty } = build;
  const value = trial.value;
  switch (params.test) {
    case "reaction-time": {
      // value is the planned foreperiod.
      const { min, max } = params.foreperiodMs;
      return value === null || value < min || value > max ? [`foreperiod ${value} is outside ${min}–${max} ms`] : [];
    }
    case "vertical":
      // value is the line's final angle, in whole degrees; none when it was not confirmed.
      if (trial.outcome === "omission") return value === null ? [] : [`an unconfirmed line has no angle (${value})`];
      return value === null || !Number.isInteger(value) || Math.abs(value) > SVV_LIMIT_DEG
        ? [`line angle ${value} is not a whole number within ±${SVV_LIMIT_DEG}°`]
        : [];
    case "acuity": {
      // value is the E's logMAR at the trial's level.
      const expected = logMarAt(params.largestPx, difficulty.min, trial.level);
      return value === null || Math.abs(value - expected) > 0.005 ? [`logMAR ${value} is not level ${trial.level}'s ${expected}`] : [];
    }
    case "span":
      // value is the sequence's length, which is the level.
      return value !== trial.level || value < 1 || value > SPAN_LIMIT ? [`span length ${value} is not level ${trial.level} (at most ${SPAN_LIMIT})`] : [];
  }
}
