import type { BillingDetails } from "@clinic/shared";
import type { Db } from "../src/db/client.ts";
import { billingDetails, invoices, orders } from "../src/modules/clinic/billing/billing.table.ts";
import { makeMembership } from "./factories.ts";

export const DETAILS: BillingDetails = {
  legalName: "Clínica Señora del Equilibrio S.L.",
  taxId: "B12345678",
  address: "Calle Mayor 1",
  city: "Madrid",
  postalCode: "28013",
  country: "Spain",
  email: "",
};

/** Saves billing details for a user, as PUT /api/billing/details would. */
export async function giveBillingDetails(db: Db, userId: string, details: Partial<BillingDetails> = {}): Promise<void> {
  await db
    .insert(billingDetails)
    .values({ userId, ...DETAILS, ...details })
    .onConflictDoNothing();
}

/**
 * An order inserted directly (for access and listing tests): a new public platform plan unless
 * given, bought by `buyerId` for `clinicId`, 49.90 with no tax, in `state`. A paid one gets an invoice.
 */
export async function makeOrder(
  db: Db,
  input: {
    buyerId: string;
    clinicId: string;
    sellerClinicId?: string | null;
    state?: "pending" | "paid" | "cancelled";
    membershipId?: number;
    provider?: "manual" | "stripe";
  },
): Promise<typeof orders.$inferSelect & { invoiceId: number | null }> {
  const membershipId = input.membershipId ?? (await makeMembership(db, { public: true })).id;
  const state = input.state ?? "pending";
  const [order] = await db
    .insert(orders)
    .values({
      buyerId: input.buyerId,
      clinicId: input.clinicId,
      sellerClinicId: input.sellerClinicId ?? null,
      membershipId,
      plan: "Test plan",
      billing: "period",
      months: 1,
      lines: [{ description: "Test plan · 1 month", quantity: 1, unitCents: 4990, amountCents: 4990 }],
      netCents: 4990,
      taxRateBp: 0,
      taxCents: 0,
      totalCents: 4990,
      currency: "EUR",
      state,
      provider: input.provider ?? "manual",
      buyerDetails: DETAILS,
      language: "en",
      periodFrom: "2026-01-01",
      periodTo: "2026-01-31",
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
      paidAt: state === "paid" ? new Date() : null,
      paymentReference: state === "paid" ? "TEST-REF" : null,
    })
    .returning();
  const row = order as typeof orders.$inferSelect;
  if (state !== "paid") return { ...row, invoiceId: null };
  const [invoice] = await db
    .insert(invoices)
    .values({
      orderId: row.id,
      kind: "invoice",
      sellerKey: `test-${row.id}`,
      year: 2026,
      sequence: row.id,
      number: `T2026-${row.id}`,
      seller: { name: "Platform", taxId: "X", address: "Street", email: "billing@example.com" },
      buyer: DETAILS,
      lines: row.lines,
      netCents: 4990,
      taxRateBp: 0,
      taxCents: 0,
      totalCents: 4990,
      currency: "EUR",
      language: "en",
    })
    .returning({ id: invoices.id });
  return { ...row, invoiceId: invoice?.id ?? null };
}
