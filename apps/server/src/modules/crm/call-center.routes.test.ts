import { CRM_QUEUE, CRM_TELEMARKET_MESSAGES } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { makeClinic, type MadeUser } from "../../../test/factories.ts";
import { makeCrmAgent, makeCrmClientUser } from "./crm.fixture.ts";
import { crmActivities, crmClients, crmInitiativeClients, crmInitiatives, crmListClients, crmLists, crmQueue, crmTracking } from "./crm.table.ts";

/**
 * The call centre through its API (issue 36.4): the queue's order (due call-backs, then clients
 * never called in the order they were added, then retries with the fewest calls), claims that
 * keep two agents off one client, the outcomes that move a client on, and every refusal.
 */

let t: TestApp;
let agentA: MadeUser;
let agentB: MadeUser;
const cookies: Record<string, string> = {};

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (who: string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: cookies[who] } : {}), ...(method === "GET" ? {} : { origin: TEST_PUBLIC_URL }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let clientCount = 0;
async function makeClient(values: { consent?: boolean; clinicId?: string; firstName?: string } = {}): Promise<number> {
  // Counted for every client, named or not: two made in the same millisecond must not share an email.
  clientCount += 1;
  const [made] = await t.db
    .insert(crmClients)
    .values({
      clinicId: values.clinicId ?? t.ids.clinic,
      firstName: values.firstName ?? `Client ${clientCount}`,
      lastName: "Queue",
      phone: "+34 600 111 222",
      email: `queue-${clientCount}-${Date.now()}@example.com`,
      consent: values.consent ?? true,
    })
    .returning({ id: crmClients.id });
  return made?.id as number;
}

async function makeInitiative(salesmanId: string, clientIds: number[], clinicId = t.ids.clinic): Promise<number> {
  const [made] = await t.db
    .insert(crmInitiatives)
    .values({ clinicId, title: `Initiative ${Date.now()}`, salesmanId })
    .returning({ id: crmInitiatives.id });
  const id = made?.id as number;
  // Added one by one, so "the order they were added" is the order given.
  for (const [index, clientId] of clientIds.entries())
    await t.db.insert(crmInitiativeClients).values({ initiativeId: id, clientId, createdAt: new Date(Date.now() - 1000 * (clientIds.length - index)) });
  return id;
}

async function makeList(clientIds: number[]): Promise<number> {
  const [made] = await t.db
    .insert(crmLists)
    .values({ clinicId: t.ids.clinic, title: `List ${Date.now()}` })
    .returning({ id: crmLists.id });
  const id = made?.id as number;
  if (clientIds.length > 0) await t.db.insert(crmListClients).values(clientIds.map((clientId) => ({ listId: id, clientId })));
  return id;
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const activitiesOf = async (clientId: number) => (await t.db.select().from(crmActivities).where(eq(crmActivities.clientId, clientId))).length;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,crm_manager" } });
  agentA = await makeCrmAgent(t.db, t.ids.clinic, { nombres: "Ana", apellidos: "Agent" });
  agentB = await makeCrmAgent(t.db, t.ids.clinic, { nombres: "Beto", apellidos: "Agent" });
  const crmClient = await makeCrmClientUser(t.db, t.ids.clinic);
  const other = await makeClinic(t.db);
  cookies.agentA = await t.login(agentA.email, agentA.password);
  cookies.agentB = await t.login(agentB.email, agentB.password);
  cookies.crmClient = await t.login(crmClient.email, crmClient.password);
  cookies.clinic = await t.loginAs("clinic");
  cookies.admin = await t.loginAs("admin");
  cookies.therapist = await t.loginAs("therapist");
  cookies.otherClinic = await t.login(other.clinic.email, other.clinic.password);
});
afterAll(async () => t?.close());

