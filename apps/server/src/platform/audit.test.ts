import { desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { makeClinic, type MadeClinic } from "../../test/factories.ts";
import { countStatements } from "../../test/statements.ts";
import { auditEvents } from "../db/schema.ts";
import { verifyAuditTrail } from "./audit-chain.ts";
import { sealPendingAuditRecords } from "./audit-sequencer.ts";
import { auditWriter } from "./audit.ts";

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

  it("record a one-row read, scope checked in the read itself: a patient in its care ok; another clinic's patient, or someone who is no patient, refused with a 404", async () => {
    const cookie = await t.loginAs("therapist");
    const read = async (id: string) => {
      const seen = await countStatements(t.database.pool, () => t.app.inject({ method: "GET", url: `/api/user-patients/${id}`, headers: { cookie } }));
      // The feature flags are read once in a while, whatever the route.
      return { ...seen, statements: seen.statements.filter((text) => !/from "feature_flags"/.test(text)) };
    };
    const mine = await read(t.ids.patient);
    expect(mine.result.statusCode).toBe(200);
    expect(mine.result.json().id).toBe(t.ids.patient);
    // The session's identity, one read with the scope in it, the record's insert.
    expect(mine.statements).toHaveLength(3);
    expect(mine.statements[2]).toMatch(/^\s*insert into audit_events/);
    expect(await lastEvent()).toMatchObject({ actorId: t.ids.therapist, subjectUserId: t.ids.patient, action: "patient.read", outcome: "ok" });

    const theirs = await read(other.patient.id);
    expect(theirs.result.statusCode).toBe(404);
    // The session's identity is kept by now (identity-cache.ts): the read and the record's insert.
    expect(theirs.statements).toHaveLength(2);
    expect(theirs.statements[1]).toMatch(/^\s*insert into audit_events/);
    expect(await lastEvent()).toMatchObject({ actorId: t.ids.therapist, subjectUserId: other.patient.id, action: "patient.read", outcome: "refused" });
    // A colleague is no patient: refused too, though the therapist may read them on the staff screens.
    expect((await read(t.ids.clinic)).result.statusCode).toBe(404);
    expect(await lastEvent()).toMatchObject({ subjectUserId: t.ids.clinic, outcome: "refused" });
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

describe("the audit writer", () => {
  it("writes records that arrive together in one statement, each once, and they seal into a chain that stays intact", async () => {
    const writer = auditWriter(t.db);
    const { count, statements } = await countStatements(t.database.pool, () =>
      Promise.all(Array.from({ length: 40 }, (_, i) => writer.write({ action: `test.batch.${String(i).padStart(2, "0")}`, outcome: "ok", ip: "127.0.0.1" }))),
    );
    // The first goes at once; the 39 that came while it was in flight go together in the next.
    // Plain inserts: nothing else is read, locked or written on the way.
    expect(statements.filter((text) => /^\s*insert into "?audit_events"?/i.test(text))).toHaveLength(2);
    expect(count).toBe(2);
    await sealPendingAuditRecords(t.db);
    const written = await t.db.select().from(auditEvents).where(like(auditEvents.action, "test.batch.%")).orderBy(auditEvents.seq);
    expect(written.map((row) => row.action)).toEqual(Array.from({ length: 40 }, (_, i) => `test.batch.${String(i).padStart(2, "0")}`));
    expect(await verifyAuditTrail(t.db)).toMatchObject({ breaks: [], unsealed: { count: 0 } });
  });

  it("keeps every detail as written, quotes, braces, commas, backslashes and nulls included", async () => {
    const writer = auditWriter(t.db);
    const details = [{ text: 'a "quoted", {braced} \\ back, slash' }, null, { nested: { list: [1, "two", null] }, accent: "Peña" }];
    await Promise.all(details.map((detail, i) => writer.write({ action: `test.detail.${i}`, outcome: "ok", detail, subjectUserId: i === 1 ? null : `s${i}` })));
    const written = await t.db.select().from(auditEvents).where(like(auditEvents.action, "test.detail.%")).orderBy(auditEvents.action);
    expect(written.map((row) => row.detail)).toEqual(details);
    expect(written.map((row) => row.subjectUserId)).toEqual(["s0", null, "s2"]);
  });

  it("fails only the record that cannot be written, not the ones travelling with it", async () => {
    const writer = auditWriter(t.db);
    const results = await Promise.allSettled([
      writer.write({ action: "test.alone.first", outcome: "ok" }),
      writer.write({ action: "test.alone.good", outcome: "ok" }),
      // jsonb refuses the NUL character: this record alone cannot be stored.
      writer.write({ action: "test.alone.bad", outcome: "ok", detail: { text: "a\u0000b" } }),
      writer.write({ action: "test.alone.last", outcome: "ok" }),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    const written = await t.db.select({ action: auditEvents.action }).from(auditEvents).where(like(auditEvents.action, "test.alone.%"));
    expect(written.map((row) => row.action).sort()).toEqual(["test.alone.first", "test.alone.good", "test.alone.last"]);
  });
});
