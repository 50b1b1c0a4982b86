import {
  appointmentDeleteQuerySchema,
  appointmentIdParamSchema,
  appointmentInputSchema,
  appointmentSchema,
  appointmentUpdateSchema,
  calendarFeedParamSchema,
  calendarFeedSchema,
  calendarQuerySchema,
  denialSchema,
  pagedSchema,
  requestQuerySchema,
  scheduleInputSchema,
  scheduleSchema,
  serviceInputSchema,
  serviceSchema,
  serviceSlotsSchema,
  slotQuerySchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireModule, requirePermission } from "../../../platform/access.ts";
import { keptAnswer } from "../../../platform/kept-answers.ts";
import { audited } from "../../../platform/audit.ts";
import { notFound } from "../../../platform/errors.ts";
import {
  acceptAppointment,
  calendarAppointments,
  createAppointment,
  deleteAppointment,
  denyAppointment,
  getAppointment,
  requestAppointments,
  updateAppointment,
  userAppointments,
} from "./appointments.service.ts";
import { feedOf, feedUrl, renewFeedUrl, userOfFeedToken } from "./calendar-feed.ts";
import { APPOINTMENTS_PAGE, type NotifyDeps, registerReminders } from "./notifications.ts";
import {
  createSchedule,
  createService,
  deleteSchedule,
  deleteService,
  getSchedule,
  listPatientServices,
  listSchedules,
  listUserServices,
  firstSlotStart,
  serviceSlots,
  updateSchedule,
  updateService,
} from "./schedules.service.ts";

const clinic = requireModule("clinic");
const readServices = [clinic, requirePermission("view_service", "change_service")];
const changeServices = [clinic, requirePermission("change_service")];
const readAppointments = [clinic, requirePermission("view_apointment", "change_apointment", "change_all_appointments")];
/** A user's calendar feed: what they may read of appointments, and a CRM agent's meetings (issue 36). */
const readFeed = [clinic, requirePermission("view_apointment", "change_apointment", "change_all_appointments", "is_crm_agent")];
const changeAppointments = [clinic, requirePermission("change_apointment", "change_all_appointments")];
const serviceTags = ["services"];
const tags = ["appointments"];

