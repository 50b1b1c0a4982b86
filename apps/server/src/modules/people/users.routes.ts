import {
  activeUpdateSchema,
  idParamSchema,
  invitationAcceptSchema,
  invitationInfoSchema,
  invitationOutcomeSchema,
  invitationTokenSchema,
  mailMessageSchema,
  mailQuerySchema,
  pagedSchema,
  userAdminRowSchema,
  usersQuerySchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireAdmin, requirePermission } from "../../platform/access.ts";
import { type AuditEvent, audited } from "../../platform/audit.ts";
import { listMail } from "../../platform/mail.ts";
import { acceptInvitation, checkInvitation } from "./invitations.ts";
import { assertStaff, resendInvitation, setActive } from "./people.service.ts";
import { listUsers } from "./users-admin.service.ts";

/**
 * Account administration: every user (/user/admin), activation, invitations and the mail
 * outbox; and the public invitation page's two calls (the groups screen: groups.routes.ts).
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/users/",
    {
      preValidation: [requireAdmin],
      schema: {
        tags: ["users"],
        summary: "Every account (admins): `q`, `role`, `clinic` (the clinic and its people), `active`",
        querystring: usersQuerySchema,
        response: { 200: pagedSchema(userAdminRowSchema) },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.put(
    "/api/users/:id/active",
    {
      preValidation: [requirePermission("change_user")],
      schema: {
        tags: ["users"],
        summary:
          "Deactivate (sessions end at once) or reactivate an account: admins anyone but themselves, a clinic its people; reactivating a therapist or patient takes a seat (409 at the limit)",
        params: idParamSchema,
        body: activeUpdateSchema,
        response: { 200: z.object({ id: z.string(), isActive: z.boolean() }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      assertStaff(actor);
      const event = { action: "user.active.update", subjectUserId: request.params.id, detail: { isActive: request.body.isActive } };
      return audited(request, event, () => setActive(app.db, actor, request.params.id, request.body.isActive));
    },
  );

  app.post(
    "/api/users/:id/invitation",
    {
      preValidation: [requirePermission("change_user")],
      schema: {
        tags: ["users"],
        summary: "Send a new invitation to choose a password (409 once one is chosen); earlier links stop working",
        params: idParamSchema,
        response: { 200: invitationOutcomeSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      assertStaff(actor);
      return audited(request, { action: "user.invitation.resend", subjectUserId: request.params.id }, () => resendInvitation(app, actor, request.params.id));
    },
  );

  app.get(
    "/api/mail-messages/",
    {
      preValidation: [requireAdmin],
      schema: {
        tags: ["users"],
        summary: "The mail log and outbox, newest first (admins): `q` (address, subject), `status`, `kind`",
        querystring: mailQuerySchema,
        response: { 200: pagedSchema(mailMessageSchema) },
      },
    },
    async (request) => listMail(app.db, request.query),
  );

  // Public: the invitation page checks its link, then sets the password (the token is the credential).
  app.post(
    "/api/invitations/check",
    {
      schema: {
        tags: ["users"],
        summary: "Who an invitation link is for; 400 { token, code: TOKEN_EXPIRED | TOKEN_INVALID } otherwise",
        body: invitationTokenSchema,
        response: { 200: invitationInfoSchema },
      },
    },
    async (request) => {
      const { email, nombres, language } = await checkInvitation(app.db, request.body.token);
      return { email, nombres, language };
    },
  );

  app.post(
    "/api/invitations/accept",
    {
      schema: {
        tags: ["users"],
        summary: "Choose the first password with an invitation link (used once); then sign in",
        body: invitationAcceptSchema,
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (request) => {
      const event: AuditEvent = { action: "user.password.set" };
      return audited(request, event, async () => {
        const { userId, email } = await acceptInvitation(app, request.body.token, request.body.password);
        event.subjectUserId = userId;
        return { email };
      });
    },
  );
};
