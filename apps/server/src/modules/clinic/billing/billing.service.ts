import type { BillingDetails, BillingDetailsAnswer, MembershipOverview, MembershipState, PlanOffer } from "@clinic/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { BillingSettings } from "../../../config.ts";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import type { Actor } from "../../../platform/access.ts";
import { forbidden, notFound } from "../../../platform/errors.ts";
import { recordPageRead } from "../../../platform/page-cache.ts";
import { writesOf } from "../../../platform/paging.ts";
import { memberships } from "../memberships/memberships.table.ts";
import { activeMembershipSql, seatsInUse, seatsInUseSql, today } from "../memberships/seats.ts";
import { billingDetails, orders } from "./billing.table.ts";
import { orderDataOf } from "./gating.ts";
import { type Holder, holderOf, paidPeriodsSql, paidUntilOf, periodStart } from "./holders.ts";
import { orderDetailColumns, orderScope, toOrderDetail } from "./orders.service.ts";
import { periodsOf, quotePlan } from "./pricing.ts";

type Plan = typeof memberships.$inferSelect;

/** Expiring: within this many days of its end (the first reminder goes out then too). */
export const EXPIRING_DAYS = 14;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Plans on sale to a holder: the platform's public plans for clinics, the clinic's own public plans for its patients. */
function onSaleTo(holder: Holder) {
  return and(eq(memberships.public, true), holder.kind === "clinic" ? isNull(memberships.clinicId) : eq(memberships.clinicId, holder.clinicId));
}

function offerOf(settings: BillingSettings, actor: Actor, plan: Plan, paidUntil: string | null, patients: number): PlanOffer {
  const context = { patients, from: periodStart(paidUntil), language: actor.language };
  return {
    id: plan.id,
    plan: plan.plan,
    description: plan.description,
    months: plan.months,
    nUsers: plan.nUsers,
    nPatients: plan.nPatients,
    seller: plan.clinicId === null ? "platform" : "clinic",
    quotes: periodsOf(plan).map((billing) => quotePlan(plan, billing, settings, context)),
  };
}

/** `GET /api/billing/plans/:id`: one plan on sale to the caller, priced for them (404 otherwise). */
export async function planOffer(db: Db, settings: BillingSettings, actor: Actor, id: number): Promise<PlanOffer> {
  const holder = holderOf(actor);
  const [plan] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, id), onSaleTo(holder)));
  if (!plan) throw notFound();
  const [paidUntil, patients] = await Promise.all([paidUntilOf(db, holder.id), holder.kind === "clinic" ? seatsInUse(db, holder.id, "patient") : 0]);
  return offerOf(settings, actor, plan, paidUntil, patients);
}

/** The state from the last day paid without a break (a renewal paid ahead counts: issue 33). */
function stateOf(holder: Holder, actor: Actor, settings: BillingSettings, paidUntil: string | null): { state: MembershipState; accessUntil: string | null } {
  const day = today();
  if (holder.kind === "clinic") {
    const order = orderDataOf({ ...actor, clinicPaidUntil: paidUntil }, settings, day);
    if (order.trial) return { state: order.isActivated ? "trial" : "none", accessUntil: order.isActivated ? order.endsOn : null };
    if (paidUntil && day <= paidUntil) return { state: daysBetween(day, paidUntil) <= EXPIRING_DAYS ? "expiring" : "active", accessUntil: paidUntil };
    if (order.graceUntil) return { state: "grace", accessUntil: order.graceUntil };
    return { state: paidUntil ? "expired" : "none", accessUntil: null };
  }
  if (!paidUntil) return { state: "none", accessUntil: null };
  if (day <= paidUntil) return { state: daysBetween(day, paidUntil) <= EXPIRING_DAYS ? "expiring" : "active", accessUntil: paidUntil };
  return { state: "expired", accessUntil: null };
}

/**
 * The last instant of the server's calendar day: the overview's state, days left and prices are
 * those of today (`today()`), so a kept overview holds until then.
 */
export function endOfToday(): number {
  const end = new Date();
  end.setHours(24, 0, 0, 0);
  return end.getTime() - 1;
}

