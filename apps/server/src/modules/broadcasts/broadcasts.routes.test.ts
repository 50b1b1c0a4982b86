import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { auditEvents } from "../../db/schema.ts";
import { broadcastDismissals, broadcasts } from "./broadcasts.table.ts";

let t: TestApp;
let r: RoleCalls;
beforeAll(async () => {
  t = await createTestApp();
  r = await signInRoles(t);
});
afterAll(() => t.close());
// Each test starts with no banners, so what a role sees is only what the test made.
beforeEach(async () => {
  await t.db.delete(broadcasts);
});

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** A valid banner, active for the next hour, for everyone, dismissible. */
const banner = (change: Record<string, unknown> = {}) => ({
  messageEn: "<p>Maintenance tonight</p>",
  messageEs: "<p>Mantenimiento esta noche</p>",
  severity: "warning",
  roles: [],
  clinics: [],
  startsAt: at(-60_000),
  endsAt: at(HOUR),
  dismissible: true,
  ...change,
});

async function publish(change: Record<string, unknown> = {}): Promise<number> {
  const response = await r.send("admin", "POST", "/api/broadcasts/", banner(change));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function shownTo(who: Who): Promise<number[]> {
  const response = await r.send(who, "GET", "/api/broadcasts/active");
  expect(response.statusCode).toBe(200);
  return response.json().map((row: { id: number }) => row.id);
}

const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(broadcasts))[0]?.n;

