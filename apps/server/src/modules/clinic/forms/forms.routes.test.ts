import { FORM_MESSAGES } from "@clinic/shared";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import { holdMembership, makeClinicAccount, makePatient } from "../../../../test/factories.ts";
import { makeForm, makeFormAssignment, sampleFormInput } from "../../../../test/forms.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../../test/roles.ts";
import { addDays } from "../billing/gating.ts";
import { today } from "../memberships/seats.ts";
import { dynamicForms, dynamicFormVersions, formAssignments } from "./forms.table.ts";

let t: TestApp;
let r: RoleCalls;
beforeAll(async () => {
  t = await createTestApp();
  r = await signInRoles(t);
});
afterAll(async () => t?.close());

const STAFF: Who[] = ["admin", "clinic", "therapist"];
const formCount = async () => (await t.db.select({ n: count() }).from(dynamicForms))[0]?.n;
const versionCount = async (formId: number) =>
  (await t.db.select({ n: count() }).from(dynamicFormVersions).where(eq(dynamicFormVersions.formId, formId)))[0]?.n;

/** A platform form, one of the demo clinic and one of the other clinic, named with one token. */
async function ownedForms(token = uniqueSuffix()) {
  const platform = await makeForm(t.db, { clinicId: null }, sampleFormInput(`${token} platform`));
  const own = await makeForm(t.db, { clinicId: t.ids.clinic, createdBy: t.ids.therapist }, sampleFormInput(`${token} own`));
  const foreign = await makeForm(t.db, { clinicId: r.other.clinic.id }, sampleFormInput(`${token} foreign`));
  return { token, platform, own, foreign };
}

describe("GET /api/forms/ and /api/search-form/{q}/", () => {
  it.each(STAFF)("list to %s the platform's and its clinic's forms, page = total, archived apart", async (who) => {
    const forms = await ownedForms();
    await r.send("clinic", "PUT", `/api/forms/${forms.own.id}/archive`, { archived: true });
    const search = await r.send(who, "GET", `/api/search-form/${forms.token}/`);
    expect(search.statusCode).toBe(200);
    const names = search.json().data.map((row: { name: string }) => row.name);
    expect(names).toEqual(who === "admin" ? [`${forms.token} foreign`, `${forms.token} platform`] : [`${forms.token} platform`]);

    const all = await r.send(who, "GET", "/api/forms/?limit=100");
    const body = all.json();
    expect(body.page).toBe(body.total);
    const ids = body.data.map((row: { id: number }) => row.id);
    expect(ids).toContain(forms.platform.id);
    expect(ids).not.toContain(forms.own.id);
    expect(ids.includes(forms.foreign.id)).toBe(who === "admin");
    const archived = (await r.send(who, "GET", "/api/forms/?archived=true&limit=100")).json();
    expect(archived.data.map((row: { id: number }) => row.id)).toContain(forms.own.id);
  });

  it("pages by offset or page, and refuses patients", async () => {
    const first = (await r.send("therapist", "GET", "/api/forms/?limit=1")).json();
    const second = (await r.send("therapist", "GET", "/api/forms/?limit=1&page=2")).json();
    const byOffset = (await r.send("therapist", "GET", "/api/forms/?limit=1&offset=1")).json();
    expect(first.data).toHaveLength(1);
    expect(second.data[0].id).toBe(byOffset.data[0].id);
    expect(second.data[0].id).not.toBe(first.data[0].id);
    for (const who of ["patient", "otherPatient"] as const) {
      expect((await r.send(who, "GET", "/api/forms/")).statusCode).toBe(403);
      expect((await r.send(who, "GET", "/api/search-form/x/")).statusCode).toBe(403);
    }
    expect((await r.send(null, "GET", "/api/forms/")).statusCode).toBe(401);
  });
});

