import { FORM_MESSAGES, formMessage } from "@clinic/shared";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, users } from "../../../db/schema.ts";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import { makePatient } from "../../../../test/factories.ts";
import { makeForm, makeFormAssignment, sampleFormInput } from "../../../../test/forms.ts";
import { dayFromToday, type RoleCalls, signInRoles } from "../../../../test/roles.ts";
import { formAssignments } from "./forms.table.ts";

let t: TestApp;
let r: RoleCalls;
beforeAll(async () => {
  t = await createTestApp();
  r = await signInRoles(t);
});
afterAll(async () => t?.close());

const row = async (id: number) => (await t.db.select().from(formAssignments).where(eq(formAssignments.id, id)))[0];
const assignmentCount = async () => (await t.db.select({ n: count() }).from(formAssignments))[0]?.n;
const demoForm = (name = `Check ${uniqueSuffix()}`) => makeForm(t.db, { clinicId: t.ids.clinic, createdBy: t.ids.therapist }, sampleFormInput(name));
const assigned = async (form: { id: number; versionId: number }, patientId = t.ids.patient) =>
  (await makeFormAssignment(t.db, { form, patientId, clinicId: t.ids.clinic, assignedBy: t.ids.therapist })).id;
const answer = (who: Parameters<RoleCalls["send"]>[0], assignment: number, answers: Record<string, unknown>, submit = false) =>
  r.send(who, "POST", "/api/resolved-form/", { assignment, answers, submit });

describe("POST /api/assignDynamicForm/", () => {
  it("assigns one form to several patients with a due date, all in one go", async () => {
    const form = await demoForm();
    const response = await r.send("therapist", "POST", "/api/assignDynamicForm/", {
      form: form.id,
      patients: [t.ids.patient, t.ids.patient2, t.ids.patient],
      dueDate: dayFromToday(7),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().assigned).toBe(2);
    expect(response.json().data[0]).toMatchObject({ formId: form.id, version: 1, state: "assigned", dueDate: dayFromToday(7), overdue: false, score: null });
    expect(response.json().data[0].assignedBy.id).toBe(t.ids.therapist);
    const platform = await makeForm(t.db, { clinicId: null });
    expect((await r.send("clinic", "POST", "/api/assignDynamicForm/", { form: platform.id, patients: [t.ids.patient] })).statusCode).toBe(201);
  });

  it("refuses a patient out of scope, another clinic's form and patients as callers, writing nothing", async () => {
    const form = await demoForm();
    const before = await assignmentCount();
    const mixed = await r.send("therapist", "POST", "/api/assignDynamicForm/", { form: form.id, patients: [t.ids.patient, r.other.patient.id] });
    expect(mixed.statusCode).toBe(404);
    expect((await r.send("otherTherapist", "POST", "/api/assignDynamicForm/", { form: form.id, patients: [r.other.patient.id] })).statusCode).toBe(404);
    // Even an admin does not hand one clinic's form to another clinic's patient.
    expect((await r.send("admin", "POST", "/api/assignDynamicForm/", { form: form.id, patients: [r.other.patient.id] })).statusCode).toBe(404);
    expect((await r.send("patient", "POST", "/api/assignDynamicForm/", { form: form.id, patients: [t.ids.patient] })).statusCode).toBe(403);
    const late = await r.send("therapist", "POST", "/api/assignDynamicForm/", { form: form.id, patients: [t.ids.patient], dueDate: "2026-02-30" });
    expect(late.statusCode).toBe(400);
    expect(await assignmentCount()).toBe(before);
  });
});

describe("GET /api/get-forms/ and GET /api/forms/assignments/{id}", () => {
  it("show a patient their own forms and staff those of patients in scope", async () => {
    const form = await demoForm();
    const id = await assigned(form);
    const own = await r.send("patient", "GET", "/api/get-forms/");
    expect(own.statusCode).toBe(200);
    expect(own.json().map((item: { id: number }) => item.id)).toContain(id);
    expect(own.json().every((item: { patient: { id: string } }) => item.patient.id === t.ids.patient)).toBe(true);
    expect((await r.send("therapist", "GET", `/api/get-forms/?patient=${t.ids.patient}`)).json()[0].id).toBe(id);
    const missing = await r.send("therapist", "GET", "/api/get-forms/");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().patient).toBeDefined();
    expect((await r.send("patient", "GET", `/api/get-forms/?patient=${t.ids.patient2}`)).statusCode).toBe(404);
    expect((await r.send("otherTherapist", "GET", `/api/get-forms/?patient=${t.ids.patient}`)).statusCode).toBe(404);

    const resolved = await r.send("patient", "GET", `/api/forms/assignments/${id}`);
    expect(resolved.json()).toMatchObject({ id, answerable: true, answers: {}, description: "A form for tests." });
    expect(resolved.json().fields).toHaveLength(6);
    expect((await r.send("therapist", "GET", `/api/forms/assignments/${id}`)).json().answerable).toBe(false);
    expect((await r.send("clinic", "GET", `/api/forms/assignments/${id}`)).json().answerable).toBe(true);
    expect((await r.send("otherPatient", "GET", `/api/forms/assignments/${id}`)).statusCode).toBe(404);
    expect((await r.send("otherClinic", "GET", `/api/forms/assignments/${id}`)).statusCode).toBe(404);

    const audits = await t.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "patient.forms.read"), eq(auditEvents.subjectUserId, t.ids.patient), eq(auditEvents.outcome, "ok")));
    expect(audits[0]?.n).toBeGreaterThanOrEqual(3);
  });

  it("marks a form past its due day overdue", async () => {
    const form = await demoForm();
    const made = await makeFormAssignment(t.db, { form, patientId: t.ids.patient, dueDate: dayFromToday(-1) });
    expect((await r.send("patient", "GET", `/api/forms/assignments/${made.id}`)).json().overdue).toBe(true);
  });
});

