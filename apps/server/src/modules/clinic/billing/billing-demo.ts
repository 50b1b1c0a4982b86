import { eq } from "drizzle-orm";
import type { BillingSettings } from "../../../config.ts";
import type { Db } from "../../../db/client.ts";
import { assignedMemberships, memberships } from "../memberships/memberships.table.ts";
import { orders } from "./billing.table.ts";
import { issueInvoice } from "./invoices.ts";
import { centsOf, periodEnd, taxOf } from "./pricing.ts";

const CLINIC_DETAILS = {
  legalName: "Clínica Vestibular Norte S.L.",
  taxId: "B86000001",
  address: "Calle de Alcalá 120, 3º",
  city: "Madrid",
  postalCode: "28009",
  country: "España",
  email: "",
};

/**
 * The demo's billing: the year the demo clinic holds, paid by bank transfer (an order and its
 * invoice), and a programme the clinic sells to its patients, which Paula holds. The clinic's
 * own billing details are left for it to fill, as a new clinic does before its first checkout.
 */
export async function seedDemoBilling(db: Db, settings: BillingSettings, ids: { clinicId: string; adminId: string; patientId: string }): Promise<void> {
  const [held] = await db
    .select({ assignment: assignedMemberships, plan: memberships })
    .from(assignedMemberships)
    .innerJoin(memberships, eq(memberships.id, assignedMemberships.membershipId))
    .where(eq(assignedMemberships.userId, ids.clinicId));
  if (held) {
    const net = centsOf(held.plan.valueAnnual);
    const tax = taxOf(net, settings.taxRateBp);
    const [order] = await db
      .insert(orders)
      .values({
        buyerId: ids.clinicId,
        clinicId: ids.clinicId,
        membershipId: held.plan.id,
        plan: held.plan.plan,
        billing: "annual",
        months: 12,
        lines: [{ description: `${held.plan.plan} · 12 months`, quantity: 1, unitCents: net, amountCents: net }],
        netCents: net,
        taxRateBp: settings.taxRateBp,
        taxCents: tax,
        totalCents: net + tax,
        currency: settings.currency,
        state: "paid",
        provider: "manual",
        paymentReference: "TRANSFER-DEMO-0001",
        buyerDetails: CLINIC_DETAILS,
        language: "en",
        periodFrom: held.assignment.fromDate,
        periodTo: held.assignment.toDate,
        assignmentId: held.assignment.id,
        expiresAt: new Date(),
        paidAt: new Date(),
        decidedBy: ids.adminId,
      })
      .returning();
    if (order) await issueInvoice(db, order, "invoice", settings);
  }
  const [programme] = await db
    .insert(memberships)
    .values({
      plan: "Vestibular rehabilitation programme",
      description: "Three months of guided home exercises, reviewed every two weeks by your therapist.",
      value: "0.00",
      valueAnnual: "0.00",
      valuePatient: "180.00",
      months: 3,
      nUsers: 0,
      nPatients: 0,
      clinicId: ids.clinicId,
      createdBy: ids.clinicId,
    })
    .returning({ id: memberships.id });
  if (!programme) return;
  const from = new Date().toLocaleDateString("en-CA");
  await db
    .insert(assignedMemberships)
    .values({ membershipId: programme.id, userId: ids.patientId, fromDate: from, toDate: periodEnd(from, 3), assignedBy: ids.clinicId });
}
