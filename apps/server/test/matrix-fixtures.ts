import type { MatrixAccount, MatrixFixtures, MatrixRole, SignedInRole } from "../src/guardrails/access-matrix.ts";
import { DEMO_ACCOUNTS } from "../src/seed-demo-data.ts";
import { TEST_PUBLIC_URL, type TestApp } from "./app.ts";
import { uniqueSuffix } from "./databases.ts";
import { makeClinic, makeClinicAccount, makePatient, makeTherapist, makeUser, type MadeUser } from "./factories.ts";

export interface MatrixSetup {
  fixtures: MatrixFixtures;
  /** The shared session of each signed-in role. */
  cookies: Record<SignedInRole, string>;
}

/**
 * The matrix's world: the demo clinic that createTestApp seeded, a second clinic with its own
 * therapist and patient, and one session per role, signed in once for the whole run.
 */
export async function createMatrixFixtures(t: TestApp): Promise<MatrixSetup> {
  const other = await makeClinic(t.db);
  const demo = (role: keyof typeof DEMO_ACCOUNTS) => ({ id: t.ids[role], ...DEMO_ACCOUNTS[role] });
  const accounts: Record<SignedInRole, Omit<MatrixAccount, "cookie">> = {
    patient: demo("patient"),
    otherPatient: other.patient,
    therapist: demo("therapist"),
    otherTherapist: other.therapist,
    clinic: demo("clinic"),
    admin: demo("admin"),
  };
  const roles = Object.keys(accounts) as SignedInRole[];
  const sessions = await Promise.all(roles.map((role) => t.login(accounts[role].email, accounts[role].password)));
  const cookies = Object.fromEntries(roles.map((role, index) => [role, sessions[index]])) as Record<SignedInRole, string>;

  const spare = await makeClinicAccount(t.db);
  const makeAccountOf = (role: MatrixRole): Promise<MadeUser> => {
    switch (role) {
      case "anonymous":
      case "patient":
        return makePatient(t.db, spare.id);
      case "otherPatient":
        return makePatient(t.db, other.clinic.id, [other.therapist.id]);
      case "therapist":
        return makeTherapist(t.db, spare.id);
      case "otherTherapist":
        return makeTherapist(t.db, other.clinic.id);
      case "clinic":
        return makeClinicAccount(t.db);
      case "admin":
        return makeUser(t.db, { isAdmin: true });
    }
  };

  const fixtures: MatrixFixtures = {
    db: t.db,
    ids: { ...t.ids, otherClinic: other.clinic.id, otherTherapist: other.therapist.id, otherPatient: other.patient.id },
    accountOf: (role) => accounts[role],
    cookieOf: (role) => cookies[role],
    async freshAccount(role) {
      const made = await makeAccountOf(role);
      return { ...made, cookie: role === "anonymous" ? "" : await t.login(made.email, made.password) };
    },
    async api<T>(as: SignedInRole, method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) {
      const response = await t.app.inject({
        method,
        url,
        headers: { cookie: cookies[as], ...(method === "GET" ? {} : { origin: TEST_PUBLIC_URL }) },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      if (response.statusCode < 200 || response.statusCode > 299)
        throw new Error(`Fixture call ${method} ${url} as ${as}: ${response.statusCode} ${response.body}`);
      return (response.body ? response.json() : undefined) as T;
    },
    inject: (options) => t.app.inject(options),
    unique: (label) => `${label}-${uniqueSuffix()}`,
  };
  return { fixtures, cookies };
}
