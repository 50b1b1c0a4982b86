import { confirmPaymentSchema, refundRegistrationSchema, registrationIdParamSchema, registrationTokenParamSchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { sendPdf } from "../../platform/pdf.ts";
import { eventInvoicePdf } from "./event-invoices.ts";
import { EVENT_TAGS, eventDepsOf, eventPublic, eventStaff, managedEventOf } from "./events-scope.ts";
import { applyEventPayment, confirmPayment, payByLink, refundRegistration, registerPaymentJobs } from "./registration-payments.ts";
import { registrationDetail, registrationIdOfToken } from "./registrations.service.ts";

const invoiceId = z.coerce.number().int().positive().max(2_147_483_647);
const staffInvoiceParams = registrationIdParamSchema.extend({ invoiceId }).strict();
const publicInvoiceParams = registrationTokenParamSchema.extend({ invoiceId }).strict();

/**
 * The events module's payments (issue 37.3): staff confirm a transfer and refund; the registrant
 * pays by card from their private link; invoices and credit notes download as PDFs, each only
 * by its registration. Stripe's events reach `applyEventPayment` through billing's webhook.
 */
export const eventPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const deps = eventDepsOf(app);
  registerPaymentJobs(deps);
  app.payments.targets.set("event", { apply: (tx, event) => applyEventPayment(tx, deps, event) });

  app.post(
    "/api/events/registrations/:registrationId/confirm",
    {
      preValidation: eventStaff,
      schema: {
        tags: EVENT_TAGS,
        summary: "Record a transfer that arrived: pending payment → confirmed, with its invoice and the ticket emailed (409 unless pending)",
        params: registrationIdParamSchema,
        body: confirmPaymentSchema,
      },
    },
    async (request) => {
      const { registrationId } = request.params;
      return audited(request, { action: "event.registration.confirm", detail: { registrationId, reference: request.body.reference } }, async () => {
        await managedEventOf(db, requireActor(request), { table: "event_registrations", id: registrationId });
        await confirmPayment(deps, registrationId, request.body, requireActor(request).id);
        return registrationDetail(db, requireActor(request), registrationId);
      });
    },
  );

  app.post(
    "/api/events/registrations/:registrationId/refund",
    {
      preValidation: eventStaff,
      schema: {
        tags: EVENT_TAGS,
        summary:
          "Refund part or all of what was paid (at its provider first), with a credit note; refunded in full it ends as refunded and its place moves to the waiting list",
        params: registrationIdParamSchema,
        body: refundRegistrationSchema,
      },
    },
    async (request) => {
      const { registrationId } = request.params;
      return audited(
        request,
        { action: "event.registration.refund", detail: { registrationId, amountCents: request.body.amountCents, reason: request.body.reason } },
        async () => {
          await managedEventOf(db, requireActor(request), { table: "event_registrations", id: registrationId });
          await refundRegistration(deps, registrationId, request.body, requireActor(request).id);
          return registrationDetail(db, requireActor(request), registrationId);
        },
      );
    },
  );

  app.get(
    "/api/events/registrations/:registrationId/invoices/:invoiceId/pdf",
    {
      preValidation: eventStaff,
      schema: { tags: EVENT_TAGS, summary: "An invoice or credit note of the registration, as a PDF", params: staffInvoiceParams },
    },
    async (request, reply) => {
      const { registrationId } = request.params;
      await managedEventOf(db, requireActor(request), { table: "event_registrations", id: registrationId });
      const { number, pdf } = await eventInvoicePdf(db, registrationId, request.params.invoiceId);
      return sendPdf(reply, `${number}.pdf`, pdf);
    },
  );

  app.post(
    "/api/events/public/registrations/:token/pay",
    {
      preValidation: eventPublic,
      schema: {
        tags: EVENT_TAGS,
        summary: "The registrant's card payment page for a pending registration paid through Stripe (409 when there is nothing to pay by card)",
        params: registrationTokenParamSchema,
        response: { 200: z.object({ redirectUrl: z.string() }) },
      },
    },
    async (request) => {
      const registrationId = await registrationIdOfToken(db, request.params.token);
      return audited(request, { action: "event.registration.pay", detail: { registrationId } }, () => payByLink(deps, registrationId));
    },
  );

  app.get(
    "/api/events/public/registrations/:token/invoices/:invoiceId/pdf",
    {
      preValidation: eventPublic,
      schema: { tags: EVENT_TAGS, summary: "An invoice or credit note of the registration the link opens, as a PDF", params: publicInvoiceParams },
    },
    async (request, reply) => {
      const registrationId = await registrationIdOfToken(db, request.params.token);
      const { number, pdf } = await eventInvoicePdf(db, registrationId, request.params.invoiceId);
      return sendPdf(reply, `${number}.pdf`, pdf);
    },
  );
};
