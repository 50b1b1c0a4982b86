import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { makePatient } from "../../../test/factories.ts";
import { multipart, PNG } from "../../../test/uploads.ts";
import type { LocalDiskStore } from "../../platform/uploads.ts";
import { purgeDeletedPatientsChats } from "./chat-retention.ts";
import { CHAT_RETENTION_QUEUE } from "./chat-scope.ts";

/**
 * Retention of a deleted patient's conversations (issue 41, CHAT_RETENTION_DAYS): deleting the
 * patient marks their conversation, which agents still see under the patient's name; once the
 * days have passed, the daily job deletes it with its messages and the uploads of its
 * attachments (rows and bytes), and nothing else.
 */

let t: TestApp;
let clinic: string;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,chat_whatsapp", CHAT_RETENTION_DAYS: "30" } });
  clinic = await t.loginAs("clinic");
});
afterAll(async () => t?.close());

const store = () => t.app.uploads as LocalDiskStore;

/** A patient of the demo clinic with an in-app conversation holding a text and an image the patient sent. */
async function patientWithChat(nombres: string) {
  const patient = await makePatient(t.db, t.ids.clinic, [], { nombres, apellidos: "Retention" });
  const made = await t.db.execute<{ id: number }>(sql`
    insert into chat_conversations (clinic_id, channel, patient_id) values (${t.ids.clinic}, 'app', ${patient.id}) returning id`);
  const conversationId = Number(made.rows[0]?.id);
  const cookie = await t.login(patient.email, patient.password);
  const text = await t.app.inject({
    method: "POST",
    url: `/api/chat/conversations/${conversationId}/messages`,
    headers: { cookie, origin: TEST_PUBLIC_URL },
    payload: { body: "Hello" },
  });
  expect(text.statusCode, text.body).toBe(201);
  const { payload, contentType } = multipart([{ name: "archivo", value: PNG, filename: "scan.png", type: "image/png" }]);
  const image = await t.app.inject({
    method: "POST",
    url: `/api/chat/conversations/${conversationId}/attachments`,
    headers: { cookie, origin: TEST_PUBLIC_URL, "content-type": contentType },
    payload,
  });
  expect(image.statusCode, image.body).toBe(201);
  const uploadId: string = image.json().attachment.id;
  const key = (await t.db.execute<{ storage_key: string }>(sql`select storage_key from uploads where id = ${uploadId}`)).rows[0]?.storage_key as string;
  return { patient, conversationId, uploadId, key };
}

const exists = async (table: "chat_conversations" | "uploads" | "chat_messages", column: string, value: string | number) =>
  (await t.db.execute(sql`select 1 from ${sql.raw(table)} where ${sql.raw(column)} = ${value}`)).rows.length > 0;
const deletePatient = (id: string) => t.db.execute(sql`delete from users where id = ${id}`);
const markedDaysAgo = (conversationId: number, days: number) =>
  t.db.execute(sql`update chat_conversations set patient_deleted_at = now() - make_interval(days => ${days}) where id = ${conversationId}`);

describe("retention of a deleted patient's conversations", () => {
  it("keeps the conversation, under the patient's name, until the days pass; then the daily job deletes it with its attachment", async () => {
    const gone = await patientWithChat("Olga");
    const stays = await patientWithChat("Pablo");
    await deletePatient(gone.patient.id);

    const marked = await t.db.execute<{ patient_id: string | null; patient_deleted_at: Date | null; contact_name: string }>(sql`
      select patient_id, patient_deleted_at, contact_name from chat_conversations where id = ${gone.conversationId}`);
    expect(marked.rows[0]).toMatchObject({ patient_id: null, contact_name: "Olga Retention" });
    expect(marked.rows[0]?.patient_deleted_at).not.toBeNull();

    // Agents still read it, under the name it had.
    const seen = await t.app.inject({ method: "GET", url: `/api/chat/conversations/${gone.conversationId}`, headers: { cookie: clinic } });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ id: gone.conversationId, patient: null, contactName: "Olga Retention" });

    // The daily job, before the 30 days: nothing goes.
    await t.app.jobs.send(CHAT_RETENTION_QUEUE, {});
    expect(await t.app.jobs.drain(CHAT_RETENTION_QUEUE)).toBeGreaterThanOrEqual(1);
    expect(await exists("chat_conversations", "id", gone.conversationId)).toBe(true);
    expect(await store().exists(gone.key)).toBe(true);

    await markedDaysAgo(gone.conversationId, 31);
    await t.app.jobs.send(CHAT_RETENTION_QUEUE, {});
    expect(await t.app.jobs.drain(CHAT_RETENTION_QUEUE)).toBeGreaterThanOrEqual(1);
    expect(await exists("chat_conversations", "id", gone.conversationId)).toBe(false);
    expect(await exists("chat_messages", "conversation_id", gone.conversationId)).toBe(false);
    expect(await exists("uploads", "id", gone.uploadId)).toBe(false);
    expect(await store().exists(gone.key)).toBe(false);

    // A living patient's conversation and attachment are untouched.
    expect(await exists("chat_conversations", "id", stays.conversationId)).toBe(true);
    expect(await exists("uploads", "id", stays.uploadId)).toBe(true);
    expect(await store().exists(stays.key)).toBe(true);
    const download = await t.app.inject({ method: "GET", url: `/api/uploads/${stays.uploadId}`, headers: { cookie: clinic } });
    expect(download.statusCode).toBe(200);
  });

  it("deletes at the next sweep with 0 days, and a second sweep finds nothing left", async () => {
    const gone = await patientWithChat("Quique");
    await deletePatient(gone.patient.id);
    const deps = { db: t.db, store: store() };
    expect(await purgeDeletedPatientsChats({ ...deps, retentionDays: 30 })).not.toContain(gone.conversationId);
    expect(await purgeDeletedPatientsChats({ ...deps, retentionDays: 0 })).toEqual([gone.conversationId]);
    expect(await store().exists(gone.key)).toBe(false);
    expect(await purgeDeletedPatientsChats({ ...deps, retentionDays: 0 })).toEqual([]);
  });
});
