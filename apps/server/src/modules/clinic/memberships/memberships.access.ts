import { type AccessTable, type Expected, type MatrixFixtures, adminOnly } from "../../../guardrails/access-matrix.ts";
import { holdMembership, makeClinicAccount, makeMembership } from "../../../../test/factories.ts";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA");
const plan = (fx: MatrixFixtures) => ({
  plan: fx.unique("Plan"),
  description: "For the matrix",
  value: "49.90",
  valueAnnual: "499.00",
  valuePatient: "0.01",
  months: 3,
  nUsers: 4,
  nPatients: 40,
  public: true,
});

/** Memberships are the clinic's contract with the platform: clinic accounts read theirs, therapists and patients nothing. */
const readers: Expected = { anonymous: 401, patient: 403, otherPatient: 403, therapist: 403, otherTherapist: 403, clinic: 200, admin: 200 };

/** An assignment of a new plan to a new clinic, made for one cell. */
const heldAssignment = async (fx: MatrixFixtures) => (await holdMembership(fx.db, (await makeClinicAccount(fx.db)).id)).id;

/** Only the platform (admins) sells plans and assigns them (adminOnly). */
export const membershipsAccess: AccessTable = {
  "GET /api/memberships/": { expect: readers },
  "PUT /api/memberships/": { expect: adminOnly(201), request: (fx) => ({ body: plan(fx) }) },
  "GET /api/membership/:id": {
    expect: readers,
    request: async (fx) => ({ params: { id: (await makeMembership(fx.db, { public: true })).id } }),
  },
  "POST /api/membership/:id": {
    expect: adminOnly(200),
    request: async (fx) => ({ params: { id: (await makeMembership(fx.db)).id }, body: plan(fx) }),
  },
  "DELETE /api/membership/:id": {
    expect: adminOnly(204),
    request: async (fx) => ({ params: { id: (await makeMembership(fx.db)).id } }),
  },
  "GET /api/assignMemberships/": { expect: readers },
  "POST /api/patients-memberships/:id": {
    expect: adminOnly(201),
    request: async (fx) => ({
      params: { id: (await makeClinicAccount(fx.db)).id },
      body: { membershipId: (await makeMembership(fx.db)).id, from_date: day(0), to_date: day(90) },
    }),
  },
  "PATCH /api/assignMemberships/:id": {
    expect: adminOnly(200),
    request: async (fx) => ({ params: { id: await heldAssignment(fx) }, body: { to_date: day(30) } }),
  },
  "DELETE /api/assignMemberships/:id": {
    expect: adminOnly(204),
    request: async (fx) => ({ params: { id: await heldAssignment(fx) } }),
  },
  "GET /api/membership-seats/": {
    // The demo clinic's seats: admins name it; a clinic account gets its own (404 for another's).
    expect: readers,
    request: (fx) => ({ query: { clinic: fx.ids.clinic } }),
  },
};
