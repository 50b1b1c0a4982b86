import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { makeClinic, type MadeClinic } from "../../../../test/factories.ts";
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

async function makeFile(values: { name: string; type: "Video" | "Text" | "Game"; clinicId: string | null; link?: string; uploadId?: string }) {
  const [row] = await t.db
    .insert(files)
    .values({ name: values.name, type: values.type, clinicId: values.clinicId, link: values.link ?? null, uploadId: values.uploadId ?? null })
    .returning();
  return row as typeof files.$inferSelect;
}

async function createVideo(role: "clinic" | "admin", fileId: number) {
  const cookie = await t.loginAs(role);
  return t.app.inject({
    method: "POST",
    url: "/api/activities/",
    headers: { cookie, origin: TEST_PUBLIC_URL },
    payload: { name: `Video ${fileId}`, description: "Watch it seated.", type: "video", fileId },
  });
}

describe("video activities", () => {
  it("play from their file's link", async () => {
    const file = await makeFile({ name: "Stripes", type: "Video", clinicId: t.ids.clinic, link: "https://videos.example/stripes.mp4" });
    const response = await createVideo("clinic", file.id);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ type: "video", fileId: file.id, videoUrl: "https://videos.example/stripes.mp4" });
  });

  it("play an uploaded video through the access-checked download address", async () => {
    const [upload] = await t.db
      .insert(uploads)
      .values({
        kind: "video",
        mime: "video/mp4",
        size: 10,
        sha256: "0".repeat(64),
        originalName: "clip.mp4",
        storageKey: `test/${Date.now()}`,
        clinicId: t.ids.clinic,
      })
      .returning({ id: uploads.id });
    const file = await makeFile({ name: "Clip", type: "Video", clinicId: t.ids.clinic, uploadId: upload?.id });
    const response = await createVideo("clinic", file.id);
    expect(response.statusCode).toBe(201);
    expect(response.json().videoUrl).toBe(`/api/uploads/${upload?.id}`);
  });

  it("may use the platform's video files", async () => {
    const file = await makeFile({ name: "Platform clip", type: "Video", clinicId: null, link: "https://videos.example/p.mp4" });
    expect((await createVideo("clinic", file.id)).statusCode).toBe(201);
  });

  it("refuse another clinic's file, a file that is not a video, and a platform activity with a clinic's file", async () => {
    const before = (await t.db.select().from(activities)).length;
    const foreign = await makeFile({ name: "Theirs", type: "Video", clinicId: other.clinic.id, link: "https://videos.example/x.mp4" });
    const notVideo = await makeFile({ name: "Leaflet", type: "Text", clinicId: t.ids.clinic, link: "https://docs.example/leaflet.pdf" });
    const clinics = await makeFile({ name: "Clinic clip", type: "Video", clinicId: t.ids.clinic, link: "https://videos.example/c.mp4" });
    const cases = [
      [await createVideo("clinic", foreign.id), "Unknown file."],
      [await createVideo("clinic", notVideo.id), "Choose a video file."],
      [await createVideo("admin", clinics.id), "Unknown file."],
    ] as const;
    for (const [response, message] of cases) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ fileId: [message] });
    }
    expect((await t.db.select().from(activities)).length).toBe(before);
  });

  it("lose their video, not their existence, when the file is deleted", async () => {
    const file = await makeFile({ name: "Short-lived", type: "Video", clinicId: t.ids.clinic, link: "https://videos.example/s.mp4" });
    const created = (await createVideo("clinic", file.id)).json();
    await t.db.delete(files).where(eq(files.id, file.id));
    const cookie = await t.loginAs("clinic");
    const response = await t.app.inject({ method: "GET", url: `/api/activity/${created.id}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fileId: null, videoUrl: null });
  });
});
