import { plainToRichText } from "@clinic/shared";
import { eq, sql } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { makeActivity, makeCategory, makeRecommendation } from "../../test/factories.ts";
import { activities } from "../modules/clinic/activities/activities.table.ts";
import { categories } from "../modules/clinic/categories/categories.table.ts";
import { recommendations } from "../modules/clinic/recommendations/recommendations.table.ts";
import { migrationsFolder } from "./migrate.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

/** The data statements of migration 0008 (its schema changes are already applied to every test database). */
async function conversionStatements(): Promise<string[]> {
  const text = await readFile(path.join(migrationsFolder(), "0008_rich_text.sql"), "utf8");
  return text
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => /^(--[^\n]*\n)*UPDATE /.test(statement));
}

describe("migration 0008: plain-text descriptions and bodies become rich text", () => {
  const samples = [
    "Ten minutes a day.",
    "  First line  \n\n second & <third> line\r\nfourth\t",
    // Plain text that merely looks like markup was never sanitised: it stays text.
    "<img src=x onerror=alert(1)> is how it starts",
    "Tildes: mañana, cabeza — 10×",
  ];

  it("escapes & < > and makes one paragraph per non-empty line, exactly as plainToRichText does", async () => {
    const statements = await conversionStatements();
    expect(statements).toHaveLength(4);
    const rows = [];
    for (const text of samples) {
      rows.push({
        text,
        category: await makeCategory(t.db, { description: text }),
        recommendation: await makeRecommendation(t.db, { description: text }),
        activity: await makeActivity(t.db, { description: text, type: "text", body: text }),
      });
    }
    const game = await makeActivity(t.db, { type: "game", description: "Play." });

    for (const statement of statements) await t.db.execute(sql.raw(statement));

    for (const { text, category, recommendation, activity } of rows) {
      const html = plainToRichText(text);
      expect((await t.db.select().from(categories).where(eq(categories.id, category.id)))[0]?.description).toBe(html);
      expect((await t.db.select().from(recommendations).where(eq(recommendations.id, recommendation.id)))[0]?.description).toBe(html);
      expect((await t.db.select().from(activities).where(eq(activities.id, activity.id)))[0]).toMatchObject({ description: html, body: html });
    }
    expect((await t.db.select().from(activities).where(eq(activities.id, game.id)))[0]).toMatchObject({ description: "<p>Play.</p>", body: null });
  });
});
