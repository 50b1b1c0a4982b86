import {
  cancelRegistrationSchema,
  checkInCodeSchema,
  eventIdParamSchema,
  type RegistrationResult,
  registrationIdParamSchema,
  registrationInputSchema,
  registrationsQuerySchema,
  registrationTokenParamSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { notFound } from "../../platform/errors.ts";
import { EVENT_TAGS as tags, eventDepsOf, eventPublic, eventStaff } from "./events-scope.ts";
import { readFacts, registrationIcs } from "./registration-mails.ts";
import {
  cancelByLink,
  cancelByStaff,
  checkIn,
  listRegistrations,
  publicRegistrationOfId,
  publicRegistrationOfToken,
  register,
  registrationDetail,
  registrationIdOfToken,
  resendMail,
} from "./registrations.service.ts";

const slugParams = z
  .object({
    slug: z
      .string()
      .max(100)
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/),
  })
  .strict();

/**
 * The events module's registrations and check-in (issue 37.2–37.3). The public calls need no
 * account: registering on a published event's page, and the registrant's private link (its
 * secret is the key; an unknown one answers 404). Staff calls are scoped to the events the
 * actor manages (another clinic's answer 404). Payments, refunds and invoices are in
 * payments.routes.ts.
 */
export const registrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = eventDepsOf(app);
  const { db } = deps;

  // ---------------------------------------------------------------- public
  app.post(
    "/api/events/public/:slug/registrations",
    {
      preValidation: eventPublic,
      schema: {
        tags,
        summary: "Register for a published event: a place (confirmed, or held until paid) or the waiting list",
        params: slugParams,
        body: registrationInputSchema,
      },
    },
    async (request, reply) => {
      const made = await audited(request, { action: "event.registration.create", detail: { slug: request.params.slug } }, () =>
        register(deps, { slug: request.params.slug, userId: request.actor?.id ?? null, log: request.log }, request.body),
      );
      const answer: RegistrationResult = { registration: await publicRegistrationOfId(deps, made.id), token: made.token, redirectUrl: made.redirectUrl };
      return reply.status(201).send(answer);
    },
  );
  app.get(
    "/api/events/public/registrations/:token",
    { preValidation: eventPublic, schema: { tags, summary: "A registration by its private link", params: registrationTokenParamSchema } },
    async (request) => publicRegistrationOfToken(deps, request.params.token),
  );
  app.post(
    "/api/events/public/registrations/:token/cancel",
    {
      preValidation: eventPublic,
      schema: {
        tags,
        summary: "The registrant cancels, until the event's cancellation window closes (paid: refunded in full)",
        params: registrationTokenParamSchema,
      },
    },
    async (request) => {
      const id = await audited(request, { action: "event.registration.cancel", detail: { by: "registrant" } }, () => cancelByLink(deps, request.params.token));
      return publicRegistrationOfId(deps, id);
    },
  );
  app.get(
    "/api/events/public/registrations/:token/calendar.ics",
    { preValidation: eventPublic, schema: { tags, summary: "The registration's event as an iCalendar file", params: registrationTokenParamSchema } },
    async (request, reply) => {
      const facts = await readFacts(db, await registrationIdOfToken(db, request.params.token));
      if (!facts) throw notFound();
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="${facts.number}.ics"`)
        .header("cache-control", "private, no-store")
        .send(registrationIcs(deps, facts));
    },
  );

  // ---------------------------------------------------------------- staff
  app.get(
    "/api/events/events/:eventId/registrations",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "An event's registrations in arrival order; q matches name, email or number",
        params: eventIdParamSchema,
        querystring: registrationsQuerySchema,
      },
    },
    async (request) => listRegistrations(db, requireActor(request), request.params.eventId, request.query),
  );
  app.post(
    "/api/events/events/:eventId/registrations",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "Staff register someone (the public page's rules; a draft event too)",
        params: eventIdParamSchema,
        body: registrationInputSchema,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { eventId } = request.params;
      const made = await audited(request, { action: "event.registration.create", detail: { eventId } }, () => register(deps, { eventId, actor }, request.body));
      return reply.status(201).send(await registrationDetail(db, actor, made.id));
    },
  );
  app.get(
    "/api/events/registrations/:registrationId",
    { preValidation: eventStaff, schema: { tags, summary: "A registration with its answers and payments", params: registrationIdParamSchema } },
    async (request) => registrationDetail(db, requireActor(request), request.params.registrationId),
  );
  app.post(
    "/api/events/registrations/:registrationId/cancel",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "Cancel a registration; a paid one is refunded in full unless refund is false",
        params: registrationIdParamSchema,
        body: cancelRegistrationSchema,
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const id = request.params.registrationId;
      const { note, refund } = request.body;
      await audited(request, { action: "event.registration.cancel", detail: { id, note, refund } }, () => cancelByStaff(deps, actor, id, { note, refund }));
      return registrationDetail(db, actor, id);
    },
  );
  app.post(
    "/api/events/registrations/:registrationId/check-in",
    { preValidation: eventStaff, schema: { tags, summary: "Check a registrant in (the door's search)", params: registrationIdParamSchema } },
    async (request) => {
      const id = request.params.registrationId;
      const registration = await audited(request, { action: "event.registration.check_in", detail: { id } }, () =>
        checkIn(deps, requireActor(request), { registrationId: id }),
      );
      return { registration };
    },
  );
  app.post(
    "/api/events/events/:eventId/check-in",
    {
      preValidation: eventStaff,
      schema: { tags, summary: "Check a registrant in by their ticket's QR code", params: eventIdParamSchema, body: checkInCodeSchema },
    },
    async (request) => {
      const { eventId } = request.params;
      const registration = await audited(request, { action: "event.registration.check_in", detail: { eventId } }, () =>
        checkIn(deps, requireActor(request), { eventId, code: request.body.code }),
      );
      return { registration };
    },
  );
  app.post(
    "/api/events/registrations/:registrationId/resend",
    {
      preValidation: eventStaff,
      schema: { tags, summary: "Send the registrant's email for its state again", params: registrationIdParamSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const id = request.params.registrationId;
      await audited(request, { action: "event.registration.resend", detail: { id } }, () => resendMail(deps, requireActor(request), id));
      return reply.status(204).send(null);
    },
  );
};
