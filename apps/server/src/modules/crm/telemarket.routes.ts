import {
  crmActivitiesQuerySchema,
  crmActivityInputSchema,
  crmActivitySchema,
  crmActivityUpdateSchema,
  crmCallLoggedSchema,
  crmCallOutcomeSchema,
  crmCallSourcesSchema,
  crmIdParamSchema,
  crmNextCallAnswerSchema,
  crmNextCallSchema,
  crmQueueEntryParamSchema,
  crmSourcesQuerySchema,
  crmTelemarketStatsQuerySchema,
  crmTelemarketStatsSchema,
  pagedSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireModule, requirePermission } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { createActivity, deleteActivity, listActivities, updateActivity } from "./activities.service.ts";
import { listSources, logOutcome, nextCall, releaseEntry } from "./call-center.service.ts";
import { crmClinicFor } from "./crm-scope.ts";
import { telemarketStats } from "./telemarket-stats.service.ts";

const tags = ["crm"];
const crm = requireModule("crm_manager");
/**
 * Spec §6's call-centre codenames: agents hold view, add and change; the CRM admin (the clinic
 * group) all four. An agent deletes their own calls and meetings (the service checks whose),
 * so deleting asks for change_callcenter too.
 */
const reader = [crm, requirePermission("view_callcenter")];
const adder = [crm, requirePermission("add_callcenter")];
const changer = [crm, requirePermission("change_callcenter")];
const deleter = [crm, requirePermission("delete_callcenter", "change_callcenter")];
const noContent = { 204: z.null() };

/**
 * The call centre, calls and meetings, and the telemarketers' statistics (issue 36.4). Rows are
 * the caller's clinic's (admins: any clinic's); another clinic's answer 404; an agent works only
 * their own initiatives (another's: 403) and changes only their own calls and meetings.
 */
export const crmTelemarketRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // ------------------------------------------------------------ calls and meetings
  app.get(
    "/api/crm/activities",
    {
      preValidation: reader,
      schema: {
        tags,
        summary: "The clinic's calls and meetings, by client, agent, kind and time",
        querystring: crmActivitiesQuerySchema,
        response: { 200: pagedSchema(crmActivitySchema) },
      },
    },
    async (request) => listActivities(db, requireActor(request), request.query),
  );
  app.post(
    "/api/crm/activities",
    {
      preValidation: adder,
      schema: {
        tags,
        summary: "Log a call (with its outcome) or book a meeting on a client",
        body: crmActivityInputSchema,
        response: { 201: crmActivitySchema },
      },
    },
    async (request, reply) => {
      const made = await audited(request, { action: `crm.${request.body.kind}.create`, detail: { clientId: request.body.clientId } }, () =>
        createActivity(db, requireActor(request), request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.put(
    "/api/crm/activities/:id",
    {
      preValidation: changer,
      schema: {
        tags,
        summary: "Change a call or a meeting (its agent or a CRM admin)",
        params: crmIdParamSchema,
        body: crmActivityUpdateSchema,
        response: { 200: crmActivitySchema },
      },
    },
    async (request) =>
      audited(request, { action: "crm.activity.update", detail: { id: request.params.id } }, () =>
        updateActivity(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/crm/activities/:id",
    {
      preValidation: deleter,
      schema: { tags, summary: "Delete a call or call off a meeting (its agent or a CRM admin)", params: crmIdParamSchema, response: noContent },
    },
    async (request, reply) => {
      await audited(request, { action: "crm.activity.delete", detail: { id: request.params.id } }, () =>
        deleteActivity(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ the call centre
  app.get(
    "/api/crm/call-center/sources",
    {
      preValidation: reader,
      schema: {
        tags,
        summary: "The initiatives (agents: their own) and lists the caller may work, with their queue's counts",
        querystring: crmSourcesQuerySchema,
        response: { 200: crmCallSourcesSchema },
      },
    },
    async (request) => listSources(db, requireActor(request), request.query.clinicId),
  );
  app.post(
    "/api/crm/call-center/next",
    {
      preValidation: changer,
      schema: {
        tags,
        summary: "The next client to call from an initiative or a list, kept for this agent for 15 minutes",
        body: crmNextCallSchema,
        response: { 200: crmNextCallAnswerSchema },
      },
    },
    async (request) => {
      const { initiativeId, listId } = request.body;
      const source = initiativeId !== undefined ? { kind: "initiative" as const, id: initiativeId } : { kind: "list" as const, id: listId as number };
      return audited(request, { action: "crm.queue.next", detail: source }, () => nextCall(db, requireActor(request), source));
    },
  );
  app.post(
    "/api/crm/call-center/entries/:id/outcome",
    {
      preValidation: changer,
      schema: {
        tags,
        summary: "Log the call to the client this agent holds, and move them on in the queue",
        params: crmQueueEntryParamSchema,
        body: crmCallOutcomeSchema,
        response: { 200: crmCallLoggedSchema },
      },
    },
    async (request) =>
      audited(request, { action: "crm.call.log", detail: { entryId: request.params.id, outcome: request.body.outcome } }, () =>
        logOutcome(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.post(
    "/api/crm/call-center/entries/:id/release",
    {
      preValidation: changer,
      schema: { tags, summary: "Give a claimed client back to the queue", params: crmQueueEntryParamSchema, response: noContent },
    },
    async (request, reply) => {
      await audited(request, { action: "crm.queue.release", detail: { entryId: request.params.id } }, () =>
        releaseEntry(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ statistics
  app.get(
    "/api/crm/telemarket/statistics",
    {
      preValidation: reader,
      schema: {
        tags,
        summary: "Calls, contact rate, conversions and meetings per telemarketer, and per day (agents: their own)",
        querystring: crmTelemarketStatsQuerySchema,
        response: { 200: crmTelemarketStatsSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return telemarketStats(db, actor, await crmClinicFor(db, actor, request.query.clinicId), request.query);
    },
  );
};
