import type { CreateOrderInput, Invoice, OrderDetail, OrderQuery, OrderSummary, PaymentProviderName } from "@clinic/shared";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { BillingSettings } from "../../../config.ts";
import type { Db } from "../../../db/client.ts";
import type { Actor } from "../../../platform/access.ts";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../../platform/errors.ts";
import type { JobQueue } from "../../../platform/jobs.ts";
import type { Mailer } from "../../../platform/mail.ts";
import type { PaymentProviders } from "../../../platform/payments/index.ts";
import { createManualProvider } from "../../../platform/payments/manual.ts";
import type { PaymentProvider } from "../../../platform/payments/port.ts";
import { assignedMemberships, memberships } from "../memberships/memberships.table.ts";
import { seatsInUse, today } from "../memberships/seats.ts";
import { billingDetails, invoices, orders } from "./billing.table.ts";
import { holderOf, lockBuyer, paidUntilOf, periodStart } from "./holders.ts";
import { issueInvoice, orderNumber } from "./invoices.ts";
import { notifyOrder } from "./billing-notices.ts";
import { periodEnd, quotePlan } from "./pricing.ts";

export interface BillingDeps {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  settings: BillingSettings;
  providers: PaymentProviders;
}

/** The provider that handles an order; an order of a provider since switched off is handled as a manual one (nothing to call). */
export function providerOf(deps: Pick<BillingDeps, "providers">, name: string): PaymentProvider {
  return deps.providers[name as PaymentProviderName] ?? createManualProvider();
}

type Order = typeof orders.$inferSelect;
const asDb = (tx: unknown) => tx as Db;

const REQUIRED_DETAILS = ["legalName", "taxId", "address", "city", "postalCode", "country"] as const;

/** What the caller may do with an order (the screens offer exactly these). */
function allowed(actor: Actor, order: Order) {
  const seller = actor.isAdmin || (order.sellerClinicId !== null && order.sellerClinicId === actor.id);
  return {
    confirm: order.state === "pending" && order.provider === "manual" && seller,
    cancel: order.state === "pending" && (seller || order.buyerId === actor.id),
    refund: order.state === "paid" && seller,
  };
}

/** Admins see every order; a clinic its own and those of its patients; a patient its own. Therapists none. */
export function orderScope(actor: Actor): SQL {
  if (actor.isAdmin) return sql`true`;
  if (actor.role === "clinic") return sql`${orders.clinicId} = ${actor.id}`;
  if (actor.role === "patient") return sql`${orders.buyerId} = ${actor.id}`;
  return sql`false`;
}

async function loadOrder(db: Db, actor: Actor, id: number, lock = false): Promise<Order> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), orderScope(actor)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

// Written out in full: Drizzle leaves a single table's columns unqualified, and inside these
// subqueries "id" would be the invoice's own.
const buyerColumns = {
  buyerName: sql<string | null>`(select trim(u.nombres || ' ' || u.apellidos) from users u where u.id = "orders"."buyer_id")`,
  buyerEmail: sql<string | null>`(select u.email from users u where u.id = "orders"."buyer_id")`,
  invoiceNumber: sql<string | null>`(select i.number from invoices i where i.order_id = "orders"."id" and i.kind = 'invoice')`,
};

type SummaryRow = Order & { buyerName: string | null; buyerEmail: string | null; invoiceNumber: string | null };

function toSummary(row: SummaryRow): OrderSummary {
  return {
    id: row.id,
    number: orderNumber(row.id),
    state: row.state as OrderSummary["state"],
    provider: row.provider as OrderSummary["provider"],
    membershipId: row.membershipId,
    plan: row.plan,
    billing: row.billing as OrderSummary["billing"],
    buyer: { id: row.buyerId ?? "", name: row.buyerName || row.buyerDetails.legalName, email: row.buyerEmail ?? "" },
    netCents: row.netCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    currency: row.currency,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    invoiceNumber: row.invoiceNumber,
  };
}

/**
 * An order's invoice and credit note, oldest first, each credit note naming its invoice, as one
 * JSON column over `"orders"`, so a detail is one statement.
 */
