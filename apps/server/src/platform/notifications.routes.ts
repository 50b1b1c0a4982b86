import {
  notificationIdParamSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationSchema,
  type Notification,
  notificationsQuerySchema,
  pagedSchema,
  unreadCountSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireAuth } from "./access.ts";
import { type AuditEvent, audited } from "./audit.ts";
import { getPreferences, listNotifications, markAllRead, markRead, setPreferences, unreadCount } from "./notifications.ts";

const tags = ["notifications"];

/**
 * Whose data a read of notifications showed, for "who looked at whose data": a patient's own
 * centre is about the patient; a staff member's names the patients who caused its rows (a
 * result reported, a form answered, an appointment asked for), so the one person named is the
 * subject, and several are listed by id in the detail (ids only: the record holds no names).
 */
function namedIn(
  callerId: string,
  isPatient: boolean,
  rows: readonly Notification[],
  detail: Record<string, unknown> = {},
): Pick<AuditEvent, "subjectUserId" | "detail"> {
  const people = [...new Set(rows.flatMap((row) => (row.sentBy && row.sentBy.id !== callerId ? [row.sentBy.id] : [])))];
  if (isPatient) return { subjectUserId: callerId, detail: { ...detail, people } };
  return { subjectUserId: people.length === 1 ? people[0] : null, detail: { ...detail, people } };
}
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
    async (request) => {
      const actor = requireActor(request);
      const event: AuditEvent = { action: "notification.list", detail: { unread: request.query.unread ?? false, page: request.query.page } };
      return audited(request, event, async () => {
        const page = await listNotifications(app.db, actor.id, request.query);
        Object.assign(event, namedIn(actor.id, actor.role === "patient", page.data, event.detail));
        return page;
      });
    },
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
    async (request) => {
      const actor = requireActor(request);
      const event: AuditEvent = { action: "notification.read", detail: { id: request.params.id } };
      // Another user's notification answers 404: recorded as a refused read.
      return audited(request, event, async () => {
        const notification = await markRead(app.db, actor.id, request.params.id);
        Object.assign(event, namedIn(actor.id, actor.role === "patient", [notification], event.detail));
        return notification;
      });
    },
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
