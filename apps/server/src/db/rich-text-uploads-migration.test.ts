import { randomBytes, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { makeActivity, makeCategory, makeClinicAccount, makeRecommendation } from "../../test/factories.ts";
import { richTextUploads } from "../platform/rich-text.table.ts";
import { uploads } from "../platform/uploads.table.ts";
import { migrationsFolder } from "./migrate.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

/** The backfill statements of migration 0009 (its table is already made in every test database). */
async function backfillStatements(): Promise<string[]> {
  const text = await readFile(path.join(migrationsFolder(), "0009_rich_text_uploads.sql"), "utf8");
  return text
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => /^(--[^\n]*\n)*INSERT INTO "rich_text_uploads"/.test(statement));
}

async function makeUpload(clinicId: string | null, kind = "image"): Promise<string> {
  const hex = randomBytes(16).toString("hex");
  const [row] = await t.db
    .insert(uploads)
    .values({
      kind,
      mime: kind === "image" ? "image/png" : "video/mp4",
      size: 1,
      sha256: "0".repeat(64),
      originalName: "a.png",
      storageKey: `${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex}`,
      clinicId,
    })
    .returning({ id: uploads.id });
  return (row as { id: string }).id;
}

const img = (id: string, alt = "x") => `<p><img src="/api/uploads/${id}" alt="${alt}"></p>`;

describe("migration 0009: references of images already in rich text", () => {
  it("records each row's images that exist, are images and belong to the platform or the row's clinic; running it again adds nothing", async () => {
    const statements = await backfillStatements();
    expect(statements).toHaveLength(3);
    const clinicA = (await makeClinicAccount(t.db)).id;
    const clinicB = (await makeClinicAccount(t.db)).id;
    const ofA = await makeUpload(clinicA);
    const ofB = await makeUpload(clinicB);
    const platform = await makeUpload(null);
    const videoOfA = await makeUpload(clinicA, "video");
    const missing = randomUUID();

    // The same image twice, once in upper case: one reference.
    const category = await makeCategory(t.db, { clinicId: clinicA, description: `${img(ofA)}<p>and</p>${img(ofA.toUpperCase(), "again")}` });
    // A platform row: the platform's image only (a clinic's is not the platform's to show).
    const recommendation = await makeRecommendation(t.db, { clinicId: null, description: `${img(platform)}${img(ofA)}` });
    // Description and body; an unknown id, a video, another clinic's image and a mere mention in text are skipped.
    const activity = await makeActivity(t.db, {
      clinicId: clinicA,
      description: `${img(platform)}<p>See /api/uploads/${ofA} later.</p>${img(missing)}`,
      body: `${img(ofA)}${img(videoOfA)}${img(ofB)}`,
    });
    const textOnly = await makeActivity(t.db, { clinicId: clinicB, type: "game", description: "<p>Play.</p>" });

    for (let run = 0; run < 2; run++) for (const statement of statements) await t.db.execute(sql.raw(statement));

    const rows = await t.db.select().from(richTextUploads).orderBy(asc(richTextUploads.ownerType), asc(richTextUploads.ownerId), asc(richTextUploads.uploadId));
    const expected = [
      { ownerType: "activity", ownerId: activity.id, uploadId: ofA, clinicId: clinicA },
      { ownerType: "activity", ownerId: activity.id, uploadId: platform, clinicId: clinicA },
      { ownerType: "category", ownerId: category.id, uploadId: ofA, clinicId: clinicA },
      { ownerType: "recommendation", ownerId: recommendation.id, uploadId: platform, clinicId: null },
    ];
    expect(rows).toEqual(expected.sort((x, y) => x.ownerType.localeCompare(y.ownerType) || x.ownerId - y.ownerId || x.uploadId.localeCompare(y.uploadId)));
    expect(rows.some((row) => row.ownerId === textOnly.id && row.ownerType === "activity")).toBe(false);
  });
});