export const orderInvoicesColumn = sql<(Omit<Invoice, "issuedAt"> & { issuedAt: string })[]>`(select coalesce(json_agg(json_build_object(
    'id', i.id, 'kind', i.kind, 'number', i.number, 'issuedAt', i.issued_at, 'language', i.language, 'seller', i.seller, 'buyer', i.buyer,
    'lines', i.lines, 'netCents', i.net_cents, 'taxRateBp', i.tax_rate_bp, 'taxCents', i.tax_cents, 'totalCents', i.total_cents,
    'currency', i.currency, 'creditsNumber', (select c.number from invoices c where c.id = i.credits_invoice_id and c.order_id = i.order_id)) order by i.id), '[]'::json)
  from invoices i where i.order_id = "orders"."id")`;

/** The columns `toOrderDetail` reads, over `"orders"` (orderDetail, billing's overview). */
export const orderDetailColumns = { order: orders, ...buyerColumns, invoices: orderInvoicesColumn };
type DetailRow = { order: Order; invoices: (Omit<Invoice, "issuedAt"> & { issuedAt: string })[] } & Omit<SummaryRow, keyof Order>;

export function toOrderDetail(settings: BillingSettings, actor: Actor, row: DetailRow): OrderDetail {
  const order = row.order;
  return {
    ...toSummary({ ...order, buyerName: row.buyerName, buyerEmail: row.buyerEmail, invoiceNumber: row.invoiceNumber }),
    lines: order.lines,
    taxRateBp: order.taxRateBp,
    instructions: order.provider === "manual" && order.state === "pending" ? settings.bankDetails : null,
    checkoutUrl: order.state === "pending" ? order.checkoutUrl : null,
    paymentReference: order.paymentReference,
    expiresAt: order.expiresAt.toISOString(),
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    refundedAt: order.refundedAt?.toISOString() ?? null,
    // JSON carries the timestamp as text: read back as the Date the driver would give (milliseconds).
    invoices: row.invoices.map((invoice) => ({ ...invoice, issuedAt: new Date(invoice.issuedAt).toISOString() })),
    can: allowed(actor, order),
  };
}

export async function orderDetail(deps: Pick<BillingDeps, "db" | "settings">, actor: Actor, id: number): Promise<OrderDetail> {
  const [row] = await deps.db
    .select(orderDetailColumns)
    .from(orders)
    .where(and(eq(orders.id, id), orderScope(actor)));
  if (!row) throw notFound();
  return toOrderDetail(deps.settings, actor, row);
}

/**
 * Starts an order (issue 16.2): the plan must be on sale to the caller, the caller's billing
 * details complete, and no order for the same plan pending. The amount comes from the plan,
 * never from the request. Stripe is asked for its Checkout page after the order is written
 * (no transaction waits on the network); if Stripe cannot be reached the order is cancelled.
 */
