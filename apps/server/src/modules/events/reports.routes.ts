import { doorListQuerySchema, eventExportParamSchema, eventExportQuerySchema, eventIdParamSchema, eventsExportQuerySchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Actor } from "../../platform/access.ts";
import { requireActor } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { sendExport } from "../../platform/exports.ts";
import { sendPdf } from "../../platform/pdf.ts";
import { eventDashboard } from "./dashboard.service.ts";
import { doorListPdf } from "./door-list.ts";
import { eventEntityExport, eventsExport } from "./event-exports.ts";
import { EVENT_TAGS, eventStaff, managedEvent } from "./events-scope.ts";

/** The staff's language unless the call names one. */
const languageOf = (actor: Actor, named: "en" | "es" | undefined): "en" | "es" => named ?? (actor.language === "es" ? "es" : "en");

/** The events module's dashboard, exports and door list (issue 37.6–37.7): staff with view_event, their clinic's events; admins any. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = EVENT_TAGS;

  app.get(
    "/api/events/events/:eventId/dashboard",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "An event's figures: registrations per day, places, check-ins, income (payments less refunds), costs and balance, per ticket type",
        params: eventIdParamSchema,
      },
    },
    async (request) => eventDashboard(app.db, requireActor(request), request.params.eventId),
  );

  app.get(
    "/api/events/exports/events",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "The staff's events as CSV or XLSX, with the events list's filters (q, state, when; clinicId for a platform admin)",
        querystring: eventsExportQuerySchema,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { format, language, ...filters } = request.query;
      const file = await audited(request, { action: "events.events.export", detail: { format, ...filters } }, () =>
        eventsExport(app.db, actor, filters, languageOf(actor, language), app.config.exports.maxRows),
      );
      return sendExport(reply, format, file.baseName, file.columns, file.rows as never[]);
    },
  );

  app.get(
    "/api/events/events/:eventId/exports/:entity",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "One event's registrations, payments, costs or checklist as CSV or XLSX",
        params: eventExportParamSchema,
        querystring: eventExportQuerySchema,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { eventId, entity } = request.params;
      const { format, language } = request.query;
      const file = await audited(request, { action: `events.${entity}.export`, detail: { eventId, format } }, async () =>
        eventEntityExport(app.db, await managedEvent(app.db, actor, eventId), entity, languageOf(actor, language), app.config.exports.maxRows),
      );
      return sendExport(reply, format, file.baseName, file.columns, file.rows as never[]);
    },
  );

  app.get(
    "/api/events/events/:eventId/door-list.pdf",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "The registration list for the door (PDF): confirmed and checked-in registrants by name, with a box to tick",
        params: eventIdParamSchema,
        querystring: doorListQuerySchema,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { eventId } = request.params;
      const file = await audited(request, { action: "events.door_list.print", detail: { eventId } }, async () => {
        await managedEvent(app.db, actor, eventId);
        return doorListPdf(app.db, eventId, languageOf(actor, request.query.language));
      });
      return sendPdf(reply, file.filename, file.pdf);
    },
  );
};
