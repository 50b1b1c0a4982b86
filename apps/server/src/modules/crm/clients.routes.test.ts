import { and, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { type MadeClinic, type MadeUser, makeClinic } from "../../../test/factories.ts";
import { type FormPart, multipart, PNG } from "../../../test/uploads.ts";
import { uploads } from "../../platform/uploads.table.ts";
import { makeCrmAgent, makeCrmClientUser } from "./crm.fixture.ts";
import { crmClients, crmDocuments, crmInitiatives, crmListClients, crmLists, crmNotes, crmTracking } from "./crm.table.ts";

/**
 * The CRM's clients, lists, notes, documents and timeline through the API (issue 36.2), as the
 * CRM admin (the demo clinic), two agents, a CRM client's account, the demo therapist (no CRM
 * codename), another clinic's CRM admin, a platform admin and someone signed out. Every refusal
 * writes nothing.
 */

type Who = "clinic" | "agent" | "agent2" | "crmClient" | "therapist" | "otherClinic" | "otherAgent" | "admin";
type Method = "GET" | "POST" | "PUT" | "DELETE";

let t: TestApp;
let other: MadeClinic;
const cookies = {} as Record<Who, string>;
const people = {} as Record<"agent" | "agent2" | "otherAgent", MadeUser>;

function call(who: Who | null, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: cookies[who] } : {}), ...(method === "GET" ? {} : { origin: TEST_PUBLIC_URL }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function upload(who: Who, parts: FormPart[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: "POST",
    url: "/api/crm/documents",
    headers: { cookie: cookies[who], origin: TEST_PUBLIC_URL, "content-type": contentType },
    payload,
  });
}

async function ok<T = Record<string, unknown>>(response: LightMyRequestResponse, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return (response.body ? response.json() : undefined) as T;
}

