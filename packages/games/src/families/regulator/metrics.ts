/**
 * Regulator, the pure side: parameters, metrics and checks. Server-safe.
 *
 * Smooth pursuit. A target moves along a path (a horizontal or vertical line, a circle, a
 * figure-eight) and the patient follows it with the mouse pointer or a finger. The session is a
 * series of blocks: the target rests at the start of its path for a moment (time to put the
 * pointer on it), then moves without stopping through the block's segments; the next block may
 * change the shape and the direction. The level sets the speed.
 *
 * One trial is one segment: `segmentMs` of movement at one speed. Tracking is sampled every
 * `SAMPLE_MS` of the segment; the pointer's position at a sample is interpolated between the
 * pointer events either side of it (held when the pointer rests), unknown after a `pointerup`
 * (a finger lifted) until it comes back. A sample is on target when the pointer is within
 * `onTargetRadius` of the target's centre. The record:
 * - kind "pursuit", outcome "sample", correct null (the contract's rule for samples; whether the
 *   segment was tracked well is what the staircase is told, and what the summary counts);
 * - condition "<shape>-<speed>", the speed being the target's mean speed along the path in
 *   logical px/s, as moved (after the motion setting), e.g. "circle-180";
 * - value: the mean tracking error (px) over the samples where the pointer was known, or null
 *   when it never was;
 * - rtMs: the time on target in the segment (ms, the on-target samples' share of `segmentMs`),
 *   respondedAt = shownAt + rtMs; both null when the pointer was never known. A pursuit sample
 *   has no single answer, so these two fields carry its other measure: the summary's time on
 *   target is computed from them.
 *
 * The staircase is told "right" when the time on target reaches `ON_TARGET_SHARE` of the
 * segment; it settles where four segments in five do.
 */
import { z } from "zod";
import { finiteOnly, mean } from "../../runtime/stats.ts";
import type { BuildDefinition, FamilyMetrics, TrialRecord } from "../../runtime/types.ts";

export const SHAPES = ["horizontal", "vertical", "circle", "figure-eight"] as const;
export type Shape = (typeof SHAPES)[number];

/** Tracking is sampled this often (ms of game time), whatever the frame rate. */
export const SAMPLE_MS = 10;
/** A segment is well tracked when the pointer is on target this share of its time. */
export const ON_TARGET_SHARE = 0.7;
/** How far beyond the target's edge the pointer still counts as on it (a fingertip's half-width). */
export const ON_TARGET_SLACK_PX = 16;

const range = (min: number, max: number) => z.number().int().min(min).max(max);

export const regulatorParamsSchema = z
  .object({
    /** The shapes, taken in turn one block each (the order of each round shuffled from the seed). */
    shapes: z
      .array(z.enum(SHAPES))
      .min(1)
      .max(SHAPES.length)
      .refine((shapes) => new Set(shapes).size === shapes.length, "shapes must not repeat"),
    /** Planned segments (trials); the session ends after them (or on duration). */
    segments: range(1, 400),
    /** Segments in one block (one shape, one direction, no stop). */
    blockSegments: range(1, 50),
    segmentMs: range(1500, 10_000),
    /** The rest at the start of each block, the target still. */
    holdMs: range(500, 5000),
    /** Mean speed along the path (logical px/s) at the easiest and the hardest level, at full motion. */
    speed: z
      .object({ easy: range(20, 800), hard: range(20, 800) })
      .strict()
      .refine((s) => s.easy <= s.hard, "easy must not exceed hard"),
    /** The target's radius (logical px). */
    targetRadius: range(10, 48),
    /** Whether the path is drawn faintly under the target (easier: the patient sees where it goes). */
    showPath: z.boolean(),
  })
  .strict();
export type RegulatorParams = z.infer<typeof regulatorParamsSchema>;
export type RegulatorBuild = BuildDefinition<RegulatorParams>;

/** The mean speed (px/s) at `level` at full motion; the engine multiplies it by the motion setting. */
export function speedAt(build: RegulatorBuild, level: number): number {
  const { min, max } = build.difficulty;
  const t = max === min ? 0 : Math.min(1, Math.max(0, (level - min) / (max - min)));
  const { easy, hard } = build.params.speed;
  return easy + (hard - easy) * t;
}

export function onTargetRadius(params: RegulatorParams): number {
  return params.targetRadius + ON_TARGET_SLACK_PX;
}

