import {
  bookingClinicQuerySchema,
  bookingHoursInputSchema,
  bookingHoursSchema,
  bookingIdParamSchema,
  bookingLocationInputSchema,
  bookingLocationQuerySchema,
  bookingLocationSchema,
  bookingMadeSchema,
  bookingMoveSchema,
  bookingOutcomeSchema,
  bookingProviderSchema,
  bookingRatingSchema,
  bookingRatingsQuerySchema,
  bookingRatingsSummarySchema,
  bookingReportExportQuerySchema,
  bookingReportQuerySchema,
  bookingReportSchema,
  bookingResourceInputSchema,
  bookingResourceSchema,
  bookingSchema,
  bookingServiceInputSchema,
  bookingServiceSchema,
  bookingSettingsInputSchema,
  bookingSettingsSchema,
  bookingSlotsQuerySchema,
  bookingSlotsSchema,
  bookingSpecialDayInputSchema,
  bookingSpecialDaySchema,
  bookingSpecialDaysQuerySchema,
  bookingsQuerySchema,
  pagedSchema,
  staffBookingSchema,
} from "@clinic/shared";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../../db/schema.ts";
import { type Actor, clinicOf, requireActor, requireModule, requirePermission } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { badRequest } from "../../platform/errors.ts";
import { sendExport } from "../../platform/exports.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { freeStarts, variationContext } from "./availability.ts";
import { type BookingMailDeps, registerBookingJobs } from "./booking-mails.ts";
import { publicBookingRoutes } from "./booking-public.routes.ts";
import { assertVariationManaged, getBooking, listBookings, listRatings, ratingsSummary } from "./booking-reads.ts";
import { cancelBooking, createBooking, markOutcome, moveBooking } from "./bookings.service.ts";
import { bookingReport, renderReportPdf, reportBookings, reportColumns } from "./report.service.ts";
import {
  type BookingDeps,
  clinicFor,
  createLocation,
  deleteLocation,
  deleteResource,
  deleteService,
  deleteSpecialDay,
  getSettings,
  listHours,
  listLocations,
  listResources,
  listServices,
  listSpecialDays,
  locationOf,
  providersOf,
  putHours,
  putSettings,
  saveResource,
  saveService,
  saveSpecialDay,
  serviceOf,
  updateLocation,
} from "./setup.service.ts";
import { sendPdf } from "../../platform/pdf.ts";

const tags = ["schedule"];
const schedule = requireModule("schedule");
/** Each screen's codename of spec §6 (the schedule module has view_ codenames only, beyond its settings). */
const guard = (...codenames: Parameters<typeof requirePermission>) => [schedule, requirePermission(...codenames)];
/** The settings are no secret to any screen of the module: they carry the currency prices are in. */
const settingsReader = guard(
  "view_appointmentsetting",
  "change_appointmentsetting",
  "view_configuration",
  "change_configuration",
  "view_appointment",
  "view_schedule_dashboard",
  "view_generate_report",
  "view_qualification",
  "view_variation",
  "view_resource",
  "view_dayschedule",
  "view_specialdayschedule",
);
const settingsWriter = guard("change_appointmentsetting", "change_configuration");
const hoursGuard = guard("view_dayschedule");
const specialDaysGuard = guard("view_specialdayschedule");
const resourcesGuard = guard("view_resource");
const servicesGuard = guard("view_variation");
const bookingsGuard = guard("view_appointment");
const ratingsGuard = guard("view_qualification");
const dashboardGuard = guard("view_schedule_dashboard", "view_generate_report");
const reportGuard = guard("view_generate_report");
/** What any screen of the module lists: the locations and who can give services. */
const setupReader = guard(
  "view_dayschedule",
  "view_specialdayschedule",
  "view_resource",
  "view_variation",
  "view_appointment",
  "view_schedule_dashboard",
  "view_generate_report",
  "view_configuration",
  "change_configuration",
);

const idParams = bookingIdParamSchema;
const noContent = { 204: z.null() };

