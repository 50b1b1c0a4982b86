import type { BillingDetails, Invoice, OrderLine } from "@clinic/shared";
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

/** Who sells: the platform (settings), or a clinic selling its own plan or event (its billing details, else its account). */
async function sellerOf(tx: Db, sellerClinicId: string | null, settings: BillingSettings): Promise<InvoiceParty> {
  if (!sellerClinicId) return settings.seller;
  const [row] = await tx
    .select({ details: billingDetails, nombres: users.nombres, apellidos: users.apellidos, email: users.email })
    .from(users)
    .leftJoin(billingDetails, eq(billingDetails.userId, users.id))
    .where(eq(users.id, sellerClinicId));
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
 * What an invoice says, whatever sold it: a membership order, or another module's sale (an
 * event's ticket) with no order row. Amounts are positive; a credit note is issued negative.
 */
export interface InvoiceDraft {
  source: "membership" | "event";
  orderId: number | null;
  /** Null: the platform sells; else the clinic, whose own series numbers it. */
  sellerClinicId: string | null;
  buyer: BillingDetails;
  lines: OrderLine[];
  netCents: number;
  taxRateBp: number;
  taxCents: number;
  totalCents: number;
  currency: string;
  language: string;
  /** The invoice a credit note cancels (in full or in part). */
  creditsInvoiceId?: number | null;
}

/** Issues `draft` as the next invoice or credit note of its seller's series, in the caller's transaction. */
export async function issueDraft(tx: Db, draft: InvoiceDraft, kind: InvoiceKind, settings: BillingSettings): Promise<InvoiceRow> {
  const year = new Date().getUTCFullYear();
  const sellerKey = draft.sellerClinicId ?? "platform";
  const { sequence, number } = await nextNumber(tx, sellerKey, kind, year);
  const sign = kind === "credit_note" ? -1 : 1;
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: draft.orderId,
      source: draft.source,
      kind,
      sellerKey,
      year,
      sequence,
      number,
      seller: await sellerOf(tx, draft.sellerClinicId, settings),
      buyer: draft.buyer,
      lines: draft.lines.map((line) => ({ ...line, unitCents: sign * line.unitCents, amountCents: sign * line.amountCents })),
      netCents: sign * draft.netCents,
      taxRateBp: draft.taxRateBp,
      taxCents: sign * draft.taxCents,
      totalCents: sign * draft.totalCents,
      currency: draft.currency,
      language: draft.language,
      creditsInvoiceId: draft.creditsInvoiceId ?? null,
    })
    .returning();
  return row as InvoiceRow;
}

/**
 * Issues the invoice of a paid order, or the credit note of a refunded one (negative amounts,
 * pointing at the invoice it cancels), numbered in the same transaction as the payment.
 */
export async function issueInvoice(tx: Db, order: Order, kind: InvoiceKind, settings: BillingSettings): Promise<InvoiceRow> {
  const [original] =
    kind === "credit_note" ? await tx.select().from(invoices).where(sql`${invoices.orderId} = ${order.id} and ${invoices.kind} = 'invoice'`) : [];
  return issueDraft(
    tx,
    {
      source: "membership",
      orderId: order.id,
      sellerClinicId: order.sellerClinicId,
      buyer: order.buyerDetails,
      lines: order.lines,
      netCents: order.netCents,
      taxRateBp: order.taxRateBp,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      currency: order.currency,
      language: order.language,
      creditsInvoiceId: original?.id ?? null,
    },
    kind,
    settings,
  );
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
