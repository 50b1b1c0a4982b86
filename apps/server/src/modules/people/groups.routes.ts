import {
  groupIdParamSchema,
  groupMemberAddSchema,
  groupMemberParamSchema,
  groupMemberSchema,
  groupMembersQuerySchema,
  groupNameSchema,
  groupPermissionsUpdateSchema,
  groupSchema,
  groupsResponseSchema,
  pagedSchema,
  type Permission,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAdmin, requireModule } from "../../platform/access.ts";
import { type AuditEvent, audited } from "../../platform/audit.ts";
import { addMember, createGroup, deleteGroup, listGroups, listMembers, removeMember, renameGroup, setGroupPermissions } from "./groups.service.ts";

/**
 * §2 `groups` (admins): the built-in groups and custom ones, their codenames and members.
 * Every change is audited and takes effect at the members' next request (nothing caches grants).
 */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = [requireModule("clinic"), requireAdmin];

  app.get(
    "/api/groups/",
    {
      preValidation: guard,
      schema: {
        tags: ["groups"],
        summary: "The groups (built-in first) with their member counts and permissions, and every permission by module (admins)",
        response: { 200: groupsResponseSchema },
      },
    },
    async () => listGroups(app.db),
  );

  app.post(
    "/api/groups/",
    {
      preValidation: guard,
      schema: {
        tags: ["groups"],
        summary: "Create a custom group, named in English and Spanish (admins); it grants nothing until given permissions",
        body: groupNameSchema,
        response: { 201: groupSchema },
      },
    },
    async (request, reply) => {
      const event: AuditEvent = { action: "group.create", detail: { name: request.body.name } };
      const group = await audited(request, event, async () => {
        const made = await createGroup(app.db, request.body);
        event.detail = { group: made.id, name: made.name };
        return made;
      });
      return reply.code(201).send(group);
    },
  );

  app.put(
    "/api/groups/:id",
    {
      preValidation: guard,
      schema: {
        tags: ["groups"],
        summary: "Rename a custom group (admins); 409 for a built-in group",
        params: groupIdParamSchema,
        body: groupNameSchema,
        response: { 200: groupSchema },
      },
    },
    async (request) => {
      const event: AuditEvent = { action: "group.rename", detail: { group: request.params.id, name: request.body.name } };
      return audited(request, event, async () => {
        const { group, before } = await renameGroup(app.db, request.params.id, request.body);
        event.detail = { group: group.id, before, name: group.name };
        return group;
      });
    },
  );

  app.delete(
    "/api/groups/:id",
    {
      preValidation: guard,
      schema: {
        tags: ["groups"],
        summary: "Delete a custom group (admins): its members lose its permissions at their next request; 409 for a built-in group",
        params: groupIdParamSchema,
      },
    },
    async (request, reply) => {
      const event: AuditEvent = { action: "group.delete", detail: { group: request.params.id } };
      await audited(request, event, async () => {
        event.detail = { group: request.params.id, ...(await deleteGroup(app.db, request.params.id)) };
      });
      return reply.code(204).send();
    },
  );

  app.put(
    "/api/groups/:id/permissions",
    {
      preValidation: guard,
      schema: {
        tags: ["groups"],
        summary: "Replace a group's permissions (admins); effective at the members' next request",
        params: groupIdParamSchema,
        body: groupPermissionsUpdateSchema,
        response: { 200: groupSchema },
      },
    },
    async (request) => {
      const event: AuditEvent = { action: "group.permissions.update", detail: { group: request.params.id } };
      return audited(request, event, async () => {
        const { group, added, removed } = await setGroupPermissions(app.db, request.params.id, request.body.permissions as Permission[]);
        event.detail = { group: group.id, added, removed };
        return group;
      });
    },
  );

  app.get(
    "/api/groups/:id/members",
    {
      preValidation: guard,
      schema: {
        tags: ["groups"],
        summary: "A group's members by surname, paged (admins): `q` searches names and email",
        params: groupIdParamSchema,
        querystring: groupMembersQuerySchema,
        response: { 200: pagedSchema(groupMemberSchema) },
      },
    },
    async (request) => listMembers(app.db, request.params.id, request.query),
  );

  app.post(
    "/api/groups/:id/members",
    {
      preValidation: guard,
      schema: {
        tags: ["groups"],
        summary:
          "Add a user to a custom group (admins), after their role's group so their role stays; 409 for a built-in group (roles are given with the account) or a member already",
        params: groupIdParamSchema,
        body: groupMemberAddSchema,
        response: { 201: groupMemberSchema },
      },
    },
    async (request, reply) => {
      const event: AuditEvent = { action: "group.member.add", subjectUserId: request.body.userId, detail: { group: request.params.id } };
      const member = await audited(request, event, () => addMember(app.db, request.params.id, request.body.userId));
      return reply.code(201).send(member);
    },
  );

  app.delete(
    "/api/groups/:id/members/:userId",
    {
      preValidation: guard,
      schema: {
        tags: ["groups"],
        summary: "Take a user out of a custom group (admins); 409 for a built-in group, 404 when not a member",
        params: groupMemberParamSchema,
      },
    },
    async (request, reply) => {
      const event: AuditEvent = { action: "group.member.remove", subjectUserId: request.params.userId, detail: { group: request.params.id } };
      await audited(request, event, () => removeMember(app.db, request.params.id, request.params.userId));
      return reply.code(204).send();
    },
  );
};
