import type { BillingDetails, BillingDetailsAnswer, MembershipOverview, MembershipState, PlanOffer } from "@clinic/shared";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { BillingSettings } from "../../../config.ts";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import type { Actor } from "../../../platform/access.ts";
import { forbidden, notFound } from "../../../platform/errors.ts";
import { memberships } from "../memberships/memberships.table.ts";
import { activeMembership, seatsInUse, today } from "../memberships/seats.ts";
import { billingDetails, orders } from "./billing.table.ts";
import { orderDataOf } from "./gating.ts";
import { type Holder, holderOf, paidPeriodsOf, paidUntilOf, periodStart } from "./holders.ts";
import { orderDetail } from "./orders.service.ts";
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

/** `GET /api/billing/membership`: what the caller holds, its state and seats, its pending order, and what it can buy. */
export async function membershipOverview(db: Db, settings: BillingSettings, actor: Actor): Promise<MembershipOverview> {
  const holder = holderOf(actor);
  // One wave of reads side by side (the pending order's detail, when there is one, follows).
  const clinic = holder.kind === "clinic";
  const [held, paid, patients, therapists, plans, [pending], [details], [person]] = await Promise.all([
    activeMembership(db, holder.id, today(), clinic ? "platform" : "any"),
    paidPeriodsOf(db, holder.id),
    clinic ? seatsInUse(db, holder.id, "patient") : Promise.resolve(0),
    clinic ? seatsInUse(db, holder.id, "therapist") : Promise.resolve(0),
    db.select().from(memberships).where(onSaleTo(holder)).orderBy(memberships.value, memberships.id),
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.buyerId, holder.id), eq(orders.state, "pending")))
      .orderBy(desc(orders.createdAt))
      .limit(1),
    db.select({ userId: billingDetails.userId }).from(billingDetails).where(eq(billingDetails.userId, holder.id)),
    db.select({ nombres: users.nombres, apellidos: users.apellidos, email: users.email }).from(users).where(eq(users.id, holder.id)),
  ]);
  const seats = clinic
    ? {
        therapists: { used: therapists, limit: held?.membership.nUsers ?? null },
        patients: { used: patients, limit: held?.membership.nPatients ?? null },
      }
    : null;
  const { state, accessUntil } = stateOf(holder, actor, settings, paid.paidThrough);
  const pendingDetail = pending ? await orderDetail({ db, settings }, actor, pending.id) : null;
  return {
    holder: { id: holder.id, name: `${person?.nombres ?? ""} ${person?.apellidos ?? ""}`.trim() || (person?.email ?? ""), kind: holder.kind },
    state,
    current: held
      ? {
          assignmentId: held.assignment.id,
          membershipId: held.membership.id,
          plan: held.membership.plan,
          from: held.assignment.fromDate,
          to: held.assignment.toDate,
          daysLeft: daysBetween(today(), held.assignment.toDate),
        }
      : null,
    next: paid.next,
    accessUntil,
    seats,
    pending: pendingDetail,
    offers: plans.map((plan) => offerOf(settings, actor, plan, paid.lastPaid, patients)),
    billingDetailsComplete: Boolean(details),
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
