/**
 * Activator, the pure side: parameters, metrics and checks. Server-safe.
 *
 * Saccades. The patient looks at a dot in the middle of the field; after a random foreperiod
 * the dot jumps (left, right, up, down or diagonally, by the trial's amplitude) and at its new
 * place shows a symbol (an arrow or a letter) for a short time before it is masked. To read
 * it in time the eyes must jump too; the patient then says what it was with the arrow or
 * letter keys, or the on-screen buttons.
 *
 * One trial is one jump: fixation dot → jump with the symbol (timed from its first paint) →
 * mask, until an answer or the end of the response window → short feedback. The level
 * shortens the symbol's display time and widens the jump, both within the build's ranges; the
 * motion setting scales the jump down (never below `MIN_AMPLITUDE_PX`, never beyond the field).
 *
 * Records: kind "saccade", condition = the jump's direction ("left", "up-right", …), value =
 * the jump's amplitude in logical px as drawn, RT from the jump's first paint to the answer;
 * outcomes hit, miss (another symbol), omission (no answer in the window) and anticipation (an
 * answer before the jump, or faster than a saccade and a reading can be).
 */
import { z } from "zod";
import { finiteOnly, mean } from "../../runtime/stats.ts";
import type { BuildDefinition, FamilyMetrics, Outcome, TrialRecord } from "../../runtime/types.ts";

/** Faster than this after the jump is no saccade plus reading (latency alone is ~200 ms): an anticipation. */
export const ANTICIPATION_MS = 150;
/** The shortest jump: smaller ones hardly need a saccade. Also the floor the motion setting scales down to. */
export const MIN_AMPLITUDE_PX = 60;

/** The jump directions of each direction set; diagonals are at 45°. */
export const DIRECTION_SETS = {
  horizontal: ["left", "right"],
  vertical: ["up", "down"],
  diagonal: ["up-left", "up-right", "down-left", "down-right"],
  cardinal: ["left", "right", "up", "down"],
} as const;
export type DirectionSet = keyof typeof DIRECTION_SETS;
export type Direction = (typeof DIRECTION_SETS)[DirectionSet][number];
export const ALL_DIRECTIONS: readonly Direction[] = ["left", "right", "up", "down", "up-left", "up-right", "down-left", "down-right"];

/** Unit vector of a direction, y down (screen coordinates). */
export function directionVector(direction: Direction): { x: number; y: number } {
  const x = direction.includes("left") ? -1 : direction.includes("right") ? 1 : 0;
  const y = direction.includes("up") ? -1 : direction.includes("down") ? 1 : 0;
  const length = Math.hypot(x, y);
  return { x: x / length, y: y / length };
}

const range = (min: number, max: number) => z.number().int().min(min).max(max);

export const activatorParamsSchema = z
  .object({
    /** Which ways the dot jumps; every direction of the set equally often, in random order. */
    directions: z.enum(Object.keys(DIRECTION_SETS) as [DirectionSet, ...DirectionSet[]]),
    /** What the dot shows when it lands: an arrow (answered with the arrow keys) or one of four letters. */
    symbols: z.enum(["arrows", "letters"]),
    /** Planned trials; the session ends after them (or on duration). */
    trials: range(1, 500),
    /** Fixation before the jump, drawn uniformly in [min, max] so the jump cannot be timed. */
    foreperiodMs: z
      .object({ min: range(300, 10_000), max: range(300, 10_000) })
      .strict()
      .refine((f) => f.min <= f.max, "min must not exceed max"),
    /** How long the symbol shows before its mask, at the easiest and the hardest level. */
    displayMs: z
      .object({ easy: range(150, 5000), hard: range(150, 5000) })
      .strict()
      .refine((d) => d.hard <= d.easy, "hard must not exceed easy"),
    /** The jump's length in logical px at the easiest and the hardest level (at full motion). */
    amplitudePx: z
      .object({ easy: range(MIN_AMPLITUDE_PX, 900), hard: range(MIN_AMPLITUDE_PX, 900) })
      .strict()
      .refine((a) => a.easy <= a.hard, "easy must not exceed hard"),
    /** The time to answer, from the jump; the symbol is masked well before. */
    responseWindowMs: range(1000, 10_000),
    /** How long the feedback stays before the next fixation. */
    feedbackMs: range(200, 3000),
  })
  .strict()
  .refine((p) => p.displayMs.easy <= p.responseWindowMs, "displayMs.easy must not exceed responseWindowMs");
export type ActivatorParams = z.infer<typeof activatorParamsSchema>;
export type ActivatorBuild = BuildDefinition<ActivatorParams>;

/** Where level sits between the build's easiest (0) and hardest (1). */
function hardness(build: ActivatorBuild, level: number): number {
  const { min, max } = build.difficulty;
  return max === min ? 0 : (Math.min(max, Math.max(min, level)) - min) / (max - min);
}

/** The symbol's display time (ms) at `level`: linear from `easy` at the lowest level to `hard` at the highest. */
export function displayMsAt(build: ActivatorBuild, level: number): number {
  const { easy, hard } = build.params.displayMs;
  return Math.round(easy + (hard - easy) * hardness(build, level));
}

/** The jump's amplitude (px, at full motion) at `level`. */
export function amplitudeAt(build: ActivatorBuild, level: number): number {
  const { easy, hard } = build.params.amplitudePx;
  return Math.round(easy + (hard - easy) * hardness(build, level));
}

