import { GROUP } from "@clinic/shared";
import { type AccessTable, type Expected, type MatrixFixtures, anyone, adminOnly } from "../../guardrails/access-matrix.ts";
import { makePatient } from "../../../test/factories.ts";
import { lastMailTo, newEmail, tokenIn } from "../../../test/people.ts";
import { createUser } from "../accounts/users.service.ts";

/** Staff with change_user over a patient of the demo therapist: that therapist, the clinic, admins; to the other clinic's staff the patient does not exist. */
const demoPatientStaff = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: status,
  otherTherapist: 404,
  clinic: status,
  admin: status,
});

/** A patient of the demo therapist who has not chosen a password yet (an open invitation), made for one cell. */
async function invitedPatient(fx: MatrixFixtures): Promise<{ id: string; email: string }> {
  const email = newEmail("invited");
  const id = await createUser(fx.db, {
    email,
    nombres: "Invited",
    apellidos: "Patient",
    groups: [GROUP.patient],
    clinicId: fx.ids.clinic,
    therapistIds: [fx.ids.therapist],
  });
  return { id, email };
}

/** A fresh invitation token, sent the way staff resend one. */
async function invitationToken(fx: MatrixFixtures): Promise<string> {
  const patient = await invitedPatient(fx);
  await fx.api("therapist", "POST", `/api/users/${patient.id}/invitation`);
  return tokenIn((await lastMailTo(fx.db, patient.email)).text);
}

export const usersAccess: AccessTable = {
  "GET /api/users/": { expect: adminOnly(200) },
  "PUT /api/users/:id/active": {
    // Deactivating is the clinic's (its people) and the admins' (anyone but themselves), not a therapist's.
    expect: { ...demoPatientStaff(200), therapist: 403 },
    request: async (fx) => ({ params: { id: (await makePatient(fx.db, fx.ids.clinic, [fx.ids.therapist])).id }, body: { isActive: false } }),
  },
  "POST /api/users/:id/invitation": {
    expect: demoPatientStaff(200),
    request: async (fx) => ({ params: { id: (await invitedPatient(fx)).id } }),
  },
  "GET /api/mail-messages/": { expect: adminOnly(200) },
  "POST /api/invitations/check": { expect: anyone(200), request: async (fx) => ({ body: { token: await invitationToken(fx) } }) },
  "POST /api/invitations/accept": {
    expect: anyone(200),
    request: async (fx) => ({ body: { token: await invitationToken(fx), password: "Chosen-password-2026" } }),
  },
};
