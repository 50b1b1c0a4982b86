import { type AccessTable, signedIn } from "../../guardrails/access-matrix.ts";
import { browserKeys } from "../../../test/push-fake.ts";
import { pushSubscriptions } from "./push.table.ts";

/** A subscription's body with an endpoint no other cell uses (never sent to: the matrix drains no job). */
const subscriptionBody = (endpoint: string) => {
  const { p256dh, auth } = browserKeys();
  return { endpoint, expirationTime: null, keys: { p256dh, auth } };
};

/** Patients only: staff have no exercises of the day. */
const patientsOnly = { anonymous: 401, patient: 200, otherPatient: 200, therapist: 403, otherTherapist: 403, clinic: 403, admin: 403 };

/**
 * Web Push (issue 43.4): every signed-in user subscribes their own devices and lists, tests and
 * removes only their own; a device of the demo patient is not found (404) for anyone else.
 */
export const pushAccess: AccessTable = {
  "GET /api/push/key": { expect: signedIn(200) },
  "GET /api/push/subscriptions": { expect: signedIn(200) },
  "POST /api/push/subscriptions": {
    expect: signedIn(201),
    request: (fx) => ({ body: subscriptionBody(`https://push.example.com/matrix/${fx.unique("device")}`) }),
  },
  "DELETE /api/push/subscriptions": {
    expect: { anonymous: 401, patient: 204, otherPatient: 404, therapist: 404, otherTherapist: 404, clinic: 404, admin: 404 },
    request: async (fx) => {
      const { endpoint, keys } = subscriptionBody(`https://push.example.com/matrix/${fx.unique("patient-device")}`);
      await fx.db.insert(pushSubscriptions).values({ userId: fx.ids.patient, endpoint, p256dh: keys.p256dh, auth: keys.auth });
      return { body: { endpoint } };
    },
  },
  "POST /api/push/test": { expect: signedIn(200) },
  "GET /api/push/daily-exercises": { expect: patientsOnly },
  "PUT /api/push/daily-exercises": {
    expect: patientsOnly,
    // Its own account: the setting is the caller's own, but leave the shared accounts' as they are.
    request: async (fx, role) => ({ cookie: (await fx.freshAccount(role)).cookie || null, body: { time: "18:00", timeZone: "Europe/Madrid" } }),
  },
};