export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: NotifyDeps = { mailer: app.mailer, jobs: app.jobs, reminderHours: app.config.reminderHours, publicUrl: app.config.publicUrl };
  const feedKey = app.deriveKey("calendar-feed");
  registerReminders(app.db, deps);

  // ------------------------------------------------------------ services (spec §7)
  app.get(
    "/api/user-services/",
    {
      preValidation: readServices,
      schema: {
        tags: serviceTags,
        summary: "The services the signed-in staff member gives (a clinic account: its clinic's)",
        response: { 200: z.array(serviceSchema) },
      },
    },
    async (request) => listUserServices(app.db, requireActor(request)),
  );
  app.get(
    "/api/patient-services/",
    {
      preValidation: readServices,
      schema: {
        tags: serviceTags,
        summary: "The services a patient can book: their therapists' and clinic's, with a schedule",
        response: { 200: z.array(serviceSchema) },
      },
    },
    async (request) => listPatientServices(app.db, requireActor(request)),
  );
  app.post(
    "/api/create-service/",
    {
      preValidation: changeServices,
      schema: {
        tags: serviceTags,
        summary: "Create a service given by the signed-in staff member",
        body: serviceInputSchema,
        response: { 201: serviceSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createService(app.db, requireActor(request), request.body)),
  );
  app.put(
    "/api/delete-update-service/:id",
    {
      preValidation: changeServices,
      schema: { tags: serviceTags, summary: "Update a service", params: appointmentIdParamSchema, body: serviceInputSchema, response: { 200: serviceSchema } },
    },
    async (request) => updateService(app.db, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    "/api/delete-update-service/:id",
    {
      preValidation: changeServices,
      schema: { tags: serviceTags, summary: "Delete a service (its appointments stay, without the link)", params: appointmentIdParamSchema },
    },
    async (request, reply) => {
      await deleteService(app.db, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    "/api/schedule-service/:id",
    {
      preValidation: readServices,
      config: { keptAnswer: true },
      schema: {
        tags: serviceTags,
        summary: "A service, its schedule and its free slots from `from` to `to` (dates in the schedule's time zone; default four weeks from today)",
        params: appointmentIdParamSchema,
        querystring: slotQuerySchema,
        response: { 200: serviceSlotsSchema },
      },
    },
    // Kept while the service, its schedule and its provider's held times are unchanged, and until
    // its first slot starts (a slot in the past is not offered); a range from today is not kept.
    async (request, reply) =>
      keptAnswer(
        app.db,
        request,
        reply,
        () => serviceSlots(app.db, requireActor(request), request.params.id, request.query),
        (answer) => (request.query.from && request.query.to ? firstSlotStart(answer) : null),
      ),
  );

  // ------------------------------------------------------------ schedules
  app.get(
    "/api/schedules/",
    {
      preValidation: readServices,
      schema: {
        tags: serviceTags,
        summary: "The schedules the signed-in staff member keeps (a clinic account: its clinic's)",
        response: { 200: z.array(scheduleSchema) },
      },
    },
    async (request) => listSchedules(app.db, requireActor(request)),
  );
  app.post(
    "/api/schedules/",
    {
      preValidation: changeServices,
      schema: {
        tags: serviceTags,
        summary: "Create a schedule: duration, types, time zone, rules and dated exceptions",
        body: scheduleInputSchema,
        response: { 201: scheduleSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSchedule(app.db, requireActor(request), request.body)),
  );
  app.get(
    "/api/schedules/:id",
    {
      preValidation: readServices,
      schema: { tags: serviceTags, summary: "One schedule", params: appointmentIdParamSchema, response: { 200: scheduleSchema } },
    },
    async (request) => getSchedule(app.db, requireActor(request), request.params.id),
  );
  app.put(
    "/api/schedules/:id",
    {
      preValidation: changeServices,
      schema: {
        tags: serviceTags,
        summary: "Replace a schedule (rules and exceptions included)",
        params: appointmentIdParamSchema,
        body: scheduleInputSchema,
        response: { 200: scheduleSchema },
      },
    },
    async (request) => updateSchedule(app.db, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    "/api/schedules/:id",
    {
      preValidation: changeServices,
      schema: { tags: serviceTags, summary: "Delete a schedule (409 while a service uses it)", params: appointmentIdParamSchema },
    },
    async (request, reply) => {
      await deleteSchedule(app.db, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // ------------------------------------------------------------ appointments (spec §7)
  app.get(
    "/api/get-calendar-appointments/",
    {
      preValidation: readAppointments,
      schema: {
        tags,
        summary:
          "Requested and accepted appointments from `from` to `to`: the user's own, or with `all=true` (change_all_appointments) everyone's in their clinic",
        querystring: calendarQuerySchema,
        response: { 200: z.array(appointmentSchema) },
      },
    },
    async (request) => calendarAppointments(app.db, requireActor(request), request.query),
  );
  app.get(
    "/api/get-calendar-appointments-by-user/",
    {
      preValidation: readAppointments,
      schema: {
        tags,
        summary: "One patient's appointments of every state (`user`; a patient: their own)",
        querystring: calendarQuerySchema,
        response: { 200: z.array(appointmentSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const subject = actor.role === "patient" ? actor.id : (request.query.user ?? null);
      return audited(request, { action: "appointment.list", subjectUserId: subject }, () => userAppointments(app.db, actor, request.query));
    },
  );
  app.get(
    "/api/request-appointments/",
    {
      preValidation: readAppointments,
      schema: {
        tags,
        summary: "Staff: requests waiting for an answer (or `status`); a patient: their own appointments of every state, upcoming first",
        querystring: requestQuerySchema,
        response: { 200: pagedSchema(appointmentSchema) },
      },
    },
    async (request) => requestAppointments(app.db, requireActor(request), request.query),
  );
  app.get(
    "/api/appointment-detail/:id",
    { preValidation: readAppointments, schema: { tags, summary: "One appointment", params: appointmentIdParamSchema, response: { 200: appointmentSchema } } },
    async (request) => getAppointment(app.db, requireActor(request), request.params.id),
  );
  app.post(
    "/api/appointment/",
    {
      preValidation: changeAppointments,
      schema: {
        tags,
        summary: "A patient requests a free slot of a service; staff book for a patient (accepted), weekly with `repeatWeeks`. 409 when the time is taken",
        body: appointmentInputSchema,
        response: { 201: appointmentSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const event = {
        action: "appointment.create",
        subjectUserId: request.body.patientId ?? actor.id,
        detail: { start: request.body.start, serviceId: request.body.serviceId },
      };
      const created = await audited(request, event, () => createAppointment(app.db, deps, actor, request.body));
      return reply.status(201).send(created);
    },
  );
  app.put(
    "/api/appointment-detail/:id",
    {
      preValidation: changeAppointments,
      schema: {
        tags,
        summary: "Change or move an appointment (staff); 409 when the new time is taken",
        params: appointmentIdParamSchema,
        body: appointmentUpdateSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      return audited(request, { action: "appointment.update", detail: { id, ...request.body } }, () =>
        updateAppointment(app.db, deps, requireActor(request), id, request.body),
      );
    },
  );
  app.delete(
    "/api/appointment-detail/:id",
    {
      preValidation: changeAppointments,
      schema: {
        tags,
        summary: "Cancel an appointment; `related=true` also cancels the later ones of its weekly series",
        params: appointmentIdParamSchema,
        querystring: appointmentDeleteQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const related = request.query.related ?? false;
      await audited(request, { action: "appointment.delete", detail: { id, related } }, () =>
        deleteAppointment(app.db, deps, requireActor(request), id, related),
      );
      return reply.status(204).send();
    },
  );
  app.put(
    "/api/accepted-appointment/:id",
    {
      preValidation: changeAppointments,
      schema: { tags, summary: "Accept a requested appointment", params: appointmentIdParamSchema, response: { 200: appointmentSchema } },
    },
    async (request) => {
      const { id } = request.params;
      return audited(request, { action: "appointment.accept", detail: { id } }, () => acceptAppointment(app.db, deps, requireActor(request), id));
    },
  );
  app.put(
    "/api/denied-appointment/:id",
    {
      preValidation: changeAppointments,
      schema: {
        tags,
        summary: "Deny a requested appointment, with a reason the patient reads",
        params: appointmentIdParamSchema,
        body: denialSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      return audited(request, { action: "appointment.deny", detail: { id } }, () =>
        denyAppointment(app.db, deps, requireActor(request), id, request.body.reason),
      );
    },
  );

  // ------------------------------------------------------------ calendar feed
  app.get(
    "/api/calendar-feed/",
    { preValidation: readFeed, schema: { tags, summary: "The signed-in user's private calendar feed address", response: { 200: calendarFeedSchema } } },
    async (request) => ({ url: await feedUrl(app.db, feedKey, app.config.publicUrl, requireActor(request).id) }),
  );
  app.post(
    "/api/calendar-feed/",
    {
      preValidation: readFeed,
      schema: { tags, summary: "A new private feed address; every older one stops working", response: { 200: calendarFeedSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      return audited(request, { action: "appointment.feed.renew", subjectUserId: actor.id }, async () => ({
        url: await renewFeedUrl(app.db, feedKey, app.config.publicUrl, actor.id),
      }));
    },
  );
  app.get(
    "/api/calendar-feed/:token",
    {
      schema: { tags, summary: "An iCalendar feed, for calendar programs (the address is the credential)", params: calendarFeedParamSchema },
    },
    async (request, reply) => {
      if (!(await app.flags.isEnabled("clinic"))) throw notFound();
      const userId = await userOfFeedToken(app.db, feedKey, request.params.token);
      if (!userId) throw notFound();
      const body = await feedOf(app.db, userId, { publicUrl: app.config.publicUrl, link: new URL(APPOINTMENTS_PAGE, app.config.publicUrl).toString() });
      return reply.header("content-type", "text/calendar; charset=utf-8").header("cache-control", "private, max-age=300").send(body);
    },
  );
};
