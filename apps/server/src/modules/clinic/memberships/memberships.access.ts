import { type AccessTable, type Expected, type MatrixFixtures, adminOnly } from "../../../guardrails/access-matrix.ts";
import { holdMembership, makeMembership } from "../../../../test/factories.ts";

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

/** Lists and seats are the clinic's business with the platform: clinic accounts read theirs, therapists and patients nothing. */
const readers: Expected = { anonymous: 401, patient: 403, otherPatient: 403, therapist: 403, otherTherapist: 403, clinic: 200, admin: 200 };
/** Writers: admins, and the clinic on its own plans and its patients' memberships (issue 16.8). */
const clinicAndAdmin = (status: number): Expected => ({ ...adminOnly(status), clinic: status });

/** A plan of the demo clinic's own, for its patients, made for one cell. */
const ownPlan = async (fx: MatrixFixtures) => (await makeMembership(fx.db, { clinicId: fx.ids.clinic, public: true })).id;
/** The demo patient holding a new own plan of the demo clinic, made for one cell. */
const patientAssignment = async (fx: MatrixFixtures) => (await holdMembership(fx.db, fx.ids.patient, { membershipId: await ownPlan(fx) })).id;

/** The platform (admins) sells plans to clinics; a clinic sells its own to its patients. */
export const membershipsAccess: AccessTable = {
  "GET /api/memberships/": { expect: readers },
  "PUT /api/memberships/": { expect: clinicAndAdmin(201), request: (fx) => ({ body: plan(fx) }) },
  "GET /api/membership/:id": {
    // The demo clinic's public own plan: its patient reads it, the other clinic's patient does not (404).
    expect: { anonymous: 401, patient: 200, otherPatient: 404, therapist: 403, otherTherapist: 403, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await ownPlan(fx) } }),
  },
  "POST /api/membership/:id": {
    expect: clinicAndAdmin(200),
    request: async (fx) => ({ params: { id: await ownPlan(fx) }, body: plan(fx) }),
  },
  "DELETE /api/membership/:id": {
    expect: clinicAndAdmin(204),
    request: async (fx) => ({ params: { id: await ownPlan(fx) } }),
  },
  // Patients read their own assignments (the patient home's card); the service scopes the list.
  "GET /api/assignMemberships/": { expect: { ...readers, patient: 200, otherPatient: 200 } },
  "POST /api/patients-memberships/:id": {
    // {id} is the demo patient, the plan its clinic's own.
    expect: clinicAndAdmin(201),
    request: async (fx) => ({
      params: { id: fx.ids.patient },
      body: { membershipId: await ownPlan(fx), from_date: day(0), to_date: day(90) },
    }),
  },
  "PATCH /api/assignMemberships/:id": {
    expect: clinicAndAdmin(200),
    request: async (fx) => ({ params: { id: await patientAssignment(fx) }, body: { to_date: day(30) } }),
  },
  "DELETE /api/assignMemberships/:id": {
    expect: clinicAndAdmin(204),
    request: async (fx) => ({ params: { id: await patientAssignment(fx) } }),
  },
  "GET /api/membership-seats/": {
    // The demo clinic's seats: admins name it; a clinic account gets its own (404 for another's).
    expect: readers,
    request: (fx) => ({ query: { clinic: fx.ids.clinic } }),
  },
};