export async function createOrder(
  deps: BillingDeps,
  actor: Actor,
  input: CreateOrderInput,
  links: { orderPage: (id: number) => string },
): Promise<OrderDetail> {
  const holder = holderOf(actor);
  const { db, settings } = deps;
  const providerName = input.provider ?? settings.providers[0] ?? "manual";
  const provider = deps.providers[providerName];
  if (!provider) throw badRequest({ provider: ["This way to pay is not offered."] });
  const order = await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    // One buyer's orders are started one at a time: two clicks cannot open two pending orders.
    await tx.execute(sql`select 1 from users where id = ${actor.id} for update`);
    const [plan] = await tx.select().from(memberships).where(eq(memberships.id, input.membershipId));
    const onSale = plan?.public && (holder.kind === "clinic" ? plan.clinicId === null : plan.clinicId === holder.clinicId);
    if (!plan || !onSale) throw badRequest({ membershipId: ["This plan cannot be bought."] });
    if (input.billing === "annual" && plan.clinicId !== null) throw badRequest({ billing: ["This plan is sold only for its own period."] });
    const [details] = await tx.select().from(billingDetails).where(eq(billingDetails.userId, actor.id));
    if (!details) throw badRequest(Object.fromEntries(REQUIRED_DETAILS.map((field) => [field, ["Required before checkout."]])));
    const [pending] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.buyerId, actor.id), eq(orders.membershipId, plan.id), eq(orders.state, "pending")));
    if (pending) throw conflict(`A payment for this plan is already pending (order ${orderNumber(pending.id)}): pay or cancel it first.`);
    const paidUntil = await paidUntilOf(tx, holder.id);
    const quote = quotePlan(plan, input.billing, settings, {
      patients: holder.kind === "clinic" ? await seatsInUse(tx, holder.id, "patient") : 0,
      from: periodStart(paidUntil),
      language: actor.language,
    });
    const [created] = await tx
      .insert(orders)
      .values({
        buyerId: actor.id,
        clinicId: holder.clinicId,
        sellerClinicId: plan.clinicId,
        membershipId: plan.id,
        plan: plan.plan,
        billing: input.billing,
        months: quote.months,
        lines: quote.lines,
        netCents: quote.netCents,
        taxRateBp: quote.taxRateBp,
        taxCents: quote.taxCents,
        totalCents: quote.totalCents,
        currency: quote.currency,
        provider: provider.name,
        buyerDetails: {
          legalName: details.legalName,
          taxId: details.taxId,
          address: details.address,
          city: details.city,
          postalCode: details.postalCode,
          country: details.country,
          email: details.email,
        },
        language: actor.language,
        periodFrom: quote.from,
        periodTo: quote.to,
        expiresAt: new Date(Date.now() + settings.orderDays * 86_400_000),
      })
      .returning();
    const row = created as Order;
    if (provider.name === "manual") await notifyOrder(tx, deps, "billing.order", row);
    return row;
  });
  if (provider.name !== "manual") {
    try {
      // A card payment waits as long as its Checkout page lives (Stripe: at most a day), not BILLING_ORDER_DAYS.
      const expiresAt = new Date(Math.min(order.expiresAt.getTime(), Date.now() + 23 * 3_600_000));
      const start = await provider.startCheckout({
        orderId: order.id,
        orderNumber: orderNumber(order.id),
        description: `${order.plan} (${order.periodFrom} – ${order.periodTo})`,
        totalCents: order.totalCents,
        currency: order.currency,
        customerEmail: order.buyerDetails.email || actor.email,
        successUrl: `${links.orderPage(order.id)}?checkout=success`,
        cancelUrl: `${links.orderPage(order.id)}?checkout=cancelled`,
        expiresAt,
      });
      await db.transaction(async (txRaw) => {
        const tx = asDb(txRaw);
        const [updated] = await tx
          .update(orders)
          .set({ providerRef: start.providerRef, checkoutUrl: start.redirectUrl, expiresAt })
          .where(eq(orders.id, order.id))
          .returning();
        await notifyOrder(tx, deps, "billing.order", updated as Order);
      });
    } catch (error) {
      await db
        .update(orders)
        .set({ state: "cancelled", cancelledAt: new Date() })
        .where(and(eq(orders.id, order.id), eq(orders.state, "pending")));
      const reason = error instanceof Error ? error.message : String(error);
      throw new HttpError(502, { detail: `The payment provider could not start the payment, so nothing was charged. Please try again later. (${reason})` });
    }
  }
  return orderDetail(deps, actor, order.id);
}

/**
 * Marks a pending order paid and gives what it bought, all in the caller's transaction: the
 * membership period (the day after the last period paid ends, started or not, or from today;
 * confirmations of one buyer wait for each other), the invoice with the next number,
 * and the payment email with the invoice attached. Answers false, changing nothing, when the
 * order is no longer pending (a replayed webhook, a second confirmation).
 */
export async function applyPayment(
  tx: Db,
  deps: BillingDeps,
  orderId: number,
  payment: { reference: string | null; decidedBy: string | null },
): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (order?.state !== "pending" || !order.buyerId) return false;
  // One buyer's payments one at a time, each after every period paid before it (issue 33).
  await lockBuyer(tx, order.buyerId);
  const from = periodStart(await paidUntilOf(tx, order.buyerId));
  const to = periodEnd(from, order.months);
  const [assignment] = await tx
    .insert(assignedMemberships)
    .values({ membershipId: order.membershipId, userId: order.buyerId, fromDate: from, toDate: to, assignedBy: payment.decidedBy })
    .returning({ id: assignedMemberships.id });
  const [paid] = await tx
    .update(orders)
    .set({
      state: "paid",
      paidAt: new Date(),
      paymentReference: payment.reference,
      periodFrom: from,
      periodTo: to,
      assignmentId: assignment?.id ?? null,
      decidedBy: payment.decidedBy,
    })
    .where(eq(orders.id, orderId))
    .returning();
  const invoice = await issueInvoice(tx, paid as Order, "invoice", deps.settings);
  await notifyOrder(tx, deps, "billing.paid", paid as Order, invoice);
  return true;
}

