import { CRM_INITIATIVE_REFUSALS } from "@clinic/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { makeClinic, type MadeClinic, makeUser } from "../../../test/factories.ts";
import { makeCrmAgent, makeCrmClientUser } from "./crm.fixture.ts";
import { crmActivities, crmCampaignRecipients, crmCampaigns, crmClients, crmInitiativeClients, crmInitiatives, crmTracking } from "./crm.table.ts";

/**
 * Initiatives and the CRM dashboard through the API (issue 36.1, 36.3): the clinic (its CRM
 * admin) gives clients to agents; each agent sees and works only their own, opening one marks it
 * read, and a new salesman or new clients make it not read again. Every refusal writes nothing.
 */

let t: TestApp;
let other: MadeClinic;
type Method = "GET" | "POST" | "PUT" | "DELETE";
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
/** Clients of the demo clinic, and one of the other clinic. */
let clients: number[] = [];
let foreignClient: number;

const call = (who: string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: cookies[who] as string } : {}), ...(method === "GET" ? {} : { origin: TEST_PUBLIC_URL }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function makeClients(clinicId: string, names: string[]): Promise<number[]> {
  const rows = await t.db
    .insert(crmClients)
    .values(
      names.map((name, index) => ({
        clinicId,
        firstName: name,
        lastName: "Test",
        email: `${name.toLowerCase()}-${clinicId.slice(0, 6)}@example.com`,
        phone: `60000000${index}`,
      })),
    )
    .returning({ id: crmClients.id });
  return rows.map((row) => row.id);
}

const countInitiatives = async () => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from crm_initiatives`)).rows[0]?.n);
const trackingOf = async (initiativeId: number) =>
  t.db
    .select({ clientId: crmTracking.clientId, kind: crmTracking.kind })
    .from(crmTracking)
    .where(and(eq(crmTracking.refId, initiativeId), inArray(crmTracking.kind, ["initiative_added", "initiative_removed"])))
    .orderBy(crmTracking.id);

async function create(body: Record<string, unknown>, who = "clinic") {
  const answer = await call(who, "POST", "/api/crm/initiatives", { description: "", clientIds: [], salesmanId: null, ...body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { id: number; state: string; clients: { id: number; name: string }[]; salesman: { id: string; name: string } | null };
}

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,crm_manager" } });
  other = await makeClinic(t.db);
  const agent = await makeCrmAgent(t.db, t.ids.clinic, { nombres: "Ana", apellidos: "Agent" });
  const agent2 = await makeCrmAgent(t.db, t.ids.clinic, { nombres: "Bruno", apellidos: "Agent" });
  const otherAgent = await makeCrmAgent(t.db, other.clinic.id);
  const crmClient = await makeCrmClientUser(t.db, t.ids.clinic);
  for (const role of ["admin", "clinic", "therapist", "patient"] as const) {
    cookies[role] = await t.loginAs(role);
    ids[role] = t.ids[role];
  }
  for (const [name, user] of Object.entries({ agent, agent2, otherAgent, crmClient, otherClinic: other.clinic })) {
    cookies[name] = await t.login(user.email, user.password);
    ids[name] = user.id;
  }
  clients = await makeClients(t.ids.clinic, ["Lucia", "Marco", "Nora", "Omar"]);
  [foreignClient] = (await makeClients(other.clinic.id, ["Pablo"])) as [number];
});
afterAll(async () => t?.close());

describe("adding an initiative", () => {
  it("the CRM admin adds one with clients and an agent: not read, each client's timeline says so", async () => {
    const made = await create({ title: "  Spring check-ups ", clientIds: [clients[0], clients[1], clients[1]], salesmanId: ids.agent });
    expect(made).toMatchObject({
      title: "Spring check-ups",
      state: "not_readed",
      salesman: { id: ids.agent, name: "Ana Agent" },
      clientCount: 2,
      documentCount: 0,
    });
    expect(made.clients.map((client) => client.name)).toEqual(["Lucia Test", "Marco Test"]);
    expect(await trackingOf(made.id)).toEqual([
      { clientId: clients[0], kind: "initiative_added" },
      { clientId: clients[1], kind: "initiative_added" },
    ]);
  });

  it("refuses a missing title, a salesman who is not an agent of the clinic, and another clinic's clients, writing nothing", async () => {
    const before = await countInitiatives();
    const noTitle = await call("clinic", "POST", "/api/crm/initiatives", { title: "  ", clientIds: [], salesmanId: null });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toHaveProperty("title");
    const long = await call("clinic", "POST", "/api/crm/initiatives", { title: "x".repeat(201) });
    expect(long.statusCode).toBe(400);
    for (const salesmanId of [ids.therapist, ids.otherAgent, ids.clinic, ids.crmClient, ids.admin]) {
      const answer = await call("clinic", "POST", "/api/crm/initiatives", { title: "Bad salesman", clientIds: [], salesmanId });
      expect(answer.statusCode, salesmanId).toBe(400);
      expect(answer.json()).toEqual({ salesmanId: [CRM_INITIATIVE_REFUSALS.salesmanNotAgent] });
    }
    const foreign = await call("clinic", "POST", "/api/crm/initiatives", { title: "Bad clients", clientIds: [clients[0], foreignClient], salesmanId: null });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ clientIds: [CRM_INITIATIVE_REFUSALS.clientsOtherClinic] });
    const missing = await call("clinic", "POST", "/api/crm/initiatives", { title: "No such client", clientIds: [2_000_000_000] });
    expect(missing.statusCode).toBe(400);
    expect(await countInitiatives()).toBe(before);
  });

  it("only CRM admins add: agents, CRM clients and therapists 403, signed out 401; a platform admin names the clinic", async () => {
    const before = await countInitiatives();
    for (const who of ["agent", "crmClient", "therapist", "patient"]) {
      expect((await call(who, "POST", "/api/crm/initiatives", { title: "Mine" })).statusCode, who).toBe(403);
    }
    expect((await call(null, "POST", "/api/crm/initiatives", { title: "Mine" })).statusCode).toBe(401);
    const unnamed = await call("admin", "POST", "/api/crm/initiatives", { title: "Which clinic?" });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toHaveProperty("clinicId");
    expect(await countInitiatives()).toBe(before);
    const named = await create({ title: "Admin's", clinicId: t.ids.clinic, clientIds: [clients[2]], salesmanId: ids.agent2 }, "admin");
    expect(named.salesman?.id).toBe(ids.agent2);
  });
});

describe("who sees which initiative", () => {
  let mine: number;
  let theirs: number;
  let foreign: number;
  beforeAll(async () => {
    mine = (await create({ title: "Ana's follow-ups", clientIds: [clients[0]], salesmanId: ids.agent })).id;
    theirs = (await create({ title: "Bruno's leads", clientIds: [clients[3]], salesmanId: ids.agent2 })).id;
    const made = await call("otherClinic", "POST", "/api/crm/initiatives", { title: "Elsewhere", clientIds: [foreignClient], salesmanId: ids.otherAgent });
    expect(made.statusCode, made.body).toBe(201);
    foreign = made.json().id;
  });

  it("the CRM admin lists the clinic's, an agent only their own, with counts by state", async () => {
    const all = await call("clinic", "GET", "/api/crm/initiatives?rowsPerPage=50");
    expect(all.statusCode).toBe(200);
    const listed = all.json().data.map((row: { id: number }) => row.id);
    expect(listed).toEqual(expect.arrayContaining([mine, theirs]));
    expect(listed).not.toContain(foreign);
    const agent = await call("agent", "GET", "/api/crm/initiatives?rowsPerPage=50");
    const agentIds = agent.json().data.map((row: { id: number; salesman: { id: string } }) => {
      expect(row.salesman.id).toBe(ids.agent);
      return row.id;
    });
    expect(agentIds).toContain(mine);
    expect(agentIds).not.toContain(theirs);
    // Asking for another agent's lists nothing.
    expect((await call("agent", "GET", `/api/crm/initiatives?salesmanId=${ids.agent2}`)).json().total).toBe(0);
    const byState = await call("agent", "GET", "/api/crm/initiatives/by-state");
    expect(byState.json().read + byState.json().not_readed).toBe(agent.json().total);
    const search = await call("clinic", "GET", `/api/crm/initiatives?q=${encodeURIComponent("bruno's")}`);
    expect(search.json().data.map((row: { id: number }) => row.id)).toEqual([theirs]);
    expect((await call("clinic", "GET", "/api/crm/initiatives?state=maybe")).statusCode).toBe(400);
  });

  it("another agent's initiative answers 403 and another clinic's 404; CRM clients and therapists 403", async () => {
    expect((await call("agent", "GET", `/api/crm/initiatives/${mine}`)).statusCode).toBe(200);
    const refused = await call("agent", "GET", `/api/crm/initiatives/${theirs}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(CRM_INITIATIVE_REFUSALS.notYours);
    expect((await call("clinic", "GET", `/api/crm/initiatives/${foreign}`)).statusCode).toBe(404);
    expect((await call("otherAgent", "GET", `/api/crm/initiatives/${mine}`)).statusCode).toBe(404);
    expect((await call("admin", "GET", `/api/crm/initiatives/${foreign}`)).statusCode).toBe(200);
    for (const who of ["crmClient", "therapist", "patient"]) {
      expect((await call(who, "GET", "/api/crm/initiatives")).statusCode, who).toBe(403);
      expect((await call(who, "GET", `/api/crm/initiatives/${mine}`)).statusCode, who).toBe(403);
    }
    expect((await call(null, "GET", "/api/crm/initiatives")).statusCode).toBe(401);
  });

  it("its salesman opening it marks it read; the CRM admin opening it, or another agent trying, changes nothing", async () => {
    const stateOf = async (id: number) => (await t.db.select({ state: crmInitiatives.state }).from(crmInitiatives).where(eq(crmInitiatives.id, id)))[0]?.state;
    expect((await call("clinic", "POST", `/api/crm/initiatives/${theirs}/read`)).json().state).toBe("not_readed");
    expect((await call("agent", "POST", `/api/crm/initiatives/${theirs}/read`)).statusCode).toBe(403);
    expect(await stateOf(theirs)).toBe("not_readed");
    const read = await call("agent2", "POST", `/api/crm/initiatives/${theirs}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().state).toBe("read");
    expect(await stateOf(theirs)).toBe("read");
    // Again: still read.
    expect((await call("agent2", "POST", `/api/crm/initiatives/${theirs}/read`)).json().state).toBe("read");
    expect((await call("otherAgent", "POST", `/api/crm/initiatives/${theirs}/read`)).statusCode).toBe(404);
  });

  it("an agent changes their own but not its salesman, and not another agent's: 403, nothing written", async () => {
    await call("agent", "POST", `/api/crm/initiatives/${mine}/read`);
    const own = await call("agent", "PUT", `/api/crm/initiatives/${mine}`, {
      title: "Ana's follow-ups (May)",
      description: "Call before noon.",
      clientIds: [clients[0], clients[1]],
      salesmanId: ids.agent,
    });
    expect(own.statusCode, own.body).toBe(200);
    // The salesman changed it: they have seen it.
    expect(own.json()).toMatchObject({ title: "Ana's follow-ups (May)", state: "read", clientCount: 2 });
    const before = await t.db.select().from(crmInitiatives).where(eq(crmInitiatives.id, mine));
    const handOver = await call("agent", "PUT", `/api/crm/initiatives/${mine}`, { title: "Bruno's now", clientIds: [clients[0]], salesmanId: ids.agent2 });
    expect(handOver.statusCode).toBe(403);
    expect(handOver.json().detail).toBe(CRM_INITIATIVE_REFUSALS.salesmanLocked);
    const another = await call("agent", "PUT", `/api/crm/initiatives/${theirs}`, { title: "Taken", clientIds: [], salesmanId: ids.agent2 });
    expect(another.statusCode).toBe(403);
    expect(await t.db.select().from(crmInitiatives).where(eq(crmInitiatives.id, mine))).toEqual(before);
    const theirsRow = (await t.db.select({ title: crmInitiatives.title }).from(crmInitiatives).where(eq(crmInitiatives.id, theirs)))[0];
    expect(theirsRow?.title).toBe("Bruno's leads");
    expect((await t.db.select().from(crmInitiativeClients).where(eq(crmInitiativeClients.initiativeId, mine))).map((row) => row.clientId).sort()).toEqual(
      [clients[0], clients[1]].sort(),
    );
    for (const who of ["crmClient", "therapist"]) {
      expect((await call(who, "PUT", `/api/crm/initiatives/${mine}`, { title: "x" })).statusCode, who).toBe(403);
    }
    expect((await call("otherClinic", "PUT", `/api/crm/initiatives/${mine}`, { title: "x" })).statusCode).toBe(404);
  });

  it("the CRM admin's change of clients or salesman makes it not read, and the timelines say who joined and left", async () => {
    const changed = await call("clinic", "PUT", `/api/crm/initiatives/${mine}`, {
      title: "Ana's follow-ups (May)",
      description: "Call before noon.",
      clientIds: [clients[1], clients[2]],
      salesmanId: ids.agent,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().state).toBe("not_readed");
    const lines = await trackingOf(mine);
    expect(lines.slice(-2)).toEqual(
      expect.arrayContaining([
        { clientId: clients[2], kind: "initiative_added" },
        { clientId: clients[0], kind: "initiative_removed" },
      ]),
    );
    await call("agent", "POST", `/api/crm/initiatives/${mine}/read`);
    // Only the title: still read.
    const retitled = await call("clinic", "PUT", `/api/crm/initiatives/${mine}`, {
      title: "Ana's June",
      clientIds: [clients[1], clients[2]],
      salesmanId: ids.agent,
    });
    expect(retitled.json().state).toBe("read");
    const handed = await call("clinic", "PUT", `/api/crm/initiatives/${mine}`, {
      title: "Ana's June",
      clientIds: [clients[1], clients[2]],
      salesmanId: ids.agent2,
    });
    expect(handed.json()).toMatchObject({ state: "not_readed", salesman: { id: ids.agent2 } });
    // Now Bruno's: Ana no longer sees it.
    expect((await call("agent", "GET", `/api/crm/initiatives/${mine}`)).statusCode).toBe(403);
    const bad = await call("clinic", "PUT", `/api/crm/initiatives/${mine}`, { title: "Ana's June", clientIds: [foreignClient], salesmanId: ids.agent2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ clientIds: [CRM_INITIATIVE_REFUSALS.clientsOtherClinic] });
  });

  it("only CRM admins delete; the clients' timelines say they left it", async () => {
    const doomed = await create({ title: "Short-lived", clientIds: [clients[3]], salesmanId: ids.agent });
    for (const who of ["agent", "crmClient", "therapist"]) {
      expect((await call(who, "DELETE", `/api/crm/initiatives/${doomed.id}`)).statusCode, who).toBe(403);
    }
    expect((await call("otherClinic", "DELETE", `/api/crm/initiatives/${doomed.id}`)).statusCode).toBe(404);
    expect((await call("clinic", "DELETE", `/api/crm/initiatives/${doomed.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(crmInitiatives).where(eq(crmInitiatives.id, doomed.id))).toEqual([]);
    expect((await trackingOf(doomed.id)).at(-1)).toEqual({ clientId: clients[3], kind: "initiative_removed" });
    expect((await call("clinic", "DELETE", `/api/crm/initiatives/${doomed.id}`)).statusCode).toBe(404);
  });
});