describe("the queue's order", () => {
  it("gives due call-backs first, then new clients in the order added, then retries by fewest calls; never those without consent", async () => {
    const names = ["new-1", "new-2", "no-consent", "callback-due", "retry-1", "callback-later", "retry-2", "callback-due-earlier"];
    const ids: Record<string, number> = {};
    for (const name of names) ids[name] = await makeClient({ firstName: name, consent: name !== "no-consent" });
    const initiativeId = await makeInitiative(
      agentA.id,
      names.map((name) => ids[name] as number),
    );
    // Where the earlier calls left some of them, set directly (the past cannot be waited for).
    const queued = (name: string, values: Partial<typeof crmQueue.$inferInsert>) =>
      t.db.insert(crmQueue).values({ clinicId: t.ids.clinic, initiativeId, clientId: ids[name] as number, ...values });
    await queued("callback-due", { attempts: 1, lastOutcome: "call_back", dueAt: hoursAgo(1) });
    await queued("callback-due-earlier", { attempts: 1, lastOutcome: "call_back", dueAt: hoursAgo(2) });
    await queued("callback-later", { attempts: 1, lastOutcome: "call_back", dueAt: new Date(Date.now() + 3_600_000) });
    await queued("retry-1", { attempts: 1, lastOutcome: "no_answer", dueAt: hoursAgo(1) });
    await queued("retry-2", { attempts: 2, lastOutcome: "no_answer", dueAt: hoursAgo(5) });

    const order: string[] = [];
    for (let turn = 0; turn < 8; turn++) {
      const next = await call("agentA", "POST", "/api/crm/call-center/next", { initiativeId });
      expect(next.statusCode, next.body).toBe(200);
      const body = next.json();
      if (body.entry === null) {
        // The call-back in an hour is the next one due.
        expect(Math.abs(Date.parse(body.nextDueAt) - (Date.now() + 3_600_000))).toBeLessThan(60_000);
        break;
      }
      order.push(body.client.firstName);
      expect(body.source).toMatchObject({ kind: "initiative", id: initiativeId });
      expect(body.client.phone).toBe("+34 600 111 222");
      // Asking again before logging gives the same client back: they are this agent's.
      const again = await call("agentA", "POST", "/api/crm/call-center/next", { initiativeId });
      expect(again.json().entry.id).toBe(body.entry.id);
      const logged = await call("agentA", "POST", `/api/crm/call-center/entries/${body.entry.id}/outcome`, { outcome: "answered", notes: "Spoke." });
      expect(logged.statusCode, logged.body).toBe(200);
      expect(logged.json().entry.state).toBe("closed");
    }
    expect(order).toEqual(["callback-due-earlier", "callback-due", "new-1", "new-2", "retry-1", "retry-2"]);

    // Once its time has come, the later call-back is offered.
    await t.db
      .update(crmQueue)
      .set({ dueAt: hoursAgo(0.1) })
      .where(eq(crmQueue.clientId, ids["callback-later"] as number));
    const due = await call("agentA", "POST", "/api/crm/call-center/next", { initiativeId });
    expect(due.json().client.firstName).toBe("callback-later");
    const sources = await call("agentA", "GET", "/api/crm/call-center/sources");
    expect(sources.json().find((source: { id: number; kind: string }) => source.kind === "initiative" && source.id === initiativeId)).toMatchObject({
      clients: 8,
      closed: 6,
      open: 2,
      dueNow: 1,
    });
  });

  it("shows the client's recent calls and notes with the next call", async () => {
    const clientId = await makeClient({ firstName: "History" });
    await t.db.insert(crmActivities).values({ clinicId: t.ids.clinic, clientId, agentId: agentB.id, kind: "call", at: hoursAgo(48), outcome: "no_answer" });
    await t.db.execute(
      sql`insert into crm_notes (clinic_id, client_id, author_id, name, date_start, description) values (${t.ids.clinic}, ${clientId}, ${agentB.id}, 'Asked about prices', ${hoursAgo(24)}, 'Send the brochure')`,
    );
    const listId = await makeList([clientId]);
    const next = (await call("agentA", "POST", "/api/crm/call-center/next", { listId })).json();
    expect(next.recent.map((item: { kind: string; title: string }) => [item.kind, item.title])).toEqual([
      ["note", "Asked about prices"],
      ["call", ""],
    ]);
    expect(next.recent[1]).toMatchObject({ outcome: "no_answer", by: "Beto Agent" });
  });
});

