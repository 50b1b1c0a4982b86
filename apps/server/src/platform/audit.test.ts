import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { makeClinic, type MadeClinic } from "../../test/factories.ts";
import { auditEvents } from "../db/schema.ts";

let t: TestApp;
let other: MadeClinic;
beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
});
afterAll(async () => t?.close());

const lastEvent = async () => (await t.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0];

describe("audit records", () => {
  it("record a change to a patient's data, with who, whom, what and the outcome", async () => {
    const cookie = await t.loginAs("clinic");
    const response = await t.app.inject({
      method: "POST",
      url: `/api/language/${t.ids.patient}`,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      payload: { language: "es" },
    });
    expect(response.statusCode).toBe(200);
    expect(await lastEvent()).toMatchObject({
      actorId: t.ids.clinic,
      subjectUserId: t.ids.patient,
      action: "user.language.update",
      outcome: "ok",
      detail: { language: "es" },
    });
  });

  it("record a refusal to reach another clinic's patient, and nothing is changed", async () => {
    const cookie = await t.loginAs("therapist");
    const response = await t.app.inject({
      method: "POST",
      url: `/api/language/${other.patient.id}`,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      payload: { language: "es" },
    });
    expect(response.statusCode).toBe(403);
    expect(await lastEvent()).toMatchObject({ actorId: t.ids.therapist, subjectUserId: other.patient.id, action: "user.language.update", outcome: "refused" });
  });

  it("record searches over people's data", async () => {
    const cookie = await t.loginAs("therapist");
    const response = await t.app.inject({ method: "GET", url: "/api/usuario/user?permission_codename_include=is_patient", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(await lastEvent()).toMatchObject({
      actorId: t.ids.therapist,
      action: "user.search",
      outcome: "ok",
      detail: { permission_codename_include: "is_patient" },
    });
  });

  it("record nothing for a request refused before it reaches the data (bad input)", async () => {
    const before = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "user.language.update"));
    const cookie = await t.loginAs("clinic");
    const response = await t.app.inject({
      method: "POST",
      url: `/api/language/${t.ids.patient}`,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      payload: { language: "fr" },
    });
    expect(response.statusCode).toBe(400);
    const after = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "user.language.update"));
    expect(after.length).toBe(before.length);
  });
});