describe("GET /api/form/{id} and /api/fields/{id}", () => {
  it("show the platform's and the own clinic's forms; another clinic's is not found", async () => {
    const forms = await ownedForms();
    const own = await r.send("therapist", "GET", `/api/form/${forms.own.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: forms.own.id, version: 1, editable: true, standard: false, questionCount: 5, answeredCount: 0 });
    expect(own.json().totalRange).toEqual({ min: 0, max: 2 + 10 + 5 });
    const platform = await r.send("therapist", "GET", `/api/form/${forms.platform.id}`);
    expect(platform.json().editable).toBe(false);
    expect((await r.send("admin", "GET", `/api/form/${forms.platform.id}`)).json().editable).toBe(true);
    expect((await r.send("therapist", "GET", `/api/form/${forms.foreign.id}`)).statusCode).toBe(404);
    expect((await r.send("otherTherapist", "GET", `/api/fields/${forms.own.id}`)).statusCode).toBe(404);
    expect((await r.send("patient", "GET", `/api/form/${forms.own.id}`)).statusCode).toBe(403);
    const fields = await r.send("clinic", "GET", `/api/fields/${forms.own.id}`);
    expect(fields.json()).toMatchObject({ formId: forms.own.id, versionId: forms.own.versionId, version: 1 });
    expect(fields.json().fields.map((field: { key: string }) => field.key)).toEqual(["intro", "mood", "pain", "fell", "minutes", "note"]);
    expect((await r.send("clinic", "GET", "/api/form/999999")).statusCode).toBe(404);
  });
});

describe("POST /api/create-form/", () => {
  it("creates the caller's clinic's form (an admin's: the platform's) with version 1", async () => {
    const made = await r.send("therapist", "POST", "/api/create-form/", sampleFormInput("Made by the therapist"));
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: "Made by the therapist", clinicId: t.ids.clinic, version: 1, editable: true });
    const platform = await r.send("admin", "POST", "/api/create-form/", sampleFormInput("Made by the admin"));
    expect(platform.json().clinicId).toBeNull();
  });

  it("refuses patients, a form without questions, duplicate keys and bad bands, writing nothing", async () => {
    const before = await formCount();
    expect((await r.send("patient", "POST", "/api/create-form/", sampleFormInput())).statusCode).toBe(403);
    const noQuestions = await r.send("clinic", "POST", "/api/create-form/", {
      ...sampleFormInput(),
      fields: [{ type: "section", key: "s", label: "S" }],
      scoring: {},
    });
    expect(noQuestions.statusCode).toBe(400);
    expect(noQuestions.json().fields).toEqual([FORM_MESSAGES.noQuestions]);
    const input = sampleFormInput();
    const duplicate = await r.send("clinic", "POST", "/api/create-form/", {
      ...input,
      fields: [...input.fields, { type: "date", key: "mood", label: "Again" }],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()["fields.6.key"]).toEqual([FORM_MESSAGES.duplicateKey]);
    const noName = await r.send("clinic", "POST", "/api/create-form/", { ...input, name: "", description: "" });
    expect(noName.statusCode).toBe(400);
    expect(Object.keys(noName.json())).toEqual(expect.arrayContaining(["name", "description"]));
    expect(await formCount()).toBe(before);
  });
});

describe("PUT /api/delete-update-form/{id}: versions", () => {
  it("edits in place while no answer exists, then makes version 2; old answers keep version 1's questions", async () => {
    const form = await makeForm(t.db, { clinicId: t.ids.clinic });
    const pending = await makeFormAssignment(t.db, { form, patientId: t.ids.patient, clinicId: t.ids.clinic });
    const renamed = await r.send("therapist", "PUT", `/api/delete-update-form/${form.id}`, sampleFormInput("Renamed in place"));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Renamed in place", version: 1, versionId: form.versionId });
    expect(await versionCount(form.id)).toBe(1);

    const answered = await makeFormAssignment(t.db, { form, patientId: t.ids.patient, clinicId: t.ids.clinic, state: "submitted" });
    const draft = await makeFormAssignment(t.db, { form, patientId: t.ids.patient, clinicId: t.ids.clinic, state: "inProgress", answers: { pain: 3 } });
    const input = sampleFormInput("Version two");
    input.fields = input.fields.filter((field) => field.key !== "note").concat({ type: "longText", key: "story", label: "Tell us more" });
    const edited = await r.send("therapist", "PUT", `/api/delete-update-form/${form.id}`, input);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Version two", version: 2, answeredCount: 2 });
    expect(edited.json().versionId).not.toBe(form.versionId);
    expect(await versionCount(form.id)).toBe(2);

    const versionOf = async (id: number) => (await t.db.select({ v: formAssignments.versionId }).from(formAssignments).where(eq(formAssignments.id, id)))[0]?.v;
    expect(await versionOf(pending.id)).toBe(edited.json().versionId);
    expect(await versionOf(answered.id)).toBe(form.versionId);
    expect(await versionOf(draft.id)).toBe(form.versionId);
    const old = await r.send("therapist", "GET", `/api/forms/assignments/${answered.id}`);
    expect(old.json()).toMatchObject({ version: 1, formName: "Version two" });
    expect(old.json().fields.map((field: { key: string }) => field.key)).toContain("note");
    expect(old.json().fields.map((field: { key: string }) => field.key)).not.toContain("story");
    const moved = await r.send("patient", "GET", `/api/forms/assignments/${pending.id}`);
    expect(moved.json().version).toBe(2);
    expect(moved.json().fields.map((field: { key: string }) => field.key)).toContain("story");

    // A third edit: version 3, numbered after the last.
    const third = await r.send("clinic", "PUT", `/api/delete-update-form/${form.id}`, sampleFormInput("Version three"));
    expect(third.json().version).toBe(3);
  });

  it("refuses another clinic's form (404), the platform's to staff (403) and a validated questionnaire to anyone (403)", async () => {
    const forms = await ownedForms();
    const standard = await makeForm(t.db, { clinicId: null, standardKey: `test-${uniqueSuffix()}` });
    const input = sampleFormInput("Changed");
    expect((await r.send("otherTherapist", "PUT", `/api/delete-update-form/${forms.own.id}`, input)).statusCode).toBe(404);
    expect((await r.send("clinic", "PUT", `/api/delete-update-form/${forms.platform.id}`, input)).statusCode).toBe(403);
    expect((await r.send("patient", "PUT", `/api/delete-update-form/${forms.own.id}`, input)).statusCode).toBe(403);
    for (const who of ["admin", "clinic"] as const) {
      const refused = await r.send(who, "PUT", `/api/delete-update-form/${standard.id}`, input);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(FORM_MESSAGES.standardForm);
      expect((await r.send(who, "DELETE", `/api/delete-update-form/${standard.id}`)).statusCode).toBe(403);
    }
    const shown = await r.send("admin", "GET", `/api/form/${standard.id}`);
    expect(shown.json()).toMatchObject({ standard: true, editable: false });
    const rows = await t.db.select({ name: dynamicForms.name }).from(dynamicForms).where(eq(dynamicForms.id, forms.own.id));
    expect(rows[0]?.name).toBe(`${forms.token} own`);
  });
});

describe("DELETE /api/delete-update-form/{id} and PUT /api/forms/{id}/archive", () => {
  it("deletes a form without answers (its pending assignments too); refuses one with answers (409, nothing deleted)", async () => {
    const free = await makeForm(t.db, { clinicId: t.ids.clinic });
    await makeFormAssignment(t.db, { form: free, patientId: t.ids.patient });
    expect((await r.send("therapist", "DELETE", `/api/delete-update-form/${free.id}`)).statusCode).toBe(204);
    expect(await versionCount(free.id)).toBe(0);

    const used = await makeForm(t.db, { clinicId: t.ids.clinic });
    await makeFormAssignment(t.db, { form: used, patientId: t.ids.patient, state: "inProgress", answers: { pain: 2 } });
    const pending = await makeFormAssignment(t.db, { form: used, patientId: t.ids.patient });
    const refused = await r.send("clinic", "DELETE", `/api/delete-update-form/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(FORM_MESSAGES.formHasAnswers);
    expect(await versionCount(used.id)).toBe(1);
    expect((await t.db.select().from(formAssignments).where(eq(formAssignments.id, pending.id))).length).toBe(1);
    expect((await r.send("otherClinic", "DELETE", `/api/delete-update-form/${used.id}`)).statusCode).toBe(404);
  });

  it("archives and restores; an archived form is not assigned (409) and leaves search", async () => {
    const form = await makeForm(t.db, { clinicId: t.ids.clinic }, sampleFormInput(`Archivable ${uniqueSuffix()}`));
    const archived = await r.send("therapist", "PUT", `/api/forms/${form.id}/archive`, { archived: true });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archived).toBe(true);
    const assign = await r.send("therapist", "POST", "/api/assignDynamicForm/", { form: form.id, patients: [t.ids.patient] });
    expect(assign.statusCode).toBe(409);
    expect(assign.json().detail).toBe(FORM_MESSAGES.archived);
    expect((await t.db.select().from(formAssignments).where(eq(formAssignments.formId, form.id))).length).toBe(0);
    const restored = await r.send("therapist", "PUT", `/api/forms/${form.id}/archive`, { archived: false });
    expect(restored.json().archived).toBe(false);
    expect((await r.send("otherTherapist", "PUT", `/api/forms/${form.id}/archive`, { archived: true })).statusCode).toBe(404);
  });
});

describe("activated-order gating", () => {
  it("refuses a lapsed clinic's staff and patients with 402; admins are exempt", async () => {
    const clinic = await makeClinicAccount(t.db);
    await t.db.execute(sql`update users set created_at = now() - make_interval(days => 400) where id = ${clinic.id}`);
    await holdMembership(t.db, clinic.id, { fromDate: addDays(today(), -100), toDate: addDays(today(), -10) });
    const patient = await makePatient(t.db, clinic.id);
    const asClinic = await t.login(clinic.email, clinic.password);
    const asPatient = await t.login(patient.email, patient.password);
    const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
    expect((await get(asClinic, "/api/forms/")).statusCode).toBe(402);
    expect((await get(asClinic, "/api/resolved-dynamic-forms/")).statusCode).toBe(402);
    expect((await get(asPatient, "/api/get-forms/")).statusCode).toBe(402);
    expect((await r.send("admin", "GET", "/api/forms/")).statusCode).toBe(200);
  });
});
