/**
 * Inputs as engines should consume them: by when they happened, not by when they arrived.
 * The browser may dispatch an event after the frame that follows it (the main thread was busy
 * drawing), so an engine queues inputs, and in `update(now)` takes those that happened by
 * `now`, oldest first, advancing its own deadlines to each input's time before applying it.
 */
import type { GameInput } from "./types.ts";

/**
 * How long an engine waits past a deadline before settling it, so an answer given just before
 * the deadline but delivered late still counts. Settled trials keep the deadline's own time.
 */
export const LATE_INPUT_GRACE_MS = 100;

export class InputQueue {
  private readonly queue: GameInput[] = [];

  push(input: GameInput): void {
    // Events normally arrive in order, so this is an append.
    let at = this.queue.length;
    while (at > 0 && this.queue[at - 1].timeStamp > input.timeStamp) at--;
    this.queue.splice(at, 0, input);
  }

  /** Removes and returns the inputs that happened at or before `now`, oldest first. */
  takeUntil(now: number): GameInput[] {
    let count = 0;
    while (count < this.queue.length && this.queue[count].timeStamp <= now) count++;
    return this.queue.splice(0, count);
  }

  /** Forgets everything queued (a pause: what happened before it answers nothing after it). */
  clear(): void {
    this.queue.length = 0;
  }
}