const OUTCOMES_OF_SACCADE: readonly Outcome[] = ["hit", "miss", "omission", "anticipation"];

/** A condition as part of a metric name: "up-left" → "up_left". */
const slug = (direction: string) => direction.replace(/-/g, "_");

/** (b − a) / (b + a), or NaN when it cannot be computed. */
function asymmetry(a: number, b: number): number {
  return a + b === 0 ? Number.NaN : (b - a) / (b + a);
}

/** Hits over the trials where the jump was shown (anticipations say nothing about a direction). */
function accuracyOf(trials: readonly TrialRecord[]): number {
  const judged = trials.filter((trial) => trial.outcome !== "anticipation");
  return judged.length === 0 ? Number.NaN : judged.filter((trial) => trial.outcome === "hit").length / judged.length;
}

function meanHitRt(trials: readonly TrialRecord[]): number {
  return mean(trials.flatMap((trial) => (trial.outcome === "hit" && trial.rtMs !== null ? [trial.rtMs] : [])));
}

export const activatorMetrics: FamilyMetrics<ActivatorParams> = {
  family: "activator",
  paramsSchema: activatorParamsSchema,

  // Adds to summariseCommon (trials, accuracy, rt_mean/median/sd_ms, omissions, commissions,
  // anticipations); names here do not repeat those.
  summarise(trials, build) {
    const summary: Record<string, number> = {};
    for (const direction of DIRECTION_SETS[build.params.directions]) {
      const these = trials.filter((trial) => trial.condition === direction);
      summary[`accuracy_${slug(direction)}`] = accuracyOf(these);
      summary[`rt_mean_${slug(direction)}_ms`] = meanHitRt(these);
    }
    // Asymmetry between opposite jumps, over every jump with a component that way (diagonals
    // count for both axes): (right − left) / (right + left) and (down − up) / (down + up).
    // Positive RT asymmetry: slower rightwards (downwards); positive accuracy asymmetry: better rightwards (downwards).
    const towards = (part: string) => trials.filter((trial) => trial.condition.split("-").includes(part));
    for (const [axis, a, b] of [
      ["horizontal", "left", "right"],
      ["vertical", "up", "down"],
    ] as const) {
      const first = towards(a);
      const second = towards(b);
      if (first.length === 0 || second.length === 0) continue;
      summary[`rt_asymmetry_${axis}`] = asymmetry(meanHitRt(first), meanHitRt(second));
      summary[`accuracy_asymmetry_${axis}`] = asymmetry(accuracyOf(first), accuracyOf(second));
    }
    // The staircase's result: how briefly the symbol could show and still be read.
    const hits = trials.filter((trial) => trial.outcome === "hit");
    summary.display_shortest_hit_ms = hits.length === 0 ? Number.NaN : Math.min(...hits.map((trial) => displayMsAt(build, trial.level)));
    const last = trials.at(-1);
    if (last) summary.display_last_ms = displayMsAt(build, last.level);
    summary.amplitude_mean_px = mean(trials.flatMap((trial) => (trial.value === null ? [] : [trial.value])));
    return finiteOnly(summary);
  },

  checkTrials(trials, build) {
    const errors: string[] = [];
    const { params } = build;
    const directions: readonly string[] = DIRECTION_SETS[params.directions];
    // Anticipations consume their trial and interruptions repeat theirs: never more than planned.
    if (trials.length > params.trials) errors.push(`${trials.length} trials, but the build plans ${params.trials}`);
    let previousShownAt = Number.NEGATIVE_INFINITY;
    for (const trial of trials) {
      const at = `trial ${trial.index}`;
      if (trial.kind !== "saccade") {
        errors.push(`${at}: kind "${trial.kind}" is not saccade`);
        continue;
      }
      if (!directions.includes(trial.condition)) errors.push(`${at}: condition "${trial.condition}" is not one of ${directions.join(", ")}`);
      if (!OUTCOMES_OF_SACCADE.includes(trial.outcome)) errors.push(`${at}: a saccade trial cannot end in ${trial.outcome}`);
      // value is the jump's amplitude as drawn: the level's, scaled down by motion, floored, fitted to the field.
      const most = amplitudeAt(build, trial.level);
      if (trial.value === null || !Number.isInteger(trial.value) || trial.value < MIN_AMPLITUDE_PX || trial.value > most)
        errors.push(`${at}: amplitude ${trial.value} is outside ${MIN_AMPLITUDE_PX}–${most} px`);
      if (trial.rtMs !== null && trial.outcome !== "anticipation") {
        if (trial.rtMs < ANTICIPATION_MS || trial.rtMs > params.responseWindowMs)
          errors.push(`${at}: rt ${trial.rtMs} ms is outside ${ANTICIPATION_MS}–${params.responseWindowMs} ms for a ${trial.outcome}`);
      }
      if (trial.outcome === "anticipation" && trial.rtMs !== null && trial.rtMs >= params.foreperiodMs.max + params.responseWindowMs)
        errors.push(`${at}: an anticipation ${trial.rtMs} ms after its trial began`);
      // Trials run one after another.
      if (trial.shownAt < previousShownAt) errors.push(`${at}: shown before the trial it follows`);
      previousShownAt = trial.shownAt;
    }
    return errors;
  },
};