export const conditionOf = (shape: Shape, speed: number) => `${shape}-${Math.round(speed)}`;

/** The shape and the speed of a condition, or null when it is not one. */
export function parseCondition(condition: string): { shape: Shape; speed: number } | null {
  const match = /^([a-z-]+)-(\d+)$/.exec(condition);
  if (!match || !(SHAPES as readonly string[]).includes(match[1])) return null;
  return { shape: match[1] as Shape, speed: Number(match[2]) };
}

/** Time on target of one record (ms), or 0 when the pointer was never known. */
const onTargetMs = (trial: TrialRecord) => trial.rtMs ?? 0;
const snake = (shape: Shape) => shape.replace(/-/g, "_");

export const regulatorMetrics: FamilyMetrics<RegulatorParams> = {
  family: "regulator",
  paramsSchema: regulatorParamsSchema,

  // Adds to summariseCommon (trials, answered…; its accuracy and RT figures do not apply to samples).
  summarise(trials, build) {
    const segmentMs = build.params.segmentMs;
    const describe = (list: readonly TrialRecord[], suffix: string, summary: Record<string, number>) => {
      if (list.length === 0) return;
      // Every segment lasts segmentMs: the mean of the segments' means is the mean over the samples with a pointer (near enough).
      summary[`tracking_error_mean${suffix}_px`] = mean(list.flatMap((t) => (t.value === null ? [] : [t.value])));
      summary[`time_on_target${suffix}`] = list.reduce((sum, t) => sum + onTargetMs(t), 0) / (list.length * segmentMs);
    };
    const summary: Record<string, number> = {};
    describe(trials, "", summary);
    for (const shape of SHAPES) {
      describe(
        trials.filter((t) => parseCondition(t.condition)?.shape === shape),
        `_${snake(shape)}`,
        summary,
      );
    }
    const tracked = trials.filter((t) => onTargetMs(t) >= ON_TARGET_SHARE * segmentMs);
    if (trials.length > 0) summary.segments_on_target_share = tracked.length / trials.length;
    // The fastest segment still followed well (time on target at least ON_TARGET_SHARE).
    summary.pursuit_speed_max_px_s = Math.max(...tracked.map((t) => parseCondition(t.condition)?.speed ?? Number.NaN));
    summary.pursuit_speed_mean_px_s = mean(trials.flatMap((t) => parseCondition(t.condition)?.speed ?? []));
    return finiteOnly(summary);
  },

  checkTrials(trials, build) {
    const errors: string[] = [];
    const { params, size } = build;
    if (trials.length > params.segments) errors.push(`${trials.length} trials, but the build plans ${params.segments}`);
    const diagonal = Math.hypot(size.width, size.height);
    let previousShownAt = Number.NEGATIVE_INFINITY;
    for (const trial of trials) {
      const at = `trial ${trial.index}`;
      if (trial.kind !== "pursuit") {
        errors.push(`${at}: kind "${trial.kind}" is not pursuit`);
        continue;
      }
      const condition = parseCondition(trial.condition);
      if (!condition || !params.shapes.includes(condition.shape)) {
        errors.push(`${at}: condition "${trial.condition}" is not one of ${params.shapes.map((s) => `${s}-<speed>`).join(", ")}`);
      } else {
        // Motion can only slow the level's speed down.
        const fastest = Math.round(speedAt(build, trial.level));
        if (condition.speed > fastest) errors.push(`${at}: speed ${condition.speed} px/s is faster than ${fastest} px/s at level ${trial.level}`);
      }
      if (trial.outcome !== "sample") errors.push(`${at}: a pursuit trial cannot end in ${trial.outcome}`);
      if (trial.value !== null && !(trial.value >= 0 && trial.value <= diagonal))
        errors.push(`${at}: tracking error ${trial.value} px is outside 0–${Math.round(diagonal)} px`);
      if ((trial.value === null) !== (trial.rtMs === null)) errors.push(`${at}: tracking error and time on target must both be set or both be null`);
      if (trial.rtMs !== null && trial.rtMs > params.segmentMs)
        errors.push(`${at}: ${trial.rtMs} ms on target is more than the segment's ${params.segmentMs} ms`);
      // Segments follow one another, each a whole segmentMs.
      if (trial.shownAt < previousShownAt + params.segmentMs) errors.push(`${at}: starts before the segment it follows ended`);
      previousShownAt = trial.shownAt;
    }
    return errors;
  },
};