const count = async (table: typeof crmClients | typeof crmNotes | typeof crmLists | typeof crmDocuments | typeof crmTracking | typeof crmListClients) =>
  Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${table}`)).rows[0]?.n);
/** Counts of every table this area writes, to show a refusal wrote nothing. */
const snapshot = async () => ({
  clients: await count(crmClients),
  notes: await count(crmNotes),
  lists: await count(crmLists),
  members: await count(crmListClients),
  documents: await count(crmDocuments),
  tracking: await count(crmTracking),
});

let clientSeq = 0;
async function newClient(who: Who = "clinic", body: Record<string, unknown> = {}, query = "") {
  clientSeq += 1;
  return ok<{ id: number; ownerId: string | null; name: string; consentAt: string | null }>(
    await call(who, "POST", `/api/crm/clients${query}`, { firstName: "Lucía", lastName: `Gómez ${clientSeq}`, ...body }),
    201,
  );
}

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,crm_manager" } });
  other = await makeClinic(t.db);
  people.agent = await makeCrmAgent(t.db, t.ids.clinic, { nombres: "Marta", apellidos: "Agent" });
  people.agent2 = await makeCrmAgent(t.db, t.ids.clinic, { nombres: "Pablo", apellidos: "Agent" });
  people.otherAgent = await makeCrmAgent(t.db, other.clinic.id);
  const crmClientUser = await makeCrmClientUser(t.db, t.ids.clinic);
  cookies.clinic = await t.loginAs("clinic");
  cookies.admin = await t.loginAs("admin");
  cookies.therapist = await t.loginAs("therapist");
  cookies.agent = await t.login(people.agent.email, people.agent.password);
  cookies.agent2 = await t.login(people.agent2.email, people.agent2.password);
  cookies.otherAgent = await t.login(people.otherAgent.email, people.otherAgent.password);
  cookies.crmClient = await t.login(crmClientUser.email, crmClientUser.password);
  cookies.otherClinic = await t.login(other.clinic.email, other.clinic.password);
});
afterAll(async () => t?.close());

describe("clients", () => {
  it("an agent adds a client they then own, with consent dated and a 'created' line; the CRM admin sees it", async () => {
    const made = await newClient("agent", { email: "Lucia@Example.com", phone: "+34 600 1", consent: true, tags: ["vip", "madrid", "vip"] });
    expect(made.ownerId).toBe(people.agent.id);
    expect(made.consentAt).not.toBeNull();
    const seen = await ok<{ name: string; ownerName: string; tags: string[]; lists: unknown[]; initiatives: unknown[] }>(
      await call("clinic", "GET", `/api/crm/clients/${made.id}`),
    );
    expect(seen).toMatchObject({ ownerName: "Marta Agent", tags: ["vip", "madrid"], lists: [], initiatives: [] });
    const timeline = await ok<{ data: { kind: string; actorName: string }[]; total: number }>(
      await call("clinic", "GET", `/api/crm/clients/${made.id}/timeline`),
    );
    expect(timeline.data).toEqual([expect.objectContaining({ kind: "created", actorName: "Marta Agent" })]);
  });

  it("refuses a duplicate email in the clinic whatever its case (400 on email), but not in another clinic", async () => {
    await newClient("clinic", { email: "dup@example.com" });
    const before = await snapshot();
    const again = await call("agent", "POST", "/api/crm/clients", { firstName: "Other", email: "DUP@example.com" });
    expect(again.statusCode).toBe(400);
    expect(again.json().email).toBeDefined();
    expect(await snapshot()).toEqual(before);
    await newClient("otherClinic", { email: "dup@example.com" });
  });

  it("needs a name for its kind, a valid email and an agent of the clinic as owner", async () => {
    const before = await snapshot();
    const nameless = await call("clinic", "POST", "/api/crm/clients", { kind: "organisation", firstName: "Ana" });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().organisation).toBeDefined();
    expect((await call("clinic", "POST", "/api/crm/clients", { firstName: "Ana", email: "not-an-email" })).json().email).toBeDefined();
    for (const ownerId of [people.otherAgent.id, t.ids.therapist]) {
      const answer = await call("clinic", "POST", "/api/crm/clients", { firstName: "Ana", ownerId });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().ownerId).toBeDefined();
    }
    expect(await snapshot()).toEqual(before);
  });

  it("admins name the clinic to add one; lists and filters by text, tag, owner and ids", async () => {
    expect((await call("admin", "POST", "/api/crm/clients", { firstName: "Nobody" })).json()).toEqual({ clinicId: ["Choose the clinic."] });
    const acme = await newClient(
      "admin",
      { kind: "organisation", organisation: "Acme Físio", tags: ["partner"], ownerId: people.agent2.id },
      `?clinicId=${t.ids.clinic}`,
    );
    expect(acme.name).toBe("Acme Físio");
    const byText = await ok<{ data: { id: number }[] }>(await call("agent", "GET", "/api/crm/clients?q=acme%20f"));
    expect(byText.data.map((row) => row.id)).toEqual([acme.id]);
    const byTag = await ok<{ data: { id: number }[] }>(await call("agent", "GET", "/api/crm/clients?tag=partner"));
    expect(byTag.data.map((row) => row.id)).toEqual([acme.id]);
    const byOwner = await ok<{ data: { id: number }[] }>(await call("clinic", "GET", `/api/crm/clients?ownerId=${people.agent2.id}`));
    expect(byOwner.data.map((row) => row.id)).toEqual([acme.id]);
    const byIds = await ok<{ data: { id: number }[]; total: number }>(await call("clinic", "GET", `/api/crm/clients?ids=${acme.id},999999`));
    expect(byIds.total).toBe(1);
    const tags = await ok<{ tag: string; count: number }[]>(await call("agent", "GET", "/api/crm/tags"));
    expect(tags).toContainEqual({ tag: "partner", count: 1 });
    // Another clinic's agent sees none of it.
    expect((await ok<{ total: number }>(await call("otherAgent", "GET", "/api/crm/clients?tag=partner"))).total).toBe(0);
  });

  it("edits a client: consent withdrawn clears its date, the timeline names what changed; another clinic's answers 404", async () => {
    const made = await newClient("clinic", { consent: true });
    const changed = await ok<{ consent: boolean; consentAt: string | null; city: string }>(
      await call("agent", "PUT", `/api/crm/clients/${made.id}`, { firstName: "Lucía", lastName: "Changed", city: "Madrid", consent: false }),
    );
    expect(changed).toMatchObject({ consent: false, consentAt: null, city: "Madrid" });
    const timeline = await ok<{ data: { kind: string; summary: string }[] }>(await call("clinic", "GET", `/api/crm/clients/${made.id}/timeline`));
    expect(timeline.data[0]).toMatchObject({ kind: "edited" });
    expect(timeline.data[0]?.summary).toContain("city");
    const before = await snapshot();
    expect((await call("otherClinic", "PUT", `/api/crm/clients/${made.id}`, { firstName: "Hacked" })).statusCode).toBe(404);
    expect((await call("otherAgent", "GET", `/api/crm/clients/${made.id}`)).statusCode).toBe(404);
    expect((await call("otherAgent", "GET", `/api/crm/clients/${made.id}/timeline`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("only CRM admins delete clients (403 for agents); deleting takes its notes and timeline", async () => {
    const made = await newClient("agent");
    await ok(await call("agent", "POST", "/api/crm/notes", { clientId: made.id, name: "Call", dateStart: "2026-06-01T10:00:00Z" }), 201);
    const document = await ok<{ id: number }>(
      await upload("agent", [
        { name: "name", value: "Scan" },
        { name: "clientId", value: String(made.id) },
        { name: "file", value: PNG, filename: "scan.png", type: "image/png" },
      ]),
      201,
    );
    const [kept] = await t.db.select({ uploadId: crmDocuments.uploadId }).from(crmDocuments).where(eq(crmDocuments.id, document.id));
    const before = await snapshot();
    expect((await call("agent", "DELETE", `/api/crm/clients/${made.id}`)).statusCode).toBe(403);
    expect((await call("otherClinic", "DELETE", `/api/crm/clients/${made.id}`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    await ok(await call("clinic", "DELETE", `/api/crm/clients/${made.id}`), 204);
    expect(await t.db.select().from(crmNotes).where(eq(crmNotes.clientId, made.id))).toEqual([]);
    expect(await t.db.select().from(crmTracking).where(eq(crmTracking.clientId, made.id))).toEqual([]);
    // Its documents' files go with it.
    expect(
      await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, kept?.uploadId as string)),
    ).toEqual([]);
  });

  it("refuses who holds no CRM codename, and the signed out; a CRM client's account reads nothing here", async () => {
    const before = await snapshot();
    for (const who of ["therapist", "crmClient"] as const) {
      expect((await call(who, "GET", "/api/crm/clients")).statusCode).toBe(403);
      expect((await call(who, "POST", "/api/crm/clients", { firstName: "X" })).statusCode).toBe(403);
      expect((await call(who, "GET", "/api/crm/lists")).statusCode).toBe(403);
      expect((await call(who, "POST", "/api/crm/notes", { clientId: 1, name: "x", dateStart: "2026-01-01T00:00:00Z" })).statusCode).toBe(403);
    }
    expect((await call(null, "GET", "/api/crm/clients")).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 everywhere when the module is off", async () => {
    const off = await createTestApp({ env: { FEATURE_FLAGS: "clinic" } });
    try {
      const cookie = await off.loginAs("clinic");
      for (const url of ["/api/crm/clients", "/api/crm/lists", "/api/crm/tags"]) {
        expect((await off.app.inject({ method: "GET", url, headers: { cookie } })).statusCode).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});

describe("user lists", () => {
  it("CRM admins make a list with clients, change them (timeline lines), agents read; another clinic's ids are a field error", async () => {
    const a = await newClient("clinic");
    const b = await newClient("clinic");
    const list = await ok<{ id: number; clientCount: number; title: string }>(
      await call("clinic", "POST", "/api/crm/lists", { title: "Spring campaign", description: "Old patients", clientIds: [a.id] }),
      201,
    );
    expect(list.clientCount).toBe(1);
    expect((await call("agent", "POST", "/api/crm/lists", { title: "Mine" })).statusCode).toBe(403);
    expect((await call("agent", "PUT", `/api/crm/lists/${list.id}/clients`, { add: [b.id] })).statusCode).toBe(403);
    const stranger = await newClient("otherClinic");
    const before = await snapshot();
    const refused = await call("clinic", "PUT", `/api/crm/lists/${list.id}/clients`, { add: [b.id, stranger.id], remove: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().add[0]).toContain(String(stranger.id));
    const refusedNew = await call("clinic", "POST", "/api/crm/lists", { title: "Bad", clientIds: [stranger.id] });
    expect(refusedNew.json().clientIds).toBeDefined();
    expect(await snapshot()).toEqual(before);

    const changed = await ok<{ clientCount: number }>(await call("clinic", "PUT", `/api/crm/lists/${list.id}/clients`, { add: [b.id], remove: [a.id] }));
    expect(changed.clientCount).toBe(1);
    const kinds = async (id: number) =>
      (await ok<{ data: { kind: string }[] }>(await call("agent", "GET", `/api/crm/clients/${id}/timeline`))).data.map((line) => line.kind);
    expect(await kinds(a.id)).toEqual(["list_removed", "list_added", "created"]);
    expect(await kinds(b.id)).toEqual(["list_added", "created"]);
    const detail = await ok<{ lists: { id: number; title: string }[] }>(await call("agent", "GET", `/api/crm/clients/${b.id}`));
    expect(detail.lists).toEqual([{ id: list.id, title: "Spring campaign" }]);
    const inList = await ok<{ data: { id: number }[] }>(await call("agent", "GET", `/api/crm/clients?listId=${list.id}`));
    expect(inList.data.map((row) => row.id)).toEqual([b.id]);
    const lists = await ok<{ data: { id: number; clientCount: number }[] }>(await call("agent", "GET", "/api/crm/lists?q=spring"));
    expect(lists.data).toEqual([expect.objectContaining({ id: list.id, clientCount: 1 })]);

    await ok(await call("clinic", "PUT", `/api/crm/lists/${list.id}`, { title: "Spring 2027", description: "" }));
    expect((await call("otherClinic", "GET", `/api/crm/lists/${list.id}`)).statusCode).toBe(404);
    expect((await call("otherClinic", "DELETE", `/api/crm/lists/${list.id}`)).statusCode).toBe(404);
    expect((await call("clinic", "POST", "/api/crm/lists", { title: "" })).json().title).toBeDefined();
    expect((await call("clinic", "POST", "/api/crm/lists", { title: "x".repeat(121) })).json().title).toBeDefined();
    await ok(await call("clinic", "DELETE", `/api/crm/lists/${list.id}`), 204);
    expect(await kinds(b.id)).toEqual(["list_removed", "list_added", "created"]);
  });
});

describe("notes", () => {
  it("agents add notes (a 'note' line); the author or a CRM admin changes them, another agent may not", async () => {
    const client = await newClient("clinic");
    const note = await ok<{ id: number; editable: boolean; authorName: string }>(
      await call("agent", "POST", "/api/crm/notes", { clientId: client.id, name: "First call", dateStart: "2026-06-01T10:00:00Z", description: "Interested." }),
      201,
    );
    expect(note).toMatchObject({ editable: true, authorName: "Marta Agent" });
    const seen = await ok<{ data: { id: number; editable: boolean }[] }>(await call("agent2", "GET", `/api/crm/clients/${client.id}/notes`));
    expect(seen.data).toEqual([expect.objectContaining({ id: note.id, editable: false })]);
    const before = await snapshot();
    expect((await call("agent2", "PUT", `/api/crm/notes/${note.id}`, { name: "Mine now", dateStart: "2026-06-01T10:00:00Z" })).statusCode).toBe(403);
    expect((await call("agent2", "DELETE", `/api/crm/notes/${note.id}`)).statusCode).toBe(403);
    expect((await call("otherClinic", "DELETE", `/api/crm/notes/${note.id}`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    await ok(await call("clinic", "PUT", `/api/crm/notes/${note.id}`, { name: "Second call", dateStart: "2026-06-02T10:00:00Z" }));
    const timeline = await ok<{ data: { kind: string; summary: string; refId: number }[] }>(
      await call("agent", "GET", `/api/crm/clients/${client.id}/timeline`),
    );
    expect(timeline.data[0]).toMatchObject({ kind: "note", summary: "First call", refId: note.id });
    await ok(await call("agent", "DELETE", `/api/crm/notes/${note.id}`), 204);
  });

  it("refuses a note without a name, a bad date, another clinic's client, or an initiative not the agent's", async () => {
    const client = await newClient("clinic");
    const stranger = await newClient("otherClinic");
    const [initiative] = await t.db
      .insert(crmInitiatives)
      .values({ clinicId: t.ids.clinic, title: "Pablo's", salesmanId: people.agent2.id })
      .returning({ id: crmInitiatives.id });
    const before = await snapshot();
    const nameless = await call("agent", "POST", "/api/crm/notes", { clientId: client.id, name: "  ", dateStart: "2026-06-01T10:00:00Z" });
    expect(nameless.json().name).toBeDefined();
    const longName = await call("agent", "POST", "/api/crm/notes", { clientId: client.id, name: "x".repeat(201), dateStart: "2026-06-01T10:00:00Z" });
    expect(longName.json().name).toBeDefined();
    expect((await call("agent", "POST", "/api/crm/notes", { clientId: client.id, name: "x", dateStart: "tomorrow" })).json().dateStart).toBeDefined();
    expect(
      (await call("agent", "POST", "/api/crm/notes", { clientId: stranger.id, name: "x", dateStart: "2026-06-01T10:00:00Z" })).json().clientId,
    ).toBeDefined();
    const theirs = await call("agent", "POST", "/api/crm/notes", {
      clientId: client.id,
      initiativeId: initiative?.id,
      name: "x",
      dateStart: "2026-06-01T10:00:00Z",
    });
    expect(theirs.json().initiativeId).toBeDefined();
    expect(await snapshot()).toEqual(before);
    // The salesman may.
    await ok(
      await call("agent2", "POST", "/api/crm/notes", { clientId: client.id, initiativeId: initiative?.id, name: "x", dateStart: "2026-06-01T10:00:00Z" }),
      201,
    );
  });
});

describe("documents", () => {
  const form = (fields: Record<string, string>, file = true): FormPart[] => [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: "file", value: PNG, filename: "scan.png", type: "image/png" }] : []),
  ];

  it("an agent uploads a client's document (a 'document' line), downloads it, and only its uploader or a CRM admin deletes it", async () => {
    const client = await newClient("clinic");
    const made = await ok<{ id: number; name: string; downloadUrl: string; originalName: string; mime: string }>(
      await upload("agent", form({ name: "Consent form", clientId: String(client.id) })),
      201,
    );
    expect(made).toMatchObject({ name: "Consent form", originalName: "scan.png", mime: "image/png" });
    const listed = await ok<{ id: number }[]>(await call("agent2", "GET", `/api/crm/documents?clientId=${client.id}`));
    expect(listed.map((row) => row.id)).toEqual([made.id]);
    const file = await call("agent2", "GET", made.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await call("otherAgent", "GET", made.downloadUrl)).statusCode).toBe(404);
    expect((await call("therapist", "GET", made.downloadUrl)).statusCode).toBe(403);
    // Kept out of the catalogue's gallery.
    const [row] = await t.db
      .select({ kind: uploads.kind })
      .from(uploads)
      .innerJoin(crmDocuments, eq(crmDocuments.uploadId, uploads.id))
      .where(eq(crmDocuments.id, made.id));
    expect(row?.kind).toBe("crm_document");
    const timeline = await ok<{ data: { kind: string; summary: string }[] }>(await call("clinic", "GET", `/api/crm/clients/${client.id}/timeline`));
    expect(timeline.data[0]).toMatchObject({ kind: "document", summary: "Consent form" });

    const before = await snapshot();
    expect((await call("agent2", "DELETE", `/api/crm/documents/${made.id}`)).statusCode).toBe(403);
    expect((await call("otherClinic", "DELETE", `/api/crm/documents/${made.id}`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    await ok(await call("agent", "DELETE", `/api/crm/documents/${made.id}`), 204);
    expect(await t.db.select().from(crmDocuments).where(eq(crmDocuments.id, made.id))).toEqual([]);
  });

  it("refuses a name over 200, no name, no file, a file of another kind, two targets or another clinic's client: nothing kept", async () => {
    const client = await newClient("clinic");
    const stranger = await newClient("otherClinic");
    const uploadsBefore = (await t.db.select({ id: uploads.id }).from(uploads)).length;
    const before = await snapshot();
    const cases: [FormPart[], string][] = [
      [form({ name: "x".repeat(201), clientId: String(client.id) }), "name"],
      [form({ clientId: String(client.id) }), "name"],
      [form({ name: "No file", clientId: String(client.id) }, false), "file"],
      [
        [
          { name: "name", value: "Script" },
          { name: "clientId", value: String(client.id) },
          { name: "file", value: Buffer.from("<script>"), filename: "a.html", type: "text/html" },
        ],
        "file",
      ],
      [form({ name: "Both", clientId: String(client.id), initiativeId: "1" }), "clientId"],
      [form({ name: "Stranger", clientId: String(stranger.id) }), "clientId"],
    ];
    for (const [parts, field] of cases) {
      const answer = await upload("agent", parts);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()[field], answer.body).toBeDefined();
    }
    expect(await snapshot()).toEqual(before);
    expect((await t.db.select({ id: uploads.id }).from(uploads)).length).toBe(uploadsBefore);
  });

  it("an initiative's documents are its salesman's and the CRM admins' alone", async () => {
    const [initiative] = await t.db
      .insert(crmInitiatives)
      .values({ clinicId: t.ids.clinic, title: "Marta's", salesmanId: people.agent.id })
      .returning({ id: crmInitiatives.id });
    const id = String(initiative?.id);
    const made = await ok<{ id: number; downloadUrl: string }>(await upload("agent", form({ name: "Brochure", initiativeId: id })), 201);
    const before = await snapshot();
    expect((await upload("agent2", form({ name: "Mine", initiativeId: id }))).statusCode).toBe(403);
    expect((await call("agent2", "GET", `/api/crm/documents?initiativeId=${id}`)).statusCode).toBe(403);
    expect((await call("agent2", "GET", made.downloadUrl)).statusCode).toBe(403);
    expect((await call("agent2", "DELETE", `/api/crm/documents/${made.id}`)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect((await ok<unknown[]>(await call("clinic", "GET", `/api/crm/documents?initiativeId=${id}`))).length).toBe(1);
    await ok(await call("clinic", "DELETE", `/api/crm/documents/${made.id}`), 204);
    const [left] = await t.db
      .select()
      .from(crmDocuments)
      .where(and(eq(crmDocuments.id, made.id)));
    expect(left).toBeUndefined();
  });
});
