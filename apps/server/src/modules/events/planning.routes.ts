import {
  costIdParamSchema,
  costInputSchema,
  eventIdParamSchema,
  eventStaffQuerySchema,
  fromTemplateSchema,
  taskIdParamSchema,
  taskInputSchema,
  taskUpdateSchema,
  templateClinicQuerySchema,
  templateIdParamSchema,
  templateInputSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { receiveMultipart } from "../../platform/multipart.ts";
import { sendPrivateUpload } from "../../platform/uploads.ts";
import {
  createTask,
  createTemplate,
  deleteTask,
  deleteTemplate,
  listStaff,
  listTasks,
  listTemplates,
  tasksFromTemplate,
  updateTask,
  updateTemplate,
} from "./checklists.service.ts";
import { createCost, deleteCost, deleteReceipt, listCosts, putReceipt, RECEIPT_CAP, receiptUpload, updateCost } from "./costs.service.ts";
import { EVENT_TAGS, eventStaff, eventsClinicFor } from "./events-scope.ts";
import { registerTaskReminders } from "./task-reminders.ts";

const tags = EVENT_TAGS;
const noContent = { 204: z.null() };

/**
 * The events module's costs and checklists (issue 37.4–37.5): budget lines with receipts, the
 * checklist templates, an event's tasks and the hourly reminders of overdue ones. Staff with
 * view_event work their own clinic's events (admins any clinic's); another clinic's event, cost,
 * task or template answers 404. Guards run before the body is read, scope in the services.
 */
export const planningRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  registerTaskReminders({ db, mailer: app.mailer, jobs: app.jobs, enabled: () => app.flags.isEnabled("event_app") });

  // ------------------------------------------------------------ costs
  app.get(
    "/api/events/events/:eventId/costs",
    {
      preValidation: eventStaff,
      schema: { tags, summary: "An event's budget lines with their totals, the income from tickets and the balance", params: eventIdParamSchema },
    },
    async (request) => listCosts(db, requireActor(request), request.params.eventId),
  );
  app.post(
    "/api/events/events/:eventId/costs",
    { preValidation: eventStaff, schema: { tags, summary: "Add a budget line (amounts in cents)", params: eventIdParamSchema, body: costInputSchema } },
    async (request, reply) => {
      const made = await audited(request, { action: "events.cost.create", detail: { eventId: request.params.eventId, category: request.body.category } }, () =>
        createCost(db, requireActor(request), request.params.eventId, request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.put(
    "/api/events/costs/:costId",
    { preValidation: eventStaff, schema: { tags, summary: "Change a budget line", params: costIdParamSchema, body: costInputSchema } },
    async (request) =>
      audited(request, { action: "events.cost.update", detail: { costId: request.params.costId } }, () =>
        updateCost(db, requireActor(request), request.params.costId, request.body),
      ),
  );
  app.delete(
    "/api/events/costs/:costId",
    { preValidation: eventStaff, schema: { tags, summary: "Delete a budget line and its receipt", params: costIdParamSchema, response: noContent } },
    async (request, reply) => {
      await audited(request, { action: "events.cost.delete", detail: { costId: request.params.costId } }, () =>
        deleteCost(db, app.uploads, requireActor(request), request.params.costId, request.log),
      );
      return reply.status(204).send(null);
    },
  );
  app.post(
    "/api/events/costs/:costId/receipt",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "Keep a budget line's receipt (multipart: one `file` part, a PDF or a picture), replacing the one it had",
        consumes: ["multipart/form-data"],
        params: costIdParamSchema,
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const form = await receiveMultipart(request, app.uploads.stagingDir, "file", () => RECEIPT_CAP);
      try {
        return await audited(request, { action: "events.cost.receipt", detail: { costId: request.params.costId } }, () =>
          putReceipt(db, app.uploads, actor, request.params.costId, form, request.log),
        );
      } finally {
        await form.staged?.discard();
      }
    },
  );
  app.get(
    "/api/events/costs/:costId/receipt",
    { preValidation: eventStaff, schema: { tags, summary: "A budget line's receipt, for the event's staff only", params: costIdParamSchema } },
    async (request, reply) => {
      return sendPrivateUpload(request, reply, app.uploads, await receiptUpload(db, requireActor(request), request.params.costId));
    },
  );
  app.delete(
    "/api/events/costs/:costId/receipt",
    { preValidation: eventStaff, schema: { tags, summary: "Remove a budget line's receipt", params: costIdParamSchema, response: noContent } },
    async (request, reply) => {
      await audited(request, { action: "events.cost.receipt.delete", detail: { costId: request.params.costId } }, () =>
        deleteReceipt(db, app.uploads, requireActor(request), request.params.costId, request.log),
      );
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ checklist templates
  app.get(
    "/api/events/checklist-templates",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "The platform's checklist templates (read-only), then the clinic's own (admins: every clinic's, or the one named)",
        querystring: templateClinicQuerySchema,
      },
    },
    async (request) => listTemplates(db, requireActor(request), request.query.clinicId),
  );
  app.post(
    "/api/events/checklist-templates",
    {
      preValidation: eventStaff,
      schema: { tags, summary: "Add a checklist template of the clinic (admins name it)", querystring: templateClinicQuerySchema, body: templateInputSchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const clinicId = await eventsClinicFor(db, actor, request.query.clinicId);
      const made = await audited(request, { action: "events.template.create", detail: { clinicId, name: request.body.name } }, () =>
        createTemplate(db, clinicId, request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.put(
    "/api/events/checklist-templates/:templateId",
    {
      preValidation: eventStaff,
      schema: { tags, summary: "Change a clinic's checklist template (the platform's answer 409)", params: templateIdParamSchema, body: templateInputSchema },
    },
    async (request) =>
      audited(request, { action: "events.template.update", detail: { templateId: request.params.templateId } }, () =>
        updateTemplate(db, requireActor(request), request.params.templateId, request.body),
      ),
  );
  app.delete(
    "/api/events/checklist-templates/:templateId",
    {
      preValidation: eventStaff,
      schema: { tags, summary: "Delete a clinic's checklist template (the platform's answer 409)", params: templateIdParamSchema, response: noContent },
    },
    async (request, reply) => {
      await audited(request, { action: "events.template.delete", detail: { templateId: request.params.templateId } }, () =>
        deleteTemplate(db, requireActor(request), request.params.templateId),
      );
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ tasks
  app.get(
    "/api/events/events/:eventId/tasks",
    { preValidation: eventStaff, schema: { tags, summary: "An event's checklist in order, overdue ones marked", params: eventIdParamSchema } },
    async (request) => listTasks(db, requireActor(request), request.params.eventId),
  );
  app.post(
    "/api/events/events/:eventId/tasks",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "Add a task at the end of the checklist (its owner: staff of the event's clinic)",
        params: eventIdParamSchema,
        body: taskInputSchema,
      },
    },
    async (request, reply) => {
      const made = await audited(request, { action: "events.task.create", detail: { eventId: request.params.eventId } }, () =>
        createTask(db, requireActor(request), request.params.eventId, request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.post(
    "/api/events/events/:eventId/tasks/from-template",
    {
      preValidation: eventStaff,
      schema: {
        tags,
        summary: "Append a template's tasks, each due its days before the event's start day",
        params: eventIdParamSchema,
        body: fromTemplateSchema,
      },
    },
    async (request, reply) => {
      const made = await audited(
        request,
        { action: "events.task.from-template", detail: { eventId: request.params.eventId, templateId: request.body.templateId } },
        () => tasksFromTemplate(db, requireActor(request), request.params.eventId, request.body.templateId),
      );
      return reply.status(201).send(made);
    },
  );
  app.put(
    "/api/events/tasks/:taskId",
    {
      preValidation: eventStaff,
      schema: { tags, summary: "Change a task: only what is given; done true|false marks it done or not", params: taskIdParamSchema, body: taskUpdateSchema },
    },
    async (request) =>
      audited(request, { action: "events.task.update", detail: { taskId: request.params.taskId, done: request.body.done ?? null } }, () =>
        updateTask(db, requireActor(request), request.params.taskId, request.body),
      ),
  );
  app.delete(
    "/api/events/tasks/:taskId",
    { preValidation: eventStaff, schema: { tags, summary: "Delete a task", params: taskIdParamSchema, response: noContent } },
    async (request, reply) => {
      await audited(request, { action: "events.task.delete", detail: { taskId: request.params.taskId } }, () =>
        deleteTask(db, requireActor(request), request.params.taskId),
      );
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/api/events/events/:eventId/staff",
    {
      preValidation: eventStaff,
      schema: { tags, summary: "The event's clinic's staff by name or email (a task's owner)", params: eventIdParamSchema, querystring: eventStaffQuerySchema },
    },
    async (request) => listStaff(db, requireActor(request), request.params.eventId, request.query),
  );
};
