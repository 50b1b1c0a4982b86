/**
 * Optimizer VR, the pure side: parameters, metrics and checks. Server-safe: no three.js here
 * (the scenes are in scene.ts, which only the browser entry reaches through engine.ts).
 *
 * Three immersive scenes, one per `scene`; each mirrors a flat task so statistics can compare them:
 * - "tunnel": rings and dots stream towards the viewer (optic flow) while letters appear at the
 *   tunnel's centre: n-back, as Optimizer's. Trials kind "nback", condition "match" | "nonmatch",
 *   outcomes hit / omission / anticipation (match) and correct-rejection / commission /
 *   anticipation (non-match); value = the flow speed (m/s) while the letter was up. The level
 *   sets the flow speed.
 * - "saccades": after a fixation ring straight ahead, a disc appears somewhere around the viewer
 *   (left or right, up or down, near or far) with an arrow in it that shows only briefly: look at
 *   it and say which way it points. Trials kind "saccade", condition "left" | "right" (the side
 *   the disc was on), outcomes hit / miss / omission / anticipation; value = its eccentricity
 *   (degrees from straight ahead). The level widens the eccentricity and shortens the arrow.
 * - "pursuit": a ball moves on a path around and in depth; keep it in view (head in a headset,
 *   pointer on a screen). Trials kind "pursuit", condition "", outcome "sample", one per window;
 *   value = the mean angle (degrees) between the aim (gaze or pointer ray) and the ball. The
 *   level sets the ball's angular speed; a window within `toleranceDeg` counts as a success.
 */
import { z } from "zod";
import { finiteOnly, mean, median, probit } from "../../runtime/stats.ts";
import type { BuildDefinition, FamilyMetrics, Outcome } from "../../runtime/types.ts";

/** Faster than this after the stimulus is not a reaction to it. */
export const ANTICIPATION_MS = 100;
/** Eccentricity never shrinks below this, whatever the motion setting: the disc stays off the fixation ring. */
export const MIN_ECCENTRICITY_DEG = 4;

const range = (min: number, max: number) => z.number().int().min(min).max(max);
const rising = (schema: z.ZodNumber) =>
  z
    .object({ easy: schema, hard: schema })
    .strict()
    .refine((v) => v.easy <= v.hard, "easy must not exceed hard");
const falling = (schema: z.ZodNumber) =>
  z
    .object({ easy: schema, hard: schema })
    .strict()
    .refine((v) => v.hard <= v.easy, "hard must not exceed easy");

export const optimizerVrParamsSchema = z.discriminatedUnion("scene", [
  z
    .object({
      scene: z.literal("tunnel"),
      n: range(1, 3),
      /** Letters shown (each one a trial). */
      trials: range(4, 400),
      matchShare: z.number().min(0.15).max(0.5),
      /** Onset to onset of the letters. */
      itemMs: range(800, 5000),
      /** Share of the window the letter stays. */
      visibleShare: z.number().min(0.3).max(1),
      /** Flow speed at the easiest and the hardest level (m/s), before `motion`; capped at 3 rings a second. */
      flowSpeed: rising(z.number().min(0).max(10)),
      /** Distance between rings (m): the period of the flow pattern. */
      ringSpacingM: z.number().min(0.5).max(5),
    })
    .strict(),
  z
    .object({
      scene: z.literal("saccades"),
      trials: range(2, 300),
      foreperiodMs: z
        .object({ min: range(300, 5000), max: range(300, 5000) })
        .strict()
        .refine((f) => f.min <= f.max, "min must not exceed max"),
      /** The answer window from the disc's paint. */
      responseMs: range(600, 5000),
      /** How long the arrow shows at the easiest and the hardest level. */
      symbolMs: falling(z.number().int().min(100).max(3000)),
      /** Eccentricity at the easiest and the hardest level (degrees), before `motion`. */
      eccentricityDeg: rising(z.number().min(MIN_ECCENTRICITY_DEG).max(45)),
      feedbackMs: range(200, 3000),
    })
    .strict(),
  z
    .object({
      scene: z.literal("pursuit"),
      /** Windows measured (each one a sample). */
      trials: range(4, 600),
      sampleMs: range(500, 5000),
      /** The ball's angular speed at the easiest and the hardest level (degrees/s), before `motion`. */
      speedDegPerS: rising(z.number().min(0).max(120)),
      /** A window counts as a success for the staircase if its mean error is within this. */
      toleranceDeg: z.number().min(1).max(30),
      /** How far the ball goes, nearest and farthest (m). */
      depthM: z
        .object({ near: z.number().min(0.8).max(10), far: z.number().min(0.8).max(10) })
        .strict()
        .refine((d) => d.near <= d.far, "near must not exceed far"),
    })
    .strict(),
]);
export type OptimizerVrParams = z.infer<typeof optimizerVrParamsSchema>;
export type OptimizerVrBuild = BuildDefinition<OptimizerVrParams>;

