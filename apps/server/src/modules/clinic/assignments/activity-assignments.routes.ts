import {
  assignedActivityDetailSchema,
  assignedActivitySchema,
  assignmentListQuerySchema,
  assignmentPatientParamSchema,
  assignmentReplicateSchema,
  assignmentUpdateSchema,
  bulkAssignmentResultSchema,
  bulkAssignmentSchema,
  numericIdParamSchema,
  pagedSchema,
  patientActivitiesInputSchema,
  patientAssignmentQuerySchema,
  replyActivitySchema,
  type Permission,
} from "@clinic/shared";
import type { FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { can, requireActor, requireModule, requirePermission } from "../../../platform/access.ts";
import { type AuditEvent, audited } from "../../../platform/audit.ts";
import { forbidden } from "../../../platform/errors.ts";
import {
  assignToPatient,
  bulkAssignments,
  getAssignment,
  listAssignments,
  listPatientAssignments,
  patientOfAssignment,
  replicateAssignment,
  replyActivity,
  updateAssignment,
} from "./activity-assignments.service.ts";

const tags = ["assigned activities"];
const STAFF_READ: Permission[] = ["view_assign_activity", "change_assignactivity"];

/** Staff who assign. */
const canChange = [requireModule("clinic"), requirePermission("change_assignactivity")];
/** Staff who see assignments. */
const canRead = [requireModule("clinic"), requirePermission(...STAFF_READ)];

/**
 * Patients act on their own assignments without any assignment permission; everyone else
 * needs one of `codenames`. Which rows a patient reaches is the service's scope (their own,
 * active ones).
 */
function patientOr(...codenames: Permission[]): preValidationAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const actor = requireActor(request);
    if (actor.role === "patient" && actor.permissions.has("is_patient")) return;
    if (!can(actor, ...codenames)) throw forbidden();
  };
}
const canReadOwn = [requireModule("clinic"), patientOr(...STAFF_READ)];
const canChangeOwn = [requireModule("clinic"), patientOr("change_assignactivity")];

const listOfSchema = z.object({ data: z.array(assignedActivitySchema) });

