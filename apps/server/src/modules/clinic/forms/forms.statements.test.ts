import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { makeForm, makeFormAssignment, sampleFormInput } from "../../../../test/forms.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../../test/statements.ts";

/**
 * Round trips of the forms' reads (issue 14's rule: one or two per call). Writes a read makes
 * (the audit record of a patient's data) come on top and are not counted, as for the other lists.
 */
let t: TestApp;
let r: RoleCalls;
let assignmentId: number;
let formId: number;
beforeAll(async () => {
  t = await createTestApp();
  r = await signInRoles(t);
  const form = await makeForm(t.db, { clinicId: t.ids.clinic, createdBy: t.ids.therapist });
  formId = form.id;
  const score = { total: 3, totalRange: { min: 0, max: 17 }, band: "Low", subscales: [] };
  for (const days of [30, 10]) {
    await makeFormAssignment(t.db, {
      form,
      patientId: t.ids.patient,
      clinicId: t.ids.clinic,
      state: "submitted",
      answers: { mood: "fair" },
      score,
      submittedAt: new Date(Date.now() - days * 86_400_000),
    });
  }
  assignmentId = (await makeFormAssignment(t.db, { form, patientId: t.ids.patient, clinicId: t.ids.clinic })).id;
});
afterAll(async () => t?.close());

async function reads(who: Who, url: string): Promise<{ own: string[]; statements: string[] }> {
  const seen = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", url));
  return { own: seen.own.filter((text) => !/^\s*(insert|update|delete)\b/i.test(text)), statements: seen.statements };
}

/** `{patient}`, `{form}` and `{assignment}` stand for this file's rows. */
const urlOf = (template: string) =>
  template.replace("{patient}", t.ids.patient).replace("{form}", String(formId)).replace("{assignment}", String(assignmentId));

describe("the forms' reads", () => {
  it.each([
    ["therapist", "/api/forms/?limit=20"],
    ["therapist", "/api/search-form/form/"],
    ["therapist", "/api/form/{form}"],
    ["therapist", "/api/fields/{form}"],
    ["therapist", "/api/forms/assignments/{assignment}"],
    ["patient", "/api/forms/assignments/{assignment}"],
    ["therapist", "/api/resolved-dynamic-forms/?rowsPerPage=20"],
    // A patient's lists: the patient's check (and the form's) in one statement, then the rows.
    ["therapist", "/api/get-forms/?patient={patient}"],
    ["patient", "/api/get-forms/"],
    ["therapist", "/api/resolved-dynamic-Form/{patient}/{form}/"],
    ["patient", "/api/resolved-dynamic-Form/{patient}/{form}/"],
  ] as [Who, string][])("as %s, GET %s takes at most two statements", async (who, template) => {
    const seen = await reads(who, urlOf(template));
    expect(seen.own.length, describeStatements(seen.statements)).toBeLessThanOrEqual(2);
  });
});

/**
 * Kept answers (issue 34): the forms list and the results page are read once, then served while
 * no table they read changes (the identity statement reads the versions); a write on any node
 * drops them at once.
 */
describe("the kept lists", () => {
  it("serves the forms list again with no statement of its own, and reads it anew after a form is added", async () => {
    const url = "/api/forms/?limit=50";
    await reads("therapist", url);
    const again = await reads("therapist", url);
    expect(again.own, describeStatements(again.statements)).toEqual([]);
    const added = await makeForm(t.db, { clinicId: t.ids.clinic, createdBy: t.ids.therapist }, sampleFormInput("Zz kept-answer check"));
    const after = await statementsBeyondIdentity(t.database.pool, () => r.send("therapist", "GET", url));
    expect(after.own.length, describeStatements(after.statements)).toBe(1);
    expect(after.body.data.map((row: { id: number }) => row.id)).toContain(added.id);
  });

  it("serves the results page again reading nothing of its own (its audit record comes on top), and anew after an answer", async () => {
    const url = "/api/resolved-dynamic-forms/?rowsPerPage=10";
    const first = await statementsBeyondIdentity(t.database.pool, () => r.send("therapist", "GET", url));
    const again = await reads("therapist", url);
    expect(again.own, describeStatements(again.statements)).toEqual([]);
    const form = await makeForm(t.db, { clinicId: t.ids.clinic, createdBy: t.ids.therapist });
    const score = { total: 1, totalRange: { min: 0, max: 17 }, band: "Low", subscales: [] };
    await makeFormAssignment(t.db, { form, patientId: t.ids.patient, clinicId: t.ids.clinic, state: "submitted", answers: {}, score, submittedAt: new Date() });
    const after = await statementsBeyondIdentity(t.database.pool, () => r.send("therapist", "GET", url));
    expect(after.own.filter((text) => !/^\s*(insert|update|delete)\b/i.test(text)).length, describeStatements(after.statements)).toBe(1);
    expect(after.body.total).toBe(first.body.total + 1);
  });
});