function share(build: OptimizerVrBuild, level: number): number {
  const { min, max } = build.difficulty;
  return max === min ? 0 : Math.min(1, Math.max(0, (level - min) / (max - min)));
}
const between = (easy: number, hard: number, t: number) => easy + (hard - easy) * t;

/** The fastest the rings may stream (m/s): three rings a second (runtime/safety.ts's 3 Hz). */
export function flowSpeedCap(spacingM: number): number {
  return 3 * spacingM;
}

/** Tunnel: the flow speed (m/s) at `level` and `motion`, within the 3 Hz cap. */
export function flowSpeedAt(build: OptimizerVrBuild, level: number, motion = 1): number {
  const { params } = build;
  if (params.scene !== "tunnel") return 0;
  return Math.min(flowSpeedCap(params.ringSpacingM), between(params.flowSpeed.easy, params.flowSpeed.hard, share(build, level)) * motion);
}

/** Saccades: the eccentricity (degrees) at `level` and `motion`. */
export function eccentricityAt(build: OptimizerVrBuild, level: number, motion = 1): number {
  const { params } = build;
  if (params.scene !== "saccades") return 0;
  return Math.max(MIN_ECCENTRICITY_DEG, between(params.eccentricityDeg.easy, params.eccentricityDeg.hard, share(build, level)) * motion);
}

/** Saccades: how long the arrow shows (ms) at `level`. */
export function symbolMsAt(build: OptimizerVrBuild, level: number): number {
  const { params } = build;
  return params.scene === "saccades" ? Math.round(between(params.symbolMs.easy, params.symbolMs.hard, share(build, level))) : 0;
}

/** Pursuit: the ball's angular speed (degrees/s) at `level` and `motion`. */
export function pursuitSpeedAt(build: OptimizerVrBuild, level: number, motion = 1): number {
  const { params } = build;
  return params.scene === "pursuit" ? between(params.speedDegPerS.easy, params.speedDegPerS.hard, share(build, level)) * motion : 0;
}

const OUTCOMES: Record<string, Record<string, readonly Outcome[]>> = {
  nback: { match: ["hit", "omission", "anticipation"], nonmatch: ["correct-rejection", "commission", "anticipation"] },
  saccade: { left: ["hit", "miss", "omission", "anticipation"], right: ["hit", "miss", "omission", "anticipation"] },
  pursuit: { "": ["sample"] },
};
const KIND = { tunnel: "nback", saccades: "saccade", pursuit: "pursuit" } as const;

const rate = (part: number, whole: number) => (whole === 0 ? Number.NaN : part / whole);