describe("publishing (admins)", () => {
  it("creates a banner and lists it with its state; the write is audited", async () => {
    const response = await r.send("admin", "POST", "/api/broadcasts/", banner({ roles: ["patient"], clinics: [t.ids.clinic] }));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      messageEn: "<p>Maintenance tonight</p>",
      severity: "warning",
      roles: ["patient"],
      clinics: [{ id: t.ids.clinic }],
      state: "active",
      dismissible: true,
      createdBy: t.ids.admin,
    });
    await publish({ startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    await publish({ startsAt: at(-2 * HOUR), endsAt: at(-HOUR) });
    const list = await r.send("admin", "GET", "/api/broadcasts/");
    expect(list.json().total).toBe(3);
    // Newest start first: scheduled, active, ended.
    expect(list.json().data.map((row: { state: string }) => row.state)).toEqual(["scheduled", "active", "ended"]);
    const ended = await r.send("admin", "GET", "/api/broadcasts/?state=ended");
    expect(ended.json()).toMatchObject({ total: 1, data: [{ state: "ended" }] });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "broadcast.create"), eq(auditEvents.actorId, t.ids.admin), sql`${auditEvents.detail}->>'severity' = 'warning'`));
    expect(audit?.outcome).toBe("ok");
  });

  it("edits and deletes a banner", async () => {
    const id = await publish();
    const edited = await r.send("admin", "PUT", `/api/broadcasts/${id}`, banner({ severity: "critical", dismissible: false, messageEs: "" }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id, severity: "critical", dismissible: false, messageEs: "" });
    expect((await r.send("admin", "DELETE", `/api/broadcasts/${id}`)).statusCode).toBe(204);
    expect((await r.send("admin", "DELETE", `/api/broadcasts/${id}`)).statusCode).toBe(404);
    expect((await r.send("admin", "PUT", `/api/broadcasts/${id}`, banner())).statusCode).toBe(404);
  });

  it("refuses an end before (or at) the start with a field error, writing nothing", async () => {
    for (const endsAt of [at(-HOUR), at(-60_000)]) {
      const response = await r.send("admin", "POST", "/api/broadcasts/", banner({ endsAt }));
      expect(response.statusCode).toBe(400);
      expect(response.json().endsAt).toEqual(["The end must be after the start."]);
    }
    expect(await count()).toBe(0);
    const id = await publish();
    const edit = await r.send("admin", "PUT", `/api/broadcasts/${id}`, banner({ endsAt: at(-HOUR), severity: "critical" }));
    expect(edit.statusCode).toBe(400);
    expect((await t.db.select().from(broadcasts))[0]?.severity).toBe("warning");
  });

  it("refuses script HTML (shared rich-text rules) and keeps only the allowed markup", async () => {
    const script = await r.send("admin", "POST", "/api/broadcasts/", banner({ messageEn: '<p>Hi</p><script>alert("x")</script>' }));
    expect(script.statusCode).toBe(400);
    expect(script.json().messageEn).toEqual(["Scripts, event handlers, embedded frames and javascript: links are not allowed."]);
    const handler = await r.send("admin", "POST", "/api/broadcasts/", banner({ messageEs: '<p onclick="steal()">Hola</p>' }));
    expect(handler.statusCode).toBe(400);
    expect(Object.keys(handler.json())).toContain("messageEs");
    expect(await count()).toBe(0);
    // Harmless markup outside the allowlist is dropped; links open apart; images are not kept.
    const id = await publish({
      messageEn: '<div><p>Read <a href="https://example.org/notes">the notes</a></p><img src="/api/uploads/00000000-0000-4000-8000-000000000000"></div>',
    });
    const [row] = await t.db.select().from(broadcasts).where(eq(broadcasts.id, id));
    expect(row?.messageEn).toBe('<p>Read <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/notes">the notes</a></p>');
  });

  it("needs the message in one language at least, and real clinics", async () => {
    const empty = await r.send("admin", "POST", "/api/broadcasts/", banner({ messageEn: "<p></p>", messageEs: "" }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().messageEn).toEqual(["Write the message in at least one language."]);
    // Only an image from elsewhere: nothing is left to read once sanitised.
    const image = await r.send("admin", "POST", "/api/broadcasts/", banner({ messageEn: '<img src="https://example.org/x.png">', messageEs: "" }));
    expect(image.statusCode).toBe(400);
    expect(image.json().messageEn).toEqual(["Write the message in at least one language."]);
    const notClinic = await r.send("admin", "POST", "/api/broadcasts/", banner({ clinics: [t.ids.therapist] }));
    expect(notClinic.statusCode).toBe(400);
    expect(notClinic.json().clinics).toEqual(["Not a clinic."]);
    const badRole = await r.send("admin", "POST", "/api/broadcasts/", banner({ roles: ["superuser"] }));
    expect(badRole.statusCode).toBe(400);
    expect(await count()).toBe(0);
  });

  it("is for admins only", async () => {
    for (const who of ["clinic", "therapist", "patient"] as const) {
      expect((await r.send(who, "POST", "/api/broadcasts/", banner())).statusCode).toBe(403);
      expect((await r.send(who, "GET", "/api/broadcasts/")).statusCode).toBe(403);
    }
    expect((await r.send(null, "GET", "/api/broadcasts/active")).statusCode).toBe(401);
    const id = await publish();
    expect((await r.send("clinic", "PUT", `/api/broadcasts/${id}`, banner({ severity: "critical" }))).statusCode).toBe(403);
    expect((await r.send("therapist", "DELETE", `/api/broadcasts/${id}`)).statusCode).toBe(403);
    expect(await count()).toBe(1);
  });
});

