/**
 * Reflector, the pure side: parameters, metrics and checks. Server-safe.
 *
 * Gaze stabilisation (vestibulo-ocular reflex, VOR) exercises. A metronome (a dot gliding
 * along a short track, its ends glowing softly on each beat, no sound) paces the patient's
 * head turns, left–right or up–down, one turn a beat; meanwhile the patient keeps reading the
 * optotype in the centre (a tumbling E, a Landolt C or a letter), which changes after every
 * answer, and reports it with the arrow or letter keys, or the on-screen buttons.
 * - x1: the optotype stays still while the head moves;
 * - x2: the optotype also moves, a small slow oscillation opposite to the head (the metronome).
 *
 * One trial is one optotype: a gap with a fixation dot, the optotype until an answer or the end
 * of the response window, a short feedback. The level sets the pace (beats per minute) and the
 * optotype's size: both are fixed by the build's `bpm` and `sizePx` ranges, so the server can
 * check them. The pace is the therapy's dose and is not scaled by the motion setting; what
 * moves on the screen (the metronome dot's travel, the x2 oscillation) is.
 *
 * Records: kind "vor-x1" / "vor-x2", condition "bpm-<pace>", value = the optotype's height in
 * logical px, RT from the optotype's first paint; outcomes hit, miss (wrong answer), omission
 * (no answer in the window), anticipation (faster than a reading can be). Keys pressed between
 * optotypes answer nothing and are not recorded.
 */
import { z } from "zod";
import { finiteOnly, mean } from "../../runtime/stats.ts";
import type { BuildDefinition, FamilyMetrics, Outcome, TrialRecord } from "../../runtime/types.ts";

/** Faster than this after the optotype appears is not a reading of it: an anticipation. */
export const ANTICIPATION_MS = 150;
/** The pace is one head turn a beat; 180 beats a minute is 3 a second, the most the 3-per-second rule allows the beat's glow. */
export const MAX_BPM = 180;
/** The accuracy a pace (or an optotype size) must keep to count as mastered in the summary. */
export const MASTERY_ACCURACY = 0.8;
/** Trials a pace (or size) needs before the summary judges its accuracy. */
export const MASTERY_MIN_TRIALS = 3;

/** The four Sloan letters of letter builds: different shapes, easy to find on a keyboard. */
export const LETTERS = ["d", "h", "n", "z"] as const;
/** Where a tumbling E's bars or a Landolt C's gap point. */
export const DIRECTIONS = ["left", "up", "down", "right"] as const;
export const OPTOTYPES = ["tumbling-e", "landolt-c", "letters"] as const;
export type Optotype = (typeof OPTOTYPES)[number];

const range = (min: number, max: number) => z.number().int().min(min).max(max);

export const reflectorParamsSchema = z
  .object({
    /** x1: the optotype stays still; x2: it moves opposite to the head. */
    mode: z.enum(["x1", "x2"]),
    /** The head's movement (and the metronome's track): turning side to side, or nodding. */
    axis: z.enum(["horizontal", "vertical"]),
    optotype: z.enum(OPTOTYPES),
    /** Planned optotypes; the session ends after them (or on duration). */
    trials: range(1, 300),
    /** Pace at the easiest and the hardest level; levels in between interpolate. */
    bpm: z
      .object({ easy: range(20, MAX_BPM), hard: range(20, MAX_BPM) })
      .strict()
      .refine((b) => b.easy <= b.hard, "easy must not exceed hard"),
    /** Optotype height (logical px) at the easiest and the hardest level. */
    sizePx: z
      .object({ easy: range(12, 160), hard: range(12, 160) })
      .strict()
      .refine((s) => s.hard <= s.easy, "hard must not exceed easy"),
    /** How long an optotype waits for its answer. */
    responseWindowMs: range(1000, 20_000),
    /** The fixation dot before each optotype, drawn uniformly in [min, max], so the change cannot be timed. */
    gapMs: z
      .object({ min: range(200, 10_000), max: range(200, 10_000) })
      .strict()
      .refine((g) => g.min <= g.max, "min must not exceed max"),
    /** Beats before the first optotype, to fall into the rhythm. */
    leadInMs: range(0, 10_000),
    feedbackMs: range(200, 3000),
  })
  .strict();
export type ReflectorParams = z.infer<typeof reflectorParamsSchema>;
export type ReflectorBuild = BuildDefinition<ReflectorParams>;

function levelFraction(build: ReflectorBuild, level: number): number {
  const { min, max } = build.difficulty;
  return max === min ? 0 : Math.min(1, Math.max(0, (level - min) / (max - min)));
}

/** The pace (beats per minute, one head turn a beat) at `level`. */
export function bpmAt(build: ReflectorBuild, level: number): number {
  const { easy, hard } = build.params.bpm;
  return Math.round(easy + (hard - easy) * levelFraction(build, level));
}

