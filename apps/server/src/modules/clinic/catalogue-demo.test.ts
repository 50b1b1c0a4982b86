import { activityInputSchema, categoryInputSchema, recommendationInputSchema } from "@clinic/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { sanitizeRichText } from "../../platform/rich-text.ts";
import { activities } from "./activities/activities.table.ts";
import { categories } from "./categories/categories.table.ts";
import { recommendations } from "./recommendations/recommendations.table.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("the demo catalogue", () => {
  it("stores every description as rich text the editor would write and the API would accept unchanged", async () => {
    const rows = [
      ...(await t.db.select().from(categories)).map((row) => ({ row, schema: categoryInputSchema, input: { name: row.name, description: row.description } })),
      ...(await t.db.select().from(recommendations)).map((row) => ({
        row,
        schema: recommendationInputSchema,
        input: { name: row.name, description: row.description },
      })),
      ...(await t.db.select().from(activities)).map((row) => ({
        row,
        schema: activityInputSchema,
        input: { name: row.name, description: row.description, type: row.type, gameBuildId: row.gameBuildId, body: row.body, fileId: row.fileId },
      })),
    ];
    expect(rows.length).toBeGreaterThan(10);
    for (const { row, schema, input } of rows) {
      expect(row.description).toMatch(/^<p>[^<]+<\/p>$/);
      expect(sanitizeRichText(row.description)).toBe(row.description);
      expect([row.name, schema.safeParse(input).success]).toEqual([row.name, true]);
    }
  });

  it("gives the text activities formatted bodies: a heading, a list and bold text", async () => {
    const texts = (await t.db.select().from(activities)).filter((row) => row.type === "text");
    expect(texts.map((row) => row.name).sort()).toEqual(["A steadier day of meals", "Ejercicios de equilibrio en casa", "Understanding dizziness"]);
    for (const { body } of texts) {
      expect(body).toMatch(/^<h2>/);
      expect(body).toMatch(/<(ul|ol)><li><p>/);
      expect(body).toContain("<strong>");
      expect(sanitizeRichText(body ?? "")).toBe(body);
    }
  });
});
