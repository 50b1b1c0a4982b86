/**
 * Optimizer, the pure side: parameters, metrics and checks. Server-safe.
 *
 * A dual task: a cognitive task runs while the eyes (and the hand that follows them) do a
 * motor task. Three designs, one per `task`:
 * - "nback-pursuit": letters appear one by one inside a circle that glides round the screen.
 *   The patient keeps the pointer (mouse or finger) on the circle and presses Space (or taps
 *   Match) when the letter is the same as the one `n` letters before. The level sets the speed.
 * - "position-saccades": a dot appears in one of nine cells of a grid, alternately in a grid
 *   on the left and one on the right, so every item asks for a saccade across the screen. The
 *   patient presses when the cell is the one `n` items before. The level sets the pace.
 * - "memory-pursuit": digits appear one by one inside the gliding circle; then the circle rests
 *   and the patient types them back in order (keys 1–9 or the on-screen keypad). The level is
 *   the number of digits (the span).
 *
 * Trials:
 * - kind "nback", condition "match" | "nonmatch": hit / omission on a match, commission /
 *   correct-rejection on a non-match, anticipation when pressed under 100 ms after the item
 *   appeared. RT from the item's paint. value: null for letters; for positions, the saccade
 *   the item asked for (px from the previous item's dot, the first from the screen's centre).
 * - kind "memory", condition "": hit (all digits right, in order), miss (answered, wrong or
 *   incomplete), omission (nothing typed in time). shownAt is the paint of the recall keypad,
 *   respondedAt the last digit typed. value: the span (digits shown), which is the level.
 * - kind "pursuit", condition "", outcome "sample": the mean distance in logical px between
 *   the pointer and the circle's centre over one item's window (n-back) or one sequence's
 *   presentation (memory). correct null. Recorded just before the cognitive trial it belongs to.
 *
 * The staircase counts one step per cognitive trial: a success is a right answer AND a mean
 * tracking error within `tolerancePx` (no tracking in position-saccades), so the level climbs
 * only while both tasks are done well.
 */
import { z } from "zod";
import { finiteOnly, mean, median, probit } from "../../runtime/stats.ts";
import type { BuildDefinition, FamilyMetrics, Outcome } from "../../runtime/types.ts";

/** Faster than this after an item appeared is not a response to it. */
export const ANTICIPATION_MS = 100;
/** The letters of letter n-back: consonants that look and sound unlike each other. */
export const LETTERS = ["B", "F", "H", "K", "M", "R", "S", "T"] as const;
/** Cells of each position grid (3 × 3). */
export const CELLS = 9;

const range = (min: number, max: number) => z.number().int().min(min).max(max);
const easyHard = (min: number, max: number) =>
  z
    .object({ easy: range(min, max), hard: range(min, max) })
    .strict()
    .refine((v) => v.easy <= v.hard, "easy must not exceed hard");
const easyHardDown = (min: number, max: number) =>
  z
    .object({ easy: range(min, max), hard: range(min, max) })
    .strict()
    .refine((v) => v.hard <= v.easy, "hard must not exceed easy");

const nback = {
  /** How far back a match looks. */
  n: range(1, 3),
  /** Items shown (each one a trial). */
  trials: range(4, 400),
  /** Share of items (from the n-th on) that match. */
  matchShare: z.number().min(0.15).max(0.5),
  /** Share of the item's window the item stays visible; the rest is a blank gap. */
  visibleShare: z.number().min(0.3).max(1),
};

/** A trial counts as a success for the staircase only if the mean tracking error is within this (px). */
const tolerancePx = range(10, 200);

export const optimizerParamsSchema = z.discriminatedUnion("task", [
  z
    .object({
      task: z.literal("nback-pursuit"),
      ...nback,
      /** The circle's speed at the easiest and the hardest level (logical px/s), before `motion`. */
      speedPxPerS: easyHard(0, 600),
      tolerancePx,
      /** From one letter's onset to the next. */
      itemMs: range(800, 5000),
    })
    .strict(),
  z
    .object({
      task: z.literal("position-saccades"),
      ...nback,
      /** From one dot's onset to the next at the easiest and the hardest level. */
      itemMs: easyHardDown(600, 5000),
    })
    .strict(),
  z
    .object({
      task: z.literal("memory-pursuit"),
      /** Sequences shown (each one a trial). */
      trials: range(1, 100),
      /** The circle's speed (logical px/s, before `motion`); the level is the span, not the speed. */
      speedPxPerS: range(0, 600),
      tolerancePx,
      /** Onset to onset of the digits of a sequence; each is visible for 70 % of it. */
      digitMs: range(500, 3000),
      /** Time to type the sequence back, from the keypad's paint. */
      recallMs: range(2000, 30_000),
      /** How long the right answer stays after a sequence. */
      feedbackMs: range(300, 3000),
    })
    .strict(),
]);
export type OptimizerParams = z.infer<typeof optimizerParamsSchema>;
export type OptimizerBuild = BuildDefinition<OptimizerParams>;

