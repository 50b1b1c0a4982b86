import type { AccessTable, Expected, MatrixFixtures, MatrixRole } from "../guardrails/access-matrix.ts";

const anyone = (status: number): Expected => ({
  anonymous: status,
  patient: status,
  otherPatient: status,
  therapist: status,
  otherTherapist: status,
  clinic: status,
  admin: status,
});

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
    expect: { anonymous: 401, patient: 400, otherPatient: 400, therapist: 400, otherTherapist: 400, clinic: 400, admin: 400 },
    request: async (fx, role) => ({ cookie: (await fresh(fx, role)).cookie || null, body: { code: "123456" } }),
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
