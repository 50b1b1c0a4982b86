import type { BillingDetails, Invoice } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import type { BillingSettings } from "../../../config.ts";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { billingDetails, type InvoiceParty, invoiceCounters, invoices, type orders } from "./billing.table.ts";

type Order = typeof orders.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceKind = "invoice" | "credit_note";

/** An order's number as people quote it (on a transfer, to support): O-000123. */
export const orderNumber = (id: number): string => `O-${String(id).padStart(6, "0")}`;

/**
 * Takes the next number of a seller's series for the year, inside the caller's transaction:
 * the UPSERT locks the counter's row until the transaction ends, so concurrent payments queue
 * for it and get consecutive numbers, and a payment that rolls back gives its number back.
 */
async function nextNumber(tx: Db, sellerKey: string, kind: InvoiceKind, year: number): Promise<{ sequence: number; number: string }> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ sellerKey, kind, year, last: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.sellerKey, invoiceCounters.kind, invoiceCounters.year], set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  const sequence = (row as { last: number }).last;
  const serial = `${year}-${String(sequence).padStart(6, "0")}`;
  return { sequence, number: kind === "credit_note" ? `R${serial}` : serial };
}

/** Who sells: the platform (settings), or a clinic selling its own plan (its billing details, else its account). */
async function sellerOf(tx: Db, order: Order, settings: BillingSettings): Promise<InvoiceParty> {
  if (!order.sellerClinicId) return settings.seller;
  const [row] = await tx
    .select({ details: billingDetails, nombres: users.nombres, apellidos: users.apellidos, email: users.email })
    .from(users)
    .leftJoin(billingDetails, eq(billingDetails.userId, users.id))
    .where(eq(users.id, order.sellerClinicId));
  if (!row) return { name: "", taxId: "", address: "", email: "" };
  const details = row.details;
  if (!details) return { name: `${row.nombres} ${row.apellidos}`.trim(), taxId: "", address: "", email: row.email };
  return {
    name: details.legalName,
    taxId: details.taxId,
    address: [details.address, `${details.postalCode} ${details.city}`.trim(), details.country].filter(Boolean).join(", "),
    email: details.email || row.email,
  };
}

/**
 * Issues the invoice of a paid order, or the credit note of a refunded one (negative amounts,
 * pointing at the invoice it cancels), numbered in the same transaction as the payment.
 */
export async function issueInvoice(tx: Db, order: Order, kind: InvoiceKind, settings: BillingSettings): Promise<InvoiceRow> {
  const year = new Date().getUTCFullYear();
  const sellerKey = order.sellerClinicId ?? "platform";
  const [original] =
    kind === "credit_note" ? await tx.select().from(invoices).where(sql`${invoices.orderId} = ${order.id} and ${invoices.kind} = 'invoice'`) : [];
  const { sequence, number } = await nextNumber(tx, sellerKey, kind, year);
  const sign = kind === "credit_note" ? -1 : 1;
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      kind,
      sellerKey,
      year,
      sequence,
      number,
      seller: await sellerOf(tx, order, settings),
      buyer: order.buyerDetails,
      lines: order.lines.map((line) => ({ ...line, unitCents: sign * line.unitCents, amountCents: sign * line.amountCents })),
      netCents: sign * order.netCents,
      taxRateBp: order.taxRateBp,
      taxCents: sign * order.taxCents,
      totalCents: sign * order.totalCents,
      currency: order.currency,
      language: order.language,
      creditsInvoiceId: original?.id ?? null,
    })
    .returning();
  return row as InvoiceRow;
}

export function toInvoice(row: InvoiceRow, creditsNumber: string | null): Invoice {
  return {
    id: row.id,
    kind: row.kind as Invoice["kind"],
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    language: row.language,
    seller: row.seller,
    buyer: row.buyer as BillingDetails,
    lines: row.lines,
    netCents: row.netCents,
    taxRateBp: row.taxRateBp,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    currency: row.currency,
    creditsNumber,
  };
}