describe("POST /api/resolved-form/", () => {
  it("saves drafts, then submits once with the server's score, band and subscales", async () => {
    const form = await demoForm();
    const id = await assigned(form);
    const draft = await answer("patient", id, { pain: 3, note: "", mood: null });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ state: "inProgress", answers: { pain: 3 }, score: null, answerable: true });
    const submitted = await answer("patient", id, { mood: "fair", pain: 3, fell: true, minutes: 15, note: "Better" }, true);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ state: "submitted", answerable: false, submittedBy: { id: t.ids.patient } });
    expect(submitted.json().score).toEqual({
      total: 9,
      totalRange: { min: 0, max: 17 },
      band: "High",
      subscales: [{ key: "body", name: "Body", score: 8, range: { min: 0, max: 15 } }],
    });
    expect((await row(id))?.score?.total).toBe(9);
    expect((await row(id))?.submittedAt).not.toBeNull();
  });

  it("refuses every bad answer with its field error, writing nothing", async () => {
    const form = await demoForm();
    const other = await demoForm();
    const id = await assigned(form);
    await answer("patient", id, { pain: 4 });
    const before = await row(id);
    const cases: [Record<string, unknown>, boolean, string, string][] = [
      [{ pain: 4 }, true, "answers.mood", FORM_MESSAGES.required],
      [{ mood: "awful" }, false, "answers.mood", FORM_MESSAGES.notAnOption],
      [{ pain: 11 }, false, "answers.pain", formMessage("aboveMax", { max: 10 })],
      [{ minutes: -5 }, false, "answers.minutes", formMessage("belowMin", { min: 0 })],
      [{ minutes: 7 }, false, "answers.minutes", formMessage("offStep", { step: 5, min: 0 })],
      [{ fell: "yes" }, false, "answers.fell", FORM_MESSAGES.notYesNo],
      [{ story: "A field of another version" }, false, "answers.story", FORM_MESSAGES.notAField],
      [{ intro: "A heading takes no answer" }, false, "answers.intro", FORM_MESSAGES.notAField],
    ];
    for (const [answers, submit, key, message] of cases) {
      const response = await answer("patient", id, answers, submit);
      expect(response.statusCode, JSON.stringify(answers)).toBe(400);
      expect(response.json()[key]).toEqual([message]);
    }
    // The other form's assignment: answering this one with its id is answering another form.
    const elsewhere = await assigned(other);
    const wrongForm = await answer("patient", elsewhere, { unknown: 1 });
    expect(wrongForm.json()["answers.unknown"]).toEqual([FORM_MESSAGES.notAField]);
    expect(await row(id)).toEqual(before);
  });

  it("lets only the patient, or staff with answer_all_forms in scope, answer", async () => {
    const form = await demoForm();
    const id = await assigned(form);
    const notYours = await answer("otherPatient", id, { mood: "good" });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().detail).toBe(FORM_MESSAGES.notAssignedToYou);
    const therapist = await answer("therapist", id, { mood: "good" });
    expect(therapist.statusCode).toBe(403);
    expect(therapist.json().detail).toBe(FORM_MESSAGES.notAssignedToYou);
    expect((await answer("otherClinic", id, { mood: "good" })).statusCode).toBe(404);
    expect((await row(id))?.state).toBe("assigned");
    const onBehalf = await answer("clinic", id, { mood: "good" }, true);
    expect(onBehalf.statusCode).toBe(200);
    expect(onBehalf.json().submittedBy.id).toBe(t.ids.clinic);
    expect(onBehalf.json().score.total).toBe(0);
  });

  it("refuses submitting twice and changing a submitted answer (409), writing nothing", async () => {
    const form = await demoForm();
    const id = await assigned(form);
    await answer("patient", id, { mood: "bad" }, true);
    const before = await row(id);
    for (const submit of [true, false]) {
      const again = await answer("patient", id, { mood: "good" }, submit);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(FORM_MESSAGES.alreadySubmitted);
    }
    expect(await row(id)).toEqual(before);
  });

  it("takes one of two submissions sent at once, and audits it with its patient", async () => {
    const form = await demoForm();
    const id = await assigned(form);
    const both = await Promise.all([answer("patient", id, { mood: "bad" }, true), answer("clinic", id, { mood: "good" }, true)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = both.find((response) => response.statusCode === 200)?.json();
    expect((await row(id))?.score?.total).toBe(winner.score.total);
    const audits = await t.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "patient.forms.submit"), eq(auditEvents.subjectUserId, t.ids.patient), eq(auditEvents.outcome, "ok")));
    expect(audits[0]?.n).toBeGreaterThanOrEqual(1);
  });
});

