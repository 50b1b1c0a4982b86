import {
  type InsuranceProductDetail,
  type InsuranceProductInput,
  type InsuranceProductRow,
  type InsuranceProductsQuery,
  type InsuranceProductState,
  type InsuranceProductUpdate,
  type InsuranceRules,
  type InsuranceVersionInput,
  type InsuranceVersionView,
  insuranceProductInputSchema,
  insuranceProductUpdateSchema,
  insuranceVersionInputSchema,
  type Paged,
  QUOTER_MESSAGES,
} from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { Actor } from "../../../platform/access.ts";
import { conflict, isUniqueViolation, notFound } from "../../../platform/errors.ts";
import { containsPattern, pageWindow } from "../../../platform/paging.ts";
import { iso, ownedBy, userName } from "./insurance-scope.ts";

/**
 * The insurance products, the admin's "policies list" (issue 38.2). Rules are versioned: saving
 * new rules adds a version and makes it current, never rewriting one, so every quote keeps the
 * version it was rated with. Agents read the active products only (an archived one answers 404).
 */

type Row = Record<string, unknown>;

/** A product's columns; `quotes` counts the quotes with an option of it that the actor sees (an agent their own). */
const productColumns = (actor: Actor): SQL => sql`p.id, p.code, p.name_en, p.name_es, p.currency, p.state, p.current_version, p.updated_at,
  (v.rules->>'basePremiumCents')::int as base_premium_cents,
  (select count(distinct o.quote_id)::int from insurance_quote_options o join insurance_product_versions pv on pv.id = o.version_id
    join insurance_quotes q on q.id = o.quote_id where pv.product_id = p.id and ${ownedBy(actor, sql`q.agent_id`)}) as quotes`;

const visibleTo = (actor: Actor): SQL => (actor.isAdmin ? sql`true` : sql`p.state = 'active'`);

function rowOf(row: Row): InsuranceProductRow {
  return {
    id: Number(row.id),
    code: String(row.code),
    name: { en: String(row.name_en), es: String(row.name_es) },
    currency: String(row.currency),
    state: row.state as InsuranceProductState,
    currentVersion: Number(row.current_version),
    basePremiumCents: Number(row.base_premium_cents),
    quotes: Number(row.quotes),
    updatedAt: iso(row.updated_at as string),
  };
}

/** A page of products, by code: one statement. */
export async function listProducts(db: Db, actor: Actor, query: InsuranceProductsQuery): Promise<Paged<InsuranceProductRow>> {
  const { limit, offset } = pageWindow(query);
  const filters: SQL[] = [visibleTo(actor)];
  if (query.state) filters.push(sql`p.state = ${query.state}`);
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    filters.push(sql`(p.code ilike ${pattern} or p.name_en ilike ${pattern} or p.name_es ilike ${pattern})`);
  }
  const result = await db.execute<Row>(sql`
    select ${productColumns(actor)}, count(*) over ()::int as total_rows
    from insurance_products p join insurance_product_versions v on v.product_id = p.id and v.version = p.current_version
    where ${sql.join(filters, sql` and `)}
    order by lower(p.code), p.id limit ${limit} offset ${offset}`);
  return { page: query.page, total: Number(result.rows[0]?.total_rows ?? 0), data: result.rows.map(rowOf) };
}

