import {
  assignedMembershipQuerySchema,
  assignedMembershipSchema,
  assignMembershipInputSchema,
  assignmentEndSchema,
  idParamSchema,
  membershipInputSchema,
  membershipQuerySchema,
  membershipSchema,
  membershipSeatsQuerySchema,
  membershipSeatsSchema,
  numericIdParamSchema,
  pagedSchema,
} from "@clinic/shared";
import type { preValidationAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Actor, can, requireActor, requireModule } from "../../../platform/access.ts";
import { audited } from "../../../platform/audit.ts";
import { forbidden } from "../../../platform/errors.ts";
import {
  assignMembership,
  canManageMemberships,
  createMembership,
  deleteAssignment,
  deleteMembership,
  endAssignment,
  getMembership,
  listAssignments,
  listMemberships,
  membershipSeats,
  updateMembership,
} from "./memberships.service.ts";

const tags = ["memberships"];

/**
 * Readers of lists and seats: admins, and clinic accounts holding view_membership or
 * change_membership. A therapist or patient is refused even if granted the codename (see
 * memberships.service.ts for the whole rule).
 */
const isMembershipReader = (actor: Actor) => actor.isAdmin || (actor.role === "clinic" && can(actor, "view_membership", "change_membership"));

const requireMembershipReader: preValidationAsyncHookHandler = async (request) => {
  if (!isMembershipReader(requireActor(request))) throw forbidden();
};

/** Readers of single plans and of assignments: the above, and patients (their own; the service scopes). */
const requirePlanReader: preValidationAsyncHookHandler = async (request) => {
  const actor = requireActor(request);
  if (!isMembershipReader(actor) && actor.role !== "patient") throw forbidden();
};

/** Admins (platform plans, any plan) and clinic accounts with change_membership (their own plans, their patients). */
const requireMembershipManager: preValidationAsyncHookHandler = async (request) => {
  if (!canManageMemberships(requireActor(request))) throw forbidden();
};

const canRead = [requireModule("clinic"), requireMembershipReader];
const canReadOwn = [requireModule("clinic"), requirePlanReader];
const canManage = [requireModule("clinic"), requireMembershipManager];

export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/memberships/",
    {
      preValidation: canRead,
      schema: {
        tags,
        summary:
          "Membership plans: every plan for admins; for a clinic the public platform plans, those it holds and all its own (`q` searches the plan's name, `owner` is platform or clinic, `clinic` the selling clinic)",
        querystring: membershipQuerySchema,
        response: { 200: pagedSchema(membershipSchema) },
      },
    },
    async (request) => listMemberships(app.db, requireActor(request), request.query),
  );

  app.put(
    "/api/memberships/",
    {
      preValidation: canManage,
      schema: {
        tags,
        summary:
          "Create a plan: an admin's is a platform plan (for clinics), a clinic's its own (for its patients, priced at valuePatient). Prices are strings or numbers with at most two decimals, answered as two-decimal strings",
        body: membershipInputSchema,
        response: { 201: membershipSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const created = await audited(request, { action: "membership.create", detail: { plan: request.body.plan } }, () =>
        createMembership(app.db, actor, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/membership/:id",
    {
      preValidation: canReadOwn,
      schema: {
        tags,
        summary:
          "One plan (404 outside the caller's scope: a clinic reads public platform plans, those it holds and its own; a patient those it holds and its clinic's public own plans)",
        params: numericIdParamSchema,
        response: { 200: membershipSchema },
      },
    },
    async (request) => getMembership(app.db, requireActor(request), request.params.id),
  );

  app.post(
    "/api/membership/:id",
    {
      preValidation: canManage,
      schema: {
        tags,
        summary: "Update a plan: admins any, a clinic its own (403 for a platform plan, 404 for another clinic's)",
        params: numericIdParamSchema,
        body: membershipInputSchema,
        response: { 200: membershipSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      return audited(request, { action: "membership.update", detail: { id } }, () => updateMembership(app.db, requireActor(request), id, request.body));
    },
  );

  app.delete(
    "/api/membership/:id",
    {
      preValidation: canManage,
      schema: { tags, summary: "Delete a plan: admins any, a clinic its own; 409 while anyone holds or held it", params: numericIdParamSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      await audited(request, { action: "membership.delete", detail: { id } }, () => deleteMembership(app.db, requireActor(request), id));
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/assignMemberships/",
    {
      preValidation: canReadOwn,
      schema: {
        tags,
        summary:
          "Assigned memberships, latest started first: all for admins, a clinic's own and its patients' for a clinic, a patient's own (`q` searches holder, clinic and plan; `holder` is clinic or patient)",
        querystring: assignedMembershipQuerySchema,
        response: { 200: pagedSchema(assignedMembershipSchema) },
      },
    },
    async (request) => listAssignments(app.db, requireActor(request), request.query),
  );

  app.post(
    "/api/patients-memberships/:id",
    {
      preValidation: canManage,
      schema: {
        tags,
        summary:
          "Assign a plan from from_date to to_date to {id}: a clinic gets a platform plan (admins); a patient one of its clinic's own plans (admins or that clinic)",
        params: idParamSchema,
        body: assignMembershipInputSchema,
        response: { 201: assignedMembershipSchema },
      },
    },
    async (request, reply) => {
      const holderId = request.params.id;
      const event = { action: "membership.assign", subjectUserId: holderId, detail: { ...request.body } };
      const created = await audited(request, event, () => assignMembership(app.db, requireActor(request), holderId, request.body));
      return reply.status(201).send(created);
    },
  );

  app.patch(
    "/api/assignMemberships/:id",
    {
      preValidation: canManage,
      schema: {
        tags,
        summary: "Move the end of an assigned membership: end it early or extend it (admins; a clinic its patients')",
        params: numericIdParamSchema,
        body: assignmentEndSchema,
        response: { 200: assignedMembershipSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      return audited(request, { action: "membership.assignment.end", detail: { id, ...request.body } }, () =>
        endAssignment(app.db, requireActor(request), id, request.body),
      );
    },
  );

  app.delete(
    "/api/assignMemberships/:id",
    {
      preValidation: canManage,
      schema: { tags, summary: "Remove an assigned membership (admins; a clinic its patients')", params: numericIdParamSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      await audited(request, { action: "membership.assignment.delete", detail: { id } }, () => deleteAssignment(app.db, requireActor(request), id));
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/membership-seats/",
    {
      preValidation: canRead,
      schema: {
        tags,
        summary: "The membership a clinic holds today and the seats it uses: a clinic's own, or the `clinic` an admin names",
        querystring: membershipSeatsQuerySchema,
        response: { 200: membershipSeatsSchema },
      },
    },
    async (request) => membershipSeats(app.db, requireActor(request), request.query.clinic),
  );
};
