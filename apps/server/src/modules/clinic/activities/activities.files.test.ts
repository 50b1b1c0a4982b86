import { ACTIVITY_MESSAGES } from "@clinic/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { assignActivity, makeClinic, makePatient, type MadeClinic } from "../../../../test/factories.ts";
import { uploads } from "../../../platform/uploads.table.ts";
import { files } from "../files/files.table.ts";
import { activities } from "./activities.table.ts";

let t: TestApp;
let other: MadeClinic;
beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
});
afterAll(async () => t?.close());

type FileType = "Video" | "Text" | "Game";
const UPLOADED = { pdf: ["document", "application/pdf"], png: ["image", "image/png"], zip: ["game", "application/zip"], mp4: ["video", "video/mp4"] } as const;

/** A File of `type` holding an upload of `bytes` (or a link), owned by `clinicId` (null: the platform). */
async function makeFile(type: FileType, clinicId: string | null, bytes: keyof typeof UPLOADED | "link") {
  let uploadId: string | null = null;
  if (bytes !== "link") {
    const [kind, mime] = UPLOADED[bytes];
    const [upload] = await t.db
      .insert(uploads)
      .values({ kind, mime, size: 10, sha256: "0".repeat(64), originalName: `f.${bytes}`, storageKey: `test/${crypto.randomUUID()}`, clinicId })
      .returning({ id: uploads.id });
    uploadId = upload?.id ?? null;
  }
  const [row] = await t.db
    .insert(files)
    .values({ name: `${type} ${bytes}`, type, clinicId, uploadId, link: bytes === "link" ? "https://files.example/x" : null })
    .returning();
  return row as typeof files.$inferSelect;
}

async function create(payload: Record<string, unknown>, role: "clinic" | "admin" = "clinic") {
  const cookie = await t.loginAs(role);
  return t.app.inject({
    method: "POST",
    url: "/api/activities/",
    headers: { cookie, origin: TEST_PUBLIC_URL },
    payload: { name: `Activity ${crypto.randomUUID()}`, description: "<p>Do it seated.</p>", ...payload },
  });
}
const textActivity = (fileId: number) => create({ type: "text", body: "<p>Read this first.</p>", fileId });
const countActivities = async () => (await t.db.select({ id: activities.id }).from(activities)).length;

describe("game activities", () => {
  it("play an uploaded bundle: a Game file of the platform or of the clinic", async () => {
    for (const owner of [t.ids.clinic, null]) {
      const bundle = await makeFile("Game", owner, "zip");
      const response = await create({ type: "game", fileId: bundle.id });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        type: "game",
        gameBuildId: null,
        fileId: bundle.id,
        videoUrl: null,
        file: { id: bundle.id, name: bundle.name, type: "Game", url: `/api/uploads/${bundle.uploadId}`, mime: "application/zip" },
      });
    }
  });

  it("take a catalogue build or an uploaded bundle, exactly one, and nothing is written otherwise", async () => {
    const before = await countActivities();
    const bundle = await makeFile("Game", t.ids.clinic, "zip");
    const neither = await create({ type: "game" });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({ gameBuildId: [ACTIVITY_MESSAGES.gameNeeded], fileId: [ACTIVITY_MESSAGES.gameNeeded] });
    const both = await create({ type: "game", gameBuildId: "reactor-simple", fileId: bundle.id });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ fileId: [ACTIVITY_MESSAGES.gameBoth] });
    expect(await countActivities()).toBe(before);
  });

  it("refuse a file that is not an uploaded game, and another clinic's game", async () => {
    const before = await countActivities();
    const cases = [
      [await makeFile("Video", t.ids.clinic, "mp4"), ACTIVITY_MESSAGES.chooseGame],
      [await makeFile("Text", t.ids.clinic, "pdf"), ACTIVITY_MESSAGES.chooseGame],
      [await makeFile("Game", t.ids.clinic, "link"), ACTIVITY_MESSAGES.chooseGame],
      [await makeFile("Game", other.clinic.id, "zip"), ACTIVITY_MESSAGES.fileUnknown],
    ] as const;
    for (const [file, message] of cases) {
      const response = await create({ type: "game", fileId: file.id });
      expect({ file: file.name, status: response.statusCode, body: response.json() }).toEqual({ file: file.name, status: 400, body: { fileId: [message] } });
    }
    expect(await countActivities()).toBe(before);
  });
});

describe("text activities", () => {
  it("attach a PDF or an image of type Text, or nothing", async () => {
    const pdf = await makeFile("Text", t.ids.clinic, "pdf");
    const withPdf = await textActivity(pdf.id);
    expect(withPdf.statusCode).toBe(201);
    expect(withPdf.json()).toMatchObject({
      fileId: pdf.id,
      videoUrl: null,
      file: { id: pdf.id, type: "Text", url: `/api/uploads/${pdf.uploadId}`, mime: "application/pdf" },
    });
    const image = await makeFile("Text", null, "png");
    expect((await textActivity(image.id)).json()).toMatchObject({ file: { id: image.id, mime: "image/png" } });
    const bare = await create({ type: "text", body: "<p>Only text.</p>" });
    expect(bare.json()).toMatchObject({ fileId: null, file: null });
  });

  it("refuse a video, a game, a linked document and another clinic's document", async () => {
    const before = await countActivities();
    const cases = [
      [await makeFile("Video", t.ids.clinic, "mp4"), ACTIVITY_MESSAGES.chooseDocument],
      [await makeFile("Game", t.ids.clinic, "zip"), ACTIVITY_MESSAGES.chooseDocument],
      [await makeFile("Text", t.ids.clinic, "link"), ACTIVITY_MESSAGES.chooseDocument],
      [await makeFile("Text", other.clinic.id, "pdf"), ACTIVITY_MESSAGES.fileUnknown],
    ] as const;
    for (const [file, message] of cases) {
      const response = await textActivity(file.id);
      expect({ file: file.name, status: response.statusCode, body: response.json() }).toEqual({ file: file.name, status: 400, body: { fileId: [message] } });
    }
    // A platform activity may not show one clinic's document to every clinic.
    const clinics = await makeFile("Text", t.ids.clinic, "pdf");
    const platform = await create({ type: "text", body: "<p>Read.</p>", fileId: clinics.id }, "admin");
    expect(platform.json()).toEqual({ fileId: [ACTIVITY_MESSAGES.fileUnknown] });
    expect(await countActivities()).toBe(before);
  });

  it("show their document to the patient they are assigned to, and to no other patient", async () => {
    const pdf = await makeFile("Text", t.ids.clinic, "pdf");
    const activity = (await textActivity(pdf.id)).json();
    const assignment = await assignActivity(t.db, { activityId: activity.id, patientId: t.ids.patient });
    const patient = await t.loginAs("patient");
    const detail = await t.app.inject({ method: "GET", url: `/api/assignActivity/${assignment.id}/`, headers: { cookie: patient } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().activity).toMatchObject({
      type: "text",
      videoUrl: null,
      file: { id: pdf.id, url: `/api/uploads/${pdf.uploadId}`, mime: "application/pdf" },
    });
    const stranger = await makePatient(t.db, other.clinic.id);
    for (const cookie of [await t.loginAs("patient2"), await t.login(stranger.email, stranger.password)]) {
      const refused = await t.app.inject({ method: "GET", url: `/api/assignActivity/${assignment.id}/`, headers: { cookie } });
      expect(refused.statusCode).toBe(404);
    }
  });
});