describe("claims", () => {
  it("two agents asking at once get different clients, and a third finds nobody due until a claim runs out", async () => {
    const listId = await makeList([await makeClient(), await makeClient()]);
    const [a, b] = await Promise.all([
      call("agentA", "POST", "/api/crm/call-center/next", { listId }),
      call("agentB", "POST", "/api/crm/call-center/next", { listId }),
    ]);
    expect(a?.statusCode, a?.body).toBe(200);
    expect(b?.statusCode, b?.body).toBe(200);
    expect(a?.json().client.id).not.toBe(b?.json().client.id);
    const third = await call("clinic", "POST", "/api/crm/call-center/next", { listId });
    expect(third.json().entry).toBeNull();
    const until = Date.parse(third.json().nextDueAt) - Date.now();
    expect(until).toBeGreaterThan((CRM_QUEUE.claimMinutes - 1) * 60_000);

    // Only the holder logs the call; another agent is told someone is on it, and nothing is written.
    const entryA = a?.json().entry.id as number;
    const clientA = a?.json().client.id as number;
    const refused = await call("agentB", "POST", `/api/crm/call-center/entries/${entryA}/outcome`, { outcome: "answered" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(CRM_TELEMARKET_MESSAGES.claimedByOther);
    expect(await activitiesOf(clientA)).toBe(0);
    expect((await call("agentB", "POST", `/api/crm/call-center/entries/${entryA}/release`)).statusCode).toBe(409);

    // Given back, the client goes to the next who asks.
    expect((await call("agentA", "POST", `/api/crm/call-center/entries/${entryA}/release`)).statusCode).toBe(204);
    const freed = await call("clinic", "POST", "/api/crm/call-center/next", { listId });
    expect(freed.json().client.id).toBe(clientA);
    const late = await call("agentA", "POST", `/api/crm/call-center/entries/${entryA}/outcome`, { outcome: "answered" });
    expect(late.statusCode).toBe(409);
    // A CRM admin may log any held call.
    expect((await call("clinic", "POST", `/api/crm/call-center/entries/${entryA}/outcome`, { outcome: "converted" })).statusCode).toBe(200);
  });
});

describe("outcomes", () => {
  it("no answer is due again in four hours and closes after five calls; a call-back is due at its time", async () => {
    const clientId = await makeClient();
    const initiativeId = await makeInitiative(agentA.id, [clientId]);
    const next = async () => (await call("agentA", "POST", "/api/crm/call-center/next", { initiativeId })).json();
    const first = await next();
    const noAnswer = await call("agentA", "POST", `/api/crm/call-center/entries/${first.entry.id}/outcome`, { outcome: "no_answer", durationMinutes: 1 });
    expect(noAnswer.statusCode, noAnswer.body).toBe(200);
    const entry = noAnswer.json().entry;
    expect(entry).toMatchObject({ state: "open", attempts: 1, lastOutcome: "no_answer", claimedUntil: null });
    expect(Math.abs(Date.parse(entry.dueAt) - (Date.now() + CRM_QUEUE.retryHours * 3_600_000))).toBeLessThan(60_000);
    expect(noAnswer.json().activity).toMatchObject({ kind: "call", outcome: "no_answer", agentName: "Ana Agent", initiativeId, durationMinutes: 1 });
    // Not due yet.
    expect((await next()).entry).toBeNull();

    // A call-back in the past is refused, and writes nothing.
    await t.db
      .update(crmQueue)
      .set({ dueAt: hoursAgo(1) })
      .where(eq(crmQueue.id, entry.id));
    const again = await next();
    const past = await call("agentA", "POST", `/api/crm/call-center/entries/${again.entry.id}/outcome`, {
      outcome: "call_back",
      callBackAt: hoursAgo(1).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().callBackAt).toEqual([CRM_TELEMARKET_MESSAGES.callBackFuture]);
    expect(await activitiesOf(clientId)).toBe(1);
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const callBack = await call("agentA", "POST", `/api/crm/call-center/entries/${again.entry.id}/outcome`, { outcome: "call_back", callBackAt: later });
    expect(callBack.json().entry).toMatchObject({ state: "open", attempts: 2, lastOutcome: "call_back", dueAt: later });
    expect(callBack.json().activity.callBackAt).toBe(later);
    const timeline = await t.db.select().from(crmTracking).where(eq(crmTracking.clientId, clientId));
    expect(timeline.map((line) => line.kind)).toEqual(["call", "call"]);

    // The fifth call without an answer ends the client's calls in this queue.
    await t.db
      .update(crmQueue)
      .set({ attempts: CRM_QUEUE.maxAttempts - 1, lastOutcome: "no_answer", dueAt: hoursAgo(1) })
      .where(eq(crmQueue.id, entry.id));
    const last = await next();
    const closed = await call("agentA", "POST", `/api/crm/call-center/entries/${last.entry.id}/outcome`, { outcome: "no_answer" });
    expect(closed.json().entry).toMatchObject({ state: "closed", attempts: CRM_QUEUE.maxAttempts, dueAt: null });
    expect((await next()).entry).toBeNull();
    const logged = await call("clinic", "POST", `/api/crm/call-center/entries/${last.entry.id}/outcome`, { outcome: "answered" });
    expect(logged.statusCode).toBe(409);
    expect(logged.json().detail).toBe(CRM_TELEMARKET_MESSAGES.closed);
  });

  it("refuses a call-back without a time, an unknown outcome and unknown fields", async () => {
    for (const body of [{ outcome: "call_back" }, { outcome: "maybe" }, { outcome: "answered", extra: 1 }, {}]) {
      expect((await call("agentA", "POST", "/api/crm/call-center/entries/1/outcome", body)).statusCode).toBe(400);
    }
    expect((await call("agentA", "POST", "/api/crm/call-center/next", {})).json()).toEqual({ initiativeId: [CRM_TELEMARKET_MESSAGES.sourceNeeded] });
    expect((await call("agentA", "POST", "/api/crm/call-center/next", { initiativeId: 1, listId: 1 })).statusCode).toBe(400);
  });
});

describe("who may work which queue", () => {
  it("an agent works only their own initiatives and their clinic's lists; others are refused and not listed", async () => {
    const mine = await makeInitiative(agentA.id, [await makeClient()]);
    const theirs = await makeInitiative(agentB.id, [await makeClient()]);
    const listId = await makeList([await makeClient()]);

    const sources = (await call("agentA", "GET", "/api/crm/call-center/sources")).json() as { kind: string; id: number }[];
    const keys = sources.map((source) => `${source.kind}:${source.id}`);
    expect(keys).toContain(`initiative:${mine}`);
    expect(keys).toContain(`list:${listId}`);
    expect(keys).not.toContain(`initiative:${theirs}`);
    const all = (await call("clinic", "GET", "/api/crm/call-center/sources")).json() as { kind: string; id: number }[];
    expect(all.map((source) => `${source.kind}:${source.id}`)).toContain(`initiative:${theirs}`);

    const refused = await call("agentA", "POST", "/api/crm/call-center/next", { initiativeId: theirs });
    expect(refused.statusCode).toBe(403);
    expect(await t.db.select().from(crmQueue).where(eq(crmQueue.initiativeId, theirs))).toEqual([]);
    // B's entry, once B holds it, is not A's to log or free either.
    const held = (await call("agentB", "POST", "/api/crm/call-center/next", { initiativeId: theirs })).json();
    expect((await call("agentA", "POST", `/api/crm/call-center/entries/${held.entry.id}/outcome`, { outcome: "answered" })).statusCode).toBe(403);
    expect((await call("agentA", "POST", `/api/crm/call-center/entries/${held.entry.id}/release`)).statusCode).toBe(403);

    // Another clinic's CRM admin sees none of it: 404, nothing written.
    expect((await call("otherClinic", "POST", "/api/crm/call-center/next", { listId })).statusCode).toBe(404);
    expect((await call("otherClinic", "POST", `/api/crm/call-center/entries/${held.entry.id}/outcome`, { outcome: "answered" })).statusCode).toBe(404);
    expect((await call("otherClinic", "GET", "/api/crm/call-center/sources")).json()).toEqual([]);
    // The platform admin works any clinic's queue.
    expect((await call("admin", "POST", "/api/crm/call-center/next", { listId })).statusCode).toBe(200);
  });

  it("refuses those without the call centre's codenames, and everyone when the module is off", async () => {
    const listId = await makeList([await makeClient()]);
    for (const who of ["crmClient", "therapist"]) {
      expect((await call(who, "GET", "/api/crm/call-center/sources")).statusCode).toBe(403);
      expect((await call(who, "POST", "/api/crm/call-center/next", { listId })).statusCode).toBe(403);
    }
    expect((await call(null, "POST", "/api/crm/call-center/next", { listId })).statusCode).toBe(401);
    expect(await t.db.select().from(crmQueue).where(eq(crmQueue.listId, listId))).toEqual([]);
    await t.app.flags.set("crm_manager", false, t.ids.admin);
    try {
      expect((await call("agentA", "GET", "/api/crm/call-center/sources")).statusCode).toBe(404);
      expect((await call("clinic", "POST", "/api/crm/call-center/next", { listId })).statusCode).toBe(404);
    } finally {
      await t.app.flags.set("crm_manager", true, t.ids.admin);
    }
  });
});
