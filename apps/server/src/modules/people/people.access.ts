import { randomUUID } from "node:crypto";
import { type AccessTable, type Expected, adminOnly } from "../../guardrails/access-matrix.ts";
import { eq } from "drizzle-orm";
import { makeClinicAccount, makePatient } from "../../../test/factories.ts";
import { users } from "../../db/schema.ts";
import { userImportProgress } from "./import.table.ts";
import { newEmail } from "../../../test/people.ts";

/** A list in the caller's scope: every holder of view_user or change_user gets theirs. */
const staffList: Expected = { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 };
const person = (label: string) => ({ nombres: "Matrix", apellidos: label, identification: "", email: newEmail(label), language: "en" });

/** People outside the caller's scope are not found (404), as if they did not exist; patients are refused staff calls (403). */
/** Importing: clinics and admins only; therapists (of any clinic) do not import. */
const importers = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: 403,
  otherTherapist: 403,
  clinic: status,
  admin: status,
});
/** A one-row import file of a fresh patient, for the demo clinic. */
const importForm = (clinicId: string, mapping?: object) => [
  { name: "kind", value: "patient" },
  { name: "clinicId", value: clinicId },
  ...(mapping ? [{ name: "mapping", value: JSON.stringify(mapping) }] : []),
  { name: "file", value: `Nombres,Apellidos,Email\nMatrix,Import,${newEmail("import")}\n`, filename: "people.csv", type: "text/csv" },
];

export const peopleAccess: AccessTable = {
  "POST /api/user-import/preview": { expect: importers(200), request: (fx) => ({ multipart: importForm(fx.ids.clinic) }) },
  "POST /api/user-import/": {
    expect: importers(201),
    request: (fx) => ({ multipart: importForm(fx.ids.clinic, { nombres: 0, apellidos: 1, email: 2 }) }),
  },
  "GET /api/user-import/:id/progress": {
    // The caller's own import's progress (made for the cell); importers only.
    expect: importers(200),
    request: async (fx, role) => {
      const id = randomUUID();
      const actorId = role === "anonymous" ? fx.ids.clinic : fx.accountOf(role).id;
      await fx.db.insert(userImportProgress).values({ id, actorId, phase: "writing", done: 1, total: 2 });
      return { params: { id } };
    },
  },
  "GET /api/user-patients/export": { expect: staffList, request: () => ({ query: { format: "csv" } }) },
  "GET /api/staff/export": { expect: staffList, request: () => ({ query: { format: "xlsx" } }) },
  "GET /api/clinics/": { expect: adminOnly(200) },
  "POST /api/clinics/": {
    expect: adminOnly(201),
    request: () => ({ body: { name: "Matrix clinic", identification: "", email: newEmail("clinic"), language: "en" } }),
  },
  "GET /api/clinics/:id": {
    // The demo clinic: itself, its therapists and admins; to anyone else's staff it does not exist.
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: (fx) => ({ params: { id: fx.ids.clinic } }),
  },
  "PUT /api/clinics/:id": {
    expect: adminOnly(200),
    request: async (fx) => {
      const clinic = await makeClinicAccount(fx.db);
      return { params: { id: clinic.id }, body: { name: "Renamed clinic", identification: "", email: clinic.email, language: "es" } };
    },
  },
  "GET /api/staff/": { expect: staffList },
  "POST /api/staff/": {
    // A therapist for the demo clinic: the clinic itself and admins add one; therapists do not hire.
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 403, otherTherapist: 403, clinic: 201, admin: 201 },
    request: (fx) => ({ body: { ...person("staff"), clinicId: fx.ids.clinic } }),
  },
  "PUT /api/staff/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 403, otherTherapist: 403, clinic: 200, admin: 200 },
    // The demo therapist, sent back as it is: no cell changes it, and no new therapist takes one of the demo clinic's seats.
    request: async (fx) => {
      const [row] = await fx.db.select().from(users).where(eq(users.id, fx.ids.therapist));
      const { nombres, apellidos, identification, email, language } = row;
      return { params: { id: fx.ids.therapist }, body: { nombres, apellidos, identification, email, language } };
    },
  },
  "GET /api/user-patients/": { expect: staffList },
  "POST /api/user-patients/": {
    // A patient of the demo clinic in the demo therapist's care. Naming a clinic not their own is
    // a field error for staff (400 "Only administrators choose the clinic."), and nothing is written.
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 201, otherTherapist: 400, clinic: 201, admin: 201 },
    request: (fx) => ({ body: { ...person("patient"), clinicId: fx.ids.clinic, therapistIds: [fx.ids.therapist] } }),
  },
  "GET /api/user-patients/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: (fx) => ({ params: { id: fx.ids.patient } }),
  },
  "PUT /api/user-patients/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: async (fx) => {
      const patient = await makePatient(fx.db, fx.ids.clinic, [fx.ids.therapist]);
      return {
        params: { id: patient.id },
        body: { nombres: "Renamed", apellidos: "Patient", identification: "", email: patient.email, language: "en", therapistIds: [fx.ids.therapist] },
      };
    },
  },
};