describe("audience and time window", () => {
  it("shows a banner for everyone to every role", async () => {
    const id = await publish();
    for (const who of ["admin", "clinic", "therapist", "patient", "otherPatient"] as const) expect(await shownTo(who)).toEqual([id]);
  });

  it("shows a banner for roles only to those roles", async () => {
    const patients = await publish({ roles: ["patient"] });
    const staff = await publish({ roles: ["clinic", "therapist"] });
    expect(await shownTo("patient")).toEqual([patients]);
    expect(await shownTo("otherPatient")).toEqual([patients]);
    expect((await shownTo("therapist")).sort()).toEqual([staff]);
    expect(await shownTo("otherClinic")).toEqual([staff]);
    expect(await shownTo("admin")).toEqual([]);
  });

  it("shows a banner for clinics to their accounts, staff and patients only (never to admins)", async () => {
    const demo = await publish({ clinics: [t.ids.clinic] });
    const demoPatients = await publish({ clinics: [t.ids.clinic], roles: ["patient"] });
    for (const who of ["clinic", "therapist"] as const) expect(await shownTo(who)).toEqual([demo]);
    expect((await shownTo("patient")).sort()).toEqual([demo, demoPatients].sort());
    for (const who of ["otherClinic", "otherTherapist", "otherPatient", "admin"] as const) expect(await shownTo(who)).toEqual([]);
    const other = await publish({ clinics: [r.other.clinic.id] });
    expect(await shownTo("otherTherapist")).toEqual([other]);
  });

  it("shows a banner only between its start and end, most severe first", async () => {
    await publish({ startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    await publish({ startsAt: at(-2 * HOUR), endsAt: at(-1000) });
    const info = await publish({ severity: "info" });
    const critical = await publish({ severity: "critical" });
    expect(await shownTo("patient")).toEqual([critical, info]);
  });

  it("answers the active banners in one statement, which can use the time index", async () => {
    await publish({ roles: ["patient"] });
    const seen = await statementsBeyondIdentity(t.database.pool, () => r.send("patient", "GET", "/api/broadcasts/active"));
    expect(seen.own.length, describeStatements(seen.statements)).toBe(1);
    // With sequential scans priced out, the planner reaches the banners through broadcasts_window_idx.
    const plan = await t.database.pool.connect();
    try {
      await plan.query("begin; set local enable_seqscan = off");
      const explained = await plan.query(`explain ${seen.own[0]}`.replace(/\$(\d+)/g, "null"));
      expect(JSON.stringify(explained.rows)).toContain("broadcasts_window_idx");
    } finally {
      await plan.query("rollback");
      plan.release();
    }
  });
});

describe("dismissal", () => {
  it("is remembered per user, across sessions, and only for that user", async () => {
    const id = await publish();
    expect((await r.send("patient", "POST", `/api/broadcasts/${id}/dismiss`)).statusCode).toBe(204);
    // Twice is the same as once.
    expect((await r.send("patient", "POST", `/api/broadcasts/${id}/dismiss`)).statusCode).toBe(204);
    expect(await shownTo("patient")).toEqual([]);
    expect(await shownTo("therapist")).toEqual([id]);
    // A new session (another device) of the same user does not see it either.
    const cookie = await t.loginAs("patient");
    const again = await t.app.inject({ method: "GET", url: "/api/broadcasts/active", headers: { cookie } });
    expect(again.json()).toEqual([]);
    expect(await t.db.select().from(broadcastDismissals).where(eq(broadcastDismissals.broadcastId, id))).toHaveLength(1);
  });

  it("refuses a banner that is not dismissible (409), and one not shown to the caller (404)", async () => {
    const fixed = await publish({ dismissible: false });
    const refused = await r.send("patient", "POST", `/api/broadcasts/${fixed}/dismiss`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe("This message cannot be dismissed.");
    expect(await shownTo("patient")).toEqual([fixed]);
    const forStaff = await publish({ roles: ["therapist"] });
    expect((await r.send("patient", "POST", `/api/broadcasts/${forStaff}/dismiss`)).statusCode).toBe(404);
    const otherClinic = await publish({ clinics: [r.other.clinic.id] });
    expect((await r.send("patient", "POST", `/api/broadcasts/${otherClinic}/dismiss`)).statusCode).toBe(404);
    const scheduled = await publish({ startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    expect((await r.send("patient", "POST", `/api/broadcasts/${scheduled}/dismiss`)).statusCode).toBe(404);
    expect((await r.send("patient", "POST", "/api/broadcasts/2147483647/dismiss")).statusCode).toBe(404);
    expect(await t.db.select().from(broadcastDismissals)).toHaveLength(0);
  });

  it("a banner made non-dismissible after a dismissal shows again", async () => {
    const id = await publish();
    expect((await r.send("patient", "POST", `/api/broadcasts/${id}/dismiss`)).statusCode).toBe(204);
    expect(await shownTo("patient")).toEqual([]);
    expect((await r.send("admin", "PUT", `/api/broadcasts/${id}`, banner({ dismissible: false }))).statusCode).toBe(200);
    expect(await shownTo("patient")).toEqual([id]);
  });
});
