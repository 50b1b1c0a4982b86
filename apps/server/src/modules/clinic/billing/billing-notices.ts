import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { queueMail } from "../../../platform/mail.ts";
import { emailWanted, notify } from "../../../platform/notifications.ts";
import { assignedMemberships, memberships } from "../memberships/memberships.table.ts";
import {
  type BillingRecipient,
  membershipExpiredMail,
  membershipExpiringMail,
  orderCancelledMail,
  orderCreatedMail,
  orderRefundedMail,
  paymentReceivedMail,
} from "./billing-mails.ts";
import { invoices, type orders } from "./billing.table.ts";
import { addDays } from "./gating.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { orderNumber, toInvoice } from "./invoices.ts";
import type { BillingDeps } from "./orders.service.ts";
import type { NoticeKind } from "./renewals.ts";

type Order = typeof orders.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
type Deps = Pick<BillingDeps, "mailer" | "jobs" | "settings">;

/** The PDF of an invoice or credit note, as issued. */
export function invoicePdfOf(invoice: InvoiceRow, order: Order, creditsNumber: string | null): Promise<Buffer> {
  return renderInvoicePdf(toInvoice(invoice, creditsNumber), {
    orderNumber: orderNumber(order.id),
    plan: order.plan,
    periodFrom: order.periodFrom,
    periodTo: order.periodTo,
    paymentReference: order.paymentReference,
  });
}

/** The buyer, written to at the invoice address when one is set, in their language. */
async function recipientOf(tx: Db, order: Order): Promise<BillingRecipient | null> {
  if (!order.buyerId) return null;
  const [user] = await tx.select({ email: users.email, language: users.language, nombres: users.nombres }).from(users).where(eq(users.id, order.buyerId));
  if (!user) return null;
  return { email: order.buyerDetails.email || user.email, language: user.language, userId: order.buyerId, name: user.nombres || null };
}

const factsOf = (order: Order) => ({
  id: order.id,
  number: orderNumber(order.id),
  plan: order.plan,
  periodFrom: order.periodFrom,
  periodTo: order.periodTo,
  totalCents: order.totalCents,
  currency: order.currency,
});

export type OrderNotice = "billing.order" | "billing.paid" | "billing.refunded" | "billing.cancelled";

/** Writes the buyer's email about an order, in the caller's transaction (it exists exactly when the change commits). */
export async function notifyOrder(tx: Db, deps: Deps, kind: OrderNotice, order: Order, invoice?: InvoiceRow): Promise<void> {
  const to = await recipientOf(tx, order);
  if (!to) return;
  const links = deps.mailer;
  let mail: ReturnType<typeof orderCreatedMail>;
  if (kind === "billing.order") {
    mail = orderCreatedMail(
      to,
      {
        ...factsOf(order),
        provider: order.provider as "manual" | "stripe",
        instructions: order.provider === "manual" ? deps.settings.bankDetails : null,
        checkoutUrl: order.checkoutUrl,
        expiresAt: order.expiresAt.toISOString(),
      },
      links,
    );
  } else if (kind === "billing.cancelled") {
    mail = orderCancelledMail(to, factsOf(order), order.state === "expired" ? "expired" : "cancelled", links);
  } else {
    if (!invoice) throw new Error(`${kind} needs its invoice`);
    const credits = invoice.creditsInvoiceId ? await creditedNumber(tx, invoice.creditsInvoiceId) : null;
    const pdf = await invoicePdfOf(invoice, order, credits);
    mail =
      kind === "billing.paid"
        ? paymentReceivedMail(to, factsOf(order), invoice, pdf, links)
        : orderRefundedMail(to, factsOf(order), { ...invoice, creditsNumber: credits }, pdf, links);
  }
  if (kind === "billing.paid" && order.buyerId) {
    const params = { number: orderNumber(order.id), plan: order.plan };
    await notify(tx, deps, [order.buyerId], { kind: "paymentReceived", params, link: `/manager/admin/getMembership/invoice/${order.id}`, ownEmail: true });
  }
  await queueMail(tx, deps.mailer, deps.jobs, [mail]);
}

async function creditedNumber(tx: Db, invoiceId: number): Promise<string | null> {
  const [row] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoiceId));
  return row?.number ?? null;
}

/** Writes a renewal email (reminder or expiry) to a membership's holder, in the caller's transaction. */
export async function notifyMembership(tx: Db, deps: Deps, kind: NoticeKind, assignmentId: number): Promise<void> {
  const [row] = await tx
    .select({
      toDate: assignedMemberships.toDate,
      plan: memberships.plan,
      clinicPlan: memberships.clinicId,
      email: users.email,
      language: users.language,
      name: users.nombres,
      userId: users.id,
    })
    .from(assignedMemberships)
    .innerJoin(memberships, eq(memberships.id, assignedMemberships.membershipId))
    .innerJoin(users, eq(users.id, assignedMemberships.userId))
    .where(eq(assignedMemberships.id, assignmentId));
  if (!row) return;
  const to: BillingRecipient = { email: row.email, language: row.language, userId: row.userId, name: row.name || null };
  const links = deps.mailer;
  const mail =
    kind === "expired"
      ? membershipExpiredMail(
          to,
          // Only a clinic's platform membership has grace days; a patient's plan simply ends.
          { plan: row.plan, endedOn: row.toDate, accessUntil: row.clinicPlan === null ? addDays(row.toDate, deps.settings.graceDays) : row.toDate },
          links,
        )
      : membershipExpiringMail(to, { plan: row.plan, endsOn: row.toDate, daysLeft: kind === "expiring14" ? 14 : 3 }, links);
  // In the app too (issue 19); the email as the holder chose (on by default).
  const notice = kind === "expired" ? "membershipExpired" : "membershipExpiring";
  const params = { plan: row.plan, date: row.toDate };
  await notify(tx, deps, [row.userId], { kind: notice, params, link: "/manager/admin/getMembership", ownEmail: true });
  if ((await emailWanted(tx, [row.userId], notice)).has(row.userId)) await queueMail(tx, deps.mailer, deps.jobs, [mail]);
}