/** `GET /api/billing/membership`: what the caller holds, its state and seats, its pending order, and what it can buy. */
export async function membershipOverview(db: Db, settings: BillingSettings, actor: Actor): Promise<MembershipOverview> {
  const holder = holderOf(actor);
  const clinic = holder.kind === "clinic";
  const day = today();
  // One statement (the membership page's, issue 34): a row per plan on sale (or one with no plan),
  // each carrying the holder's figures, computed once (their subqueries name no outer column),
  // and the pending order with its detail, joined.
  const pendingId = sql`(select po.id from orders po where po.buyer_id = ${holder.id} and po.state = 'pending' order by po.created_at desc limit 1)`;
  const query = db
    .select({
      plan: memberships,
      nombres: users.nombres,
      apellidos: users.apellidos,
      email: users.email,
      held: activeMembershipSql(holder.id, day, clinic ? "platform" : "any"),
      paid: paidPeriodsSql(holder.id, day),
      patients: clinic ? seatsInUseSql(holder.id, "patient") : sql<number>`0`,
      therapists: clinic ? seatsInUseSql(holder.id, "therapist") : sql<number>`0`,
      detailsSaved: sql<boolean>`exists (select 1 from billing_details bd where bd.user_id = ${holder.id})`,
      pending: orderDetailColumns.order,
      buyerName: orderDetailColumns.buyerName,
      buyerEmail: orderDetailColumns.buyerEmail,
      invoiceNumber: orderDetailColumns.invoiceNumber,
      invoices: orderDetailColumns.invoices,
    })
    .from(users)
    .leftJoin(memberships, onSaleTo(holder))
    .leftJoin(orders, sql`${orders.id} = ${pendingId} and ${orderScope(actor)}`)
    .where(eq(users.id, holder.id))
    .orderBy(memberships.value, memberships.id);
  // Its route keeps the answer (kept-answers.ts) against the versions of every table it names.
  const writes = writesOf(db);
  if (writes)
    recordPageRead(
      actor,
      writes.pages.stampOf(query.toSQL().sql, actor.tableVersions, (tables) => writes.stamp(tables)),
    );
  const rows = await query;
  const [first] = rows;
  const held = first?.held ?? null;
  const paid = first?.paid ?? { lastPaid: null, paidThrough: null, next: null };
  const patients = first?.patients ?? 0;
  const seats = clinic
    ? {
        therapists: { used: first?.therapists ?? 0, limit: held?.nUsers ?? null },
        patients: { used: patients, limit: held?.nPatients ?? null },
      }
    : null;
  const { state, accessUntil } = stateOf(holder, actor, settings, paid.paidThrough);
  const pending = first?.pending ? toOrderDetail(settings, actor, { ...first, order: first.pending }) : null;
  return {
    holder: { id: holder.id, name: `${first?.nombres ?? ""} ${first?.apellidos ?? ""}`.trim() || (first?.email ?? ""), kind: holder.kind },
    state,
    current: held
      ? {
          assignmentId: held.assignmentId,
          membershipId: held.membershipId,
          plan: held.plan,
          from: held.from,
          to: held.to,
          daysLeft: daysBetween(today(), held.to),
        }
      : null,
    next: paid.next,
    accessUntil,
    seats,
    pending,
    offers: rows.flatMap((row) => (row.plan ? [offerOf(settings, actor, row.plan, paid.lastPaid, patients)] : [])),
    billingDetailsComplete: Boolean(first?.detailsSaved),
    providers: settings.providers,
  };
}

const DETAIL_FIELDS = { legalName: true, taxId: true, address: true, city: true, postalCode: true, country: true, email: true } as const;

/** Whose billing details the caller may read: their own; admins anyone's. */
function detailsOwner(actor: Actor, user: string | undefined): string {
  if (!user || user === actor.id) return actor.id;
  if (!actor.isAdmin) throw notFound();
  return user;
}

export async function readBillingDetails(db: Db, actor: Actor, user: string | undefined): Promise<BillingDetailsAnswer> {
  const userId = detailsOwner(actor, user);
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  if (!row && userId !== actor.id) {
    const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!exists) throw notFound();
  }
  return { userId, details: row ? pick(row) : null };
}

function pick(row: typeof billingDetails.$inferSelect): BillingDetails {
  return Object.fromEntries(Object.keys(DETAIL_FIELDS).map((key) => [key, row[key as keyof BillingDetails]])) as BillingDetails;
}

/** Clinic accounts and patients keep their own billing details (what invoices to them say). */
export async function saveBillingDetails(db: Db, actor: Actor, input: BillingDetails): Promise<BillingDetailsAnswer> {
  if (actor.role !== "clinic" && actor.role !== "patient") throw forbidden("Billing details belong to clinic accounts and patients.");
  const [row] = await db
    .insert(billingDetails)
    .values({ userId: actor.id, ...input })
    .onConflictDoUpdate({ target: billingDetails.userId, set: { ...input, updatedAt: sql`now()` } })
    .returning();
  return { userId: actor.id, details: pick(row as typeof billingDetails.$inferSelect) };
}