describe("the dashboard", () => {
  it("shows the clinic's figures to the CRM admin and CRM clients, and agents their own initiatives and calls", async () => {
    // A clinic of its own, so other tests' rows do not move the figures.
    const clinic = await makeClinic(t.db);
    const anaAgent = await makeCrmAgent(t.db, clinic.clinic.id);
    const bruno = await makeCrmAgent(t.db, clinic.clinic.id);
    const viewer = await makeCrmClientUser(t.db, clinic.clinic.id);
    const owner = await t.login(clinic.clinic.email, clinic.clinic.password);
    const ana = await t.login(anaAgent.email, anaAgent.password);
    const clientCookie = await t.login(viewer.email, viewer.password);
    const ids3 = await makeClients(clinic.clinic.id, ["Quim", "Rosa", "Sara"]);
    await t.db.insert(crmInitiatives).values([
      { clinicId: clinic.clinic.id, title: "A", salesmanId: anaAgent.id, state: "read" },
      { clinicId: clinic.clinic.id, title: "B", salesmanId: anaAgent.id },
      { clinicId: clinic.clinic.id, title: "C", salesmanId: bruno.id },
    ]);
    const now = Date.now();
    const call_ = (agentId: string, daysAgo: number, outcome: "answered" | "converted" | "no_answer") => ({
      clinicId: clinic.clinic.id,
      clientId: ids3[0] as number,
      agentId,
      kind: "call",
      at: new Date(now - daysAgo * 86_400_000),
      outcome,
    });
    await t.db
      .insert(crmActivities)
      .values([
        call_(anaAgent.id, 0, "converted"),
        call_(anaAgent.id, 0, "no_answer"),
        call_(anaAgent.id, 3, "answered"),
        call_(bruno.id, 0, "converted"),
        call_(bruno.id, 20, "converted"),
      ]);
    const [campaign] = await t.db
      .insert(crmCampaigns)
      .values({
        clinicId: clinic.clinic.id,
        sendAt: new Date(),
        name: "News",
        subject: "News",
        html: "<p>Hi</p>",
        fromName: "Clinic",
        fromEmail: "clinic@example.com",
        replyTo: "clinic@example.com",
        template: "plain",
        trackOpens: false,
        trackClicks: false,
      })
      .returning({ id: crmCampaigns.id });
    await t.db.insert(crmCampaignRecipients).values([
      { campaignId: campaign?.id as number, clientId: ids3[0] as number, email: "a@example.com", reachedAt: new Date() },
      { campaignId: campaign?.id as number, clientId: ids3[1] as number, email: "b@example.com", reachedAt: new Date() },
      { campaignId: campaign?.id as number, clientId: ids3[2] as number, email: "", skipped: "no_email" },
    ]);
    const get = async (cookie: string, query = "") => {
      const answer = await t.app.inject({ method: "GET", url: `/api/crm/dashboard${query}`, headers: { cookie } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    const whole = await get(owner);
    expect(whole).toMatchObject({
      clients: 3,
      initiativesByState: { read: 1, not_readed: 2 },
      callsToday: 3,
      emailsSent: 2,
      conversion: { calls: 4, converted: 2, rate: 0.5 },
    });
    expect(whole.callsByDay).toHaveLength(14);
    const today = new Date().toISOString().slice(0, 10);
    expect(whole.callsByDay.at(-1)).toEqual({ day: today, calls: 3, converted: 2 });
    expect(whole.callsByDay.reduce((sum: number, day: { calls: number }) => sum + day.calls, 0)).toBe(4);
    expect(await get(clientCookie)).toEqual(whole);
    const own = await get(ana);
    expect(own).toMatchObject({
      clients: 3,
      initiativesByState: { read: 1, not_readed: 1 },
      callsToday: 2,
      conversion: { calls: 3, converted: 1 },
    });
    expect(own.conversion.rate).toBeCloseTo(1 / 3);
    // A platform admin names the clinic, or sees every clinic's.
    expect(await get(cookies.admin as string, `?clinicId=${clinic.clinic.id}`)).toEqual(whole);
    expect((await get(cookies.admin as string)).clients).toBeGreaterThanOrEqual(3);
    expect((await get(owner, "?timeZone=Europe/Madrid")).callsByDay).toHaveLength(14);
    expect((await t.app.inject({ method: "GET", url: "/api/crm/dashboard?timeZone=Mars/Base", headers: { cookie: owner } })).statusCode).toBe(400);
  });

  it("is refused to staff without CRM codenames, and 401 signed out", async () => {
    const plain = await makeUser(t.db, { clinicId: t.ids.clinic });
    cookies.plain = await t.login(plain.email, plain.password);
    for (const who of ["therapist", "patient", "plain"]) expect((await call(who, "GET", "/api/crm/dashboard")).statusCode, who).toBe(403);
    expect((await call(null, "GET", "/api/crm/dashboard")).statusCode).toBe(401);
  });
});

describe("the module switch", () => {
  it("answers 404 on every call while the module is off", async () => {
    await call("admin", "PUT", "/api/flags/crm_manager", { enabled: false });
    try {
      expect((await call("clinic", "GET", "/api/crm/initiatives")).statusCode).toBe(404);
      expect((await call("clinic", "POST", "/api/crm/initiatives", { title: "Off" })).statusCode).toBe(404);
      expect((await call("agent", "GET", "/api/crm/dashboard")).statusCode).toBe(404);
      expect((await call(null, "GET", "/api/crm/dashboard")).statusCode).toBe(404);
    } finally {
      await call("admin", "PUT", "/api/flags/crm_manager", { enabled: true });
    }
    expect((await call("clinic", "GET", "/api/crm/initiatives")).statusCode).toBe(200);
  });
});
