import {
  billingDetailsAnswerSchema,
  billingDetailsQuerySchema,
  billingDetailsSchema,
  confirmOrderSchema,
  createOrderSchema,
  membershipOverviewSchema,
  orderDetailSchema,
  orderExportQuerySchema,
  numericIdParamSchema,
  orderPageSchema,
  orderQuerySchema,
  planOfferSchema,
  refundOrderSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireAuth, requireModule } from "../../../platform/access.ts";
import { audited } from "../../../platform/audit.ts";
import { sendExport } from "../../../platform/exports.ts";
import { keptAnswer } from "../../../platform/kept-answers.ts";
import { endOfToday, membershipOverview, planOffer, readBillingDetails, saveBillingDetails } from "./billing.service.ts";
import { billingExportColumns } from "./billing-export.ts";
import { invoicePdfOf } from "./billing-notices.ts";
import { type BillingDeps, cancelOrder, confirmOrder, createOrder, exportOrders, listOrders, loadInvoice, orderDetail, refundOrder } from "./orders.service.ts";
import { registerRenewals } from "./renewals.ts";
import { registerWebhook } from "./webhook.ts";
import { sendPdf } from "../../../platform/pdf.ts";

const tags = ["billing"];
const signedIn = [requireModule("clinic"), requireAuth];

/** Billing (issue 16): memberships bought through orders, one payment port, invoices. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.billing;
  const deps: BillingDeps = { db: app.db, mailer: app.mailer, jobs: app.jobs, settings, providers: app.payments.providers };
  const orderPage = (id: number) => app.mailer.link(`/manager/admin/getMembership/invoice/${id}`);
  registerRenewals(deps);
  await app.register(registerWebhook(deps, app.payments.targets));

  app.get(
    "/api/billing/membership",
    {
      preValidation: signedIn,
      // Kept while no table it reads changes, until the day ends (its state and prices are today's).
      config: { keptAnswer: true },
      schema: {
        tags,
        summary:
          "The caller's membership (a clinic's platform plan, or a patient's plan from its clinic): state, period, seats, pending order and the plans it can buy",
        response: { 200: membershipOverviewSchema },
      },
    },
    async (request, reply) => keptAnswer(app.db, request, reply, () => membershipOverview(app.db, settings, requireActor(request)), endOfToday),
  );

  app.get(
    "/api/billing/details",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The caller's billing details (admins: `user`'s)",
        querystring: billingDetailsQuerySchema,
        response: { 200: billingDetailsAnswerSchema },
      },
    },
    async (request) => readBillingDetails(app.db, requireActor(request), request.query.user),
  );

  app.put(
    "/api/billing/details",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Save the caller's billing details (needed before checkout)",
        body: billingDetailsSchema,
        response: { 200: billingDetailsAnswerSchema },
      },
    },
    async (request) => audited(request, { action: "billing.details.update" }, () => saveBillingDetails(app.db, requireActor(request), request.body)),
  );

  app.get(
    "/api/billing/plans/:id",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "A plan on sale to the caller with its prices for each way to buy it (404 when not on sale to them)",
        params: numericIdParamSchema,
        response: { 200: planOfferSchema },
      },
    },
    async (request) => planOffer(app.db, settings, requireActor(request), request.params.id),
  );

  app.post(
    "/api/billing/orders/",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Order a plan: the server computes the amount; manual orders carry transfer instructions, Stripe orders a checkout address",
        body: createOrderSchema,
        response: { 201: orderDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const created = await audited(request, { action: "billing.order.create", detail: { ...request.body } }, () =>
        createOrder(deps, actor, request.body, { orderPage }),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/billing/orders/",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          "Orders, newest first, with the sums of the filter: admins every clinic's (`clinic` narrows), a clinic its own and its patients', a patient its own",
        querystring: orderQuerySchema,
        response: { 200: orderPageSchema },
      },
    },
    async (request) => listOrders(deps, requireActor(request), request.query),
  );

  app.get(
    "/api/billing/orders/export",
    {
      preValidation: signedIn,
      schema: { tags, summary: "The orders of a filter as CSV or XLSX", querystring: orderExportQuerySchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { format, ...filters } = request.query;
      const rows = await exportOrders(app.db, actor, filters, app.config.exports.maxRows);
      return sendExport(reply, format, "payments", billingExportColumns(actor.language), rows);
    },
  );

  app.get(
    "/api/billing/orders/:id",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "One order with its invoices and what the caller may do with it",
        params: numericIdParamSchema,
        response: { 200: orderDetailSchema },
      },
    },
    async (request) => orderDetail(deps, requireActor(request), request.params.id),
  );

  app.post(
    "/api/billing/orders/:id/confirm",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          "Mark a manual order paid, with the transfer's reference (admins; a clinic for its own plans): activates the membership and issues the invoice",
        params: numericIdParamSchema,
        body: confirmOrderSchema,
        response: { 200: orderDetailSchema },
      },
    },
    async (request) =>
      audited(request, { action: "billing.order.confirm", detail: { id: request.params.id, reference: request.body.reference } }, () =>
        confirmOrder(deps, requireActor(request), request.params.id, request.body.reference),
      ),
  );

  app.post(
    "/api/billing/orders/:id/cancel",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Cancel a pending order (its buyer, its seller or an admin)",
        params: numericIdParamSchema,
        response: { 200: orderDetailSchema },
      },
    },
    async (request) =>
      audited(request, { action: "billing.order.cancel", detail: { id: request.params.id } }, () =>
        cancelOrder(deps, requireActor(request), request.params.id),
      ),
  );

  app.post(
    "/api/billing/orders/:id/refund",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Refund a paid order (admins; a clinic for its own plans): Stripe through its API, manual recorded; issues a credit note",
        params: numericIdParamSchema,
        body: refundOrderSchema,
        response: { 200: orderDetailSchema },
      },
    },
    async (request) =>
      audited(request, { action: "billing.order.refund", detail: { id: request.params.id, reason: request.body.reason } }, () =>
        refundOrder(deps, requireActor(request), request.params.id, request.body.reason),
      ),
  );

  app.get(
    "/api/billing/invoices/:id/pdf",
    {
      preValidation: signedIn,
      schema: { tags, summary: "An invoice or credit note as a PDF", params: numericIdParamSchema },
    },
    async (request, reply) => {
      const { invoice, order, creditsNumber } = await loadInvoice(app.db, requireActor(request), request.params.id);
      const pdf = await invoicePdfOf(invoice, order, creditsNumber);
      return sendPdf(reply, `${invoice.number}.pdf`, pdf);
    },
  );
};
