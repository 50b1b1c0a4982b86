import { CHAT_MESSAGES, type CannedReply } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";

/**
 * Canned replies (issue 41): every agent of a clinic (its account, its therapists) and admins
 * manage the clinic's; patients are refused; another clinic's reply is 404; a shortcut is unique
 * per clinic whatever its case.
 */

let t: TestApp;
let r: RoleCalls;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,chat_whatsapp" } });
  r = await signInRoles(t);
});
afterAll(async () => t?.close());

const URL = "/api/chat/canned-replies";
const count = async () => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from chat_canned_replies`)).rows[0]?.n);
const make = async (who: Who, shortcut: string, body = `The text of ${shortcut}`, clinicId?: string): Promise<CannedReply> => {
  const made = await r.send(who, "POST", URL, { shortcut, body, ...(clinicId ? { clinicId } : {}) });
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
};
const list = async (who: Who, query = ""): Promise<CannedReply[]> => {
  const answer = await r.send(who, "GET", `${URL}${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

describe("canned replies", () => {
  it("lets the clinic, its therapist and an admin add, list by shortcut, change and delete the clinic's replies", async () => {
    const hours = await make("clinic", "hours", "We open 9 to 19, Monday to Friday.");
    expect(hours).toMatchObject({ clinicId: t.ids.clinic, shortcut: "hours", body: "We open 9 to 19, Monday to Friday." });
    const address = await make("therapist", "Address");
    // A staff member naming another clinic still writes to their own.
    const booking = await make("therapist", "booking", "Book on the app.", r.other.clinic.id);
    expect(booking.clinicId).toBe(t.ids.clinic);
    const admin = await make("admin", "admin-note", "From the platform.", t.ids.clinic);
    expect(admin.clinicId).toBe(t.ids.clinic);

    expect((await list("therapist")).map((reply) => reply.shortcut)).toEqual(["Address", "admin-note", "booking", "hours"]);
    expect((await list("admin", `?clinicId=${t.ids.clinic}`)).map((reply) => reply.id)).toEqual([address.id, admin.id, booking.id, hours.id]);

    const changed = await r.send("therapist", "PUT", `${URL}/${hours.id}`, { shortcut: "opening", body: "We open 8 to 20." });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ id: hours.id, clinicId: t.ids.clinic, shortcut: "opening", body: "We open 8 to 20." });
    // Keeping its own shortcut, in another case, is no clash with itself.
    expect((await r.send("clinic", "PUT", `${URL}/${hours.id}`, { shortcut: "Opening", body: "We open 8 to 20." })).statusCode).toBe(200);

    for (const [who, reply] of [
      ["clinic", address],
      ["therapist", booking],
      ["admin", admin],
    ] as const) {
      expect((await r.send(who, "DELETE", `${URL}/${reply.id}`)).statusCode).toBe(204);
    }
    expect((await list("clinic")).map((reply) => reply.shortcut)).toEqual(["Opening"]);
  });

  it("keeps each clinic's replies apart: another clinic's are not listed, and changing or deleting them is 404", async () => {
    const theirs = await make("otherClinic", "theirs");
    const ours = await make("clinic", "ours");
    expect((await list("otherTherapist")).map((reply) => reply.id)).toEqual([theirs.id]);
    expect((await list("clinic")).map((reply) => reply.id)).not.toContain(theirs.id);
    expect((await list("admin", `?clinicId=${r.other.clinic.id}`)).map((reply) => reply.id)).toEqual([theirs.id]);

    for (const who of ["clinic", "therapist"] as const) {
      expect((await r.send(who, "PUT", `${URL}/${theirs.id}`, { shortcut: "mine", body: "Taken over" })).statusCode).toBe(404);
      expect((await r.send(who, "DELETE", `${URL}/${theirs.id}`)).statusCode).toBe(404);
    }
    expect((await r.send("otherTherapist", "DELETE", `${URL}/${ours.id}`)).statusCode).toBe(404);
    expect((await r.send("admin", "PUT", `${URL}/999999`, { shortcut: "x", body: "y" })).statusCode).toBe(404);
    expect(await list("otherClinic")).toEqual([theirs]);
  });

  it("refuses patients (403) and the signed out (401), writing nothing", async () => {
    const reply = await make("clinic", "patients-no");
    const before = await count();
    for (const who of ["patient", "otherPatient"] as const) {
      expect((await r.send(who, "GET", URL)).statusCode).toBe(403);
      expect((await r.send(who, "POST", URL, { shortcut: "sneaky", body: "x" })).statusCode).toBe(403);
      expect((await r.send(who, "PUT", `${URL}/${reply.id}`, { shortcut: "sneaky", body: "x" })).statusCode).toBe(403);
      expect((await r.send(who, "DELETE", `${URL}/${reply.id}`)).statusCode).toBe(403);
    }
    expect((await r.send(null, "GET", URL)).statusCode).toBe(401);
    expect((await r.send(null, "POST", URL, { shortcut: "sneaky", body: "x" })).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it("refuses a shortcut the clinic already has, in any case, with 409; another clinic may have it", async () => {
    const first = await make("clinic", "welcome");
    const other = await make("clinic", "farewell");
    const before = await count();
    const taken = await r.send("therapist", "POST", URL, { shortcut: "WELCOME", body: "Hello again" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: CHAT_MESSAGES.cannedTaken });
    const renamed = await r.send("clinic", "PUT", `${URL}/${other.id}`, { shortcut: "Welcome", body: "Bye" });
    expect(renamed.statusCode).toBe(409);
    expect(await count()).toBe(before);
    expect((await list("clinic")).find((reply) => reply.id === other.id)?.shortcut).toBe("farewell");
    expect(first.shortcut).toBe("welcome");
    expect((await make("otherClinic", "Welcome")).clinicId).toBe(r.other.clinic.id);
  });

  it.each([
    ["no shortcut", { body: "x" }, "shortcut"],
    ["a shortcut with spaces", { shortcut: "two words", body: "x" }, "shortcut"],
    ["a shortcut too long", { shortcut: "x".repeat(31), body: "x" }, "shortcut"],
    ["an empty text", { shortcut: "empty", body: "   " }, "body"],
    ["a text too long", { shortcut: "long", body: "x".repeat(4097) }, "body"],
    ["an unknown field", { shortcut: "extra", body: "x", color: "red" }, "color"],
    ["a clinic that is not an id", { shortcut: "bad-clinic", body: "x", clinicId: "nope" }, "clinicId"],
  ])("refuses %s with 400 on the field", async (_label, body, field) => {
    const before = await count();
    const refused = await r.send("clinic", "POST", URL, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[field]).toEqual([expect.any(String)]);
    expect(await count()).toBe(before);
  });

  it("asks an admin which clinic (400), and answers 404 for a clinic that does not exist", async () => {
    const none = await r.send("admin", "POST", URL, { shortcut: "which", body: "x" });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ clinicId: [CHAT_MESSAGES.clinicNeeded] });
    expect((await r.send("admin", "GET", URL)).statusCode).toBe(400);
    expect((await r.send("admin", "GET", `${URL}?clinicId=${t.ids.patient}`)).statusCode).toBe(404);
  });

  it("audits the changes", async () => {
    const reply = await make("therapist", "audited");
    await r.send("therapist", "DELETE", `${URL}/${reply.id}`);
    const actions = (
      await t.db.execute<{ action: string }>(sql`
        select action from audit_events where actor_id = ${t.ids.therapist} and action like 'chat.canned.%' and outcome = 'ok' order by id`)
    ).rows.map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["chat.canned.create", "chat.canned.update", "chat.canned.delete"]));
  });
});
