import { type AccessTable, type MatrixFixtures, staffOnly } from "../../../guardrails/access-matrix.ts";
import { makeForm, makeFormAssignment, sampleFormInput } from "../../../../test/forms.ts";

/** A form of the demo clinic, made for one cell. */
const demoForm = (fx: MatrixFixtures) => makeForm(fx.db, { clinicId: fx.ids.clinic, createdBy: fx.ids.therapist });
const demoAssignment = async (fx: MatrixFixtures, state: "assigned" | "submitted" = "assigned") =>
  (await makeFormAssignment(fx.db, { form: await demoForm(fx), patientId: fx.ids.patient, clinicId: fx.ids.clinic, state })).id;

/** Staff of every clinic reach the builder (patients 403); another clinic's form or patient is not found (404). */
const staff = staffOnly;
const demoStaff = (ok: number) => ({ ...staff(ok), otherTherapist: 404 });

export const formsAccess: AccessTable = {
  "GET /api/forms/": { expect: staff(200) },
  "GET /api/search-form/:q/": { expect: staff(200), request: () => ({ params: { q: "Form" } }) },
  "GET /api/form/:id": { expect: demoStaff(200), request: async (fx) => ({ params: { id: (await demoForm(fx)).id } }) },
  "POST /api/create-form/": { expect: staff(201), request: (fx) => ({ body: sampleFormInput(fx.unique("Form")) }) },
  "PUT /api/delete-update-form/:id": {
    expect: demoStaff(200),
    request: async (fx) => ({ params: { id: (await demoForm(fx)).id }, body: sampleFormInput(fx.unique("Form")) }),
  },
  "DELETE /api/delete-update-form/:id": { expect: demoStaff(204), request: async (fx) => ({ params: { id: (await demoForm(fx)).id } }) },
  "PUT /api/forms/:id/archive": {
    expect: demoStaff(200),
    request: async (fx) => ({ params: { id: (await demoForm(fx)).id }, body: { archived: true } }),
  },
  "GET /api/fields/:id": { expect: demoStaff(200), request: async (fx) => ({ params: { id: (await demoForm(fx)).id } }) },
  "POST /api/assignDynamicForm/": {
    expect: demoStaff(201),
    request: async (fx) => ({ body: { form: (await demoForm(fx)).id, patients: [fx.ids.patient] } }),
  },
  "GET /api/get-forms/": {
    // The demo patient's list: its own patient and the staff who treat it.
    expect: { anonymous: 401, patient: 200, otherPatient: 404, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: (fx) => ({ query: { patient: fx.ids.patient } }),
  },
  "GET /api/forms/assignments/:id": {
    expect: { anonymous: 401, patient: 200, otherPatient: 404, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await demoAssignment(fx) } }),
  },
  "POST /api/resolved-form/": {
    // Another patient is told the form is not theirs (403); the therapist lacks answer_all_forms (403).
    expect: { anonymous: 401, patient: 200, otherPatient: 403, therapist: 403, otherTherapist: 404, clinic: 200, admin: 200 },
    request: async (fx) => ({ body: { assignment: await demoAssignment(fx), answers: { mood: "good" }, submit: false } }),
  },
  "PUT /api/forms/assignments/:id/review": {
    expect: demoStaff(200),
    request: async (fx) => ({ params: { id: await demoAssignment(fx, "submitted") }, body: { note: "Seen." } }),
  },
  "DELETE /api/forms/assignments/:id": { expect: demoStaff(204), request: async (fx) => ({ params: { id: await demoAssignment(fx) } }) },
  "GET /api/resolved-dynamic-forms/": {
    // Each caller's own scope (a patient: their own answers).
    expect: { anonymous: 401, patient: 200, otherPatient: 200, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
  },
  "GET /api/resolved-dynamic-Form/:a/:b/": {
    expect: { anonymous: 401, patient: 200, otherPatient: 404, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { a: fx.ids.patient, b: (await demoForm(fx)).id } }),
  },
  "GET /api/forms/results/export": { expect: staff(200), request: () => ({ query: { format: "csv" } }) },
};