/** A product with its current rules and its versions: one statement; 404 when the actor may not see it. */
export async function productDetail(db: Db, actor: Actor, productId: number): Promise<InsuranceProductDetail> {
  const result = await db.execute<Row>(sql`
    select ${productColumns(actor)}, p.description_en, p.description_es, p.created_at, v.rules,
      (select json_agg(json_build_object('id', x.id, 'version', x.version, 'note', x.note, 'createdAt', x.created_at,
          'byId', x.created_by, 'byName', ${userName("u")}) order by x.version desc)
        from insurance_product_versions x left join users u on u.id = x.created_by where x.product_id = p.id) as versions
    from insurance_products p join insurance_product_versions v on v.product_id = p.id and v.version = p.current_version
    where p.id = ${productId} and ${visibleTo(actor)}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  const versions = (row.versions ?? []) as { id: number; version: number; note: string; createdAt: string; byId: string | null; byName: string | null }[];
  return {
    ...rowOf(row),
    description: { en: String(row.description_en), es: String(row.description_es) },
    createdAt: iso(row.created_at as string),
    rules: row.rules as InsuranceRules,
    versions: versions.map((version) => ({
      id: Number(version.id),
      version: Number(version.version),
      note: version.note,
      createdBy: version.byId ? { id: version.byId, name: version.byName ?? "" } : null,
      createdAt: iso(version.createdAt),
    })),
  };
}

/** A new product and its version 1; a code already taken (any case) → 409. Answers its id. */
export async function createProduct(db: Db, actor: Actor, input: InsuranceProductInput): Promise<number> {
  const product = insuranceProductInputSchema.parse(input);
  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const made = await tx.execute<{ id: number }>(sql`
        insert into insurance_products (code, name_en, name_es, description_en, description_es, currency, created_by)
        values (${product.code}, ${product.name.en}, ${product.name.es}, ${product.description.en}, ${product.description.es}, ${product.currency}, ${actor.id})
        returning id`);
      const id = Number(made.rows[0]?.id);
      await tx.execute(sql`
        insert into insurance_product_versions (product_id, version, rules, note, created_by)
        values (${id}, 1, ${JSON.stringify(product.rules)}::jsonb, ${product.note}, ${actor.id})`);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error, "insurance_products_code_unique")) throw conflict(QUOTER_MESSAGES.codeTaken);
    throw error;
  }
}

/** Names, descriptions and state (archiving stops new quotes; existing ones keep their version). */
export async function updateProduct(db: Db, productId: number, input: InsuranceProductUpdate): Promise<void> {
  const change = insuranceProductUpdateSchema.parse(input);
  const result = await db.execute(sql`
    update insurance_products set name_en = ${change.name.en}, name_es = ${change.name.es}, description_en = ${change.description.en},
      description_es = ${change.description.es}, state = ${change.state}, updated_at = now()
    where id = ${productId} returning id`);
  if (result.rows.length === 0) throw notFound();
}

/** New rules: version current + 1, made current, in one transaction (the product's row locked, so two saves make two versions). */
export async function addVersion(db: Db, actor: Actor, productId: number, input: InsuranceVersionInput): Promise<number> {
  const { rules, note } = insuranceVersionInputSchema.parse(input);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const bumped = await tx.execute<{ current_version: number }>(sql`
      update insurance_products set current_version = current_version + 1, updated_at = now() where id = ${productId} returning current_version`);
    const version = bumped.rows[0]?.current_version;
    if (version === undefined) throw notFound();
    await tx.execute(sql`
      insert into insurance_product_versions (product_id, version, rules, note, created_by)
      values (${productId}, ${version}, ${JSON.stringify(rules)}::jsonb, ${note}, ${actor.id})`);
    return Number(version);
  });
}

/** One version's rules as saved. */
export async function versionView(db: Db, actor: Actor, productId: number, version: number): Promise<InsuranceVersionView> {
  const result = await db.execute<Row>(sql`
    select v.id, v.product_id, v.version, v.rules, v.note, v.created_at, v.created_by, ${userName("u")} as by_name
    from insurance_products p join insurance_product_versions v on v.product_id = p.id left join users u on u.id = v.created_by
    where p.id = ${productId} and v.version = ${version} and ${visibleTo(actor)}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return {
    id: Number(row.id),
    productId: Number(row.product_id),
    version: Number(row.version),
    rules: row.rules as InsuranceRules,
    note: String(row.note),
    createdBy: row.created_by ? { id: String(row.created_by), name: String(row.by_name ?? "") } : null,
    createdAt: iso(row.created_at as string),
  };
}
