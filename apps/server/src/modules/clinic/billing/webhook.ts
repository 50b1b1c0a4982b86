import type { FastifyPluginAsync } from "fastify";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { badRequest, notFound } from "../../../platform/errors.ts";
import type { PaymentOutcome, Payments } from "../../../platform/payments/index.ts";
import { type PaymentEvent, WebhookSignatureError } from "../../../platform/payments/port.ts";
import { orders, paymentEvents } from "./billing.table.ts";
import { applyPayment, applyRefund, type BillingDeps, closePending } from "./orders.service.ts";

/** Stripe retries for days; a webhook body beyond this is not one of its events. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

type Outcome = PaymentOutcome;

async function findOrder(tx: Db, event: Extract<PaymentEvent, { kind: "paid" | "expired" }>) {
  const byRef = await tx.select().from(orders).where(eq(orders.providerRef, event.providerRef));
  if (byRef[0]) return byRef[0];
  if (event.orderId === null) return undefined;
  const [byId] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, event.orderId), eq(orders.provider, "stripe")));
  return byId;
}

/** Applies one verified event in the caller's transaction and says what it did. */
async function apply(tx: Db, deps: BillingDeps, targets: Payments["targets"], event: PaymentEvent): Promise<{ outcome: Outcome; orderId: number | null }> {
  if (event.kind === "ignored") return { outcome: "ignored", orderId: null };
  // The shop's orders (issue 20) and events' registrations (issue 37) are paid through the same
  // provider: their events are their module's to apply. Their order ids are not billing's: the
  // event log (whose order id is billing's) keeps only the outcome.
  const toTarget = async (purpose: "shop" | "event") => {
    const target = targets.get(purpose);
    return { outcome: target ? (await target.apply(tx, event)).outcome : ("unknown order" as const), orderId: null };
  };
  if ((event.kind === "paid" || event.kind === "expired") && event.purpose !== "membership") return toTarget(event.purpose);
  if (event.kind === "refunded") {
    const [order] = await tx.select().from(orders).where(eq(orders.paymentReference, event.paymentReference));
    if (!order) {
      // A refund names only its payment: the module whose order was paid by it knows it.
      for (const purpose of ["shop", "event"] as const) {
        const applied = await toTarget(purpose);
        if (applied.outcome !== "unknown order") return applied;
      }
      return { outcome: "unknown order", orderId: null };
    }
    const done = await applyRefund(tx, deps, order.id, { reason: "Refunded at the payment provider.", refundRef: null, decidedBy: null });
    return { outcome: done ? "applied" : "already applied", orderId: order.id };
  }
  const order = await findOrder(tx, event);
  if (!order) return { outcome: "unknown order", orderId: null };
  if (event.kind === "expired") {
    const done = await closePending(tx, deps, order.id, "expired", null);
    return { outcome: done ? "applied" : "already applied", orderId: order.id };
  }
  if (event.amountCents !== order.totalCents || event.currency !== order.currency) return { outcome: "amount mismatch", orderId: order.id };
  // Money taken for an order that expired here meanwhile still buys what it was for.
  if (order.state === "expired") await tx.update(orders).set({ state: "pending", cancelledAt: null }).where(eq(orders.id, order.id));
  const done = await applyPayment(tx, deps, order.id, { reference: event.paymentReference ?? event.providerRef, decidedBy: null });
  return { outcome: done ? "applied" : "already applied", orderId: order.id };
}

/**
 * `POST /api/billing/stripe/webhook`: the signature is checked over the raw body (so this
 * route reads bytes, not JSON), each event id is recorded once (a replay changes nothing), and
 * an event for an order we do not know is logged and answered 200 so Stripe stops retrying.
 */
export function registerWebhook(deps: BillingDeps, targets: Payments["targets"]): FastifyPluginAsync {
  return async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post(
      "/api/billing/stripe/webhook",
      {
        schema: {
          tags: ["billing"],
          summary:
            "Stripe's events (checkout.session.completed, .expired, .async_payment_*, charge.refunded), verified by the Stripe-Signature header; 404 unless PAYMENT_PROVIDER is stripe",
        },
      },
      async (request, reply) => {
        const stripe = deps.providers.stripe;
        if (!stripe) throw notFound();
        const header = request.headers["stripe-signature"];
        let event: PaymentEvent;
        try {
          event = stripe.parseWebhook(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), Array.isArray(header) ? header[0] : header);
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw badRequest("The webhook's signature does not verify.");
          throw error;
        }
        const type = event.kind === "ignored" ? event.type : event.kind;
        const result = await deps.db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const [first] = await tx
            .insert(paymentEvents)
            .values({ provider: "stripe", eventId: event.eventId, type, outcome: "received" })
            .onConflictDoNothing()
            .returning({ eventId: paymentEvents.eventId });
          if (!first) return { outcome: "duplicate" as const, orderId: null };
          const applied = await apply(tx, deps, targets, event);
          await tx
            .update(paymentEvents)
            .set({ outcome: applied.outcome, orderId: applied.orderId })
            .where(and(eq(paymentEvents.provider, "stripe"), eq(paymentEvents.eventId, event.eventId)));
          return applied;
        });
        if (result.outcome === "unknown order" || result.outcome === "amount mismatch") {
          request.log.warn({ eventId: event.eventId, type, outcome: result.outcome }, "payment webhook not applied");
        }
        return reply.send({ received: true, outcome: result.outcome });
      },
    );
  };
}
