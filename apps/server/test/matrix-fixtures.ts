import { GROUP } from "@clinic/shared";
import type { MatrixAccount, MatrixFixtures, MatrixRole, SignedInRole } from "../src/guardrails/access-matrix.ts";
import { insertUser, type NewUser } from "../src/modules/accounts/users.service.ts";
import { hashPassword } from "../src/platform/auth.ts";
import { DEMO_ACCOUNTS } from "../src/seed-demo-data.ts";
import { TEST_PUBLIC_URL, type TestApp } from "./app.ts";
import { uniqueSuffix } from "./databases.ts";
import { type MadeUser, makeClinic, makeClinicAccount, TEST_PASSWORD } from "./factories.ts";

let fixtureAddresses = 0;
function nextFixtureAddress(): string {
  fixtureAddresses += 1;
  return `192.168.${(fixtureAddresses >> 8) & 255}.${fixtureAddresses & 255}`;
}

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
  // Throwaway accounts share one password hash: argon2id per account would cost the run seconds of CPU.
  const digest = await hashPassword(TEST_PASSWORD);
  const quickUser = async (input: Omit<NewUser, "email" | "password">): Promise<MadeUser> => {
    const email = `matrix-${uniqueSuffix()}@test.example`;
    const id = await t.db.transaction((tx) => insertUser(tx, { ...input, email }, digest));
    return { id, email, password: TEST_PASSWORD };
  };
  const makeAccountOf = (role: MatrixRole): Promise<MadeUser> => {
    const names = { nombres: "Matrix", apellidos: role };
    switch (role) {
      case "anonymous":
      case "patient":
        return quickUser({ ...names, groups: [GROUP.patient], clinicId: spare.id });
      case "otherPatient":
        return quickUser({ ...names, groups: [GROUP.patient], clinicId: other.clinic.id, therapistIds: [other.therapist.id] });
      case "therapist":
        return quickUser({ ...names, groups: [GROUP.therapist], clinicId: spare.id });
      case "otherTherapist":
        return quickUser({ ...names, groups: [GROUP.therapist], clinicId: other.clinic.id });
      case "clinic":
        return quickUser({ ...names, groups: [GROUP.clinic] });
      case "admin":
        return quickUser({ ...names, isAdmin: true });
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
        remoteAddress: nextFixtureAddress(),
        headers: { cookie: cookies[as], ...(method === "GET" ? {} : { origin: TEST_PUBLIC_URL }) },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      if (response.statusCode < 200 || response.statusCode > 299)
        throw new Error(`Fixture call ${method} ${url} as ${as}: ${response.statusCode} ${response.body}`);
      return (response.body ? response.json() : undefined) as T;
    },
    // From an address of its own unless told, like every cell, so no throttling window joins two calls.
    inject: (options) => t.app.inject({ remoteAddress: nextFixtureAddress(), ...options }),
    unique: (label) => `${label}-${uniqueSuffix()}`,
  };
  return { fixtures, cookies };
}
