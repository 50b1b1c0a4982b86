import type { CatalogueQuery, Category, CategoryInput, Paged } from "@clinic/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Actor, assertCatalogueAccess, canChangeCatalogueRow, catalogueOwnerFor, catalogueScope } from "../../../platform/access.ts";
import { containsText, pageOf, pageWindow } from "../../../platform/paging.ts";
import { removeRichTextUploads, richTextToStore, syncRichTextUploads } from "../../../platform/rich-text.ts";
import { recommendations } from "../recommendations/recommendations.table.ts";
import { categories } from "./categories.table.ts";

type Row = typeof categories.$inferSelect;

/**
 * Recommendations under each category that the actor can see (another clinic's use of a
 * platform category stays private). Drizzle writes a lone table's columns unqualified,
 * which inside this subquery would mean r.id, so the category's id is named in full.
 */
const recommendationCount = (actor: Actor) =>
  sql<number>`(select count(*) from ${recommendations} r where r.category_id = "categories"."id" and ${catalogueScope(actor, sql`r.clinic_id`)})::int`;

function toCategory(actor: Actor, row: Row & { recommendationCount: number }): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    nutrition: row.nutrition,
    clinicId: row.clinicId,
    recommendationCount: row.recommendationCount,
    editable: canChangeCatalogueRow(actor, row.clinicId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCategories(db: Db, actor: Actor, query: CatalogueQuery): Promise<Paged<Category>> {
  const where = and(catalogueScope(actor, categories.clinicId), containsText(categories[query.name], query.value));
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(
    db,
    actor,
    query,
    { tables: [categories], counted: db.select({ one: sql`1` }).from(categories).where(where).orderBy(asc(categories.name), asc(categories.id)) },
    (pageTotal) =>
      db
        .select({ ...categoriesColumns(), recommendationCount: recommendationCount(actor), pageTotal })
        .from(categories)
        .where(where)
        .orderBy(asc(categories.name), asc(categories.id))
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map((row) => toCategory(actor, row)) };
}

function categoriesColumns() {
  return {
    id: categories.id,
    name: categories.name,
    description: categories.description,
    nutrition: categories.nutrition,
    clinicId: categories.clinicId,
    createdBy: categories.createdBy,
    createdAt: categories.createdAt,
    updatedAt: categories.updatedAt,
  };
}

async function loadCategory(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({ ...categoriesColumns(), recommendationCount: recommendationCount(actor) })
    .from(categories)
    .where(eq(categories.id, id));
  return row;
}

export async function getCategory(db: Db, actor: Actor, id: number): Promise<Category> {
  return toCategory(actor, assertCatalogueAccess(actor, await loadCategory(db, actor, id), "read"));
}

/** The columns a category's input writes: its description is stored sanitised. */
function inputColumns(input: CategoryInput) {
  return { name: input.name, description: richTextToStore("description", input.description, { required: true }), nutrition: input.nutrition };
}

export async function createCategory(db: Db, actor: Actor, input: CategoryInput): Promise<Category> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(categories)
      .values({ ...inputColumns(input), clinicId: catalogueOwnerFor(actor), createdBy: actor.id })
      .returning();
    const created = row as Row;
    await syncRichTextUploads(tx as unknown as Db, "category", created.id, created.clinicId, { description: created.description });
    return toCategory(actor, { ...created, recommendationCount: 0 });
  });
}

export async function updateCategory(db: Db, actor: Actor, id: number, input: CategoryInput): Promise<Category> {
  return db.transaction(async (tx) => {
    const current = assertCatalogueAccess(actor, await loadCategory(tx as unknown as Db, actor, id), "change");
    const [row] = await tx.update(categories).set(inputColumns(input)).where(eq(categories.id, id)).returning();
    const updated = row as Row;
    await syncRichTextUploads(tx as unknown as Db, "category", id, current.clinicId, { description: updated.description });
    return toCategory(actor, { ...updated, recommendationCount: current.recommendationCount });
  });
}

export async function deleteCategory(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    assertCatalogueAccess(actor, await loadCategory(tx as unknown as Db, actor, id), "change");
    await tx.delete(categories).where(eq(categories.id, id));
    await removeRichTextUploads(tx as unknown as Db, "category", id);
  });
}
