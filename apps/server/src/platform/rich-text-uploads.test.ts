import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { assignActivity, assignRecommendation, type MadeClinic, type MadeUser, makeClinic } from "../../test/factories.ts";
import { imageForm, postUpload } from "../../test/uploads.ts";
import type { DemoRole } from "../demo-accounts.ts";
import { activities } from "../modules/clinic/activities/activities.table.ts";
import { categories } from "../modules/clinic/categories/categories.table.ts";
import { recommendations } from "../modules/clinic/recommendations/recommendations.table.ts";
import { UNAVAILABLE_IMAGE_MESSAGE, uploadIdsIn } from "./rich-text.ts";
import { type RichTextOwnerType, richTextUploads } from "./rich-text.table.ts";

let t: TestApp;
let other: MadeClinic;
beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
});
afterAll(async () => t?.close());

type Who = DemoRole | MadeUser;
const cookies = new Map<Who, Promise<string>>();
/** One sign-in per account for the whole file. */
function cookieOf(who: Who): Promise<string> {
  let cookie = cookies.get(who);
  if (!cookie) {
    cookie = typeof who === "string" ? t.loginAs(who) : t.login(who.email, who.password);
    cookies.set(who, cookie);
  }
  return cookie;
}

async function send(who: Who, method: "POST" | "PUT" | "DELETE", url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: { cookie: await cookieOf(who), origin: TEST_PUBLIC_URL }, payload });
}

/** Where each kind of row is created and changed (spec §7's verbs: a category is created by PUT and updated by POST). */
const ROUTES = {
  activity: { create: ["POST", "/api/activities/"], update: ["PUT", "/api/activity/"] },
  recommendation: { create: ["POST", "/api/recommendations/"], update: ["PUT", "/api/recommendation/"] },
  category: { create: ["PUT", "/api/categories/"], update: ["POST", "/api/category/"] },
} as const;
const create = (who: Who, kind: RichTextOwnerType, payload: Record<string, unknown>) => send(who, ROUTES[kind].create[0], ROUTES[kind].create[1], payload);
const update = (who: Who, kind: RichTextOwnerType, id: number, payload: Record<string, unknown>) =>
  send(who, ROUTES[kind].update[0], `${ROUTES[kind].update[1]}${id}`, payload);
const remove = (who: Who, kind: RichTextOwnerType, id: number) => send(who, "DELETE", `${ROUTES[kind].update[1]}${id}`);

