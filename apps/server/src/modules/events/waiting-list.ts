import type { RegistrationState } from "@clinic/shared";
import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { EventDeps } from "./events-scope.ts";

// SCAFFOLD (helper 2a replaces the bodies; the signatures are the contract other helpers call).

/**
 * Moves a registration in one of `from` to an end state in `tx`, frees the place it held (if it
 * held one) and moves the waiting list up; false when it was not in one of `from`.
 */
export async function endRegistration(
  _tx: Db,
  _deps: EventDeps,
  _registrationId: number,
  _from: readonly RegistrationState[],
  _to: "cancelled" | "refunded" | "expired",
  _set?: SQL,
): Promise<boolean> {
  throw new Error("endRegistration: not built yet");
}

/** Moves up, in arrival order, as many waiting registrations as there are free places; answers how many moved. */
export async function promoteWaiting(_tx: Db, _deps: EventDeps, _eventId: number): Promise<number> {
  throw new Error("promoteWaiting: not built yet");
}
