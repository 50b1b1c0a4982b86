import {
  crmDashboardQuerySchema,
  crmDashboardSchema,
  crmIdParamSchema,
  crmInitiativeDetailSchema,
  crmInitiativeInputSchema,
  crmInitiativeSchema,
  crmInitiativesByStateQuerySchema,
  crmInitiativesByStateSchema,
  crmInitiativesQuerySchema,
  pagedSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireModule, requirePermission } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { crmClinicFor } from "./crm-scope.ts";
import { crmDashboard } from "./dashboard.service.ts";
import {
  createInitiative,
  deleteInitiative,
  getInitiative,
  initiativesByState,
  listInitiatives,
  markInitiativeRead,
  updateInitiative,
} from "./initiatives.service.ts";

const tags = ["crm"];
const crm = requireModule("crm_manager");
/** The module's switch first (404 when off), then the codenames of spec §6. */
const guard = (...codenames: Parameters<typeof requirePermission>) => [crm, requirePermission(...codenames)];
const readers = guard("view_initiative", "change_initiative");
const params = crmIdParamSchema;

/**
 * Initiatives and the CRM dashboard (issue 36.1, 36.3). CRM admins work every initiative of
 * their clinic; agents see and work only their own (others are not listed, and answer 403);
 * another clinic's answer 404. The dashboard is for CRM admins, agents and CRM clients.
 */
export const crmInitiativesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    "/api/crm/initiatives",
    {
      preValidation: readers,
      schema: {
        tags,
        summary: "Initiatives, newest first: the clinic's for a CRM admin, an agent's own for an agent",
        querystring: crmInitiativesQuerySchema,
        response: { 200: pagedSchema(crmInitiativeSchema) },
      },
    },
    async (request) => listInitiatives(db, requireActor(request), request.query),
  );
  app.get(
    "/api/crm/initiatives/by-state",
    {
      preValidation: readers,
      schema: {
        tags,
        summary: "How many of the listed initiatives are read and not read (the list's filters but the state)",
        querystring: crmInitiativesByStateQuerySchema,
        response: { 200: crmInitiativesByStateSchema },
      },
    },
    async (request) => initiativesByState(db, requireActor(request), request.query),
  );
  app.get(
    "/api/crm/initiatives/:id",
    {
      preValidation: readers,
      schema: { tags, summary: "An initiative with its clients (403: another agent's)", params, response: { 200: crmInitiativeDetailSchema } },
    },
    async (request) => getInitiative(db, requireActor(request), request.params.id),
  );
  app.post(
    "/api/crm/initiatives",
    {
      preValidation: guard("add_initiative"),
      schema: {
        tags,
        summary: "Add an initiative: clients of the clinic and an agent as its salesman (admins name the clinic)",
        body: crmInitiativeInputSchema,
        response: { 201: crmInitiativeDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const clinicId = await crmClinicFor(db, actor, request.body.clinicId);
      const made = await audited(
        request,
        { action: "crm.initiative.create", detail: { clinicId, title: request.body.title, clients: request.body.clientIds.length } },
        () => createInitiative(db, actor, clinicId, request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.put(
    "/api/crm/initiatives/:id",
    {
      preValidation: guard("change_initiative"),
      schema: {
        tags,
        summary: "Change an initiative (an agent their own, without giving it to another); a new salesman or clients make it not read",
        params,
        body: crmInitiativeInputSchema,
        response: { 200: crmInitiativeDetailSchema },
      },
    },
    async (request) =>
      audited(request, { action: "crm.initiative.update", detail: { id: request.params.id, clients: request.body.clientIds.length } }, () =>
        updateInitiative(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.post(
    "/api/crm/initiatives/:id/read",
    {
      preValidation: readers,
      schema: { tags, summary: "Its salesman has opened the initiative: it is read (others change nothing)", params, response: { 200: crmInitiativeSchema } },
    },
    async (request) =>
      audited(request, { action: "crm.initiative.read", detail: { id: request.params.id } }, () =>
        markInitiativeRead(db, requireActor(request), request.params.id),
      ),
  );
  app.delete(
    "/api/crm/initiatives/:id",
    {
      preValidation: guard("delete_initiative"),
      schema: { tags, summary: "Delete an initiative (CRM admins)", params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await audited(request, { action: "crm.initiative.delete", detail: { id: request.params.id } }, () =>
        deleteInitiative(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/crm/dashboard",
    {
      preValidation: guard("is_admin", "is_crm_agent", "is_crm_client"),
      schema: {
        tags,
        summary: "The CRM's summary: clients, initiatives by state, calls today, emails sent, conversion and calls per day",
        querystring: crmDashboardQuerySchema,
        response: { 200: crmDashboardSchema },
      },
    },
    async (request) => crmDashboard(db, requireActor(request), request.query),
  );
};
