import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { assignedMemberships } from "../memberships/memberships.table.ts";
import { today } from "../memberships/seats.ts";
import { membershipNotices, orders } from "./billing.table.ts";
import { notifyMembership } from "./billing-notices.ts";
import { addDays } from "./gating.ts";
import { type BillingDeps, closePending, providerOf } from "./orders.service.ts";

export const RENEWALS_QUEUE = "billing.renewals";
/** Hourly, on whichever node's pg-boss clock claims the slot: one sweep per hour across every node. */
const RENEWALS_CRON = "17 * * * *";

export type NoticeKind = "expiring14" | "expiring3" | "expired";

/**
 * The end date a notice of `kind` is due for on `day`: reminders 14 and 3 days before the end,
 * and the expiry the day after it, of a period nothing follows (a renewed membership, whose next
 * period is already paid, started or not, gets no reminder and no expiry mail).
 */
function dueOn(kind: NoticeKind, day: string): string {
  if (kind === "expiring14") return addDays(day, 14);
  if (kind === "expiring3") return addDays(day, 3);
  return addDays(day, -1);
}

/**
 * One sweep (issue 16.6). Each notice is claimed by inserting its row in membership_notices
 * (assignment, kind, end date) in the transaction that writes its email: a second sweep, a
 * restarted node or another node finds the row and sends nothing. A sweep that missed a day
 * (the app was down) still sends the expiry notice; a reminder whose day has passed is skipped.
 * Pending orders past their expiry are closed the same way (closePending changes only a pending row).
 */
export async function runRenewals(deps: BillingDeps, day = today()): Promise<{ notices: number; expiredOrders: number }> {
  let notices = 0;
  for (const kind of ["expiring14", "expiring3", "expired"] as const) {
    const end = dueOn(kind, day);
    const endCondition = kind === "expired" ? sql`${assignedMemberships.toDate} between ${addDays(end, -6)} and ${end}` : eq(assignedMemberships.toDate, end);
    const due = await deps.db
      .select({ id: assignedMemberships.id, userId: assignedMemberships.userId, toDate: assignedMemberships.toDate })
      .from(assignedMemberships)
      .where(
        and(
          endCondition,
          lte(assignedMemberships.fromDate, day),
          // Followed by a period that starts by the next day: the holder is covered on (issue 33).
          sql`not exists (select 1 from assigned_memberships later where later.user_id = ${assignedMemberships.userId}
            and later.from_date <= ${assignedMemberships.toDate} + 1 and later.to_date > ${assignedMemberships.toDate})`,
        ),
      );
    for (const membership of due) {
      await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [claimed] = await tx
          .insert(membershipNotices)
          .values({ assignmentId: membership.id, kind, toDate: membership.toDate })
          .onConflictDoNothing()
          .returning({ kind: membershipNotices.kind });
        if (!claimed) return;
        await notifyMembership(tx, deps, kind, membership.id);
        notices += 1;
      });
    }
  }
  const stale = await deps.db
    .select({ id: orders.id, provider: orders.provider, providerRef: orders.providerRef })
    .from(orders)
    .where(and(eq(orders.state, "pending"), lte(orders.expiresAt, new Date())));
  let expiredOrders = 0;
  for (const order of stale) {
    await providerOf(deps, order.provider).cancelCheckout(order.providerRef);
    await deps.db.transaction(async (tx) => {
      if (await closePending(tx as unknown as Db, deps, order.id, "expired", null)) expiredOrders += 1;
    });
  }
  return { notices, expiredOrders };
}

export function registerRenewals(deps: BillingDeps): void {
  deps.jobs.handle(RENEWALS_QUEUE, async () => {
    await runRenewals(deps);
  });
  deps.jobs.every(RENEWALS_QUEUE, RENEWALS_CRON);
}
