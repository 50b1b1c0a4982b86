import { type AccessTable, signedIn } from "../guardrails/access-matrix.ts";
import { notifications } from "./notifications.table.ts";

/**
 * Each user's own notification centre: every signed-in role gets its own list and settings.
 * A notification is its recipient's alone: the demo patient's is not found (404) for anyone else.
 */
export const notificationsAccess: AccessTable = {
  "GET /api/notifications/": { expect: signedIn(200), request: () => ({ query: { unread: "true" } }) },
  "GET /api/notifications/unread-count": { expect: signedIn(200) },
  "POST /api/notifications/:id/read": {
    expect: { anonymous: 401, patient: 200, otherPatient: 404, therapist: 404, otherTherapist: 404, clinic: 404, admin: 404 },
    request: async (fx) => {
      const [row] = await fx.db
        .insert(notifications)
        .values({ userId: fx.ids.patient, kind: "activityAssigned", subject: "New activities assigned", message: "Matrix", sentBy: fx.ids.therapist })
        .returning({ id: notifications.id });
      return { params: { id: row?.id ?? 0 } };
    },
  },
  "POST /api/notifications/read-all": {
    // Its own session: marking read changes only the caller's own rows, but keep the shared accounts' lists as they are.
    expect: signedIn(200),
    request: async (fx, role) => ({ cookie: (await fx.freshAccount(role)).cookie || null }),
  },
  "GET /api/notifications/preferences": { expect: signedIn(200) },
  "PUT /api/notifications/preferences": {
    expect: signedIn(200),
    request: async (fx, role) => ({ cookie: (await fx.freshAccount(role)).cookie || null, body: { email: { formAssigned: true } } }),
  },
};