describe("review and withdraw", () => {
  it("reviews only a submitted form, with a note that a second review changes", async () => {
    const form = await demoForm();
    const id = await assigned(form);
    const early = await r.send("therapist", "PUT", `/api/forms/assignments/${id}/review`, { note: "Too early" });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(FORM_MESSAGES.notSubmitted);
    await answer("patient", id, { mood: "good" }, true);
    expect((await r.send("otherTherapist", "PUT", `/api/forms/assignments/${id}/review`, { note: "x" })).statusCode).toBe(404);
    expect((await r.send("patient", "PUT", `/api/forms/assignments/${id}/review`, { note: "x" })).statusCode).toBe(403);
    const reviewed = await r.send("therapist", "PUT", `/api/forms/assignments/${id}/review`, { note: "  Stable.  " });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json()).toMatchObject({ state: "reviewed", reviewNote: "Stable.", reviewedBy: { id: t.ids.therapist } });
    const again = await r.send("clinic", "PUT", `/api/forms/assignments/${id}/review`, { note: "Seen by the clinic." });
    expect(again.json()).toMatchObject({ state: "reviewed", reviewNote: "Seen by the clinic." });
  });

  it("withdraws an open assignment, never a submitted one", async () => {
    const form = await demoForm();
    const open = await assigned(form);
    const done = await assigned(form);
    await answer("patient", done, { mood: "good" }, true);
    expect((await r.send("otherTherapist", "DELETE", `/api/forms/assignments/${open}`)).statusCode).toBe(404);
    expect((await r.send("patient", "DELETE", `/api/forms/assignments/${open}`)).statusCode).toBe(403);
    expect((await r.send("therapist", "DELETE", `/api/forms/assignments/${open}`)).statusCode).toBe(204);
    expect(await row(open)).toBeUndefined();
    const refused = await r.send("therapist", "DELETE", `/api/forms/assignments/${done}`);
    expect(refused.statusCode).toBe(409);
    expect(await row(done)).toBeDefined();
  });
});