/**
 * The booking app's staff API (issue 35, module `schedule`): settings, locations, hours and
 * special days, resources, services with variations, bookings made and worked by staff,
 * ratings, the dashboard and the report with its exports. Everything is the caller's clinic's
 * (admins: any clinic's); another clinic's rows answer 404. The public pages' calls
 * (booking-public.routes.ts) are registered with them.
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const deps: BookingDeps = { currency: app.config.billing.currency };
  const mails: BookingMailDeps = {
    db,
    mailer: app.mailer,
    jobs: app.jobs,
    publicUrl: app.config.publicUrl,
    linkKey: app.deriveKey("booking-links"),
    reminderHours: app.config.reminderHours,
  };
  registerBookingJobs(mails);
  publicBookingRoutes(app, mails, deps);

  // ------------------------------------------------------------ settings
  app.get(
    "/api/schedule/settings",
    {
      preValidation: settingsReader,
      schema: {
        tags,
        summary: "The clinic's booking settings (admins name the clinic)",
        querystring: bookingClinicQuerySchema,
        response: { 200: bookingSettingsSchema },
      },
    },
    async (request) => getSettings(db, await clinicFor(db, requireActor(request), request.query.clinicId), deps),
  );
  app.put(
    "/api/schedule/settings",
    {
      preValidation: settingsWriter,
      schema: {
        tags,
        summary: "Set the booking window, notice, cancellation window, step, default buffers and the public page's texts",
        querystring: bookingClinicQuerySchema,
        body: bookingSettingsInputSchema,
        response: { 200: bookingSettingsSchema },
      },
    },
    async (request) => {
      const clinicId = await clinicFor(db, requireActor(request), request.query.clinicId);
      return audited(request, { action: "schedule.settings.update", detail: { clinicId } }, () => putSettings(db, clinicId, request.body, deps));
    },
  );

  // ------------------------------------------------------------ locations and providers
  app.get(
    "/api/schedule/locations",
    { preValidation: setupReader, schema: { tags, summary: "The clinic's locations", response: { 200: z.array(bookingLocationSchema) } } },
    async (request) => listLocations(db, requireActor(request)),
  );
  app.post(
    "/api/schedule/locations",
    {
      preValidation: settingsWriter,
      schema: { tags, summary: "Add a location (admins name its clinic)", body: bookingLocationInputSchema, response: { 201: bookingLocationSchema } },
    },
    async (request, reply) => {
      const clinicId = await clinicFor(db, requireActor(request), request.body.clinicId);
      const made = await audited(request, { action: "schedule.location.create", detail: { name: request.body.name } }, () =>
        createLocation(db, clinicId, request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.put(
    "/api/schedule/locations/:id",
    {
      preValidation: settingsWriter,
      schema: { tags, summary: "Change a location", params: idParams, body: bookingLocationInputSchema, response: { 200: bookingLocationSchema } },
    },
    async (request) =>
      audited(request, { action: "schedule.location.update", detail: { id: request.params.id } }, () =>
        updateLocation(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/schedule/locations/:id",
    {
      preValidation: settingsWriter,
      schema: { tags, summary: "Delete a location no service or booking uses (409 otherwise)", params: idParams, response: noContent },
    },
    async (request, reply) => {
      await audited(request, { action: "schedule.location.delete", detail: { id: request.params.id } }, () =>
        deleteLocation(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/api/schedule/providers",
    {
      preValidation: setupReader,
      schema: {
        tags,
        summary: "Who can give services: the clinic's active therapists and the clinic itself",
        querystring: bookingClinicQuerySchema,
        response: { 200: z.array(bookingProviderSchema) },
      },
    },
    async (request) => providersOf(db, await clinicFor(db, requireActor(request), request.query.clinicId)),
  );

  // ------------------------------------------------------------ hours and special days
  app.get(
    "/api/schedule/hours",
    {
      preValidation: hoursGuard,
      schema: {
        tags,
        summary: "Each provider's weekly hours at a location",
        querystring: bookingLocationQuerySchema,
        response: { 200: z.array(bookingHoursSchema) },
      },
    },
    async (request) => listHours(db, requireActor(request), request.query.locationId),
  );
  app.put(
    "/api/schedule/hours",
    {
      preValidation: hoursGuard,
      schema: {
        tags,
        summary: "Set a provider's weekly hours at a location (an empty list: none there)",
        body: bookingHoursInputSchema,
        response: { 200: z.array(bookingHoursSchema) },
      },
    },
    async (request) =>
      audited(request, { action: "schedule.hours.update", detail: { locationId: request.body.locationId, providerId: request.body.providerId } }, () =>
        putHours(db, requireActor(request), request.body),
      ),
  );
  app.get(
    "/api/schedule/special-days",
    {
      preValidation: specialDaysGuard,
      schema: {
        tags,
        summary: "Holidays and other hours at a location, by date",
        querystring: bookingSpecialDaysQuerySchema,
        response: { 200: z.array(bookingSpecialDaySchema) },
      },
    },
    async (request) => listSpecialDays(db, requireActor(request), request.query),
  );
  app.post(
    "/api/schedule/special-days",
    {
      preValidation: specialDaysGuard,
      schema: {
        tags,
        summary: "Add a holiday or other hours, for one provider or everyone at the location",
        body: bookingSpecialDayInputSchema,
        response: { 201: bookingSpecialDaySchema },
      },
    },
    async (request, reply) => {
      const made = await audited(request, { action: "schedule.special-day.create", detail: { date: request.body.date } }, () =>
        saveSpecialDay(db, requireActor(request), null, request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.put(
    "/api/schedule/special-days/:id",
    {
      preValidation: specialDaysGuard,
      schema: { tags, summary: "Change a special day", params: idParams, body: bookingSpecialDayInputSchema, response: { 200: bookingSpecialDaySchema } },
    },
    async (request) =>
      audited(request, { action: "schedule.special-day.update", detail: { id: request.params.id } }, () =>
        saveSpecialDay(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/schedule/special-days/:id",
    { preValidation: specialDaysGuard, schema: { tags, summary: "Delete a special day", params: idParams, response: noContent } },
    async (request, reply) => {
      await audited(request, { action: "schedule.special-day.delete", detail: { id: request.params.id } }, () =>
        deleteSpecialDay(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ resources
  app.get(
    "/api/schedule/resources",
    {
      preValidation: guard("view_resource", "view_variation", "view_schedule_dashboard", "view_generate_report"),
      schema: {
        tags,
        summary: "Rooms and equipment",
        querystring: z.object({ locationId: z.coerce.number().int().positive().max(2_147_483_647).optional() }).strict(),
        response: { 200: z.array(bookingResourceSchema) },
      },
    },
    async (request) => listResources(db, requireActor(request), request.query.locationId),
  );
  app.post(
    "/api/schedule/resources",
    {
      preValidation: resourcesGuard,
      schema: { tags, summary: "Add a room or a device with its quantity", body: bookingResourceInputSchema, response: { 201: bookingResourceSchema } },
    },
    async (request, reply) => {
      const made = await audited(request, { action: "schedule.resource.create", detail: { name: request.body.name } }, () =>
        saveResource(db, requireActor(request), null, request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.put(
    "/api/schedule/resources/:id",
    {
      preValidation: resourcesGuard,
      schema: {
        tags,
        summary: "Change a resource (its quantity keeps units bookings hold)",
        params: idParams,
        body: bookingResourceInputSchema,
        response: { 200: bookingResourceSchema },
      },
    },
    async (request) =>
      audited(request, { action: "schedule.resource.update", detail: { id: request.params.id } }, () =>
        saveResource(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/schedule/resources/:id",
    {
      preValidation: resourcesGuard,
      schema: { tags, summary: "Delete a resource nothing needs or holds (409 otherwise)", params: idParams, response: noContent },
    },
    async (request, reply) => {
      await audited(request, { action: "schedule.resource.delete", detail: { id: request.params.id } }, () =>
        deleteResource(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ services and variations
  app.get(
    "/api/schedule/services",
    {
      preValidation: guard("view_variation", "view_appointment", "view_qualification", "view_schedule_dashboard", "view_generate_report"),
      schema: { tags, summary: "Services with their providers and variations", response: { 200: z.array(bookingServiceSchema) } },
    },
    async (request) => listServices(db, requireActor(request)),
  );
  app.get(
    "/api/schedule/services/:id",
    {
      preValidation: servicesGuard,
      schema: { tags, summary: "A service with its providers and variations", params: idParams, response: { 200: bookingServiceSchema } },
    },
    async (request) => serviceOf(db, requireActor(request), request.params.id),
  );
  app.post(
    "/api/schedule/services",
    {
      preValidation: servicesGuard,
      schema: { tags, summary: "Add a service with its providers and variations", body: bookingServiceInputSchema, response: { 201: bookingServiceSchema } },
    },
    async (request, reply) => {
      const made = await audited(request, { action: "schedule.service.create", detail: { name: request.body.name } }, () =>
        saveService(db, requireActor(request), null, request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.put(
    "/api/schedule/services/:id",
    {
      preValidation: servicesGuard,
      schema: {
        tags,
        summary: "Change a service: variations given by id are kept, new ones added, others deleted (switched off if booked)",
        params: idParams,
        body: bookingServiceInputSchema,
        response: { 200: bookingServiceSchema },
      },
    },
    async (request) =>
      audited(request, { action: "schedule.service.update", detail: { id: request.params.id } }, () =>
        saveService(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/schedule/services/:id",
    {
      preValidation: servicesGuard,
      schema: { tags, summary: "Delete a service never booked (409 otherwise: switch it off)", params: idParams, response: noContent },
    },
    async (request, reply) => {
      await audited(request, { action: "schedule.service.delete", detail: { id: request.params.id } }, () =>
        deleteService(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ bookings (staff)
  app.get(
    "/api/schedule/slots",
    {
      preValidation: bookingsGuard,
      schema: {
        tags,
        summary: "A variation's free starts, for one provider or anyone (staff)",
        querystring: bookingSlotsQuerySchema,
        response: { 200: bookingSlotsSchema },
      },
    },
    async (request) => {
      await assertVariationManaged(db, requireActor(request), request.query.variationId);
      return slotsOf(request.query);
    },
  );
  app.get(
    "/api/schedule/bookings",
    {
      preValidation: bookingsGuard,
      schema: { tags, summary: "The clinic's bookings by start", querystring: bookingsQuerySchema, response: { 200: pagedSchema(bookingSchema) } },
    },
    async (request) => listBookings(db, requireActor(request), request.query),
  );
  app.get(
    "/api/schedule/bookings/:id",
    { preValidation: bookingsGuard, schema: { tags, summary: "A booking", params: idParams, response: { 200: bookingSchema } } },
    async (request) => getBooking(db, requireActor(request), request.params.id),
  );
  app.post(
    "/api/schedule/bookings",
    {
      preValidation: bookingsGuard,
      schema: {
        tags,
        summary: "Book for a client (confirmed at once; the client gets the email with their link)",
        body: staffBookingSchema,
        response: { 201: bookingMadeSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await assertVariationManaged(db, actor, request.body.variationId);
      const client = await clientOf(actor, request.body);
      const made = await audited(
        request,
        { action: "schedule.booking.create", subjectUserId: client.userId, detail: { variationId: request.body.variationId } },
        () => createBooking(db, mails, request.body, client, { now: Date.now(), createdBy: actor.id, guest: false }),
      );
      return reply.status(201).send({ ...(await madeView(made.id, actor)), manageUrl: null });
    },
  );
  app.post(
    "/api/schedule/bookings/:id/move",
    {
      preValidation: bookingsGuard,
      schema: {
        tags,
        summary: "Move a booking to another time or provider (staff are not bound by the cancellation window)",
        params: idParams,
        body: bookingMoveSchema,
        response: { 200: bookingSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await getBooking(db, actor, request.params.id);
      await audited(request, { action: "schedule.booking.move", detail: { id: request.params.id } }, () =>
        moveBooking(db, mails, request.params.id, request.body, { clientLink: false }),
      );
      return getBooking(db, actor, request.params.id);
    },
  );
  app.post(
    "/api/schedule/bookings/:id/cancel",
    {
      preValidation: bookingsGuard,
      schema: { tags, summary: "Cancel a booking (the client and provider are told)", params: idParams, response: { 200: bookingSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      await getBooking(db, actor, request.params.id);
      await audited(request, { action: "schedule.booking.cancel", detail: { id: request.params.id } }, () =>
        cancelBooking(db, mails, request.params.id, { clientLink: false }),
      );
      return getBooking(db, actor, request.params.id);
    },
  );
  app.post(
    "/api/schedule/bookings/:id/outcome",
    {
      preValidation: bookingsGuard,
      schema: {
        tags,
        summary: "Mark a visit whose time has come as completed or a no-show",
        params: idParams,
        body: bookingOutcomeSchema,
        response: { 200: bookingSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await getBooking(db, actor, request.params.id);
      await audited(request, { action: "schedule.booking.outcome", detail: { id: request.params.id, status: request.body.status } }, () =>
        markOutcome(db, request.params.id, request.body.status),
      );
      return getBooking(db, actor, request.params.id);
    },
  );

  // ------------------------------------------------------------ ratings, dashboard, report
  app.get(
    "/api/schedule/ratings",
    {
      preValidation: ratingsGuard,
      schema: { tags, summary: "Clients' ratings, newest first", querystring: bookingRatingsQuerySchema, response: { 200: pagedSchema(bookingRatingSchema) } },
    },
    async (request) => listRatings(db, requireActor(request), request.query),
  );
  app.get(
    "/api/schedule/ratings/summary",
    {
      preValidation: ratingsGuard,
      schema: {
        tags,
        summary: "Average ratings per provider and per service",
        querystring: bookingRatingsQuerySchema.pick({ since: true, to: true }),
        response: { 200: bookingRatingsSummarySchema },
      },
    },
    async (request) => ratingsSummary(db, requireActor(request), request.query),
  );
  app.get(
    "/api/schedule/report",
    {
      preValidation: dashboardGuard,
      schema: {
        tags,
        summary: "Bookings, utilisation, no-shows, cancellations, ratings and revenue over a range",
        querystring: bookingReportQuerySchema,
        response: { 200: bookingReportSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (request.query.locationId !== undefined) await locationOf(db, actor, request.query.locationId);
      return bookingReport(db, actor, request.query, deps.currency);
    },
  );
  app.get(
    "/api/schedule/report/export",
    {
      preValidation: reportGuard,
      schema: { tags, summary: "The range's bookings as CSV or XLSX, or the report as a PDF", querystring: bookingReportExportQuerySchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { format, language, ...range } = request.query;
      if (range.locationId !== undefined) await locationOf(db, actor, range.locationId);
      if (format === "pdf") {
        const report = await bookingReport(db, actor, range, deps.currency);
        const pdf = await renderReportPdf(report, await clinicName(actor), language);
        return sendPdf(reply, `booking-report-${range.since}-${range.to}.pdf`, pdf);
      }
      const rows = await reportBookings(db, actor, range);
      return sendExport(reply, format, "bookings", reportColumns(language, deps.currency), rows);
    },
  );

  async function slotsOf(query: z.output<typeof bookingSlotsQuerySchema>) {
    const context = await variationContext(db, query.variationId);
    const free = await freeStarts(db, context, query.providerId, query.from, query.to, Date.now());
    return {
      timeZone: context.timeZone,
      slots: free.map((slot) => ({ start: new Date(slot.start).toISOString(), end: new Date(slot.end).toISOString(), providerIds: slot.providerIds })),
    };
  }

  /** The client of a staff booking: one of the clinic's people by account, or the name and email given. */
  async function clientOf(actor: Actor, body: z.output<typeof staffBookingSchema>) {
    if (body.clientUserId !== null) {
      const [person] = await db
        .select({ id: users.id, name: personName(users), email: users.email, clinicId: users.clinicId })
        .from(users)
        .where(eq(users.id, body.clientUserId));
      if (!person || (!actor.isAdmin && person.clinicId !== actor.id && person.clinicId !== actor.clinicId))
        throw badRequest({ clientUserId: ["Choose one of the clinic's people."] });
      return { userId: person.id, name: person.name, email: person.email, phone: body.client?.phone ?? "" };
    }
    const client = body.client as NonNullable<typeof body.client>;
    return { userId: null, name: client.name, email: client.email, phone: client.phone };
  }

  async function madeView(id: number, actor: Actor) {
    const booking = await getBooking(db, actor, id);
    return { id, status: booking.status, start: booking.start, end: booking.end, provider: booking.provider };
  }

  async function clinicName(actor: Actor): Promise<string> {
    const clinicId = clinicOf(actor);
    if (!clinicId) return "";
    const [row] = await db
      .select({ name: personName(users) })
      .from(users)
      .where(eq(users.id, clinicId));
    return row?.name ?? "";
  }
};
