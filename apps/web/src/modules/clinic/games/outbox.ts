import type { ReplyActivityInput } from "@clinic/shared";
import { takeAction } from "../../../lib/offline/delivery.ts";
import type { SendOutcome } from "../../../lib/offline/outbox.ts";

export type GameReply = ReplyActivityInput & { game: NonNullable<ReplyActivityInput["game"]> };

/**
 * Sends a played session through the device outbox (lib/offline/outbox.ts): written down before
 * it is sent, keyed by the session's own id, so a resend after a lost answer is stored once.
 */
export function sendGameResult(reply: GameReply, activityName: string): Promise<SendOutcome> {
  return takeAction({ kind: "reply", body: { ...reply, result: reply.result ?? {} } }, activityName, reply.game.sessionId);
}

/** The text of a refusal the server gave a result: its reason, else the generic one. */
export function refusalMessage(outcome: Extract<SendOutcome, { kind: "refused" }>, fallback: string): string {
  return outcome.entry.refusal?.detail ?? fallback;
}
