import { CHAT_MESSAGES } from "@clinic/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { type RoleCalls, signInRoles } from "../../../../test/roles.ts";
import { chatTemplates, chatWhatsAppNumbers } from "../chat.table.ts";
import { makeChatTemplate, makeWhatsAppNumber } from "./whatsapp.fixture.ts";

/**
 * The WhatsApp settings (issue 41.3): a clinic's approved templates (its account and admins
 * manage them, its therapists read them) and the business numbers connected to clinics (admins
 * manage them, a clinic's account reads its own). Another clinic's: 404; patients: 403.
 */

let t: TestApp;
let as: RoleCalls;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,chat_whatsapp" } });
  as = await signInRoles(t);
});
afterAll(async () => t?.close());

describe("templates", () => {
  it("are added, listed with their variable count, changed and removed by the clinic's account", async () => {
    const created = await as.send("clinic", "POST", "/api/chat/templates", {
      name: "visit_reminder",
      language: "en_US",
      body: "Hi {{1}}, see you on {{2}} at {{3}}.",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ clinicId: t.ids.clinic, name: "visit_reminder", language: "en_US", variables: 3 });
    const id = created.json().id;

    const taken = await as.send("clinic", "POST", "/api/chat/templates", { name: "visit_reminder", language: "en_US", body: "Other" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(CHAT_MESSAGES.templateTaken);
    // Another language of the same name is another template.
    expect((await as.send("clinic", "POST", "/api/chat/templates", { name: "visit_reminder", language: "es", body: "Hola {{1}}" })).statusCode).toBe(201);

    const read = await as.send("therapist", "GET", "/api/chat/templates");
    expect(read.statusCode).toBe(200);
    expect(read.json().map((row: { name: string; language: string }) => `${row.name}/${row.language}`)).toEqual(
      expect.arrayContaining(["visit_reminder/en_US", "visit_reminder/es"]),
    );
    expect((await as.send("otherTherapist", "GET", "/api/chat/templates")).json()).toEqual([]);

    const changed = await as.send("clinic", "PUT", `/api/chat/templates/${id}`, { name: "visit_reminder", language: "en_US", body: "Hi {{1}}!" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ body: "Hi {{1}}!", variables: 1 });
    const clash = await as.send("clinic", "PUT", `/api/chat/templates/${id}`, { name: "visit_reminder", language: "es", body: "x" });
    expect(clash.statusCode).toBe(409);

    expect((await as.send("clinic", "DELETE", `/api/chat/templates/${id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(chatTemplates).where(eq(chatTemplates.id, id))).toHaveLength(0);
  });

  it("are managed by admins for the clinic they name", async () => {
    const unnamed = await as.send("admin", "POST", "/api/chat/templates", { name: "admin_made", language: "en", body: "Hello" });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().clinicId).toEqual([CHAT_MESSAGES.clinicNeeded]);
    const made = await as.send("admin", "POST", "/api/chat/templates", { name: "admin_made", language: "en", body: "Hello", clinicId: t.ids.clinic });
    expect(made.statusCode).toBe(201);
    expect(made.json().clinicId).toBe(t.ids.clinic);
    const listed = await as.send("admin", "GET", `/api/chat/templates?clinicId=${t.ids.clinic}`);
    expect(listed.json().some((row: { name: string }) => row.name === "admin_made")).toBe(true);
  });

  it("are refused to therapists (managing), patients, and other clinics, changing nothing", async () => {
    const ours = await makeChatTemplate(t.db, t.ids.clinic, { body: "Unchanged {{1}}" });
    const body = { name: "hijacked", language: "en", body: "Changed" };
    expect((await as.send("therapist", "POST", "/api/chat/templates", body)).statusCode).toBe(403);
    expect((await as.send("therapist", "PUT", `/api/chat/templates/${ours.id}`, body)).statusCode).toBe(403);
    expect((await as.send("patient", "GET", "/api/chat/templates")).statusCode).toBe(403);
    expect((await as.send("patient", "POST", "/api/chat/templates", body)).statusCode).toBe(403);
    expect((await as.send("otherClinic", "PUT", `/api/chat/templates/${ours.id}`, body)).statusCode).toBe(404);
    expect((await as.send("otherClinic", "DELETE", `/api/chat/templates/${ours.id}`)).statusCode).toBe(404);
    expect((await as.send(null, "GET", "/api/chat/templates")).statusCode).toBe(401);
    const [row] = await t.db.select().from(chatTemplates).where(eq(chatTemplates.id, ours.id));
    expect(row?.body).toBe("Unchanged {{1}}");
  });

  it("refuse a body with more variables than WhatsApp allows", async () => {
    const body = Array.from({ length: 11 }, (_, i) => `{{${i + 1}}}`).join(" ");
    const response = await as.send("clinic", "POST", "/api/chat/templates", { name: "too_many", language: "en", body });
    expect(response.statusCode).toBe(400);
    expect(response.json().body).toBeDefined();
  });
});

describe("WhatsApp numbers", () => {
  it("are connected, changed and disconnected by admins; a clinic's account reads its own", async () => {
    const created = await as.send("admin", "POST", "/api/chat/whatsapp-numbers", {
      id: "106540352242922",
      clinicId: t.ids.clinic,
      displayPhone: "+1 555 078 3881",
      label: "Reception",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: "106540352242922", clinicId: t.ids.clinic, displayPhone: "+1 555 078 3881", label: "Reception" });
    expect(created.json().clinicName).not.toBe("");

    const taken = await as.send("admin", "POST", "/api/chat/whatsapp-numbers", {
      id: "106540352242922",
      clinicId: as.other.clinic.id,
      displayPhone: "+1 555 000 0000",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(CHAT_MESSAGES.numberTaken);

    const theirs = await makeWhatsAppNumber(t.db, as.other.clinic.id);
    const mine = await as.send("clinic", "GET", "/api/chat/whatsapp-numbers");
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((row: { id: string }) => row.id)).toContain("106540352242922");
    expect(mine.json().map((row: { id: string }) => row.id)).not.toContain(theirs);
    const all = await as.send("admin", "GET", "/api/chat/whatsapp-numbers");
    expect(all.json().map((row: { id: string }) => row.id)).toEqual(expect.arrayContaining(["106540352242922", theirs]));

    const moved = await as.send("admin", "PUT", "/api/chat/whatsapp-numbers/106540352242922", {
      clinicId: t.ids.clinic,
      displayPhone: "+1 555 078 3882",
      label: "",
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ displayPhone: "+1 555 078 3882", label: "" });
    expect((await as.send("admin", "PUT", "/api/chat/whatsapp-numbers/99999999", { clinicId: t.ids.clinic, displayPhone: "+1" })).statusCode).toBe(404);

    expect((await as.send("admin", "DELETE", "/api/chat/whatsapp-numbers/106540352242922")).statusCode).toBe(204);
    expect(await t.db.select().from(chatWhatsAppNumbers).where(eq(chatWhatsAppNumbers.id, "106540352242922"))).toHaveLength(0);
  });

  it("are refused to everyone else, changing nothing", async () => {
    const number = await makeWhatsAppNumber(t.db, t.ids.clinic);
    const body = { id: "123456789012", clinicId: t.ids.clinic, displayPhone: "+1 555 000 3333" };
    for (const who of ["clinic", "therapist", "patient"] as const) {
      expect((await as.send(who, "POST", "/api/chat/whatsapp-numbers", body)).statusCode).toBe(403);
      expect((await as.send(who, "DELETE", `/api/chat/whatsapp-numbers/${number}`)).statusCode).toBe(403);
    }
    expect((await as.send("therapist", "GET", "/api/chat/whatsapp-numbers")).statusCode).toBe(403);
    expect((await as.send("patient", "GET", "/api/chat/whatsapp-numbers")).statusCode).toBe(403);
    expect((await as.send("otherClinic", "GET", "/api/chat/whatsapp-numbers")).json().map((row: { id: string }) => row.id)).not.toContain(number);
    expect(await t.db.select().from(chatWhatsAppNumbers).where(eq(chatWhatsAppNumbers.id, "123456789012"))).toHaveLength(0);
    expect(await t.db.select().from(chatWhatsAppNumbers).where(eq(chatWhatsAppNumbers.id, number))).toHaveLength(1);
  });

  it("refuse a clinic that does not exist", async () => {
    const response = await as.send("admin", "POST", "/api/chat/whatsapp-numbers", { id: "555555555", clinicId: t.ids.therapist, displayPhone: "+1" });
    expect(response.statusCode).toBe(404);
  });
});