/** A manual payment received (admins, or the clinic selling its own plan): paid with its reference. */
export async function confirmOrder(deps: BillingDeps, actor: Actor, id: number, reference: string): Promise<OrderDetail> {
  await deps.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const order = await loadOrder(tx, actor, id, true);
    if (!allowed(actor, { ...order, state: "pending" }).confirm) {
      if (order.provider !== "manual") throw conflict("This order is paid by card: the payment provider confirms it.");
      throw forbidden();
    }
    if (order.state !== "pending") throw conflict("This order is no longer pending.");
    await applyPayment(tx, deps, id, { reference, decidedBy: actor.id });
  });
  return orderDetail(deps, actor, id);
}

/** Ends a pending order: cancelled by a person, or expired unpaid (job, webhook). Answers whether it changed. */
export async function closePending(tx: Db, deps: BillingDeps, orderId: number, state: "cancelled" | "expired", decidedBy: string | null): Promise<boolean> {
  const [closed] = await tx
    .update(orders)
    .set({ state, cancelledAt: new Date(), decidedBy })
    .where(and(eq(orders.id, orderId), eq(orders.state, "pending")))
    .returning();
  if (!closed) return false;
  await notifyOrder(tx, deps, "billing.cancelled", closed);
  return true;
}

export async function cancelOrder(deps: BillingDeps, actor: Actor, id: number): Promise<OrderDetail> {
  const order = await loadOrder(deps.db, actor, id);
  if (order.state !== "pending") throw conflict("This order is no longer pending.");
  if (!allowed(actor, order).cancel) throw forbidden();
  // Stripe first: a session that can no longer be paid cannot complete after we cancel.
  await providerOf(deps, order.provider).cancelCheckout(order.providerRef);
  await deps.db.transaction(async (tx) => {
    if (!(await closePending(asDb(tx), deps, id, "cancelled", actor.id))) throw conflict("This order is no longer pending.");
  });
  return orderDetail(deps, actor, id);
}

/**
 * Records a refund of a paid order: the membership it gave ends (today, or is removed if it had
 * not started), a credit note takes the next number of its own series, and the buyer is told.
 * Answers false when the order is not paid (already refunded: a replay).
 */
export async function applyRefund(
  tx: Db,
  deps: BillingDeps,
  orderId: number,
  refund: { reason: string; refundRef: string | null; decidedBy: string | null },
): Promise<boolean> {
  const [refunded] = await tx
    .update(orders)
    .set({ state: "refunded", refundedAt: new Date(), refundReason: refund.reason, refundRef: refund.refundRef, decidedBy: refund.decidedBy })
    .where(and(eq(orders.id, orderId), eq(orders.state, "paid")))
    .returning();
  if (!refunded) return false;
  if (refunded.assignmentId) {
    // Not while a payment of the same buyer reads where its period should start.
    if (refunded.buyerId) await lockBuyer(tx, refunded.buyerId);
    const day = today();
    await tx.delete(assignedMemberships).where(and(eq(assignedMemberships.id, refunded.assignmentId), sql`${assignedMemberships.fromDate} > ${day}`));
    await tx
      .update(assignedMemberships)
      .set({ toDate: day })
      .where(and(eq(assignedMemberships.id, refunded.assignmentId), sql`${assignedMemberships.toDate} > ${day}`));
  }
  const creditNote = await issueInvoice(tx, refunded, "credit_note", deps.settings);
  await notifyOrder(tx, deps, "billing.refunded", refunded, creditNote);
  return true;
}

export async function refundOrder(deps: BillingDeps, actor: Actor, id: number, reason: string): Promise<OrderDetail> {
  const order = await loadOrder(deps.db, actor, id);
  if (order.state !== "paid") throw conflict("Only a paid order can be refunded.");
  if (!allowed(actor, order).refund) throw forbidden();
  const result = await providerOf(deps, order.provider).refund({
    orderId: id,
    paymentReference: order.paymentReference,
    amountCents: order.totalCents,
    currency: order.currency,
    reason,
  });
  await deps.db.transaction(async (tx) => {
    await applyRefund(asDb(tx), deps, id, { reason, refundRef: result.refundRef, decidedBy: actor.id });
  });
  return orderDetail(deps, actor, id);
}

