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
import { can, requireActor, requireAdmin, requireModule } from "../../../platform/access.ts";
import { audited } from "../../../platform/audit.ts";
import { forbidden } from "../../../platform/errors.ts";
import {
  assignMembership,
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
 * Readers: admins, and clinic accounts holding view_membership or change_membership. A
 * therapist or patient is refused even if granted the codename: memberships are the
 * clinic's contract with the platform (see memberships.service.ts for the whole rule).
 */
const requireMembershipReader: preValidationAsyncHookHandler = async (request) => {
  const actor = requireActor(request);
  if (actor.isAdmin) return;
  if (actor.role !== "clinic" || !can(actor, "view_membership", "change_membership")) throw forbidden();
};

const canRead = [requireModule("clinic"), requireMembershipReader];
/** The platform sells the plans: only admins write plans and assignments. */
const canManage = [requireModule("clinic"), requireAdmin];

export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/memberships/",
    {
      preValidation: canRead,
      schema: {
        tags,
        summary: "Membership plans: every plan for admins; for a clinic the public ones and those it holds (`q` searches the plan's name)",
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
        summary: "Create a plan (admins). Prices are strings or numbers with at most two decimals, answered as two-decimal strings",
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
      preValidation: canRead,
      schema: { tags, summary: "One plan (404 for a hidden plan a clinic does not hold)", params: numericIdParamSchema, response: { 200: membershipSchema } },
    },
    async (request) => getMembership(app.db, requireActor(request), request.params.id),
  );

  app.post(
    "/api/membership/:id",
    {
      preValidation: canManage,
      schema: { tags, summary: "Update a plan (admins)", params: numericIdParamSchema, body: membershipInputSchema, response: { 200: membershipSchema } },
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
      schema: { tags, summary: "Delete a plan (admins); 409 while any clinic holds or held it", params: numericIdParamSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      await audited(request, { action: "membership.delete", detail: { id } }, () => deleteMembership(app.db, id));
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/assignMemberships/",
    {
      preValidation: canRead,
      schema: {
        tags,
        summary: "Assigned memberships, latest started first: every clinic's for admins, a clinic's own otherwise (`q` searches clinic and plan)",
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
        summary: "Assign a plan to the clinic {id} (a user of group 2) from from_date to to_date (admins)",
        params: idParamSchema,
        body: assignMembershipInputSchema,
        response: { 201: assignedMembershipSchema },
      },
    },
    async (request, reply) => {
      const clinicId = request.params.id;
      const event = { action: "membership.assign", subjectUserId: clinicId, detail: { ...request.body } };
      const created = await audited(request, event, () => assignMembership(app.db, requireActor(request), clinicId, request.body));
      return reply.status(201).send(created);
    },
  );

  app.patch(
    "/api/assignMemberships/:id",
    {
      preValidation: canManage,
      schema: {
        tags,
        summary: "Move the end of an assigned membership: end it early or extend it (admins)",
        params: numericIdParamSchema,
        body: assignmentEndSchema,
        response: { 200: assignedMembershipSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      return audited(request, { action: "membership.assignment.end", detail: { id, ...request.body } }, () => endAssignment(app.db, id, request.body));
    },
  );

  app.delete(
    "/api/assignMemberships/:id",
    {
      preValidation: canManage,
      schema: { tags, summary: "Remove an assigned membership (admins)", params: numericIdParamSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      await audited(request, { action: "membership.assignment.delete", detail: { id } }, () => deleteAssignment(app.db, id));
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
