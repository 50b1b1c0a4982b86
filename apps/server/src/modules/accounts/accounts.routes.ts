import {
  languageUpdateSchema,
  pagedSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  sessionStateSchema,
  themeSchema,
  themeUpdateSchema,
  userIdParamSchema,
  userProfileSchema,
  userSearchQuerySchema,
  userSummarySchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { assertUserInScope, can, requireActor, requireAuth, requirePermission } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { badRequest, forbidden } from "../../platform/errors.ts";
import { toWebRequest } from "../../platform/session.ts";
import { profileOf, searchUsers, sessionState, setLanguage, setTheme, updateProfile } from "./accounts.service.ts";
import { orderDataOf } from "../clinic/billing/gating.ts";

const tags = ["accounts"];

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/get-user-profile/",
    { preValidation: [requireAuth], schema: { tags, summary: "The signed-in user's session state", response: { 200: sessionStateSchema } } },
    async (request) => {
      const actor = requireActor(request);
      return sessionState(actor, await app.flags.all(), orderDataOf(actor, app.config.billing));
    },
  );

  app.get(
    "/api/user-profile/",
    { preValidation: [requireAuth], schema: { tags, summary: "The signed-in user's profile", response: { 200: userProfileSchema } } },
    async (request) => profileOf(requireActor(request)),
  );

  app.put(
    "/api/user-profile/",
    {
      preValidation: [requireAuth],
      schema: { tags, summary: "Edit the signed-in user's profile", body: profileUpdateSchema, response: { 200: userProfileSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      return audited(request, { action: "user.profile.update", subjectUserId: actor.id, detail: { fields: Object.keys(request.body) } }, () =>
        updateProfile(app.db, actor, request.body),
      );
    },
  );

  app.post(
    "/api/user-profile/password",
    {
      preValidation: [requireAuth],
      schema: {
        tags,
        summary: "Change the signed-in user's password; other sessions end",
        body: passwordChangeSchema,
        response: { 200: z.object({ detail: z.string() }) },
      },
    },
    async (request, reply) => {
      const headers = toWebRequest(request).headers;
      try {
        const result = await app.auth.api.changePassword({ headers, body: { ...request.body, revokeOtherSessions: true }, returnHeaders: true });
        // Every session ends, this one included; the caller carries on in the new one set here.
        const cookies = result.headers.getSetCookie();
        if (cookies.length > 0) reply.header("set-cookie", cookies);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 400) throw badRequest({ currentPassword: ["Incorrect password."] });
        throw error;
      }
      return { detail: "Password changed." };
    },
  );

  app.post(
    "/api/language/:userId",
    {
      preValidation: [requireAuth],
      schema: {
        tags,
        summary: "Set a user's language (their own, or a user in scope with change_user)",
        params: userIdParamSchema,
        body: languageUpdateSchema,
        response: { 200: z.object({ language: z.enum(["en", "es"]) }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { userId } = request.params;
      const event = { action: "user.language.update", subjectUserId: userId, detail: { language: request.body.language } };
      return audited(request, event, async () => {
        if (userId !== actor.id) {
          if (!can(actor, "change_user")) throw forbidden();
          await assertUserInScope(app.db, actor, userId);
        }
        return setLanguage(app.db, userId, request.body.language);
      });
    },
  );

  // The shell's theme (spec §9), kept per user like the language and changed by the same people:
  // the user, or staff with change_user over a user in their scope.
  app.put(
    "/api/theme/:userId",
    {
      preValidation: [requireAuth],
      schema: {
        tags,
        summary: "Set a user's shell theme, primary or secondary (their own, or a user in scope with change_user)",
        params: userIdParamSchema,
        body: themeUpdateSchema,
        response: { 200: z.object({ theme: themeSchema }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { userId } = request.params;
      const event = { action: "user.theme.update", subjectUserId: userId, detail: { theme: request.body.theme } };
      return audited(request, event, async () => {
        if (userId !== actor.id) {
          if (!can(actor, "change_user")) throw forbidden();
          await assertUserInScope(app.db, actor, userId);
        }
        return setTheme(app.db, userId, request.body.theme);
      });
    },
  );

  app.get(
    "/api/usuario/user",
    {
      preValidation: [requirePermission("view_user", "change_user", "is_admin")],
      schema: {
        tags,
        summary: "Users in scope holding one permission and not another (the CRM agent selector)",
        querystring: userSearchQuerySchema,
        response: { 200: pagedSchema(userSummarySchema) },
      },
    },
    async (request) => {
      const { permission_codename_include, permission_codename_exclude, q, page } = request.query;
      const event = { action: "user.search", detail: { permission_codename_include, permission_codename_exclude, q, page } };
      return audited(request, event, () => searchUsers(app.db, requireActor(request), request.query));
    },
  );
};