/** Spec §7's assigned-activity calls, with the paths and verbs the spec gives them. */
export const activityAssignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The audit record's subject of a call on one assignment is its patient, known only once
   * the row is read: `event` is filled in before `audited` writes it.
   */
  const withPatientOf = async (request: FastifyRequest, event: AuditEvent, id: number) => {
    event.subjectUserId = await patientOfAssignment(app.db, requireActor(request), id);
  };

  app.get(
    "/api/assignActivity/:id/",
    {
      preValidation: canReadOwn,
      schema: {
        tags,
        summary: "One assignment {id}, with its activity's content to show (a patient reads their own active ones)",
        params: numericIdParamSchema,
        response: { 200: assignedActivityDetailSchema },
      },
    },
    async (request) => {
      const event: AuditEvent = { action: "patient.activity.read", detail: { id: request.params.id } };
      return audited(request, event, async () => {
        await withPatientOf(request, event, request.params.id);
        return getAssignment(app.db, requireActor(request), request.params.id);
      });
    },
  );

  app.get(
    "/api/assignActivityList/:id/",
    {
      preValidation: canRead,
      schema: {
        tags,
        summary:
          "The assignments of patient {id}, in pages of {data, page, total} (the screen appends each further page). " +
          "`q` searches the activity name; `from`/`to` bound the date, inclusive; `done`, `favorite`, `activate` are true/false; " +
          "`activity` is an activity id; `order_by` is date, -date (default), name, -name, duration, -duration, created or -created; " +
          "`patient`, kept from the spec, may only repeat {id}",
        params: assignmentPatientParamSchema,
        querystring: assignmentListQuerySchema,
        response: { 200: pagedSchema(assignedActivitySchema) },
      },
    },
    async (request) =>
      audited(request, { action: "patient.activities.list", subjectUserId: request.params.id }, () =>
        listAssignments(app.db, requireActor(request), request.params.id, request.query),
      ),
  );

  app.get(
    "/api/patientAssignActivities/:id",
    {
      preValidation: canReadOwn,
      schema: {
        tags,
        summary:
          "The patient home's list: the active assignments of patient {id}, soonest first, in pages. A patient asks only for themself; " +
          "staff for a patient in their scope. `from`/`to` bound the date; `done`, `favorite` are true/false",
        params: assignmentPatientParamSchema,
        querystring: patientAssignmentQuerySchema,
        response: { 200: pagedSchema(assignedActivitySchema) },
      },
    },
    async (request) =>
      audited(request, { action: "patient.activities.list", subjectUserId: request.params.id }, () =>
        listPatientAssignments(app.db, requireActor(request), request.params.id, request.query),
      ),
  );

  app.post(
    "/api/assign-unassign-activities/",
    {
      preValidation: canChange,
      schema: {
        tags,
        summary:
          "Bulk, in one transaction: `assign` every activity to every patient (date, duration, description, activate), `update` the assignments `ids` " +
          "with the same changes, and `unassign` assignments by id. One patient, activity or id outside the caller's scope refuses it all (404) " +
          "and nothing is written. Answers the rows created then updated, and the ids unassigned",
        body: bulkAssignmentSchema,
        response: { 200: bulkAssignmentResultSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const detail = {
        patients: body.assign?.patients ?? [],
        activities: body.assign?.activities ?? [],
        updated: body.update?.ids ?? [],
        unassigned: body.unassign,
      };
      const subject = body.assign?.patients.length === 1 && !body.update && body.unassign.length === 0 ? body.assign.patients[0] : null;
      return audited(request, { action: "patient.activities.bulk", subjectUserId: subject, detail }, () =>
        bulkAssignments(app.db, requireActor(request), body, app.notifier),
      );
    },
  );

  app.post(
    "/api/patients-activities/:id",
    {
      preValidation: canChange,
      schema: {
        tags,
        summary: "Assign `activities` to patient {id} for `date`, with `duration` (minutes), `description` and `activate`; all or none",
        params: assignmentPatientParamSchema,
        body: patientActivitiesInputSchema,
        response: { 201: listOfSchema },
      },
    },
    async (request, reply) => {
      const result = await audited(
        request,
        { action: "patient.activities.assign", subjectUserId: request.params.id, detail: { activities: request.body.activities } },
        () => assignToPatient(app.db, requireActor(request), request.params.id, request.body, app.notifier),
      );
      return reply.status(201).send(result);
    },
  );

  app.put(
    "/api/assignActivity/:id",
    {
      preValidation: canChangeOwn,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Update assignment {id}: date, duration, description, done, favorite, activate. A patient may change only done and favorite of their own " +
          "(403 otherwise, and for another patient's; 409 `assignmentInactive` once deactivated); undoing done drops the reported result. " +
          "Safe to resend under an `Idempotency-Key` header (a UUID)",
        params: numericIdParamSchema,
        body: assignmentUpdateSchema,
        response: { 200: assignedActivitySchema },
      },
    },
    async (request) => {
      const event: AuditEvent = { action: "patient.activity.update", detail: { id: request.params.id, fields: Object.keys(request.body) } };
      return audited(request, event, async () => {
        await withPatientOf(request, event, request.params.id);
        return updateAssignment(app.db, requireActor(request), request.params.id, request.body);
      });
    },
  );

  app.post(
    "/api/assignActivity/:id",
    {
      preValidation: canChange,
      schema: {
        tags,
        summary:
          'Replicate assignment {id} ("replicate and update"): a new assignment of the same activity for another `date` and/or `patient`, ' +
          "with `duration`, `description` or `activate` changed when given. The copy starts not done and not favourite",
        params: numericIdParamSchema,
        body: assignmentReplicateSchema,
        response: { 201: assignedActivitySchema },
      },
    },
    async (request, reply) => {
      const event: AuditEvent = { action: "patient.activity.replicate", detail: { id: request.params.id, to: request.body.patient ?? null } };
      const created = await audited(request, event, async () => {
        const made = await replicateAssignment(app.db, requireActor(request), request.params.id, request.body, app.notifier);
        event.subjectUserId = made.patientId;
        return made;
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    "/api/replyActivity/",
    {
      preValidation: [requireModule("clinic"), patientOr()],
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "The patient reports their assignment `id` done, with its `result`: a small JSON object (score, maxScore, seconds, note, and up to " +
          "20 small values, 4 KB at most). Patients only (403 for another patient's assignment; 409 `assignmentInactive` once deactivated); " +
          "a new reply replaces the previous result. Safe to resend under an `Idempotency-Key` header (a UUID)",
        body: replyActivitySchema,
        response: { 200: assignedActivitySchema },
      },
    },
    async (request) =>
      audited(request, { action: "patient.activity.reply", subjectUserId: requireActor(request).id, detail: { id: request.body.id } }, () =>
        replyActivity(app.db, requireActor(request), request.body, app.notifier),
      ),
  );
};
