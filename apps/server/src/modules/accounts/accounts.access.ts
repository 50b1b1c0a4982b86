import { type AccessTable, type MatrixFixtures, type MatrixRole, signedIn } from "../../guardrails/access-matrix.ts";

/** A throwaway signed-in account of the cell's role: these calls change the caller's own account. */
const fresh = (fx: MatrixFixtures, role: MatrixRole) => fx.freshAccount(role);

/** Every signed-in user reads and edits their own account. */
export const accountsAccess: AccessTable = {
  "GET /api/get-user-profile/": { expect: signedIn(200) },
  "GET /api/user-profile/": { expect: signedIn(200) },
  "PUT /api/user-profile/": {
    expect: signedIn(200),
    request: async (fx, role) => {
      const account = await fresh(fx, role);
      return { cookie: account.cookie || null, body: { nombres: "Renamed", apellidos: "By the matrix", identification: "", language: "es" } };
    },
  },
  "POST /api/user-profile/password": {
    expect: signedIn(200),
    request: async (fx, role) => {
      const account = await fresh(fx, role);
      return { cookie: account.cookie || null, body: { currentPassword: account.password, newPassword: "Another-password-2026" } };
    },
  },
  "POST /api/language/:userId": {
    // The demo patient's language, set to the one it has: the patient themself, or staff with
    // change_user who treat them; the other clinic's staff are refused.
    expect: { anonymous: 401, patient: 200, otherPatient: 403, therapist: 200, otherTherapist: 403, clinic: 200, admin: 200 },
    request: (fx) => ({ params: { userId: fx.ids.patient }, body: { language: "en" } }),
  },
  "PUT /api/theme/:userId": {
    // As the language: the demo patient's theme, set to the one it has, by the patient or the
    // staff who treat them with change_user; the other clinic's staff are refused.
    expect: { anonymous: 401, patient: 200, otherPatient: 403, therapist: 200, otherTherapist: 403, clinic: 200, admin: 200 },
    request: (fx) => ({ params: { userId: fx.ids.patient }, body: { theme: "primary" } }),
  },
  "GET /api/usuario/user": {
    // A list in the caller's scope: every holder of view_user or change_user gets theirs.
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
  },
};
