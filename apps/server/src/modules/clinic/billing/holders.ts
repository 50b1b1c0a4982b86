import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Actor, paidThroughSql } from "../../../platform/access.ts";
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

/** A paid period that has not started yet. */
export interface NextPeriod {
  plan: string;
  from: string;
  to: string;
}

export interface PaidPeriods {
  /** The last day of the last period paid, started or not: the next payment starts the day after (issue 33). */
  lastPaid: string | null;
  /** The last day the holder is covered without a break from the running (or last started) period on: state and reminders go by it. */
  paidThrough: string | null;
  /** The first period that starts after `day`: a renewal already paid. */
  next: NextPeriod | null;
}

/** What a holder has paid for, as of `day`, as one JSON column (`PaidPeriods`) of any statement. */
export function paidPeriodsSql(holderId: string, day: string): SQL<PaidPeriods> {
  return sql<PaidPeriods>`(select json_build_object('lastPaid', (select max(am.to_date) from assigned_memberships am where am.user_id = h.holder)::text,
      'paidThrough', ${sql.raw(paidThroughSql("h.holder", "h.day"))}::text,
      'next', (select json_build_object('plan', m.plan, 'from', n.from_date::text, 'to', n.to_date::text)
        from assigned_memberships n join memberships m on m.id = n.membership_id
        where n.user_id = h.holder and n.from_date > h.day order by n.from_date, n.id limit 1))
    from (select ${holderId}::text as holder, ${day}::date as day) h)`;
}

/** The last day of every membership a holder has been given, started or not (YYYY-MM-DD), or null. */
export async function paidUntilOf(db: Db, holderId: string): Promise<string | null> {
  const result = await db.execute<{ until: string | null }>(sql`select max(to_date)::text as until from assigned_memberships where user_id = ${holderId}`);
  return result.rows[0]?.until ?? null;
}

/**
 * Serialises the payments of one buyer until the caller's transaction ends, so that each reads
 * the end of the period the previous one gave (issue 33). Its own statement, before the read:
 * under READ COMMITTED a statement sees what was committed when it began, so a read in the same
 * statement as the wait would miss the payment it waited for. An advisory lock, not the user's
 * row: it holds back nothing but the same buyer's other payments.
 */
export async function lockBuyer(tx: Db, buyerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`billing.buyer:${buyerId}`}, 0))`);
}

/** A new period starts the day after the last paid one ends (started or not), or today when none runs. */
export function periodStart(paidUntil: string | null, day = today()): string {
  return paidUntil && paidUntil >= day ? addDays(paidUntil, 1) : day;
}