/** Uploads a PNG through the editor's upload call; answers its id. */
async function uploadImage(who: Who): Promise<string> {
  const response = await postUpload(t, await cookieOf(who), imageForm("Stance"));
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

/** The status of `GET /api/uploads/<id>` for `who`. */
async function download(who: Who, id: string): Promise<number> {
  return (await t.app.inject({ method: "GET", url: `/api/uploads/${id}`, headers: { cookie: await cookieOf(who) } })).statusCode;
}

/** Rich text with these uploads' images, as the editor writes it. */
const withImages = (...ids: string[]) => `<p>Look:</p>${ids.map((id) => `<p><img src="/api/uploads/${id}" alt="Stance"></p>`).join("")}`;

const activityInput = (description: string, body = "<p>Read this.</p>") => ({ name: `Act ${randomUUID().slice(0, 8)}`, description, type: "text", body });
const catalogueInput = (description: string) => ({ name: `Row ${randomUUID().slice(0, 8)}`, description });

async function references(ownerType: RichTextOwnerType, ownerId: number) {
  return t.db
    .select({ uploadId: richTextUploads.uploadId, clinicId: richTextUploads.clinicId })
    .from(richTextUploads)
    .where(and(eq(richTextUploads.ownerType, ownerType), eq(richTextUploads.ownerId, ownerId)))
    .orderBy(asc(richTextUploads.uploadId));
}

async function counts() {
  const [[a], [r], [c], [refs]] = await Promise.all([
    t.db.select({ n: count() }).from(activities),
    t.db.select({ n: count() }).from(recommendations),
    t.db.select({ n: count() }).from(categories),
    t.db.select({ n: count() }).from(richTextUploads),
  ]);
  return { activities: a?.n, recommendations: r?.n, categories: c?.n, references: refs?.n };
}

describe("uploadIdsIn", () => {
  it("answers the distinct upload ids of images in sanitised HTML, lower case, and nothing else", () => {
    const a = randomUUID();
    const b = randomUUID();
    const html = `<p>See /api/uploads/${randomUUID()} and <a target="_blank" rel="noopener noreferrer nofollow" href="https://x.example/api/uploads/${randomUUID()}">this</a></p><img src="/api/uploads/${a}"><img alt="Two" src="/api/uploads/${b.toUpperCase()}" title="t">`;
    expect(uploadIdsIn(html, null, `<p><img src="/api/uploads/${a}" alt="again"></p>`, "").sort()).toEqual([a, b].sort());
    expect(uploadIdsIn(null)).toEqual([]);
  });
});

describe("images in rich text, for patients", () => {
  it("show to the patients a row is assigned to once its description or body uses them, never to others; taking the image out takes the access back", async () => {
    const [inDescription, inBody, inRecommendation] = [await uploadImage("therapist"), await uploadImage("therapist"), await uploadImage("therapist")];
    // Uploaded but used nowhere: staff see it, patients do not.
    expect(await download("therapist", inDescription)).toBe(200);
    expect(await download("patient", inDescription)).toBe(403);

    const activity = await create("therapist", "activity", activityInput(withImages(inDescription), withImages(inBody)));
    expect(activity.statusCode).toBe(201);
    const recommendation = await create("therapist", "recommendation", catalogueInput(withImages(inRecommendation)));
    expect(recommendation.statusCode).toBe(201);
    const activityId: number = activity.json().id;
    const recommendationId: number = recommendation.json().id;
    expect(await references("activity", activityId)).toEqual([inDescription, inBody].sort().map((uploadId) => ({ uploadId, clinicId: t.ids.clinic })));
    expect(await references("recommendation", recommendationId)).toEqual([{ uploadId: inRecommendation, clinicId: t.ids.clinic }]);

    // Used in the clinic's catalogue, but given to nobody yet.
    for (const id of [inDescription, inBody, inRecommendation]) expect([id, await download("patient", id)]).toEqual([id, 403]);
    await assignActivity(t.db, { activityId, patientId: t.ids.patient });
    await assignRecommendation(t.db, { recommendationId, patientId: t.ids.patient });
    for (const id of [inDescription, inBody, inRecommendation]) {
      expect([id, await download("patient", id), await download("patient2", id)]).toEqual([id, 200, 403]);
      expect([id, await download(other.patient, id)]).toEqual([id, 403]);
    }

    // The description loses its image; the body keeps its own.
    const updated = await update("therapist", "activity", activityId, activityInput("<p>No picture now.</p>", withImages(inBody)));
    expect(updated.statusCode).toBe(200);
    expect(await references("activity", activityId)).toEqual([{ uploadId: inBody, clinicId: t.ids.clinic }]);
    expect(await download("patient", inDescription)).toBe(403);
    expect(await download("patient", inBody)).toBe(200);

    expect((await update("therapist", "recommendation", recommendationId, catalogueInput("<p>Text only.</p>"))).statusCode).toBe(200);
    expect(await references("recommendation", recommendationId)).toEqual([]);
    expect(await download("patient", inRecommendation)).toBe(403);
    // Staff keep seeing their clinic's uploads, used or not.
    expect(await download("therapist", inRecommendation)).toBe(200);
  });

  it("stay visible while another assigned row still uses them", async () => {
    const image = await uploadImage("therapist");
    const first = (await create("therapist", "recommendation", catalogueInput(withImages(image)))).json().id as number;
    const second = (await create("therapist", "recommendation", catalogueInput(withImages(image)))).json().id as number;
    for (const recommendationId of [first, second]) await assignRecommendation(t.db, { recommendationId, patientId: t.ids.patient });
    expect((await update("therapist", "recommendation", first, catalogueInput("<p>Gone.</p>"))).statusCode).toBe(200);
    expect(await download("patient", image)).toBe(200);
    expect((await update("therapist", "recommendation", second, catalogueInput("<p>Gone too.</p>"))).statusCode).toBe(200);
    expect(await download("patient", image)).toBe(403);
  });

  it("lose their references when the row is deleted, for each kind of row", async () => {
    const image = await uploadImage("therapist");
    const made = [
      ["activity", await create("therapist", "activity", activityInput(withImages(image)))],
      ["recommendation", await create("therapist", "recommendation", catalogueInput(withImages(image)))],
      ["category", await create("therapist", "category", catalogueInput(withImages(image)))],
    ] as const;
    for (const [ownerType, response] of made) {
      expect([ownerType, response.statusCode]).toEqual([ownerType, 201]);
      expect(await references(ownerType, response.json().id)).toEqual([{ uploadId: image, clinicId: t.ids.clinic }]);
      expect((await remove("therapist", ownerType, response.json().id)).statusCode).toBe(204);
      expect(await references(ownerType, response.json().id)).toEqual([]);
    }
    // A deleted recommendation takes its assignments, and with them the patient's access.
    const given = await create("therapist", "recommendation", catalogueInput(withImages(image)));
    await assignRecommendation(t.db, { recommendationId: given.json().id, patientId: t.ids.patient });
    expect(await download("patient", image)).toBe(200);
    expect((await remove("therapist", "recommendation", given.json().id)).statusCode).toBe(204);
    expect(await download("patient", image)).toBe(403);
  });

  it("of the platform, in a platform row, show to the patients of every clinic it is assigned to", async () => {
    const image = await uploadImage("admin");
    const created = await create("admin", "recommendation", catalogueInput(withImages(image)));
    expect(created.statusCode).toBe(201);
    expect(await references("recommendation", created.json().id)).toEqual([{ uploadId: image, clinicId: null }]);
    for (const patientId of [t.ids.patient, other.patient.id]) await assignRecommendation(t.db, { recommendationId: created.json().id, patientId });
    expect(await download("patient", image)).toBe(200);
    expect(await download(other.patient, image)).toBe(200);
    expect(await download("patient2", image)).toBe(403);
  });

  it("of the platform, in one clinic's row, show to that clinic's patients only", async () => {
    const image = await uploadImage("admin");
    const created = await create(other.therapist, "activity", activityInput(withImages(image)));
    expect(created.statusCode).toBe(201);
    expect(await references("activity", created.json().id)).toEqual([{ uploadId: image, clinicId: other.clinic.id }]);
    await assignActivity(t.db, { activityId: created.json().id, patientId: other.patient.id });
    expect(await download(other.patient, image)).toBe(200);
    expect(await download("patient", image)).toBe(403);
  });

  it("that no upload stands behind are stored as sent and recorded nowhere", async () => {
    const missing = randomUUID();
    const created = await create("therapist", "category", catalogueInput(withImages(missing)));
    expect(created.statusCode).toBe(201);
    expect(created.json().description).toBe(withImages(missing));
    expect(await references("category", created.json().id)).toEqual([]);
  });
});

describe("another clinic's image in rich text", () => {
  it("is refused with 400 on the field that holds it, on create and on update, and nothing is stored", async () => {
    const theirs = await uploadImage("therapist");
    const ours = await uploadImage(other.therapist);
    const before = await counts();
    const attempts = [
      ["activity", activityInput(withImages(theirs)), "description"],
      ["activity", activityInput("<p>Plain.</p>", withImages(ours, theirs)), "body"],
      ["recommendation", catalogueInput(withImages(theirs)), "description"],
      ["category", catalogueInput(withImages(theirs)), "description"],
    ] as const;
    for (const [kind, payload, field] of attempts) {
      const response = await create(other.therapist, kind, payload);
      expect([kind, field, response.statusCode, response.json()]).toEqual([kind, field, 400, { [field]: [UNAVAILABLE_IMAGE_MESSAGE] }]);
    }
    expect(await counts()).toEqual(before);
    expect(await download(other.patient, theirs)).toBe(403);

    // An existing row of clinic B, showing B's own image, keeps its text and its reference when the update is refused.
    const own = await create(other.therapist, "recommendation", catalogueInput(withImages(ours)));
    expect(own.statusCode).toBe(201);
    const id: number = own.json().id;
    const refused = await update(other.therapist, "recommendation", id, catalogueInput(withImages(theirs)));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ description: [UNAVAILABLE_IMAGE_MESSAGE] });
    const [row] = await t.db.select().from(recommendations).where(eq(recommendations.id, id));
    expect(row?.description).toBe(withImages(ours));
    expect(await references("recommendation", id)).toEqual([{ uploadId: ours, clinicId: other.clinic.id }]);
    expect(await download(other.patient, theirs)).toBe(403);
  });

  it("is refused in a platform row too, even for an admin", async () => {
    const clinics = await uploadImage("therapist");
    const before = await counts();
    const response = await create("admin", "category", catalogueInput(withImages(clinics)));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ description: [UNAVAILABLE_IMAGE_MESSAGE] });
    expect(await counts()).toEqual(before);
  });

  it("is accepted in that clinic's own row when an admin edits it", async () => {
    const image = await uploadImage("therapist");
    const created = await create("therapist", "category", catalogueInput("<p>Soon a picture.</p>"));
    const id: number = created.json().id;
    const updated = await update("admin", "category", id, catalogueInput(withImages(image)));
    expect(updated.statusCode).toBe(200);
    expect(await references("category", id)).toEqual([{ uploadId: image, clinicId: t.ids.clinic }]);
  });
});