/** The optotype's height (logical px) at `level`. */
export function sizeAt(build: ReflectorBuild, level: number): number {
  const { easy, hard } = build.params.sizePx;
  return Math.round(easy + (hard - easy) * levelFraction(build, level));
}

export const kindOf = (params: ReflectorParams) => `vor-${params.mode}`;
export const conditionOf = (bpm: number) => `bpm-${bpm}`;

const OUTCOMES_ALLOWED: readonly Outcome[] = ["hit", "miss", "omission", "anticipation"];

/** Accuracy of each value of `key` (pace, size) over the trials, with how many trials each had. */
function accuracyBy(trials: readonly TrialRecord[], key: (trial: TrialRecord) => number | null): Map<number, { trials: number; accuracy: number }> {
  const groups = new Map<number, TrialRecord[]>();
  for (const trial of trials) {
    const k = key(trial);
    if (k === null) continue;
    groups.set(k, [...(groups.get(k) ?? []), trial]);
  }
  return new Map(
    [...groups]
      .sort(([a], [b]) => a - b)
      .map(([k, list]) => [k, { trials: list.length, accuracy: list.filter((t) => t.correct === true).length / list.length }]),
  );
}

const paceOf = (trial: TrialRecord): number | null => {
  const match = /^bpm-(\d+)$/.exec(trial.condition);
  return match ? Number(match[1]) : null;
};

export const reflectorMetrics: FamilyMetrics<ReflectorParams> = {
  family: "reflector",
  paramsSchema: reflectorParamsSchema,

  // Adds to summariseCommon (trials, accuracy, rt_*_ms, omissions, anticipations…).
  summarise(trials) {
    const summary: Record<string, number> = {};
    const byPace = accuracyBy(trials, paceOf);
    // Accuracy at each pace met: how reading holds up as the head moves faster.
    for (const [bpm, { accuracy }] of byPace) summary[`accuracy_bpm_${bpm}`] = accuracy;
    const mastered = (groups: Map<number, { trials: number; accuracy: number }>) =>
      [...groups].filter(([, g]) => g.trials >= MASTERY_MIN_TRIALS && g.accuracy >= MASTERY_ACCURACY).map(([k]) => k);
    // The fastest pace read at 80 % or better (over at least three optotypes).
    summary.max_pace_bpm = Math.max(...mastered(byPace));
    // The smallest optotype read at 80 % or better: dynamic visual acuity, in logical px.
    summary.min_optotype_px = Math.min(...mastered(accuracyBy(trials, (t) => t.value)));
    summary.pace_mean_bpm = mean(trials.flatMap((t) => paceOf(t) ?? []));
    if (trials.length > 0) {
      summary.miss_rate = trials.filter((t) => t.outcome === "miss").length / trials.length;
      summary.omission_rate = trials.filter((t) => t.outcome === "omission").length / trials.length;
    }
    return finiteOnly(summary);
  },

  checkTrials(trials, build) {
    const errors: string[] = [];
    const { params } = build;
    const kind = kindOf(params);
    if (trials.length > params.trials) errors.push(`${trials.length} trials, but the build plans ${params.trials}`);
    let previousShownAt = Number.NEGATIVE_INFINITY;
    for (const trial of trials) {
      const at = `trial ${trial.index}`;
      if (trial.kind !== kind) {
        errors.push(`${at}: kind "${trial.kind}" is not ${kind}`);
        continue;
      }
      // The pace and the size follow from the level alone.
      const condition = conditionOf(bpmAt(build, trial.level));
      if (trial.condition !== condition) errors.push(`${at}: condition "${trial.condition}" is not ${condition} at level ${trial.level}`);
      if (!OUTCOMES_ALLOWED.includes(trial.outcome)) errors.push(`${at}: a ${kind} trial cannot end in ${trial.outcome}`);
      const size = sizeAt(build, trial.level);
      if (trial.value !== size) errors.push(`${at}: optotype size ${trial.value} is not ${size} px at level ${trial.level}`);
      if (trial.rtMs !== null && trial.outcome !== "anticipation" && (trial.rtMs < ANTICIPATION_MS || trial.rtMs > params.responseWindowMs))
        errors.push(`${at}: rt ${trial.rtMs} ms is outside ${ANTICIPATION_MS}–${params.responseWindowMs} ms for a ${trial.outcome}`);
      if (trial.outcome === "anticipation" && trial.rtMs !== null && trial.rtMs >= ANTICIPATION_MS)
        errors.push(`${at}: rt ${trial.rtMs} ms is too slow for an anticipation`);
      // One optotype after another: each after the last one's feedback and at least the shortest gap.
      if (trial.shownAt < previousShownAt + params.feedbackMs + params.gapMs.min - 1) errors.push(`${at}: shown too soon after the trial it follows`);
      previousShownAt = trial.shownAt;
    }
    return errors;
  },
};
