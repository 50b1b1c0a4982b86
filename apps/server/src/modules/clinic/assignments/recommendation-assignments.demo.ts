import { plainToRichText } from "@clinic/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { DEMO_ACCOUNTS } from "../../../demo-accounts.ts";
import { activities, activityCategories } from "../activities/activities.table.ts";
import { categories } from "../categories/categories.table.ts";
import { recommendations } from "../recommendations/recommendations.table.ts";
import { assignedRecommendations } from "./assignments.table.ts";

const NUTRITION = {
  name: "Nutrition and hydration",
  description: "Eating and drinking habits that support recovery; these make up the nutrition plans.",
  recommendations: [
    {
      name: "Water with every meal",
      description: "Keep a bottle at hand and drink a glass of water with every meal and between meals. Limit coffee to two cups before noon.",
    },
    {
      name: "Unsalted cooking",
      description: "Cook with herbs instead of salt and avoid processed food. Less salt helps some people with inner-ear dizziness.",
    },
  ],
  /** A reading of the nutrition category: the nutrition plans' text activity. */
  reading: {
    name: "A steadier day of meals",
    description: "A short reading: a day of meals and drinks that keeps salt, caffeine and sugar low.",
    body: [
      "<h2>A day of steady meals</h2>",
      "<p>Regular meals keep the body's fluids steady, which helps some people with <strong>inner-ear dizziness</strong>.</p>",
      "<ul>",
      "<li><p><strong>Breakfast:</strong> oats with fruit and a glass of water.</p></li>",
      "<li><p><strong>Lunch:</strong> vegetables, rice or potatoes, fish or beans, cooked with herbs instead of salt.</p></li>",
      "<li><p><strong>Dinner:</strong> a light soup without stock cubes, bread and yoghurt.</p></li>",
      "</ul>",
      "<p>Drink water between meals and keep coffee to the morning.</p>",
    ].join(""),
  },
};

/**
 * Demo data of recommendation assignments: a platform nutrition category with two
 * recommendations and a reading (so nutritionPlans is not empty on a fresh demo); the
 * recommendations are given to the second demo patient. The
 * first demo patient starts with none, so a walkthrough can give them some. The names sort after
 * the demo's other recommendations, so the first page of the catalogue lists stays as it was.
 */
export async function seedDemoRecommendationAssignments(db: Db, adminId: string, therapistId: string): Promise<void> {
  const [patient] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.patient2.email));
  if (!patient) return;
  const [category] = await db
    .insert(categories)
    .values({ name: NUTRITION.name, description: plainToRichText(NUTRITION.description), nutrition: true, clinicId: null, createdBy: adminId })
    .returning({ id: categories.id });
  const rows = await db
    .insert(recommendations)
    .values(
      NUTRITION.recommendations.map((item) => ({
        name: item.name,
        description: plainToRichText(item.description),
        categoryId: category?.id ?? null,
        clinicId: null,
        createdBy: adminId,
      })),
    )
    .returning({ id: recommendations.id });
  const [reading] = await db
    .insert(activities)
    .values({
      name: NUTRITION.reading.name,
      description: plainToRichText(NUTRITION.reading.description),
      type: "text",
      body: NUTRITION.reading.body,
      clinicId: null,
      createdBy: adminId,
    })
    .returning({ id: activities.id });
  if (category && reading) await db.insert(activityCategories).values({ activityId: reading.id, categoryId: category.id });
  await db.insert(assignedRecommendations).values(rows.map((row) => ({ recommendationId: row.id, patientId: patient.id, assignedBy: therapistId })));
}
