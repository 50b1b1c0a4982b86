import { readdir } from "node:fs/promises";
import { CHAT_MESSAGES, type ChatMessage } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { type FormPart, multipart, PNG } from "../../../test/uploads.ts";
import { type LocalDiskStore, sniffMime } from "../../platform/uploads.ts";
import { uploads } from "../../platform/uploads.table.ts";

/**
 * Attachments in the chat (issue 41): an image, a PDF or a voice note sent by the patient or an
 * agent, stored through the uploads platform for the conversation's clinic and downloadable by
 * the patient of the conversation and the clinic's agents only; a forbidden type, a file too
 * large, another clinic's or patient's conversation, a closed one or WhatsApp's closed window
 * are refused with nothing stored.
 */

let t: TestApp;
let r: RoleCalls;
const cookies = {} as Record<Who | "patient2", string>;
/** The demo patient's in-app conversation with the demo clinic, and the second clinic's with its patient. */
let mine: number;
let theirs: number;
/** A WhatsApp conversation of the demo clinic whose contact wrote an hour ago. */
let whatsAppId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,chat_whatsapp" } });
  r = await signInRoles(t);
  for (const role of ["admin", "clinic", "therapist", "patient", "patient2"] as const) cookies[role] = await t.loginAs(role);
  cookies.otherClinic = await t.login(r.other.clinic.email, r.other.clinic.password);
  cookies.otherTherapist = await t.login(r.other.therapist.email, r.other.therapist.password);
  cookies.otherPatient = await t.login(r.other.patient.email, r.other.patient.password);
  mine = await appConversation(t.ids.clinic, t.ids.patient);
  theirs = await appConversation(r.other.clinic.id, r.other.patient.id);
  whatsAppId = await whatsAppConversation(1);
});
afterAll(async () => t?.close());

async function appConversation(clinicId: string, patientId: string): Promise<number> {
  const made = await t.db.execute<{ id: number }>(sql`
    insert into chat_conversations (clinic_id, channel, patient_id) values (${clinicId}, 'app', ${patientId}) returning id`);
  return Number(made.rows[0]?.id);
}

