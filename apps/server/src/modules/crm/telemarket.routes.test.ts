import { CRM_TELEMARKET_MESSAGES } from "@clinic/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { makeClinic, type MadeUser } from "../../../test/factories.ts";
import { feedUrl } from "../clinic/appointments/calendar-feed.ts";
import { makeCrmAgent, makeCrmClientUser } from "./crm.fixture.ts";
import { crmActivities, crmClients, crmInitiatives, crmTracking } from "./crm.table.ts";

/**
 * Calls and meetings, the telemarketers' statistics and the meetings in the calendar feed
 * (issue 36.4), per role: the CRM admin (the demo clinic), agents, a CRM client, the demo
 * therapist, another clinic, the platform admin and the signed out.
 */

let t: TestApp;
let agentA: MadeUser;
let agentB: MadeUser;
let otherClinicId: string;
let clientId: number;
const cookies: Record<string, string> = {};

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: cookies[who] } : {}), ...(method === "GET" ? {} : { origin: TEST_PUBLIC_URL }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function makeClient(clinicId = t.ids.clinic): Promise<number> {
  const [made] = await t.db
    .insert(crmClients)
    .values({ clinicId, firstName: "Lucía", lastName: "Gómez", organisation: "Fisio Sur", phone: "+34 600 000 001", consent: true })
    .returning({ id: crmClients.id });
  return made?.id as number;
}

const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const meeting = (values: Record<string, unknown> = {}) => ({
  clientId,
  kind: "meeting",
  at: ahead(2),
  durationMinutes: 30,
  subject: "Demo of the service",
  ...values,
});
const activitiesOf = async (id: number) => (await t.db.select().from(crmActivities).where(eq(crmActivities.clientId, id))).length;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,crm_manager" } });
  agentA = await makeCrmAgent(t.db, t.ids.clinic, { nombres: "Ana", apellidos: "Agent" });
  agentB = await makeCrmAgent(t.db, t.ids.clinic, { nombres: "Beto", apellidos: "Agent" });
  const crmClient = await makeCrmClientUser(t.db, t.ids.clinic);
  const other = await makeClinic(t.db);
  otherClinicId = other.clinic.id;
  cookies.agentA = await t.login(agentA.email, agentA.password);
  cookies.agentB = await t.login(agentB.email, agentB.password);
  cookies.crmClient = await t.login(crmClient.email, crmClient.password);
  cookies.clinic = await t.loginAs("clinic");
  cookies.admin = await t.loginAs("admin");
  cookies.therapist = await t.loginAs("therapist");
  cookies.otherClinic = await t.login(other.clinic.email, other.clinic.password);
  clientId = await makeClient();
});
afterAll(async () => t?.close());

