import type { CatalogueQuery, Paged, Recommendation, RecommendationInput } from "@clinic/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Actor, assertCatalogueAccess, canChangeCatalogueRow, catalogueOwnerFor, catalogueScope } from "../../../platform/access.ts";
import { badRequest } from "../../../platform/errors.ts";
import { containsText, pageOf, pageWindow } from "../../../platform/paging.ts";
import { removeRichTextUploads, richTextToStore, syncRichTextUploads } from "../../../platform/rich-text.ts";
import { categories } from "../categories/categories.table.ts";
import { recommendations } from "./recommendations.table.ts";

const columns = {
  id: recommendations.id,
  name: recommendations.name,
  description: recommendations.description,
  categoryId: recommendations.categoryId,
  categoryName: categories.name,
  clinicId: recommendations.clinicId,
  createdAt: recommendations.createdAt,
  updatedAt: recommendations.updatedAt,
};
type Row = Awaited<ReturnType<ReturnType<typeof selectRecommendations>["execute"]>>[number];

function toRecommendation(actor: Actor, row: Row): Recommendation {
  return {
    ...row,
    editable: canChangeCatalogueRow(actor, row.clinicId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectRecommendations(db: Db) {
  return db.select(columns).from(recommendations).leftJoin(categories, eq(categories.id, recommendations.categoryId));
}

export async function listRecommendations(db: Db, actor: Actor, query: CatalogueQuery): Promise<Paged<Recommendation>> {
  const where = and(
    catalogueScope(actor, recommendations.clinicId),
    containsText(recommendations[query.name], query.value),
    query.category ? eq(recommendations.categoryId, query.category) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const order = [asc(recommendations.name), asc(recommendations.id)];
  const page = await pageOf(
    db,
    actor,
    query,
    {
      tables: [recommendations],
      counted: db
        .select({ one: sql`1` })
        .from(recommendations)
        .where(where)
        .orderBy(...order),
    },
    (pageTotal) =>
      db
        .select({ ...columns, pageTotal })
        .from(recommendations)
        .leftJoin(categories, eq(categories.id, recommendations.categoryId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map((row) => toRecommendation(actor, row)) };
}

async function loadRecommendation(db: Db, id: number): Promise<Row | undefined> {
  const [row] = await selectRecommendations(db).where(eq(recommendations.id, id));
  return row;
}

export async function getRecommendation(db: Db, actor: Actor, id: number): Promise<Recommendation> {
  return toRecommendation(actor, assertCatalogueAccess(actor, await loadRecommendation(db, id), "read"));
}

/**
 * A recommendation may be filed only under a category the actor can see that belongs to
 * the same owner as the recommendation, or to the platform: a platform recommendation
 * never shows one clinic's category to the others.
 */
async function assertCategoryUsable(db: Db, actor: Actor, categoryId: number | null | undefined, ownerClinicId: string | null): Promise<void> {
  if (!categoryId) return;
  const [row] = await db.select({ clinicId: categories.clinicId }).from(categories).where(eq(categories.id, categoryId));
  const visible = row && (actor.isAdmin || row.clinicId === null || canChangeCatalogueRow(actor, row.clinicId));
  const sameOwner = row && (row.clinicId === null || row.clinicId === ownerClinicId);
  if (!visible || !sameOwner) throw badRequest({ categoryId: ["Unknown category."] });
}

/** The columns a recommendation's input writes: its description is stored sanitised. */
function inputColumns(input: RecommendationInput) {
  return { name: input.name, description: richTextToStore("description", input.description, { required: true }), categoryId: input.categoryId ?? null };
}

export async function createRecommendation(db: Db, actor: Actor, input: RecommendationInput): Promise<Recommendation> {
  const clinicId = catalogueOwnerFor(actor);
  return db.transaction(async (tx) => {
    await assertCategoryUsable(tx as unknown as Db, actor, input.categoryId, clinicId);
    const columns = inputColumns(input);
    const [created] = await tx
      .insert(recommendations)
      .values({ ...columns, clinicId, createdBy: actor.id })
      .returning({ id: recommendations.id });
    const id = (created as { id: number }).id;
    await syncRichTextUploads(tx as unknown as Db, "recommendation", id, clinicId, { description: columns.description });
    return toRecommendation(actor, (await loadRecommendation(tx as unknown as Db, id)) as Row);
  });
}

export async function updateRecommendation(db: Db, actor: Actor, id: number, input: RecommendationInput): Promise<Recommendation> {
  return db.transaction(async (tx) => {
    const current = assertCatalogueAccess(actor, await loadRecommendation(tx as unknown as Db, id), "change");
    await assertCategoryUsable(tx as unknown as Db, actor, input.categoryId, current.clinicId);
    const columns = inputColumns(input);
    await tx.update(recommendations).set(columns).where(eq(recommendations.id, id));
    await syncRichTextUploads(tx as unknown as Db, "recommendation", id, current.clinicId, { description: columns.description });
    return toRecommendation(actor, (await loadRecommendation(tx as unknown as Db, id)) as Row);
  });
}

export async function deleteRecommendation(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    assertCatalogueAccess(actor, await loadRecommendation(tx as unknown as Db, id), "change");
    await tx.delete(recommendations).where(eq(recommendations.id, id));
    await removeRichTextUploads(tx as unknown as Db, "recommendation", id);
  });
}