/** 0 at the build's easiest level, 1 at its hardest. */
function levelShare(build: OptimizerBuild, level: number): number {
  const { min, max } = build.difficulty;
  return max === min ? 0 : Math.min(1, Math.max(0, (level - min) / (max - min)));
}

/** The pursuit speed (px/s, before `motion`) at `level`, for the pursuit tasks; 0 otherwise. */
export function speedAt(build: OptimizerBuild, level: number): number {
  const { params } = build;
  if (params.task === "position-saccades") return 0;
  // In memory-pursuit the level is the span: the speed stays the same.
  if (params.task === "memory-pursuit") return params.speedPxPerS;
  const { easy, hard } = params.speedPxPerS;
  return easy + (hard - easy) * levelShare(build, level);
}

/** The item window (ms, onset to onset) at `level`, for the n-back tasks. */
export function itemMsAt(build: OptimizerBuild, level: number): number {
  const { params } = build;
  if (params.task === "nback-pursuit") return params.itemMs;
  if (params.task === "position-saccades") return Math.round(params.itemMs.easy + (params.itemMs.hard - params.itemMs.easy) * levelShare(build, level));
  return params.digitMs;
}

const OUTCOMES: Record<string, Record<string, readonly Outcome[]>> = {
  nback: { match: ["hit", "omission", "anticipation"], nonmatch: ["correct-rejection", "commission", "anticipation"] },
  memory: { "": ["hit", "miss", "omission"] },
  pursuit: { "": ["sample"] },
};

function kindsOf(params: OptimizerParams): string[] {
  return params.task === "nback-pursuit" ? ["nback", "pursuit"] : params.task === "position-saccades" ? ["nback"] : ["memory", "pursuit"];
}

const rate = (part: number, whole: number) => (whole === 0 ? Number.NaN : part / whole);