function listConditions(actor: Actor, query: Omit<OrderQuery, "page" | "rowsPerPage">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [orderScope(actor)];
  if (query.state) conditions.push(eq(orders.state, query.state));
  if (query.clinic && actor.isAdmin) conditions.push(eq(orders.clinicId, query.clinic));
  if (query.since) conditions.push(sql`${orders.createdAt} >= ${query.since}::date`);
  if (query.to) conditions.push(sql`${orders.createdAt} < ${query.to}::date + 1`);
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${orders.plan} ilike ${pattern} or ${orders.buyerDetails}->>'legalName' ilike ${pattern} or 'O-' || lpad(${orders.id}::text, 6, '0') ilike ${pattern}
        or exists (select 1 from invoices i where i.order_id = "orders"."id" and i.number ilike ${pattern})
        or exists (select 1 from users u where u.id = "orders"."buyer_id" and (u.email ilike ${pattern} or u.nombres ilike ${pattern} or u.apellidos ilike ${pattern})))`,
    );
  }
  return and(...conditions);
}

/** The count and the sums by state of every order a filter holds: as aggregates, or (`over ()`) beside each row of a page. */
function filterSums(window: "" | " over ()") {
  const sumOf = (state: string) => sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.state} = ${state})${sql.raw(window)}, 0)::int`;
  return { total: sql<number>`(count(*)${sql.raw(window)})::int`, paidCents: sumOf("paid"), pendingCents: sumOf("pending"), refundedCents: sumOf("refunded") };
}

/**
 * Payment history: a page of orders, newest first, and the count and sums of every order the
 * filter holds, in one statement (window aggregates run before the page's LIMIT). Only a page
 * past the end, which has no row to carry them, asks for the sums on their own.
 */
export async function listOrders(deps: Pick<BillingDeps, "db" | "settings">, actor: Actor, query: OrderQuery) {
  if (!actor.isAdmin && actor.role !== "clinic" && actor.role !== "patient") throw forbidden();
  const where = listConditions(actor, query);
  const rows = await deps.db
    .select({ order: orders, ...buyerColumns, ...filterSums(" over ()") })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.rowsPerPage)
    .offset((query.page - 1) * query.rowsPerPage);
  const [sums] = rows.length > 0 ? rows : await deps.db.select(filterSums("")).from(orders).where(where);
  return {
    data: rows.map((row) => toSummary({ ...row.order, buyerName: row.buyerName, buyerEmail: row.buyerEmail, invoiceNumber: row.invoiceNumber })),
    page: query.page,
    total: sums?.total ?? 0,
    sums: {
      currency: deps.settings.currency,
      paidCents: sums?.paidCents ?? 0,
      pendingCents: sums?.pendingCents ?? 0,
      refundedCents: sums?.refundedCents ?? 0,
    },
  };
}

/** Every order of a filter, for the export (capped at EXPORT_MAX_ROWS). */
export async function exportOrders(db: Db, actor: Actor, query: Omit<OrderQuery, "page" | "rowsPerPage">, maxRows: number): Promise<OrderSummary[]> {
  if (!actor.isAdmin && actor.role !== "clinic" && actor.role !== "patient") throw forbidden();
  const rows = await db
    .select({ order: orders, ...buyerColumns })
    .from(orders)
    .where(listConditions(actor, query))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(maxRows);
  return rows.map((row) => toSummary({ ...row.order, buyerName: row.buyerName, buyerEmail: row.buyerEmail, invoiceNumber: row.invoiceNumber }));
}

/** An invoice or credit note the caller may read (the order's scope), with its order. */
export async function loadInvoice(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.id, id), orderScope(actor)));
  if (!row) throw notFound();
  const credits = row.invoice.creditsInvoiceId
    ? ((await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, row.invoice.creditsInvoiceId)))[0]?.number ?? null)
    : null;
  return { ...row, creditsNumber: credits };
}
