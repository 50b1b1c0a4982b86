import { type AccessTable, type Expected, type MatrixFixtures, staffOnly } from "../../guardrails/access-matrix.ts";

/** Staff who manage people (change_user); each sender reaches only their own people. */
const staff = staffOnly;

/** Naming the demo clinic's patient: the other clinic's therapist manages no such person (403). */
const toDemoPatient = (status: number): Expected => ({ ...staff(status), otherTherapist: 403 });

/** A message the demo clinic wrote to its patient, for tomorrow: its sender and admins see it, no one else (404). */
const clinicMessage = async (fx: MatrixFixtures) =>
  (
    await fx.api<{ id: number }>("clinic", "POST", "/api/messages/", {
      subject: fx.unique("Holiday hours"),
      body: "<p>We are closed on Monday.</p>",
      users: [fx.ids.patient],
      sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
  ).id;
const senderOnly = (status: number): Expected => ({ ...staff(404), clinic: status, admin: status });

export const messagesAccess: AccessTable = {
  "GET /api/messages/": { expect: staff(200) },
  "POST /api/messages/": {
    expect: toDemoPatient(201),
    request: (fx) => ({ body: { subject: fx.unique("Reminder"), body: "<p>Bring comfortable shoes.</p>", users: [fx.ids.patient] } }),
  },
  "GET /api/messages/recipients": { expect: staff(200) },
  "POST /api/messages/reach": { expect: toDemoPatient(200), request: (fx) => ({ body: { users: [fx.ids.patient] } }) },
  "GET /api/messages/:id": { expect: senderOnly(200), request: async (fx) => ({ params: { id: await clinicMessage(fx) } }) },
  "GET /api/messages/:id/failed": { expect: senderOnly(200), request: async (fx) => ({ params: { id: await clinicMessage(fx) } }) },
  "POST /api/messages/:id/cancel": { expect: senderOnly(200), request: async (fx) => ({ params: { id: await clinicMessage(fx) } }) },
};
