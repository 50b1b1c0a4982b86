import {
  EVENT_QUESTION_KINDS,
  EVENT_STATES,
  type EventDetail,
  type EventRow,
  eventClinicQuerySchema,
  eventIdParamSchema,
  eventSlugParamSchema,
  eventInputSchema,
  eventsQuerySchema,
  PAYMENT_PROVIDERS,
  type PublicEvent,
  pagedSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { EVENT_TAGS as tags, eventDepsOf, eventPublic, eventStaff, eventsClinicFor } from "./events-scope.ts";
import { createEvent, deleteEvent, getEvent, listEvents, publicEvent, updateEvent } from "./events.service.ts";

// ---------------------------------------------------------------- response schemas (the views of packages/shared/src/events/events.ts)

const bilingual = z.object({ en: z.string(), es: z.string() });
const instant = z.string();
const questionView = z.object({
  id: z.string(),
  label: bilingual,
  kind: z.enum(EVENT_QUESTION_KINDS),
  options: z.array(z.string()),
  required: z.boolean(),
});
const eventRowFields = {
  id: z.number().int(),
  slug: z.string(),
  title: bilingual,
  startsAt: instant,
  endsAt: instant,
  timeZone: z.string(),
  venue: z.string(),
  state: z.enum(EVENT_STATES),
  capacity: z.number().int(),
  taken: z.number().int(),
  clinic: z.object({ id: z.string(), name: z.string() }),
};
const eventRowSchema = z.object({ ...eventRowFields, waiting: z.number().int(), checkedIn: z.number().int() }) satisfies z.ZodType<EventRow>;
const eventDetailSchema = z.object({
  ...eventRowFields,
  description: bilingual,
  onlineUrl: z.string(),
  currency: z.string(),
  cancelHours: z.number().int(),
  holdHours: z.number().int(),
  ticketTypes: z.array(
    z.object({
      id: z.number().int(),
      name: bilingual,
      priceCents: z.number().int(),
      capacity: z.number().int().nullable(),
      taken: z.number().int(),
      salesStart: instant.nullable(),
      salesEnd: instant.nullable(),
    }),
  ),
  questions: z.array(questionView),
  publicPath: z.string(),
  counts: z.object({
    pending: z.number().int(),
    confirmed: z.number().int(),
    checkedIn: z.number().int(),
    waiting: z.number().int(),
    cancelled: z.number().int(),
  }),
  createdAt: instant,
  updatedAt: instant,
}) satisfies z.ZodType<EventDetail>;
const publicEventSchema = z.object({
  slug: z.string(),
  title: bilingual,
  description: bilingual,
  startsAt: instant,
  endsAt: instant,
  timeZone: z.string(),
  venue: z.string(),
  onlineUrl: z.string(),
  currency: z.string(),
  clinicName: z.string(),
  available: z.number().int(),
  ticketTypes: z.array(
    z.object({
      id: z.number().int(),
      name: bilingual,
      priceCents: z.number().int(),
      available: z.number().int(),
      onSale: z.boolean(),
      salesStart: instant.nullable(),
      salesEnd: instant.nullable(),
    }),
  ),
  questions: z.array(questionView),
  providers: z.array(z.enum(PAYMENT_PROVIDERS)),
  cancelHours: z.number().int(),
  open: z.boolean(),
}) satisfies z.ZodType<PublicEvent>;

const params = eventIdParamSchema;

/**
 * Events, their ticket types and questions, and the public event page (issue 37.1). Staff
 * (view_event) work their own clinic's events, platform admins any clinic's (naming the clinic
 * of a new one); another clinic's event answers 404. The public page needs no account, shows
 * only published events, and answers 404 for the rest and whenever the module is off.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = eventDepsOf(app);
  const db = deps.db;

  app.get(
    "/api/events/events",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "The events the caller manages: upcoming (soonest first), past (latest first) or all; by title, state and (admins) clinic",
        querystring: eventsQuerySchema,
        response: { 200: pagedSchema(eventRowSchema) },
      },
    },
    async (request) => listEvents(db, requireActor(request), request.query),
  );
  app.post(
    "/api/events/events",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "Add an event with its ticket types and questions (admins name the clinic); its slug comes from the English title",
        querystring: eventClinicQuerySchema,
        body: eventInputSchema,
        response: { 201: eventDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const clinicId = await eventsClinicFor(db, actor, request.query.clinicId);
      const made = await audited(request, { action: "event.create", detail: { clinicId, title: request.body.title.en } }, async () =>
        getEvent(db, actor, await createEvent(db, actor, clinicId, request.body)),
      );
      return reply.status(201).send(made);
    },
  );
  app.get(
    "/api/events/events/:eventId",
    {
      preValidation: eventStaff,
      schema: { tags, summary: "An event with its ticket types, questions and registrations counted by state", params, response: { 200: eventDetailSchema } },
    },
    async (request) => getEvent(db, requireActor(request), request.params.eventId),
  );
  app.put(
    "/api/events/events/:eventId",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary:
          "Change an event: its fields and ticket types as the list says (matched by id; a missing one is removed, 409 if it has registrations). A larger capacity moves the waiting list up",
        params,
        body: eventInputSchema,
        response: { 200: eventDetailSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { eventId } = request.params;
      return audited(request, { action: "event.update", detail: { id: eventId, title: request.body.title.en, capacity: request.body.capacity } }, async () => {
        await updateEvent(deps, actor, eventId, request.body);
        return getEvent(db, actor, eventId);
      });
    },
  );
  app.delete(
    "/api/events/events/:eventId",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "Delete an event nobody has registered for (409 otherwise); its costs and tasks go with it",
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { eventId } = request.params;
      await audited(request, { action: "event.delete", detail: { id: eventId } }, () => deleteEvent(db, app.uploads, actor, eventId, request.log));
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/events/public/:slug",
    {
      preValidation: eventPublic,
      schema: {
        tags,
        summary: "A published event's public page: places left, ticket types on sale, questions and ways to pay (no account needed)",
        params: eventSlugParamSchema,
        response: { 200: publicEventSchema },
      },
    },
    async (request) => publicEvent(deps, request.params.slug),
  );
};