async function whatsAppConversation(lastInboundHoursAgo: number | null): Promise<number> {
  const phone = `+3461${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const inbound = lastInboundHoursAgo === null ? null : new Date(Date.now() - lastInboundHoursAgo * 3_600_000).toISOString();
  const made = await t.db.execute<{ id: number }>(sql`
    insert into chat_conversations (clinic_id, channel, contact_phone, contact_name, last_inbound_at)
      values (${t.ids.clinic}, 'whatsapp', ${phone}, 'Lucía', ${inbound}) returning id`);
  return Number(made.rows[0]?.id);
}

const file = (value: Buffer, type: string, filename: string): FormPart => ({ name: "archivo", value, type, filename });
const png = () => file(PNG, "image/png", "photo.png");
/** A few bytes after a format's signature: enough for the sniffing, which reads the head only. */
const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(60, 1)]);
const M4A = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypM4A "), Buffer.alloc(52, 0)]);
const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n", "latin1");
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 0)]);
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62, 0x90)]);

function send(who: Who | "patient2", conversationId: number, parts: FormPart[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: "POST",
    url: `/api/chat/conversations/${conversationId}/attachments`,
    headers: { cookie: cookies[who], origin: TEST_PUBLIC_URL, "content-type": contentType },
    payload,
  });
}
const download = (who: Who | "patient2", url: string) => t.app.inject({ method: "GET", url, headers: { cookie: cookies[who] } });

const count = async (table: string) => Number((await t.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n);
/** Files in the store besides the staging folder, and files left in staging. */
async function storedFiles(): Promise<{ kept: number; staged: number }> {
  const root = (t.app.uploads as LocalDiskStore).root;
  const all = (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) => entry.isFile());
  const staged = all.filter((entry) => entry.parentPath.includes(".staging")).length;
  return { kept: all.length - staged, staged };
}
/** What a refused request must leave as it was. */
async function snapshot() {
  return { uploads: await count("uploads"), messages: await count("chat_messages"), files: await storedFiles() };
}

describe("POST /api/chat/conversations/:id/attachments", () => {
  it("takes a patient's image with its caption as an incoming message, owned by the clinic, downloadable by them and the clinic's agents only", async () => {
    const sent = await send("patient", mine, [{ name: "caption", value: "  My ankle this morning  " }, png()]);
    expect(sent.statusCode, sent.body).toBe(201);
    const message: ChatMessage = sent.json();
    expect(message).toMatchObject({
      conversationId: mine,
      direction: "in",
      kind: "image",
      body: "My ankle this morning",
      status: "sent",
      author: { id: t.ids.patient },
      attachment: { name: "photo.png", mime: "image/png", size: PNG.length },
    });
    const attachment = message.attachment as NonNullable<ChatMessage["attachment"]>;
    expect(attachment.url).toBe(`/api/uploads/${attachment.id}`);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, attachment.id));
    expect(row).toMatchObject({ kind: "image", clinicId: t.ids.clinic, createdBy: t.ids.patient });
    expect(await (t.app.uploads as LocalDiskStore).exists(row?.storageKey ?? "")).toBe(true);

    for (const who of ["patient", "clinic", "therapist", "admin"] as const) {
      const got = await download(who, attachment.url);
      expect(got.statusCode, who).toBe(200);
      expect(got.rawPayload.equals(PNG)).toBe(true);
    }
    // Another patient of the same clinic, and the second clinic's people: refused.
    for (const who of ["patient2", "otherPatient", "otherClinic", "otherTherapist"] as const) {
      expect((await download(who, attachment.url)).statusCode, who).toBe(403);
    }
    // The conversation shows it with the caption as its preview.
    const [conversation] = (await t.db.execute<{ preview: string }>(sql`select last_message_preview as preview from chat_conversations where id = ${mine}`))
      .rows;
    expect(conversation?.preview).toBe("My ankle this morning");
  });

  it("sends an agent's PDF out, with an empty caption by default", async () => {
    const sent = await send("therapist", mine, [file(PDF, "application/pdf", "exercises.pdf")]);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      direction: "out",
      kind: "document",
      body: "",
      author: { id: t.ids.therapist },
      attachment: { mime: "application/pdf" },
    });
    expect((await download("patient", sent.json().attachment.url)).statusCode).toBe(200);
  });

  it("takes a voice note (OGG, M4A), played in place rather than downloaded", async () => {
    const ogg = await send("patient", mine, [file(OGG, "audio/ogg; codecs=opus", "voice.ogg")]);
    expect(ogg.statusCode, ogg.body).toBe(201);
    expect(ogg.json()).toMatchObject({ kind: "audio", attachment: { mime: "audio/ogg" } });
    const played = await download("clinic", ogg.json().attachment.url);
    expect(played.statusCode).toBe(200);
    expect(played.headers["content-type"]).toBe("audio/ogg");
    expect(played.headers["content-disposition"]).toMatch(/^inline;/);

    const m4a = await send("clinic", mine, [file(M4A, "audio/x-m4a", "note.m4a")]);
    expect(m4a.statusCode, m4a.body).toBe(201);
    expect(m4a.json()).toMatchObject({ direction: "out", kind: "audio", attachment: { mime: "audio/mp4" } });
  });

  it("never lets a patient download the attachment of an agents' note", async () => {
    const [upload] = await t.db
      .insert(uploads)
      .values({ kind: "image", mime: "image/png", size: 1, sha256: "0".repeat(64), originalName: "note.png", storageKey: "aa/bb/aabb", clinicId: t.ids.clinic })
      .returning({ id: uploads.id });
    await t.db.execute(sql`insert into chat_messages (conversation_id, direction, kind, upload_id) values (${mine}, 'note', 'image', ${upload?.id})`);
    expect((await download("patient", `/api/uploads/${upload?.id}`)).statusCode).toBe(403);
  });

  it.each([
    ["a Windows program", () => file(EXE, "application/octet-stream", "setup.exe")],
    ["a zip", () => file(ZIP, "application/zip", "photos.zip")],
    ["a GIF", () => file(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), "image/gif", "funny.gif")],
  ])("refuses %s with 400 on archivo and stores nothing", async (_label, part) => {
    const before = await snapshot();
    const refused = await send("clinic", mine, [part()]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ archivo: [CHAT_MESSAGES.attachmentType] });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses bytes that contradict their declared type", async () => {
    const before = await snapshot();
    const refused = await send("clinic", mine, [file(PNG, "application/pdf", "report.pdf")]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().archivo).toEqual([expect.stringContaining("does not match")]);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["an image over its 5 MB", () => file(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), "image/png", "big.png"), "5 MB"],
    ["a PDF past the 20 MB any attachment may have", () => file(Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]), "application/pdf", "huge.pdf"), "20 MB"],
  ])("refuses %s with the limit, storing nothing", async (_label, part, limit) => {
    const before = await snapshot();
    const refused = await send("patient", mine, [part()]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ archivo: [CHAT_MESSAGES.attachmentTooLarge.replace("{size}", limit)] });
    expect(await snapshot()).toEqual(before);
  });

  it("asks for a file when none is sent, and names an unknown field", async () => {
    const none = await send("clinic", mine, [{ name: "caption", value: "Here it is" }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ archivo: [CHAT_MESSAGES.attachmentNeeded] });
    const unknown = await send("clinic", mine, [{ name: "body", value: "x" }, png()]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ body: ["Unknown field."] });
    const long = await send("clinic", mine, [{ name: "caption", value: "x".repeat(1025) }, png()]);
    expect(long.statusCode).toBe(400);
    expect(long.json().caption).toEqual([expect.any(String)]);
  });

  it.each([
    ["the demo clinic → the second clinic's conversation", "clinic", () => theirs],
    ["the demo therapist → the second clinic's conversation", "therapist", () => theirs],
    ["the second clinic's patient → the demo patient's conversation", "otherPatient", () => mine],
    ["another patient of the demo clinic → the demo patient's conversation", "patient2", () => mine],
    ["a patient → a WhatsApp conversation of their clinic", "patient", () => whatsAppId],
  ] as [string, Who | "patient2", () => number][])("answers 404 to %s, nothing stored", async (_label, who, target) => {
    const before = await snapshot();
    const refused = await send(who, target(), [png()]);
    expect(refused.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
  it("answers 401 signed out", async () => {
    const { payload, contentType } = multipart([png()]);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/chat/conversations/${mine}/attachments`,
      headers: { origin: TEST_PUBLIC_URL, "content-type": contentType },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("sends on WhatsApp within the 24-hour window (queued for the sender), and refuses outside it with 409, nothing stored", async () => {
    const open = await send("clinic", whatsAppId, [png()]);
    expect(open.statusCode, open.body).toBe(201);
    expect(open.json()).toMatchObject({ direction: "out", kind: "image", status: "queued" });

    for (const hoursAgo of [25, null]) {
      const closedWindow = await whatsAppConversation(hoursAgo);
      const before = await snapshot();
      const refused = await send("clinic", closedWindow, [png()]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(CHAT_MESSAGES.windowClosed);
      expect(await snapshot()).toEqual(before);
    }
  });

  it("refuses an agent in a closed conversation (409), while the patient's attachment reopens it", async () => {
    await t.db.execute(sql`update chat_conversations set status = 'closed' where id = ${mine}`);
    const before = await snapshot();
    const refused = await send("clinic", mine, [png()]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(CHAT_MESSAGES.closed);
    expect(await snapshot()).toEqual(before);

    expect((await send("patient", mine, [png()])).statusCode).toBe(201);
    const [row] = (await t.db.execute<{ status: string }>(sql`select status from chat_conversations where id = ${mine}`)).rows;
    expect(row?.status).toBe("open");
  });

  it("audits each sending, and each refusal of another clinic's conversation", async () => {
    const outcomes = async (conversationId: number, actorId: string) =>
      (
        await t.db.execute<{ outcome: string }>(sql`
          select distinct outcome from audit_events
            where action = 'chat.attachment.send' and actor_id = ${actorId} and detail->>'conversationId' = ${String(conversationId)}`)
      ).rows.map((row) => row.outcome);
    expect(await outcomes(mine, t.ids.patient)).toContain("ok");
    expect(await outcomes(theirs, t.ids.clinic)).toEqual(["refused"]);
  });
});

describe("sniffing audio", () => {
  it.each([
    ["OggS", Buffer.from("OggS\0\x02"), "audio/ogg"],
    ["an ID3 tag", Buffer.from("ID3\x04\0"), "audio/mpeg"],
    ["an MPEG layer III frame", Buffer.from([0xff, 0xfb, 0x90, 0x64]), "audio/mpeg"],
    ["an MPEG-2 layer III frame", Buffer.from([0xff, 0xf3, 0x90, 0x64]), "audio/mpeg"],
    ["AMR", Buffer.from("#!AMR\n"), "audio/amr"],
    ["ADTS AAC", Buffer.from([0xff, 0xf1, 0x50, 0x80]), "audio/aac"],
    ["ADTS AAC (MPEG-2)", Buffer.from([0xff, 0xf9, 0x50, 0x80]), "audio/aac"],
    ["an M4A", M4A, "audio/mp4"],
    ["an MP4 video", Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypisom")]), "video/mp4"],
    ["a JPEG (0xFF 0xD8, not a frame sync)", Buffer.from([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg"],
  ])("recognises %s", (_label, head, mime) => {
    expect(sniffMime(head)).toBe(mime);
  });
});
