import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { assignActivity, makeClinic, type MadeClinic } from "../../test/factories.ts";
import { type FormPart, multipart, PNG, postUpload } from "../../test/uploads.ts";
import type { DemoRole } from "../demo-accounts.ts";
import { activities } from "../modules/clinic/activities/activities.table.ts";
import { uploads } from "./uploads.table.ts";

let t: TestApp;
let other: MadeClinic;
beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
});
afterAll(async () => t?.close());

const uploadImage = (cookie: string, parts: FormPart[]) => postUpload(t, cookie, parts);

const imageParts = (bytes: Buffer = PNG, type = "image/png") => [
  { name: "nombre", value: "Stance photo" },
  { name: "archivo_tipo", value: "image" },
  { name: "archivo", value: bytes, filename: "../../etc/stance.png", type },
];

describe("POST /api/uploads/ (the editor's image upload: archivo, nombre, archivo_tipo)", () => {
  it("stores an image for the caller's clinic and answers where it is served", async () => {
    const cookie = await t.loginAs("therapist");
    const response = await uploadImage(cookie, imageParts());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ name: "Stance photo", mime: "image/png", size: PNG.length });
    expect(body.url).toBe(`/api/uploads/${body.id}`);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row).toMatchObject({ clinicId: t.ids.clinic, kind: "image", originalName: "stance.png" });
    const download = await t.app.inject({ method: "GET", url: body.url, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
  });

  it("refuses what is not an image, a wrong kind, a missing file, and roles that cannot edit the catalogue; nothing is stored", async () => {
    const count = async () => (await t.db.select().from(uploads)).length;
    const before = await count();
    const therapist = await t.loginAs("therapist");
    const notImage = await uploadImage(therapist, imageParts(Buffer.from("%PDF-1.4\n%…"), "image/png"));
    expect(notImage.statusCode).toBe(400);
    expect(Object.keys(notImage.json())).toEqual(["archivo"]);
    const wrongKind = await uploadImage(therapist, [
      { name: "archivo_tipo", value: "video" },
      { name: "archivo", value: PNG, filename: "a.png", type: "image/png" },
    ]);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json()).toHaveProperty("archivo_tipo");
    const missing = await uploadImage(therapist, [{ name: "archivo_tipo", value: "image" }]);
    expect(missing.json()).toEqual({ archivo: ["Choose a file to upload."] });
    expect((await uploadImage(await t.loginAs("patient"), imageParts())).statusCode).toBe(403);
    const anonymous = multipart(imageParts());
    expect(
      (await t.app.inject({ method: "POST", url: "/api/uploads/", headers: { "content-type": anonymous.contentType }, payload: anonymous.payload })).statusCode,
    ).toBe(401);
    expect(await count()).toBe(before);
  });
});

describe("activity pictures", () => {
  async function createWithImage(role: DemoRole, imageUploadId: string) {
    return t.app.inject({
      method: "POST",
      url: "/api/activities/",
      headers: { cookie: await t.loginAs(role), origin: TEST_PUBLIC_URL },
      payload: { name: "Tandem walk", description: "Heel to toe along a wall.", type: "game", gameBuildId: "reactor-simple", imageUploadId },
    });
  }

  it("take the clinic's own image, and the patients the activity is assigned to can then see it", async () => {
    const uploaded = (await uploadImage(await t.loginAs("clinic"), imageParts())).json();
    const created = await createWithImage("therapist", uploaded.id);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ imageUploadId: uploaded.id, imageUrl: uploaded.url });
    const patientView = async () => (await t.app.inject({ method: "GET", url: uploaded.url, headers: { cookie: await t.loginAs("patient") } })).statusCode;
    expect(await patientView()).toBe(403);
    await assignActivity(t.db, { activityId: created.json().id, patientId: t.ids.patient });
    expect(await patientView()).toBe(200);
  });

  it("refuse another clinic's image, and a platform activity with a clinic's image", async () => {
    const before = (await t.db.select().from(activities)).length;
    const theirs = (await uploadImage(await t.login(other.therapist.email, other.therapist.password), imageParts())).json();
    expect((await createWithImage("therapist", theirs.id)).json()).toEqual({ imageUploadId: ["Unknown image."] });
    const ours = (await uploadImage(await t.loginAs("clinic"), imageParts())).json();
    expect((await createWithImage("admin", ours.id)).json()).toEqual({ imageUploadId: ["Unknown image."] });
    expect((await t.db.select().from(activities)).length).toBe(before);
    // And the other clinic's patients never reach our image.
    const outsider = await t.app.inject({ method: "GET", url: ours.url, headers: { cookie: await t.login(other.patient.email, other.patient.password) } });
    expect(outsider.statusCode).toBe(403);
  });
});
