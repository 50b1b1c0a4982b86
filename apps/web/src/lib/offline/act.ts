import { api, ApiError } from "../api.ts";
import { dismissEntry, takeAction } from "./delivery.ts";
import type { OfflineAction } from "./device-db.ts";
import { currentOwner } from "./device.ts";
import { requestOf } from "./outbox.ts";

/** Results that were kept on the device rather than answered by the server (see `wasKept`). */
const keptResults = new WeakSet<object>();

/**
 * A patient's action for a screen's `useAction` (issue 43): through the device outbox, so it
 * survives a lost network. Answers the server's answer, or `whileWaiting` (what the screen shows
 * until the server has it) when it waits on the device; `wasKept` tells the two apart for the
 * notice. A refusal the server gives now throws as any call's would (the screen says why at once,
 * so it does not stay in the outbox). Staff act directly: their device keeps nothing.
 */
export async function act<T extends object>(action: OfflineAction, label: string, whileWaiting: T): Promise<T> {
  if (!currentOwner()) {
    const { method, path, body } = requestOf(action);
    return api<T>(method, path, body);
  }
  const outcome = await takeAction(action, label);
  if (outcome.kind === "delivered") return outcome.answer as T;
  if (outcome.kind === "refused") {
    await dismissEntry(outcome.entry.key);
    throw new ApiError(outcome.entry.refusal?.status ?? 409, outcome.entry.refusal?.body ?? {});
  }
  keptResults.add(whileWaiting);
  return whileWaiting;
}

/** Whether `result` of `act` waits on the device (to say "saved on this device" rather than "saved"). */
export const wasKept = (result: unknown) => typeof result === "object" && result !== null && keptResults.has(result);