export const optimizerMetrics: FamilyMetrics<OptimizerParams> = {
  family: "optimizer",
  paramsSchema: optimizerParamsSchema,

  // Adds to summariseCommon (trials, accuracy over the scored trials, rt_*_ms over hits,
  // omissions, commissions, anticipations); these names never repeat those.
  summarise(trials, build) {
    const summary: Record<string, number> = {};
    const scored = trials.filter((t) => t.kind !== "pursuit");
    const levels = scored.map((t) => t.level);
    if (levels.length > 0) {
      // The main score: how far the staircase went, and where it ended.
      summary.level_reached = Math.max(...levels);
      summary.level_final = levels.at(-1)!;
      const { params } = build;
      if (params.task === "nback-pursuit") summary.speed_reached_px_s = speedAt(build, summary.level_reached);
      if (params.task === "position-saccades") summary.item_ms_reached = itemMsAt(build, summary.level_reached);
    }

    const nbackTrials = trials.filter((t) => t.kind === "nback");
    if (nbackTrials.length > 0) {
      const matches = nbackTrials.filter((t) => t.condition === "match");
      const others = nbackTrials.filter((t) => t.condition === "nonmatch");
      const hits = matches.filter((t) => t.outcome === "hit").length;
      const falseAlarms = others.filter((t) => t.outcome !== "correct-rejection").length;
      summary.nback_accuracy = rate(nbackTrials.filter((t) => t.correct).length, nbackTrials.length);
      summary.hit_rate = rate(hits, matches.length);
      summary.false_alarm_rate = rate(falseAlarms, others.length);
      // d′ with the log-linear correction (Hautus 1995): finite at 0 % and 100 %.
      if (matches.length > 0 && others.length > 0)
        summary.d_prime = probit((hits + 0.5) / (matches.length + 1)) - probit((falseAlarms + 0.5) / (others.length + 1));
      const saccades = nbackTrials.flatMap((t) => (t.value === null ? [] : [t.value]));
      if (saccades.length > 0) summary.saccade_amplitude_mean_px = mean(saccades);
    }

    const memory = trials.filter((t) => t.kind === "memory");
    if (memory.length > 0) {
      summary.sequence_accuracy = rate(memory.filter((t) => t.outcome === "hit").length, memory.length);
      const spans = memory.flatMap((t) => (t.outcome === "hit" && t.value !== null ? [t.value] : []));
      if (spans.length > 0) summary.span_max = Math.max(...spans);
    }

    const errors = trials.flatMap((t) => (t.kind === "pursuit" && t.value !== null ? [t.value] : []));
    if (errors.length > 0) {
      summary.tracking_error_mean_px = mean(errors);
      summary.tracking_error_median_px = median(errors);
      const params = build.params;
      if (params.task !== "position-saccades") summary.tracking_within_tolerance = rate(errors.filter((e) => e <= params.tolerancePx).length, errors.length);
    }
    return finiteOnly(summary);
  },

  checkTrials(trials, build) {
    const errors: string[] = [];
    const { params, size, difficulty } = build;
    const kinds = kindsOf(params);
    const count = (kind: string) => trials.filter((t) => t.kind === kind).length;
    const cognitive = params.task === "memory-pursuit" ? "memory" : "nback";
    if (count(cognitive) > params.trials) errors.push(`${count(cognitive)} ${cognitive} trials, but the build plans ${params.trials}`);
    // One tracking sample per cognitive trial (those dropped by a pause included).
    if (count("pursuit") > params.trials) errors.push(`${count("pursuit")} pursuit samples, but the build plans ${params.trials} trials`);
    const diagonal = Math.hypot(size.width, size.height);
    let previousShownAt = Number.NEGATIVE_INFINITY;
    for (const trial of trials) {
      const at = `trial ${trial.index}`;
      if (!kinds.includes(trial.kind)) {
        errors.push(`${at}: kind "${trial.kind}" is not one of ${kinds.join(", ")}`);
        continue;
      }
      const outcomes = OUTCOMES[trial.kind][trial.condition];
      if (!outcomes) {
        errors.push(`${at}: condition "${trial.condition}" is not one of ${Object.keys(OUTCOMES[trial.kind]).join(", ") || '""'} for ${trial.kind}`);
        continue;
      }
      if (!outcomes.includes(trial.outcome)) errors.push(`${at}: a ${trial.kind} ${trial.condition} trial cannot end in ${trial.outcome}`);

      if (trial.kind === "pursuit") {
        if (trial.value === null || trial.value < 0 || trial.value > diagonal)
          errors.push(`${at}: tracking error ${trial.value} is outside 0–${Math.round(diagonal)} px`);
        if (trial.respondedAt !== null) errors.push(`${at}: a pursuit sample has no answer`);
      } else if (trial.kind === "nback") {
        const limit = Math.max(size.width, size.height);
        if (params.task === "position-saccades" ? trial.value === null || trial.value < 0 || trial.value > limit : trial.value !== null)
          errors.push(`${at}: value ${trial.value} is not ${params.task === "position-saccades" ? `a saccade of 0–${limit} px` : "null"}`);
        if (trial.rtMs !== null && trial.outcome !== "anticipation") {
          const window = itemMsAt(build, trial.level);
          if (trial.rtMs < ANTICIPATION_MS || trial.rtMs > window)
            errors.push(`${at}: rt ${trial.rtMs} ms is outside ${ANTICIPATION_MS}–${window} ms for a ${trial.outcome}`);
        }
        if (trial.outcome === "anticipation" && trial.rtMs !== null && trial.rtMs >= ANTICIPATION_MS)
          errors.push(`${at}: an anticipation must come within ${ANTICIPATION_MS} ms, not ${trial.rtMs}`);
      } else if (trial.kind === "memory" && params.task === "memory-pursuit") {
        if (trial.value !== trial.level || trial.value < difficulty.min || trial.value > difficulty.max)
          errors.push(`${at}: span ${trial.value} must be the trial's level (${trial.level}), within ${difficulty.min}–${difficulty.max}`);
        if (trial.rtMs !== null && trial.rtMs > params.recallMs) errors.push(`${at}: rt ${trial.rtMs} ms is longer than the ${params.recallMs} ms to answer`);
      }
      // Trials run one after another.
      if (trial.shownAt < previousShownAt) errors.push(`${at}: shown before the trial it follows`);
      previousShownAt = trial.shownAt;
    }
    return errors;
  },
};