export const optimizerVrMetrics: FamilyMetrics<OptimizerVrParams> = {
  family: "optimizer-vr",
  paramsSchema: optimizerVrParamsSchema,

  // Adds to summariseCommon; the names match Optimizer's where the measure is the same
  // (level_reached, nback_accuracy, hit_rate, false_alarm_rate, d_prime), and carry their
  // unit where it differs (degrees here, px on a flat screen).
  summarise(trials, build) {
    const summary: Record<string, number> = {};
    const { params } = build;
    if (trials.length > 0) {
      const levels = trials.map((t) => t.level);
      summary.level_reached = Math.max(...levels);
      summary.level_final = levels.at(-1)!;
    }
    if (params.scene === "tunnel") {
      const matches = trials.filter((t) => t.condition === "match");
      const others = trials.filter((t) => t.condition === "nonmatch");
      const hits = matches.filter((t) => t.outcome === "hit").length;
      const falseAlarms = others.filter((t) => t.outcome !== "correct-rejection").length;
      summary.nback_accuracy = rate(trials.filter((t) => t.correct).length, trials.length);
      summary.hit_rate = rate(hits, matches.length);
      summary.false_alarm_rate = rate(falseAlarms, others.length);
      if (matches.length > 0 && others.length > 0)
        summary.d_prime = probit((hits + 0.5) / (matches.length + 1)) - probit((falseAlarms + 0.5) / (others.length + 1));
      const speeds = trials.flatMap((t) => (t.value === null ? [] : [t.value]));
      if (speeds.length > 0) {
        summary.flow_speed_max_m_s = Math.max(...speeds);
        summary.flow_speed_mean_m_s = mean(speeds);
      }
    }
    if (params.scene === "saccades") {
      summary.saccade_error_rate = rate(trials.filter((t) => t.outcome === "miss").length, trials.length);
      const reached = trials.flatMap((t) => (t.outcome === "hit" && t.value !== null ? [t.value] : []));
      if (reached.length > 0) summary.eccentricity_max_deg = Math.max(...reached);
      for (const side of ["left", "right"] as const) {
        const rts = trials.flatMap((t) => (t.condition === side && t.outcome === "hit" && t.rtMs !== null ? [t.rtMs] : []));
        if (rts.length > 0) summary[`rt_${side}_mean_ms`] = mean(rts);
      }
    }
    if (params.scene === "pursuit") {
      const errors = trials.flatMap((t) => (t.value === null ? [] : [t.value]));
      if (errors.length > 0) {
        summary.tracking_error_mean_deg = mean(errors);
        summary.tracking_error_median_deg = median(errors);
        summary.tracking_within_tolerance = rate(errors.filter((e) => e <= params.toleranceDeg).length, errors.length);
      }
    }
    return finiteOnly(summary);
  },

  checkTrials(trials, build) {
    const errors: string[] = [];
    const { params } = build;
    const kind = KIND[params.scene];
    if (trials.length > params.trials) errors.push(`${trials.length} trials, but the build plans ${params.trials}`);
    let previousShownAt = Number.NEGATIVE_INFINITY;
    for (const trial of trials) {
      const at = `trial ${trial.index}`;
      if (trial.kind !== kind) {
        errors.push(`${at}: kind "${trial.kind}" is not ${kind}`);
        continue;
      }
      const outcomes = OUTCOMES[kind][trial.condition];
      if (!outcomes) {
        errors.push(`${at}: condition "${trial.condition}" is not one of ${Object.keys(OUTCOMES[kind]).join(", ") || '""'}`);
        continue;
      }
      if (!outcomes.includes(trial.outcome)) errors.push(`${at}: a ${kind} ${trial.condition} trial cannot end in ${trial.outcome}`);
      const value = trial.value;
      if (params.scene === "tunnel") {
        // The flow eases between levels' speeds, so a letter may come while it is still slowing down.
        const cap = flowSpeedAt(build, build.difficulty.max);
        if (value === null || value < 0 || value > cap + 1e-9) errors.push(`${at}: flow speed ${value} is outside 0–${cap} m/s`);
      } else if (params.scene === "saccades") {
        const widest = eccentricityAt(build, trial.level);
        if (value === null || value < MIN_ECCENTRICITY_DEG - 0.05 || value > widest + 0.05)
          errors.push(`${at}: eccentricity ${value} is outside ${MIN_ECCENTRICITY_DEG}–${widest}° at level ${trial.level}`);
      } else if (value === null || value < 0 || value > 180) {
        errors.push(`${at}: tracking error ${value} is outside 0–180°`);
      }
      if (trial.rtMs !== null && trial.outcome !== "anticipation" && params.scene !== "pursuit") {
        const window = params.scene === "tunnel" ? params.itemMs : params.responseMs;
        if (trial.rtMs < ANTICIPATION_MS || trial.rtMs > window)
          errors.push(`${at}: rt ${trial.rtMs} ms is outside ${ANTICIPATION_MS}–${window} ms for a ${trial.outcome}`);
      }
      if (params.scene === "pursuit" && trial.respondedAt !== null) errors.push(`${at}: a pursuit sample has no answer`);
      if (trial.shownAt < previousShownAt) errors.push(`${at}: shown before the trial it follows`);
      previousShownAt = trial.shownAt;
    }
    return errors;
  },
};
