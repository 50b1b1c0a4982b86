import { type Bilingual, inLanguage, registrationNumber } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { BillingSettings } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import type { invoices } from "../clinic/billing/billing.table.ts";
import { renderInvoicePdf } from "../clinic/billing/invoice-pdf.ts";
import { issueDraft, toInvoice } from "../clinic/billing/invoices.ts";

/**
 * An event's tickets are invoiced in the clinic's own series (billing's `invoices`, `seller_key`
 * = the clinic's id, `source` 'event', no membership order): the payment's invoice, and a credit
 * note for each refund, crediting that invoice. Events carry no tax here: a clinic's workshops
 * and courses are priced as the amount paid (billing's rate is the platform's, for memberships,
 * not a per-clinic rate to reuse), so net = total and the rate is 0.
 */

type InvoiceRow = typeof invoices.$inferSelect;

/** What an event's invoice needs to know of the registration. */
export interface InvoiceFacts {
  id: number;
  clinicId: string;
  name: string;
  email: string;
  language: string;
  currency: string;
  title: Bilingual;
  ticket: Bilingual;
}

const draftOf = (facts: InvoiceFacts, description: string, amountCents: number, creditsInvoiceId: number | null) => ({
  source: "event" as const,
  orderId: null,
  sellerClinicId: facts.clinicId,
  // A registrant gives a name and an email, nothing more: the invoice is made out to them.
  buyer: { legalName: facts.name, taxId: "", address: "", city: "", postalCode: "", country: "", email: facts.email },
  lines: [{ description, quantity: 1, unitCents: amountCents, amountCents }],
  netCents: amountCents,
  taxRateBp: 0,
  taxCents: 0,
  totalCents: amountCents,
  currency: facts.currency,
  language: facts.language === "es" ? "es" : "en",
  creditsInvoiceId,
});

const lineOf = (facts: InvoiceFacts) =>
  `${inLanguage(facts.title, facts.language)} · ${inLanguage(facts.ticket, facts.language)} · ${registrationNumber(facts.id)}`;

/** The invoice of a ticket's payment, numbered in the payment's transaction. */
export function issueEventInvoice(tx: Db, settings: BillingSettings, facts: InvoiceFacts, amountCents: number): Promise<InvoiceRow> {
  return issueDraft(tx, draftOf(facts, lineOf(facts), amountCents, null), "invoice", settings);
}

/** The credit note of a refund of `amountCents` (all or part of the payment), crediting its invoice. */
export function issueEventCreditNote(
  tx: Db,
  settings: BillingSettings,
  facts: InvoiceFacts,
  amountCents: number,
  creditsInvoiceId: number | null,
): Promise<InvoiceRow> {
  return issueDraft(tx, draftOf(facts, lineOf(facts), amountCents, creditsInvoiceId), "credit_note", settings);
}

/** The day an instant falls on in `timeZone`, as YYYY-MM-DD. */
export function dayIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/**
 * The PDF of an invoice or credit note of registration `registrationId`, in one statement; 404
 * when the invoice is not one of that registration's (another's, or a membership's).
 */
export async function eventInvoicePdf(db: Db, registrationId: number, invoiceId: number): Promise<{ number: string; pdf: Buffer }> {
  const result = await db.execute<{
    invoice: Omit<InvoiceRow, "issuedAt"> & { issuedAt: string };
    credits_number: string | null;
    payment_reference: string | null;
    title_en: string;
    title_es: string;
    starts_at: string | Date;
    time_zone: string;
  }>(sql`
    select json_build_object('id', i.id, 'orderId', i.order_id, 'source', i.source, 'kind', i.kind, 'sellerKey', i.seller_key, 'year', i.year,
        'sequence', i.sequence, 'number', i.number, 'seller', i.seller, 'buyer', i.buyer, 'lines', i.lines, 'netCents', i.net_cents,
        'taxRateBp', i.tax_rate_bp, 'taxCents', i.tax_cents, 'totalCents', i.total_cents, 'currency', i.currency, 'language', i.language,
        'creditsInvoiceId', i.credits_invoice_id, 'issuedAt', i.issued_at) as invoice,
      (select c.number from invoices c where c.id = i.credits_invoice_id) as credits_number,
      r.payment_reference, e.title_en, e.title_es, e.starts_at, e.time_zone
    from event_registrations r
    join event_events e on e.id = r.event_id
    join invoices i on i.id = ${invoiceId} and i.source = 'event'
    where r.id = ${registrationId} and exists (select 1 from event_payments p where p.registration_id = r.id and p.invoice_id = i.id)`);
  const row = result.rows[0];
  if (!row) throw notFound();
  const invoice = { ...row.invoice, issuedAt: new Date(row.invoice.issuedAt) } as InvoiceRow;
  const language = invoice.language === "es" ? "es" : "en";
  const pdf = await renderInvoicePdf(toInvoice(invoice, row.credits_number), {
    orderNumber: registrationNumber(registrationId),
    event: { title: inLanguage({ en: row.title_en, es: row.title_es }, language), date: dayIn(new Date(row.starts_at), row.time_zone) },
    paymentReference: row.payment_reference,
  });
  return { number: invoice.number, pdf };
}
