/**
 * The skeleton the family engines share, so each family writes only what is its own (its
 * plan, its outcomes, its drawing) and the timing rules of README.md live in one place:
 *
 * - `TrialEngineBase`: every engine queues inputs and handles them in `update` by their
 *   timeStamp, advancing its deadlines to each input's time first (runtime/input.ts); it keeps
 *   the records and is finished once its phase is "done".
 * - `ForeperiodEngine`: the families whose trial is fixation (a foreperiod timed from its first
 *   paint) → stimulus (timed from its first paint, until an answer or the end of the response
 *   window, settled `LATE_INPUT_GRACE_MS` later) → feedback → next trial.
 */
import { InputQueue, LATE_INPUT_GRACE_MS } from "./input.ts";
import type { GameEngine, GameInput, TrialRecord } from "./types.ts";

export abstract class TrialEngineBase<Phase extends { name: string }> implements GameEngine {
  protected readonly records: TrialRecord[] = [];
  protected readonly inputs = new InputQueue();
  /** Where the engine is; "done" once it has run its course. */
  protected abstract phase: Phase;

  update(now: number): void {
    for (const input of this.inputs.takeUntil(now)) {
      this.advance(input.timeStamp);
      this.answer(input);
    }
    this.advance(now);
  }

  input(input: GameInput): void {
    this.inputs.push(input);
  }

  trials(): readonly TrialRecord[] {
    return this.records;
  }

  finished(): boolean {
    return this.phase.name === "done";
  }

  /** Appends a trial, numbered in order. */
  protected record(trial: Omit<TrialRecord, "index">): void {
    this.records.push({ index: this.records.length, ...trial });
  }

  /** Moves through the deadlines that passed by `t` (an input's time, or the frame's). */
  protected abstract advance(t: number): void;
  /** Acts on one input, at its own timeStamp (the deadlines before it have been advanced). */
  protected abstract answer(input: GameInput): void;

  abstract level(): number;
  abstract draw(context: CanvasRenderingContext2D, now: number): void;
  abstract interrupt(now: number): void;
  abstract demonstrate(now: number): GameInput | null;
}

/** The phases of a foreperiod trial; `Feedback` adds what the family's feedback shows. */
export type ForeperiodPhase<Feedback extends object = object> =
  /** The fixation is up; `since` is its first paint (null until drawn). */
  | { name: "fixation"; since: number | null }
  /** The foreperiod is over; the stimulus is painted at `shownAt` (null until drawn). */
  | { name: "stimulus"; fixationAt: number; shownAt: number | null }
  | ({ name: "feedback"; until: number; good: boolean; text: string } & Feedback)
  | { name: "done" };

/**
 * Fixation → stimulus → feedback → next trial. An answer during the fixation, or before the
 * stimulus's paint, is premature and timed from the fixation's paint; answers between trials
 * belong to no trial. `Choice` is what an input answers (a zone, a symbol, a side).
 */
export abstract class ForeperiodEngine<Choice, Feedback extends object = object> extends TrialEngineBase<ForeperiodPhase<Feedback>> {
  protected phase: ForeperiodPhase<Feedback> = { name: "fixation", since: null };

  /** The foreperiod of the trial in progress (ms from the fixation's first paint). */
  protected abstract foreperiod(): number;
  /** The response window of the trial in progress (ms from the stimulus's first paint). */
  protected abstract responseWindow(): number;
  /** What this input answers, or null when it answers nothing. */
  protected abstract choiceOf(input: GameInput): Choice | null;
  /** Records the trial in progress (no answer: `respondedAt` and `choice` null) and shows its feedback from `at`. */
  protected abstract resolve(shownAt: number, respondedAt: number | null, choice: Choice | null, at: number, premature: boolean): void;
  /** Starts the next trial at the fixation, or ends the session. */
  protected abstract startTrial(): void;

  /** Only `draw` starts the fixation and the stimulus. */
  protected advance(t: number): void {
    for (;;) {
      const phase = this.phase;
      if (phase.name === "fixation" && phase.since !== null && t >= phase.since + this.foreperiod()) {
        this.phase = { name: "stimulus", fixationAt: phase.since, shownAt: null };
      } else if (phase.name === "stimulus" && phase.shownAt !== null && t >= phase.shownAt + this.responseWindow() + LATE_INPUT_GRACE_MS) {
        this.resolve(phase.shownAt, null, null, phase.shownAt + this.responseWindow(), false);
      } else if (phase.name === "feedback" && t >= phase.until) {
        this.startTrial();
      } else {
        return;
      }
    }
  }

  protected answer(input: GameInput): void {
    const choice = this.choiceOf(input);
    if (choice === null) return;
    const t = input.timeStamp;
    const phase = this.phase;
    // Answers between trials (feedback, before the fixation is painted) belong to no trial.
    if (phase.name === "fixation" && phase.since !== null && t >= phase.since) {
      this.resolve(phase.since, t, choice, t, true);
    } else if (phase.name === "stimulus" && t >= phase.fixationAt) {
      // Before the stimulus's paint (even if it was due) is before the stimulus: timed from the fixation.
      const shown = phase.shownAt !== null && t >= phase.shownAt;
      // After the window closed (a late event in the grace period): the omission stands.
      if (shown && t >= phase.shownAt! + this.responseWindow()) return;
      this.resolve(shown ? phase.shownAt! : phase.fixationAt, t, choice, t, !shown);
    }
  }

  /** First paints stamp the phase: this frame's timestamp is when the patient could see it. Call first in `draw`. */
  protected stampFirstPaint(now: number): void {
    if (this.phase.name === "fixation" && this.phase.since === null) this.phase.since = now;
    if (this.phase.name === "stimulus" && this.phase.shownAt === null) this.phase.shownAt = now;
  }

  /** Whether the stimulus is on the screen at `now` and its window open (what an ideal player answers). */
  protected answerable(now: number): boolean {
    const phase = this.phase;
    return phase.name === "stimulus" && phase.shownAt !== null && now >= phase.shownAt && now < phase.shownAt + this.responseWindow();
  }

  interrupt(_now: number): void {
    this.inputs.clear();
    // The trial in progress is dropped unrecorded and its plan item runs again after the pause.
    if (this.phase.name === "fixation" || this.phase.name === "stimulus") this.phase = { name: "fixation", since: null };
    else if (this.phase.name === "feedback") this.startTrial();
  }
}
