import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api.ts";
import { describeFailure } from "../../../lib/notices.tsx";
import { eventMessage } from "./format.ts";

/** How long a scan's answer stays on screen before the scanner reads again. */
export const RESULT_HOLD_MS = 2000;
/** The same ticket held in front of the camera is read again only after this long (else it would say "already checked in"). */
export const SAME_CODE_MS = 6000;
/** How often the camera's picture is decoded: about five times a second is quick at the door and light on a phone. */
export const SCAN_INTERVAL_MS = 200;

/**
 * Which codes the scanner sends: none while an answer is on screen (the door person reads it),
 * and not the same code again right after its answer. Times are passed in, so it is tested
 * without a clock.
 */
export class ScanGate {
  private busy = false;
  private heldUntil = 0;
  private lastCode = "";
  private lastAt = Number.NEGATIVE_INFINITY;

  /** Whether `code`, read at `now`, is to be sent; it is then the one in hand until `done`. */
  accept(code: string, now: number): boolean {
    if (this.busy || now < this.heldUntil) return false;
    if (code === this.lastCode && now - this.lastAt < SAME_CODE_MS) return false;
    this.busy = true;
    this.lastCode = code;
    this.lastAt = now;
    return true;
  }

  /** The code in hand has its answer, shown from `now`: the scanner waits while it is read. */
  done(now: number): void {
    this.busy = false;
    this.heldUntil = now + RESULT_HOLD_MS;
    this.lastAt = now;
  }
}

/** Why a check-in was refused, in the interface language: the server's reason (EVENT_MESSAGES) when it gave one. */
export function refusalOf(failure: unknown, t: TFunction): string {
  if (failure instanceof ApiError) {
    const said = typeof failure.body.detail === "string" ? failure.body.detail : Object.values(failure.fieldErrors).flat()[0];
    if (said) return eventMessage(t, said);
  }
  return describeFailure(failure, t);
}

export type CameraProblem = "denied" | "missing" | "unsupported" | "failed";

/** What kept the camera from starting, as the screen explains it. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || (typeof error === "object" && error !== null && "name" in error) ? String((error as { name: unknown }).name) : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "NotReadableError") return "missing";
  return "failed";
}
