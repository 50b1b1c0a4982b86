import { randomUUID } from "node:crypto";
import { FORM_MESSAGES } from "@clinic/shared";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import { makeForm, makeFormAssignment, sampleFormInput } from "../../../../test/forms.ts";
import { idempotentRequests } from "../../../platform/idempotency.table.ts";
import { notifications } from "../../../platform/notifications.table.ts";
import { formAssignments } from "./forms.table.ts";

/**
 * A patient's form drafts and submissions sent from the device outbox (issue 43): a resend under
 * its Idempotency-Key applies once, and answers written against questions that have changed since
 * are refused (409 formChanged) rather than stored under questions they did not answer.
 */
type Who = "patient" | "patient2" | "therapist";

let t: TestApp;
const cookies = {} as Record<Who, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ["patient", "patient2", "therapist"] as const) cookies[role] = await t.loginAs(role);
});
afterAll(async () => t?.close());

function send(who: Who, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, key?: string): Promise<InjectResponse> {
  const headers: Record<string, string> = { cookie: cookies[who] };
  if (method !== "GET") headers.origin = TEST_PUBLIC_URL;
  if (key !== undefined) headers["idempotency-key"] = key;
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}
const answer = (who: Who, body: Record<string, unknown>, key?: string) => send(who, "POST", "/api/resolved-form/", body, key);

const demoForm = () => makeForm(t.db, { clinicId: t.ids.clinic, createdBy: t.ids.therapist }, sampleFormInput(`Check ${uniqueSuffix()}`));
const assigned = async (form: { id: number; versionId: number }, patientId = t.ids.patient, answers: Record<string, unknown> = {}) =>
  (await makeFormAssignment(t.db, { form, patientId, clinicId: t.ids.clinic, assignedBy: t.ids.therapist, answers })).id;
const rowOf = async (id: number) => (await t.db.select().from(formAssignments).where(eq(formAssignments.id, id)))[0];
/** The form as the patient's app read it before going offline. */
const formVersionOf = async (assignment: number) => (await send("patient", "GET", `/api/forms/assignments/${assignment}`)).json().formVersion as string;
const counted = async () => {
  const [[notices], [keys]] = await Promise.all([t.db.select({ n: count() }).from(notifications), t.db.select({ n: count() }).from(idempotentRequests)]);
  return { notices: notices?.n ?? 0, keys: keys?.n ?? 0 };
};
/** The therapist saves the form's questions, with the mood question worded anew when `reworded`. */
const editForm = async (formId: number, reworded: boolean) => {
  const input = sampleFormInput(`Check ${uniqueSuffix()}`);
  if (reworded) (input.fields[1] as { label: string }).label = "How do you feel today?";
  const response = await send("therapist", "PUT", `/api/delete-update-form/${formId}`, input);
  expect(response.statusCode).toBe(200);
};

describe("a resent form action applies once", () => {
  it("saves a draft once: the resend answers the same and rewrites nothing", async () => {
    const id = await assigned(await demoForm());
    const key = randomUUID();
    const body = { assignment: id, answers: { mood: "fair", pain: 3 }, formVersion: await formVersionOf(id) };
    const first = await answer("patient", body, key);
    expect(first.statusCode).toBe(200);
    const stored = await rowOf(id);
    const again = await answer("patient", body, key);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await rowOf(id)).toEqual(stored);
  });

  it("submits once: the resend answers the submission, not 'already submitted', and the therapist is told once", async () => {
    const id = await assigned(await demoForm());
    const key = randomUUID();
    const body = { assignment: id, answers: { mood: "bad", fell: true }, submit: true };
    const first = await answer("patient", body, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ state: "submitted", score: { total: 7 } });
    const before = await counted();
    const again = await answer("patient", body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await counted()).toEqual(before);
    // Without its key, the same submission is a second one: refused with a code the outbox can act on.
    const unkeyed = await answer("patient", body);
    expect(unkeyed.statusCode).toBe(409);
    expect(unkeyed.json()).toEqual({ detail: FORM_MESSAGES.alreadySubmitted, code: "alreadySubmitted" });
  });
});

describe("a form changed while the device was offline", () => {
  it("refuses answers to questions moved to a new version (409 formChanged), writing nothing", async () => {
    const form = await demoForm();
    const id = await assigned(form);
    const readOffline = await formVersionOf(id);
    // Another patient's saved draft makes the edit a new version, and the unanswered assignment moves to it.
    await assigned(form, t.ids.patient2, { mood: "good" });
    await editForm(form.id, true);
    expect((await rowOf(id))?.versionId).not.toBe(form.versionId);
    const before = await rowOf(id);
    for (const submit of [false, true]) {
      const response = await answer("patient", { assignment: id, answers: { mood: "fair" }, submit, formVersion: readOffline }, randomUUID());
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: FORM_MESSAGES.formChanged, code: "formChanged" });
    }
    expect(await rowOf(id)).toEqual(before);
    // Read again, the new questions are answered.
    const fresh = await answer("patient", { assignment: id, answers: { mood: "fair" }, formVersion: await formVersionOf(id) });
    expect(fresh.statusCode).toBe(200);
  });

  it("refuses answers to questions edited in place under the same version, and takes them when only saved again unchanged", async () => {
    const form = await demoForm();
    const id = await assigned(form);
    const readOffline = await formVersionOf(id);
    await editForm(form.id, false);
    const unchanged = await answer("patient", { assignment: id, answers: { mood: "good" }, formVersion: readOffline });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().formVersion).toBe(readOffline);
    const written = await formVersionOf(id);
    await t.db.update(formAssignments).set({ answers: {} }).where(eq(formAssignments.id, id));
    await editForm(form.id, true);
    expect((await rowOf(id))?.versionId).toBe(form.versionId);
    const refused = await answer("patient", { assignment: id, answers: { mood: "fair" }, formVersion: written });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("formChanged");
    expect((await rowOf(id))?.answers).toEqual({});
  });

  it("refuses another patient's form (403) and answers a withdrawn one 404, writing nothing", async () => {
    const id = await assigned(await demoForm());
    const refused = await answer("patient2", { assignment: id, answers: { mood: "bad" } }, randomUUID());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: FORM_MESSAGES.notAssignedToYou });
    expect(await rowOf(id)).toMatchObject({ state: "assigned", answers: {} });
    expect((await send("therapist", "DELETE", `/api/forms/assignments/${id}`)).statusCode).toBe(204);
    expect((await answer("patient", { assignment: id, answers: { mood: "bad" } })).statusCode).toBe(404);
  });

  it("answers a tampered or malformed entry 400 with the fields at fault, storing neither the answers nor the key", async () => {
    const id = await assigned(await demoForm());
    const before = await counted();
    const cases: [Record<string, unknown>, string][] = [
      [{ assignment: id, answers: { mood: "fair" }, formVersion: "latest" }, "formVersion"],
      [{ assignment: id, answers: "all good" }, "answers"],
      [{ assignment: -1, answers: {} }, "assignment"],
      [{ assignment: id, answers: {}, draft: true }, "draft"],
    ];
    for (const [body, field] of cases) {
      const response = await answer("patient", body, randomUUID());
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(Object.keys(response.json())).toContain(field);
    }
    expect(await rowOf(id)).toMatchObject({ state: "assigned", answers: {} });
    expect((await counted()).keys).toBe(before.keys);
  });
});
