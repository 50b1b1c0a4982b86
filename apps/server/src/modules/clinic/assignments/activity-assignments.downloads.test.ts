import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { assignActivity, assignRecommendation, type MadeClinic, makeActivity, makeClinic, makeRecommendation } from "../../../../test/factories.ts";
import { imageForm, postUpload } from "../../../../test/uploads.ts";
import { type Actor, loadActor } from "../../../platform/access.ts";
import { richTextUploads } from "../../../platform/rich-text.table.ts";
import { canDownload, newStorageKey } from "../../../platform/uploads.ts";
import { uploads } from "../../../platform/uploads.table.ts";
import { activities } from "../activities/activities.table.ts";
import { files } from "../files/files.table.ts";
import { assignedActivities } from "./assignments.table.ts";

/**
 * Patients download only what their assignments show them (platform/uploads.ts canDownload):
 * an assigned activity's picture, video and rich-text images, an assigned recommendation's
 * rich-text images; nothing else of their clinic's uploads.
 */
let t: TestApp;
let other: MadeClinic;
let patient: Actor;
let patient2: Actor;
let otherPatient: Actor;
beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
  const actorOf = async (id: string) => (await loadActor(t.db, id)) as Actor;
  [patient, patient2, otherPatient] = [await actorOf(t.ids.patient), await actorOf(t.ids.patient2), await actorOf(other.patient.id)];
});
afterAll(async () => t?.close());

/** An upload row of `clinicId` (no bytes: canDownload never reads them). */
async function uploadRow(clinicId: string | null, kind: "image" | "video" = "image") {
  const [row] = await t.db
    .insert(uploads)
    .values({
      kind,
      mime: kind === "image" ? "image/png" : "video/mp4",
      size: 1,
      sha256: "0".repeat(64),
      originalName: "x",
      storageKey: newStorageKey(),
      clinicId,
    })
    .returning();
  return row as typeof uploads.$inferSelect;
}

const who = async (actor: Actor, upload: typeof uploads.$inferSelect) => canDownload(t.db, actor, upload);

/** Staff's view of a rich-text image: uploaded through the API, used in a row created through the API. */
async function uploadedImage(): Promise<string> {
  const response = await postUpload(t, await t.loginAs("therapist"), imageForm("Stance"));
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

describe("patients' downloads", () => {
  it("cover an assigned activity's picture and video only while the active assignment lasts", async () => {
    const picture = await uploadRow(t.ids.clinic);
    const video = await uploadRow(t.ids.clinic, "video");
    const [file] = await t.db.insert(files).values({ name: "Clip", type: "Video", clinicId: t.ids.clinic, uploadId: video.id }).returning();
    const activity = await makeActivity(t.db, { type: "video", fileId: file?.id, clinicId: t.ids.clinic });
    await t.db.update(activities).set({ imageUploadId: picture.id }).where(eq(activities.id, activity.id));

    // In the clinic's catalogue, but assigned to nobody: no patient sees it.
    expect([await who(patient, picture), await who(patient, video)]).toEqual([false, false]);
    const row = await assignActivity(t.db, { activityId: activity.id, patientId: t.ids.patient });
    expect([await who(patient, picture), await who(patient, video)]).toEqual([true, true]);
    // Another patient of the same clinic, and another clinic's patient, still see nothing.
    expect([await who(patient2, picture), await who(patient2, video), await who(otherPatient, picture)]).toEqual([false, false, false]);

    await t.db.update(assignedActivities).set({ activate: false }).where(eq(assignedActivities.id, row.id));
    expect(await who(patient, picture)).toBe(false);
    await t.db.update(assignedActivities).set({ activate: true }).where(eq(assignedActivities.id, row.id));
    expect(await who(patient, picture)).toBe(true);
    await t.db.delete(assignedActivities).where(eq(assignedActivities.id, row.id));
    expect([await who(patient, picture), await who(patient, video)]).toEqual([false, false]);
  });

  it("cover the images of an assigned activity's rich text, over HTTP too", async () => {
    const image = await uploadedImage();
    const therapist = await t.loginAs("therapist");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/activities/",
      headers: { cookie: therapist, origin: TEST_PUBLIC_URL },
      payload: { name: "Stance reading", description: `<p><img src="/api/uploads/${image}" alt="Stance"></p>`, type: "text", body: "<p>Read.</p>" },
    });
    expect(created.statusCode).toBe(201);
    const download = async (role: "patient" | "patient2") =>
      (await t.app.inject({ method: "GET", url: `/api/uploads/${image}`, headers: { cookie: await t.loginAs(role) } })).statusCode;
    expect([await download("patient"), await download("patient2")]).toEqual([403, 403]);
    await assignActivity(t.db, { activityId: created.json().id, patientId: t.ids.patient2 });
    expect([await download("patient"), await download("patient2")]).toEqual([403, 200]);
  });

  it("cover the images of an assigned recommendation's rich text (platform ones included)", async () => {
    const image = await uploadRow(null);
    const recommendation = await makeRecommendation(t.db, { clinicId: null });
    // The reference the recommendations service keeps for an image in the description.
    await t.db.insert(richTextUploads).values({ uploadId: image.id, ownerType: "recommendation", ownerId: recommendation.id, clinicId: null });
    expect([await who(patient, image), await who(otherPatient, image)]).toEqual([false, false]);
    await assignRecommendation(t.db, { recommendationId: recommendation.id, patientId: other.patient.id });
    expect([await who(patient, image), await who(otherPatient, image)]).toEqual([false, true]);
  });

  it("never reach another clinic's upload, even through an assignment", async () => {
    const theirs = await uploadRow(other.clinic.id);
    const activity = await makeActivity(t.db, { clinicId: null });
    await t.db.update(activities).set({ imageUploadId: theirs.id }).where(eq(activities.id, activity.id));
    await assignActivity(t.db, { activityId: activity.id, patientId: t.ids.patient });
    expect(await who(patient, theirs)).toBe(false);
  });

  it("leave staff and admins as they were: their clinic's and the platform's, all for admins", async () => {
    const own = await uploadRow(t.ids.clinic);
    const answers = [];
    for (const id of [t.ids.admin, t.ids.clinic, t.ids.therapist, other.therapist.id]) answers.push(await who((await loadActor(t.db, id)) as Actor, own));
    expect(answers).toEqual([true, true, true, false]);
  });
});