describe("results, history and export", () => {
  it("lists submitted answers in scope, newest first, filtered by q, days, patient and form", async () => {
    const token = uniqueSuffix();
    const form = await demoForm(`Results ${token}`);
    const first = await assigned(form);
    const second = await assigned(form);
    const third = await assigned(form, t.ids.patient2);
    await assigned(form);
    await answer("patient", first, { mood: "bad", pain: 1 }, true);
    await answer("patient", second, { mood: "good" }, true);
    await answer("clinic", third, { mood: "fair" }, true);
    await t.db
      .update(formAssignments)
      .set({ submittedAt: new Date(`${dayFromToday(-10)}T12:00:00Z`) })
      .where(eq(formAssignments.id, first));

    const list = await r.send("therapist", "GET", `/api/resolved-dynamic-forms/?q=${token}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, total: 3 });
    expect(list.json().data.map((item: { id: number }) => item.id)).toEqual([third, second, first]);
    const byPatient = await r.send("therapist", "GET", `/api/resolved-dynamic-forms/?form=${form.id}&patient=${t.ids.patient}`);
    expect(byPatient.json().data.map((item: { id: number }) => item.id)).toEqual([second, first]);
    const byName = await r.send("clinic", "GET", `/api/resolved-dynamic-forms/?form=${form.id}&q=Méndez`);
    expect(byName.json().data.map((item: { id: number }) => item.id)).toEqual([third]);
    const days = await r.send("clinic", "GET", `/api/resolved-dynamic-forms/?form=${form.id}&since=${dayFromToday(-11)}&to=${dayFromToday(-10)}`);
    expect(days.json().data.map((item: { id: number }) => item.id)).toEqual([first]);
    const paged = await r.send("clinic", "GET", `/api/resolved-dynamic-forms/?form=${form.id}&rowsPerPage=2&page=2`);
    expect(paged.json()).toMatchObject({ page: 2, total: 3 });
    expect(paged.json().data.map((item: { id: number }) => item.id)).toEqual([first]);
    const own = await r.send("patient", "GET", `/api/resolved-dynamic-forms/?form=${form.id}`);
    expect(own.json().data.map((item: { id: number }) => item.id)).toEqual([second, first]);
    expect((await r.send("otherTherapist", "GET", `/api/resolved-dynamic-forms/?form=${form.id}`)).json().total).toBe(0);
    const backwards = await r.send("clinic", "GET", `/api/resolved-dynamic-forms/?since=${dayFromToday(0)}&to=${dayFromToday(-1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().to).toEqual([FORM_MESSAGES.sinceAfterTo]);
  });

  it("gives one patient's scores on one form oldest first, over every version", async () => {
    const form = await demoForm();
    const before = await assigned(form);
    await answer("patient", before, { mood: "bad" }, true);
    const input = sampleFormInput("Edited");
    input.fields = input.fields.filter((field) => field.key !== "fell");
    input.scoring = { ...input.scoring, subscales: [{ key: "body", name: "Body", fields: ["pain"] }] };
    expect((await r.send("therapist", "PUT", `/api/delete-update-form/${form.id}`, input)).json().version).toBe(2);
    const after = await (async () => {
      const response = await r.send("therapist", "POST", "/api/assignDynamicForm/", { form: form.id, patients: [t.ids.patient] });
      return response.json().data[0].id as number;
    })();
    await answer("patient", after, { mood: "fair", pain: 2 }, true);
    const history = await r.send("therapist", "GET", `/api/resolved-dynamic-Form/${t.ids.patient}/${form.id}/`);
    expect(history.statusCode).toBe(200);
    expect(history.json().map((item: { id: number; version: number; score: { total: number } }) => [item.id, item.version, item.score.total])).toEqual([
      [before, 1, 2],
      [after, 2, 3],
    ]);
    expect((await r.send("patient", "GET", `/api/resolved-dynamic-Form/${t.ids.patient}/${form.id}/`)).json()).toHaveLength(2);
    expect((await r.send("patient", "GET", `/api/resolved-dynamic-Form/${t.ids.patient2}/${form.id}/`)).statusCode).toBe(404);
    expect((await r.send("otherTherapist", "GET", `/api/resolved-dynamic-Form/${t.ids.patient}/${form.id}/`)).statusCode).toBe(404);
    const foreign = await makeForm(t.db, { clinicId: r.other.clinic.id });
    expect((await r.send("therapist", "GET", `/api/resolved-dynamic-Form/${t.ids.patient}/${foreign.id}/`)).statusCode).toBe(404);
  });

  it("exports the results as CSV with scores and, for one form, every answer as text; formulas stay text", async () => {
    const form = await demoForm(`Export ${uniqueSuffix()}`);
    const patient = await makePatient(t.db, t.ids.clinic, [t.ids.therapist], { nombres: "=HYPERLINK(1)", apellidos: "Test" });
    const id = await assigned(form, patient.id);
    await answer("clinic", id, { mood: "fair", pain: 3, fell: true, minutes: 15, note: "+cmd" }, true);
    const response = await r.send("therapist", "GET", `/api/forms/results/export?form=${form.id}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="form-results-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Submitted,Patient,Form,Version,State,Total,Band,Body,How are you?,Pain,Did you fall?,Minutes walked,Anything else?");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=HYPERLINK(1) Test");
    expect(lines[1]).toContain(",1,submitted,9,High,8,Fair,3,yes,15,'+cmd");
    await t.db.update(users).set({ language: "es" }).where(eq(users.id, t.ids.clinic));
    const spanish = await r.send("clinic", "GET", `/api/forms/results/export?form=${form.id}&format=csv`);
    await t.db.update(users).set({ language: "en" }).where(eq(users.id, t.ids.clinic));
    const spanishLines = spanish.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(spanishLines[0]).toMatch(/^Enviado,Paciente,Formulario,Versión,Estado,Total,Nivel,Body,How are you\?/);
    expect(spanishLines[1]).toContain(",1,enviado,9,High,8,Fair,3,sí,15,");
    const xlsx = await r.send("clinic", "GET", `/api/forms/results/export?form=${form.id}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    expect((await r.send("patient", "GET", "/api/forms/results/export")).statusCode).toBe(403);
    const none = await r.send("otherTherapist", "GET", `/api/forms/results/export?format=csv`);
    expect(
      none.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toHaveLength(1);
  });
});
