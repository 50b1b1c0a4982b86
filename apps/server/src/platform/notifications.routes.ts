import {
  notificationIdParamSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationSchema,
  notificationsQuerySchema,
  pagedSchema,
  unreadCountSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireAuth } from "./access.ts";
import { getPreferences, listNotifications, markAllRead, markRead, setPreferences, unreadCount } from "./notifications.ts";

const tags = ["notifications"];
/** Every signed-in user has a notification centre; each call reads or changes only the caller's own. */
const signedIn = [requireAuth];

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/notifications/",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The caller's notifications, newest first (`unread=true`: only unread ones)",
        querystring: notificationsQuerySchema,
        response: { 200: pagedSchema(notificationSchema) },
      },
    },
    async (request) => listNotifications(app.db, requireActor(request).id, request.query),
  );

  app.get(
    "/api/notifications/unread-count",
    { preValidation: signedIn, schema: { tags, summary: "How many of the caller's notifications are unread", response: { 200: unreadCountSchema } } },
    async (request) => ({ unread: await unreadCount(app.db, requireActor(request).id) }),
  );

  app.post(
    "/api/notifications/:id/read",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Mark one of the caller's notifications read (another user's is not found)",
        params: notificationIdParamSchema,
        response: { 200: notificationSchema },
      },
    },
    async (request) => markRead(app.db, requireActor(request).id, request.params.id),
  );

  app.post(
    "/api/notifications/read-all",
    { preValidation: signedIn, schema: { tags, summary: "Mark all the caller's notifications read", response: { 200: unreadCountSchema } } },
    async (request) => markAllRead(app.db, requireActor(request).id),
  );

  app.get(
    "/api/notifications/preferences",
    {
      preValidation: signedIn,
      schema: { tags, summary: "Which kinds of notification also come to the caller by email", response: { 200: notificationPreferencesSchema } },
    },
    async (request) => getPreferences(app.db, requireActor(request).id),
  );

  app.put(
    "/api/notifications/preferences",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Choose which kinds also come by email (kinds not named keep their choice)",
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => setPreferences(app.db, requireActor(request).id, request.body),
  );
};
