import { type AccessTable, anyone, type MatrixFixtures, type MatrixRole } from "../guardrails/access-matrix.ts";
import { TEST_PUBLIC_URL } from "../../test/app.ts";
import { totpNow } from "../../test/totp.ts";

/** A throwaway signed-in account of the cell's role: these calls end or change the caller's own session or account. */
const fresh = (fx: MatrixFixtures, role: MatrixRole) => fx.freshAccount(role);

/** better-auth's routes: the ones the web app calls are declared one by one, the rest of better-auth under `/api/auth/*`. */
export const sessionAccess: AccessTable = {
  "POST /api/auth/sign-in/email": {
    // Public: whoever has an account's password signs in (each cell with a throwaway account of its role).
    expect: anyone(200),
    request: async (fx, role) => {
      const { email, password } = await fresh(fx, role);
      return { body: { email, password } };
    },
  },
  "POST /api/auth/sign-out": {
    expect: anyone(200),
    request: async (fx, role) => ({ cookie: (await fresh(fx, role)).cookie || null }),
  },
  "POST /api/auth/two-factor/enable": {
    // The second factor is for staff.
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
    request: async (fx, role) => {
      const account = await fresh(fx, role);
      return { cookie: account.cookie || null, body: { password: account.password } };
    },
  },
  "POST /api/auth/two-factor/verify-totp": {
    // Staff confirm their enrolment with the code of the secret just issued. Patients cannot
    // enrol, so theirs is a code for no secret: refused as a wrong code (400), never a session.
    expect: { anonymous: 401, patient: 400, otherPatient: 400, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
    request: async (fx, role) => {
      const account = await fresh(fx, role);
      if (role === "anonymous" || role === "patient" || role === "otherPatient") return { cookie: account.cookie || null, body: { code: "123456" } };
      const enrolment = await fx.inject({
        method: "POST",
        url: "/api/auth/two-factor/enable",
        headers: { cookie: account.cookie, origin: TEST_PUBLIC_URL },
        payload: { password: account.password },
      });
      if (enrolment.statusCode !== 200) throw new Error(`Enrolment fixture: ${enrolment.statusCode} ${enrolment.body}`);
      return { cookie: account.cookie, body: { code: totpNow(enrolment.json().totpURI) } };
    },
  },
  "POST /api/auth/two-factor/disable": {
    expect: { anonymous: 401, patient: 200, otherPatient: 200, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
    request: async (fx, role) => {
      const account = await fresh(fx, role);
      return { cookie: account.cookie || null, body: { password: account.password } };
    },
  },
  // The catch-all forwards every other better-auth path; one representative call per method.
  "GET /api/auth/*": {
    // The session, or null when signed out.
    expect: anyone(200),
    request: () => ({ path: "/api/auth/get-session" }),
  },
  "POST /api/auth/*": {
    // Accounts are made by staff and the seed, never by open sign-up: refused to everyone.
    expect: anyone(400),
    request: (fx) => ({
      path: "/api/auth/sign-up/email",
      body: { email: `${fx.unique("signup")}@test.example`, password: "Sign-up-password-2026", name: "Nobody" },
    }),
  },
};
