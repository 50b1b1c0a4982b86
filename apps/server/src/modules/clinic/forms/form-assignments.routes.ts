import {
  assignedFormsQuerySchema,
  formAssignInputSchema,
  formAssignmentSchema,
  formAssignResultSchema,
  formExportQuerySchema,
  formResultsPageSchema,
  formResultsQuerySchema,
  formReviewInputSchema,
  numericIdParamSchema,
  patientFormParamsSchema,
  resolvedFormInputSchema,
  resolvedFormSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireModule, requirePermission } from "../../../platform/access.ts";
import { type AuditEvent, audited } from "../../../platform/audit.ts";
import { sendExport } from "../../../platform/exports.ts";
import { answerForm, assignForm, patientAssignments, resolvedForm, reviewForm, withdrawAssignment } from "./form-assignments.service.ts";
import { registerFormReminders } from "./form-reminders.ts";
import { exportResults, listResults, patientFormHistory } from "./form-results.service.ts";
import { staffOnly } from "./forms.routes.ts";

const tags = ["dynamic form assignments"];
/** Patients (their own) and staff (their scope): which rows each reaches is the services' scope. */
const patientOrStaff = [requireModule("clinic"), requirePermission("view_form", "answer_their_forms", "answer_all_forms")];
const canAnswer = [requireModule("clinic"), requirePermission("answer_their_forms", "answer_all_forms")];

/** Assigning, answering, reviewing and following forms (issue 17.6, 17.7). Every call reads or writes patient data: each is audited. */
export const formAssignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerFormReminders({ db: app.db, mailer: app.mailer, jobs: app.jobs });

  /** Runs `work` audited, its subject the patient of the answer once known (a refusal leaves it unknown). */
  const auditedFor = <T extends { patient: { id: string } }>(request: Parameters<typeof audited>[0], action: string, work: () => Promise<T>) => {
    const event: AuditEvent = { action, detail: {} };
    return audited(request, event, async () => {
      const result = await work();
      event.subjectUserId = result.patient.id;
      return result;
    });
  };

  app.post(
    "/api/assignDynamicForm/",
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary: "Assign a form to one or many patients, due on a day or not: all or none",
        body: formAssignInputSchema,
        response: { 201: formAssignResultSchema },
      },
    },
    async (request, reply) => {
      const { form, patients, dueDate } = request.body;
      const event = { action: "patient.forms.assign", subjectUserId: patients.length === 1 ? patients[0] : null, detail: { form, patients } };
      const result = await audited(request, event, () => assignForm(app.db, requireActor(request), { form, patients, dueDate }, app.notifier));
      return reply.status(201).send(result);
    },
  );

  app.get(
    "/api/get-forms/",
    {
      preValidation: patientOrStaff,
      schema: {
        tags,
        summary: "A patient's assigned forms in every state, newest first (patients: their own, `patient` left out)",
        querystring: assignedFormsQuerySchema,
        response: { 200: z.array(formAssignmentSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const subject = request.query.patient ?? actor.id;
      return audited(request, { action: "patient.forms.read", subjectUserId: subject }, () => patientAssignments(app.db, actor, request.query.patient));
    },
  );

  app.get(
    "/api/forms/assignments/:id",
    {
      preValidation: patientOrStaff,
      schema: {
        tags,
        summary: "One assigned form with the questions of its version and its answers",
        params: numericIdParamSchema,
        response: { 200: resolvedFormSchema },
      },
    },
    async (request) => auditedFor(request, "patient.forms.read", () => resolvedForm(app.db, requireActor(request), request.params.id)),
  );

  app.post(
    "/api/resolved-form/",
    {
      preValidation: canAnswer,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Save a draft of an assigned form's answers, or submit them once (`submit: true`; the server scores them). With `formVersion`, answers " +
          "written against questions changed since are refused (409 `formChanged`). Safe to resend under an `Idempotency-Key` header (a UUID)",
        body: resolvedFormInputSchema,
        response: { 200: resolvedFormSchema },
      },
    },
    async (request) =>
      auditedFor(request, request.body.submit ? "patient.forms.submit" : "patient.forms.save", () =>
        answerForm(app.db, requireActor(request), request.body, app.notifier),
      ),
  );

  app.put(
    "/api/forms/assignments/:id/review",
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary: "Mark a submitted form reviewed, with a note (again: change the note)",
        params: numericIdParamSchema,
        body: formReviewInputSchema,
        response: { 200: resolvedFormSchema },
      },
    },
    async (request) => auditedFor(request, "patient.forms.review", () => reviewForm(app.db, requireActor(request), request.params.id, request.body.note)),
  );

  app.delete(
    "/api/forms/assignments/:id",
    { preValidation: staffOnly, schema: { tags, summary: "Withdraw an assigned form not submitted yet", params: numericIdParamSchema } },
    async (request, reply) => {
      const event: AuditEvent = { action: "patient.forms.withdraw", detail: { assignment: request.params.id } };
      await audited(request, event, async () => {
        event.subjectUserId = await withdrawAssignment(app.db, requireActor(request), request.params.id);
      });
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/resolved-dynamic-forms/",
    {
      preValidation: patientOrStaff,
      // Its page is kept (paging.ts) against the table versions the identity then reads; the
      // answer itself is not (kept-answers.ts): every call still writes its audit record first.
      config: { keptAnswer: true },
      schema: {
        tags,
        summary: "Submitted forms, newest submission first (`q`: form or patient name; `since`/`to`: inclusive days of the submission)",
        querystring: formResultsQuerySchema,
        response: { 200: formResultsPageSchema },
      },
    },
    async (request) =>
      audited(request, { action: "patient.forms.results.read", subjectUserId: request.query.patient ?? null }, () =>
        listResults(app.db, requireActor(request), request.query),
      ),
  );

  app.get(
    "/api/resolved-dynamic-Form/:a/:b/",
    {
      preValidation: patientOrStaff,
      schema: {
        tags,
        summary: "Patient {a}'s submitted answers to form {b} over every version, oldest first (`q`, `since`, `to` as in the results list)",
        params: patientFormParamsSchema,
        querystring: formResultsQuerySchema,
        response: { 200: z.array(formAssignmentSchema) },
      },
    },
    async (request) =>
      audited(request, { action: "patient.forms.results.read", subjectUserId: request.params.a }, () =>
        patientFormHistory(app.db, requireActor(request), request.params.a, request.params.b, request.query),
      ),
  );

  app.get(
    "/api/forms/results/export",
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary: "The results of a filter as CSV or XLSX: scores and bands; with `form`, every answer too",
        querystring: formExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, page: _page, rowsPerPage: _rows, ...filters } = request.query;
      const { rows, columns } = await audited(
        request,
        { action: "patient.forms.results.export", subjectUserId: filters.patient ?? null, detail: { ...filters } },
        () => exportResults(app.db, requireActor(request), filters, app.config.exports.maxRows),
      );
      return sendExport(reply, format, "form-results", columns, rows);
    },
  );
};
