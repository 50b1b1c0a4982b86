import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { Actor } from "../../../platform/access.ts";
import { forbidden } from "../../../platform/errors.ts";
import { today } from "../memberships/seats.ts";
import { addDays } from "./gating.ts";

/**
 * Who holds and buys memberships (issue 16): clinic accounts buy the platform's plans; patients
 * buy their clinic's own plans. `clinicId` is the clinic the membership belongs to (the order's
 * scope): the clinic itself, or the patient's clinic, which is also the seller.
 */
export interface Holder {
  kind: "clinic" | "patient";
  id: string;
  clinicId: string;
}

export function holderOf(actor: Actor): Holder {
  if (actor.role === "clinic") return { kind: "clinic", id: actor.id, clinicId: actor.id };
  if (actor.role === "patient" && actor.clinicId) return { kind: "patient", id: actor.id, clinicId: actor.clinicId };
  throw forbidden("Memberships are bought by clinic accounts and by patients.");
}

/** The last day of the memberships a holder has started (YYYY-MM-DD), or null. */
export async function paidUntilOf(db: Db, holderId: string): Promise<string | null> {
  const result = await db.execute<{ until: string | null }>(
    sql`select max(to_date)::text as until from assigned_memberships where user_id = ${holderId} and from_date <= ${today()}`,
  );
  return result.rows[0]?.until ?? null;
}

/** A new period starts the day after the current one ends, or today when none runs. */
export function periodStart(paidUntil: string | null, day = today()): string {
  return paidUntil && paidUntil >= day ? addDays(paidUntil, 1) : day;
}