describe("calls and meetings", () => {
  it("an agent logs a call and books a meeting; each writes a timeline line", async () => {
    const logged = await call("agentA", "POST", "/api/crm/activities", {
      clientId,
      kind: "call",
      at: new Date().toISOString(),
      durationMinutes: 4,
      outcome: "answered",
      subject: "First contact",
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json()).toMatchObject({ kind: "call", clientName: "Lucía Gómez", agentId: agentA.id, agentName: "Ana Agent", outcome: "answered" });
    const booked = await call("agentA", "POST", "/api/crm/activities", meeting());
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ kind: "meeting", outcome: null, callBackAt: null, durationMinutes: 30 });
    const timeline = await t.db.select().from(crmTracking).where(eq(crmTracking.clientId, clientId));
    expect(timeline.map((line) => [line.kind, line.refId])).toEqual(
      expect.arrayContaining([
        ["call", logged.json().id],
        ["meeting", booked.json().id],
      ]),
    );

    const list = await call("agentB", "GET", `/api/crm/activities?clientId=${clientId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { id: number }) => row.id)).toEqual([booked.json().id, logged.json().id]);
    const upcoming = await call("agentA", "GET", `/api/crm/activities?kind=meeting&agentId=${agentA.id}&since=${new Date().toISOString()}&sort=upcoming`);
    expect(upcoming.json().data.map((row: { id: number }) => row.id)).toContain(booked.json().id);
  });

  it("refuses a call without an outcome, a call-back in the past, a meeting in the past or without a length, writing nothing", async () => {
    const before = await activitiesOf(clientId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ clientId, kind: "call", at: new Date().toISOString(), durationMinutes: 2 }, "outcome", CRM_TELEMARKET_MESSAGES.outcomeNeeded],
      [
        { clientId, kind: "call", at: new Date().toISOString(), durationMinutes: 2, outcome: "call_back", callBackAt: ahead(-1) },
        "callBackAt",
        CRM_TELEMARKET_MESSAGES.callBackFuture,
      ],
      [meeting({ at: ahead(-1) }), "at", CRM_TELEMARKET_MESSAGES.meetingFuture],
      [meeting({ durationMinutes: 0 }), "durationMinutes", CRM_TELEMARKET_MESSAGES.meetingLength],
      [meeting({ outcome: "answered" }), "outcome", CRM_TELEMARKET_MESSAGES.meetingNoOutcome],
    ];
    for (const [body, field, message] of cases) {
      const refused = await call("agentA", "POST", "/api/crm/activities", body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()[field]).toEqual([message]);
    }
    expect(await activitiesOf(clientId)).toBe(before);
  });

  it("an agent changes and deletes only their own; a CRM admin any, and may book for one of the clinic's agents", async () => {
    const booked = (await call("agentA", "POST", "/api/crm/activities", meeting())).json();
    const moved = { at: ahead(3), durationMinutes: 60, subject: "Moved" };
    expect((await call("agentB", "PUT", `/api/crm/activities/${booked.id}`, moved)).statusCode).toBe(403);
    expect((await call("agentB", "DELETE", `/api/crm/activities/${booked.id}`)).statusCode).toBe(403);
    const changed = await call("agentA", "PUT", `/api/crm/activities/${booked.id}`, moved);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ subject: "Moved", durationMinutes: 60, at: moved.at });
    // A past meeting may be changed without moving it, but not moved into the past.
    await t.db
      .update(crmActivities)
      .set({ at: new Date(Date.now() - 86_400_000) })
      .where(eq(crmActivities.id, booked.id));
    const pastAt = new Date(Date.now() - 86_400_000);
    const [row] = await t.db.select({ at: crmActivities.at }).from(crmActivities).where(eq(crmActivities.id, booked.id));
    const notes = await call("clinic", "PUT", `/api/crm/activities/${booked.id}`, { at: row?.at.toISOString(), durationMinutes: 60, notes: "It went well." });
    expect(notes.statusCode, notes.body).toBe(200);
    const intoPast = await call("clinic", "PUT", `/api/crm/activities/${booked.id}`, {
      at: new Date(pastAt.getTime() - 3_600_000).toISOString(),
      durationMinutes: 60,
    });
    expect(intoPast.statusCode).toBe(400);
    expect((await call("agentA", "DELETE", `/api/crm/activities/${booked.id}`)).statusCode).toBe(204);
    expect((await call("agentA", "DELETE", `/api/crm/activities/${booked.id}`)).statusCode).toBe(404);

    // Agents book for themselves only; the CRM admin names one of the clinic's agents.
    expect((await call("agentA", "POST", "/api/crm/activities", meeting({ agentId: agentB.id }))).statusCode).toBe(403);
    const forB = await call("clinic", "POST", "/api/crm/activities", meeting({ agentId: agentB.id }));
    expect(forB.statusCode, forB.body).toBe(201);
    expect(forB.json()).toMatchObject({ agentId: agentB.id, agentName: "Beto Agent" });
    const stranger = await call("clinic", "POST", "/api/crm/activities", meeting({ agentId: otherClinicId }));
    expect(stranger.json()).toEqual({ agentId: [CRM_TELEMARKET_MESSAGES.agentUnknown] });
    const admin = await call("admin", "POST", "/api/crm/activities", meeting());
    expect(admin.statusCode).toBe(201);
    expect((await call("admin", "DELETE", `/api/crm/activities/${forB.json().id}`)).statusCode).toBe(204);
  });

  it("an agent names only their own initiatives; other clinics' clients answer 404; others are refused", async () => {
    const [theirs] = await t.db.insert(crmInitiatives).values({ clinicId: t.ids.clinic, title: "B's", salesmanId: agentB.id }).returning();
    const [foreign] = await t.db.insert(crmInitiatives).values({ clinicId: otherClinicId, title: "Foreign", salesmanId: null }).returning();
    expect((await call("agentA", "POST", "/api/crm/activities", meeting({ initiativeId: theirs?.id }))).statusCode).toBe(403);
    expect((await call("agentB", "POST", "/api/crm/activities", meeting({ initiativeId: theirs?.id }))).statusCode).toBe(201);
    expect((await call("clinic", "POST", "/api/crm/activities", meeting({ initiativeId: foreign?.id }))).json()).toEqual({
      initiativeId: [CRM_TELEMARKET_MESSAGES.initiativeUnknown],
    });

    const before = await activitiesOf(clientId);
    expect((await call("otherClinic", "POST", "/api/crm/activities", meeting())).statusCode).toBe(404);
    expect((await call("otherClinic", "GET", `/api/crm/activities?clientId=${clientId}`)).json()).toMatchObject({ data: [], total: 0 });
    const mine = (await call("agentA", "GET", `/api/crm/activities?clientId=${clientId}&kind=call`)).json().data[0];
    expect((await call("otherClinic", "PUT", `/api/crm/activities/${mine.id}`, { at: mine.at, durationMinutes: 1, outcome: "answered" })).statusCode).toBe(404);
    for (const who of ["crmClient", "therapist"]) {
      expect((await call(who, "GET", "/api/crm/activities")).statusCode).toBe(403);
      expect((await call(who, "POST", "/api/crm/activities", meeting())).statusCode).toBe(403);
    }
    expect((await call(null, "GET", "/api/crm/activities")).statusCode).toBe(401);
    expect(await activitiesOf(clientId)).toBe(before);
  });
});

describe("statistics per telemarketer", () => {
  it("counts calls, contacts, conversions and meetings per agent and per day; agents see their own", async () => {
    const statsClient = await makeClient();
    const day = (date: string, hour: number) => new Date(`${date}T${String(hour).padStart(2, "0")}:00:00Z`);
    const seeded: [string, string, "call" | "meeting", string | null, Date][] = [
      [agentA.id, "a", "call", "answered", day("2025-03-01", 9)],
      [agentA.id, "a", "call", "no_answer", day("2025-03-01", 10)],
      [agentA.id, "a", "call", "converted", day("2025-03-02", 9)],
      [agentA.id, "a", "call", "call_back", day("2025-03-03", 9)],
      [agentA.id, "a", "meeting", null, day("2025-03-03", 12)],
      [agentB.id, "b", "call", "no_answer", day("2025-03-02", 11)],
      [agentB.id, "b", "call", "not_interested", day("2025-03-02", 12)],
      // Outside the range.
      [agentB.id, "b", "call", "converted", day("2025-04-01", 9)],
    ];
    await t.db.insert(crmActivities).values(
      seeded.map(([agentId, , kind, outcome, at]) => ({
        clinicId: t.ids.clinic,
        clientId: statsClient,
        agentId,
        kind,
        outcome,
        at,
        durationMinutes: kind === "meeting" ? 30 : 2,
        callBackAt: outcome === "call_back" ? new Date(at.getTime() + 86_400_000) : null,
      })),
    );
    const url = "/api/crm/telemarket/statistics?since=2025-03-01&to=2025-03-03";
    const all = await call("clinic", "GET", url);
    expect(all.statusCode, all.body).toBe(200);
    const byName = Object.fromEntries(all.json().agents.map((agent: { name: string }) => [agent.name, agent]));
    expect(byName["Ana Agent"]).toEqual({
      agentId: agentA.id,
      name: "Ana Agent",
      calls: 4,
      contacted: 3,
      contactRate: 0.75,
      conversions: 1,
      conversionRate: 0.25,
      meetings: 1,
    });
    expect(byName["Beto Agent"]).toMatchObject({ calls: 2, contacted: 1, contactRate: 0.5, conversions: 0, conversionRate: 0, meetings: 0 });
    expect(all.json().days).toEqual([
      { day: "2025-03-01", calls: 2, contacted: 1, conversions: 0 },
      { day: "2025-03-02", calls: 3, contacted: 2, conversions: 1 },
      { day: "2025-03-03", calls: 1, contacted: 1, conversions: 0 },
    ]);
    // In Honolulu (UTC-10) the 09:00 UTC calls fall on the day before: the first drops out of the range.
    const zoned = (await call("clinic", "GET", `${url}&timeZone=Pacific/Honolulu`)).json();
    expect(zoned.days).toEqual([
      { day: "2025-03-01", calls: 2, contacted: 1, conversions: 1 },
      { day: "2025-03-02", calls: 3, contacted: 2, conversions: 0 },
      { day: "2025-03-03", calls: 0, contacted: 0, conversions: 0 },
    ]);

    const own = await call("agentA", "GET", url);
    expect(own.json().agents.map((agent: { agentId: string }) => agent.agentId)).toEqual([agentA.id]);
    expect(own.json().days.map((row: { calls: number }) => row.calls)).toEqual([2, 1, 1]);
    expect((await call("agentA", "GET", `${url}&agentId=${agentB.id}`)).statusCode).toBe(403);
    expect((await call("clinic", "GET", `${url}&agentId=${agentB.id}`)).json().agents).toHaveLength(1);
  });

  it("needs both dates in order; admins name the clinic; others are refused", async () => {
    expect((await call("clinic", "GET", "/api/crm/telemarket/statistics?since=2025-03-01")).statusCode).toBe(400);
    expect((await call("clinic", "GET", "/api/crm/telemarket/statistics?since=2025-03-02&to=2025-03-01")).json()).toEqual({
      to: [CRM_TELEMARKET_MESSAGES.range],
    });
    expect((await call("clinic", "GET", "/api/crm/telemarket/statistics?since=2020-01-01&to=2025-03-01")).statusCode).toBe(400);
    expect((await call("admin", "GET", "/api/crm/telemarket/statistics?since=2025-03-01&to=2025-03-03")).json()).toEqual({
      clinicId: ["Choose the clinic."],
    });
    const named = await call("admin", "GET", `/api/crm/telemarket/statistics?since=2025-03-01&to=2025-03-03&clinicId=${t.ids.clinic}`);
    expect(named.json().agents.length).toBeGreaterThanOrEqual(2);
    const other = await call("otherClinic", "GET", "/api/crm/telemarket/statistics?since=2025-03-01&to=2025-03-03");
    expect(other.json().agents).toEqual([]);
    for (const who of ["crmClient", "therapist"])
      expect((await call(who, "GET", "/api/crm/telemarket/statistics?since=2025-03-01&to=2025-03-03")).statusCode).toBe(403);
  });
});

describe("meetings in the calendar feed", () => {
  it("the agent's feed carries their meetings while the module is on", async () => {
    const booked = (await call("agentA", "POST", "/api/crm/activities", meeting({ subject: "Feed meeting" }))).json();
    // The agent reads their own feed's address, as the call centre shows it; a CRM client holds no feed.
    const address = await call("agentA", "GET", "/api/calendar-feed/");
    expect(address.statusCode).toBe(200);
    expect((await call("crmClient", "GET", "/api/calendar-feed/")).statusCode).toBe(403);
    const url = new URL(address.json().url);
    expect(url.pathname).toBe(new URL(await feedUrl(t.db, t.app.deriveKey("calendar-feed"), TEST_PUBLIC_URL, agentA.id)).pathname);
    const feed = await t.app.inject({ method: "GET", url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`crm-meeting-${booked.id}@localhost`);
    expect(feed.body).toContain("Feed meeting (Lucía Gómez)");
    // Another agent's feed does not.
    const otherUrl = new URL(await feedUrl(t.db, t.app.deriveKey("calendar-feed"), TEST_PUBLIC_URL, agentB.id));
    expect((await t.app.inject({ method: "GET", url: otherUrl.pathname })).body).not.toContain(`crm-meeting-${booked.id}@`);
    await t.app.flags.set("crm_manager", false, t.ids.admin);
    try {
      expect((await t.app.inject({ method: "GET", url: url.pathname })).body).not.toContain("crm-meeting-");
    } finally {
      await t.app.flags.set("crm_manager", true, t.ids.admin);
    }
  });
});
