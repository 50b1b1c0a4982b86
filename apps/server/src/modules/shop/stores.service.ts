import { GROUP, SHOP_MANAGE_MESSAGES, type ShopCategory, type ShopCategoryInput, type ShopStore, type storeInputSchema } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { type Actor, clinicOf } from "../../platform/access.ts";
import { badRequest, forbidden, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { recordPageRead } from "../../platform/page-cache.ts";
import { writesOf } from "../../platform/paging.ts";
import { managedStores, nameOf, storeOf, uploadUrl } from "./shop-scope.ts";

type StoreInput = z.output<typeof storeInputSchema>;

interface StoreRow {
  id: number;
  clinic_id: string;
  clinic_name: string;
  name: string;
  currency: string;
  address: string;
  tax_rate_bp: number;
  shipping_cents: number;
  open: boolean;
  logo_upload_id: string | null;
}

const STORE_COLUMNS = sql`s.id, s.clinic_id, ${nameOf("c")} as clinic_name, s.name, s.currency, s.address, s.tax_rate_bp, s.shipping_cents, s.open, s.logo_upload_id`;

export const toStore = (row: StoreRow): ShopStore => ({
  id: row.id,
  clinic: { id: row.clinic_id, name: row.clinic_name },
  name: row.name,
  currency: row.currency,
  address: row.address,
  taxRateBp: row.tax_rate_bp,
  shippingCents: row.shipping_cents,
  open: row.open,
  logoUploadId: row.logo_upload_id,
  logoUrl: uploadUrl(row.logo_upload_id),
});

const dialect = new PgDialect();

/** Reports a management list's one statement to the kept answer being made (kept-answers.ts). */
function recordRead(db: Db, actor: Actor, statement: SQL): void {
  const writes = writesOf(db);
  if (!writes) return;
  recordPageRead(
    actor,
    writes.pages.stampOf(dialect.sqlToQuery(statement).sql, actor.tableVersions, (tables) => writes.stamp(tables)),
  );
}

/** `GET /api/shop/stores`: the stores the actor manages, by name; one statement, kept by its route. */
export async function listManagedStores(db: Db, actor: Actor): Promise<ShopStore[]> {
  const statement = sql`select ${STORE_COLUMNS} from shop_stores s join users c on c.id = s.clinic_id where ${managedStores(actor)} order by s.name, s.id`;
  recordRead(db, actor, statement);
  return (await db.execute<StoreRow & Record<string, unknown>>(statement)).rows.map(toStore);
}

/**
 * `GET /api/shop/stores/{id}/categories` for its managers: the categories with their product
 * counts, the store's scope checked in the same statement (kept by its route); only an empty list
 * asks whether the store is the actor's at all (404 otherwise).
 */
export async function listManagedCategories(db: Db, actor: Actor, storeId: number): Promise<ShopCategory[]> {
  const statement = sql`
    select k.id, k.store_id, k.name, k.position, count(p.id)::int as products
    from shop_categories k left join shop_products p on p.category_id = k.id
    where k.store_id = ${storeId} and exists (select 1 from shop_stores s where s.id = ${storeId} and ${managedStores(actor)})
    group by k.id
    order by k.position, k.name, k.id`;
  recordRead(db, actor, statement);
  const rows = (await db.execute<CategoryRow & Record<string, unknown>>(statement)).rows;
  if (rows.length === 0) await storeOf(db, managedStores(actor), { storeId });
  return rows.map(toCategory);
}

/** Stores whose `scope` (over `shop_stores s`) holds, by name: one statement. */
export async function storesWhere(db: Db, scope: ReturnType<typeof managedStores>): Promise<ShopStore[]> {
  const result = await db.execute<StoreRow & Record<string, unknown>>(
    sql`select ${STORE_COLUMNS} from shop_stores s join users c on c.id = s.clinic_id where ${scope} order by s.name, s.id`,
  );
  return result.rows.map(toStore);
}

async function storeById(db: Db, id: number): Promise<ShopStore> {
  const result = await db.execute<StoreRow & Record<string, unknown>>(
    sql`select ${STORE_COLUMNS} from shop_stores s join users c on c.id = s.clinic_id where s.id = ${id}`,
  );
  const row = result.rows[0];
  if (!row) throw notFound();
  return toStore(row);
}

/**
 * Image uploads among `ids` that a store of `clinicId` may show: images of that clinic or of the
 * platform (an administrator's). Answers the ids that are not, for the caller's field errors.
 */
export async function unusableImages(db: Db, ids: readonly string[], clinicId: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<{ id: string }>(
    sql`select id from uploads where id = any(${sql.param([...ids])}::uuid[]) and kind = 'image' and (clinic_id is null or clinic_id = ${clinicId})`,
  );
  const usable = new Set(result.rows.map((row) => row.id));
  return ids.filter((id) => !usable.has(id));
}

/** The clinic a new store belongs to: an administrator names it; anyone else's is their own clinic. */
async function clinicForStore(db: Db, actor: Actor, named: string | undefined): Promise<string> {
  if (!actor.isAdmin) {
    const own = clinicOf(actor);
    if (own === null || (named !== undefined && named !== own)) throw forbidden();
    return own;
  }
  if (named === undefined) throw badRequest({ clinicId: [SHOP_MANAGE_MESSAGES.clinicNeeded] });
  const result = await db.execute(
    sql`select 1 from users u where u.id = ${named} and not u.is_admin
        and (select ug.group_id from user_groups ug where ug.user_id = u.id order by ug.position, ug.group_id limit 1) = ${GROUP.clinic}`,
  );
  if (result.rows.length === 0) throw badRequest({ clinicId: [SHOP_MANAGE_MESSAGES.notAClinic] });
  return named;
}

async function checkLogo(db: Db, logo: string | null, clinicId: string): Promise<void> {
  if (logo !== null && (await unusableImages(db, [logo], clinicId)).length > 0) throw badRequest({ logoUploadId: [SHOP_MANAGE_MESSAGES.imageUnknown] });
}

export async function createStore(db: Db, actor: Actor, input: StoreInput): Promise<ShopStore> {
  const clinicId = await clinicForStore(db, actor, input.clinicId);
  await checkLogo(db, input.logoUploadId, clinicId);
  const result = await db.execute<{ id: number }>(sql`
    insert into shop_stores (clinic_id, name, currency, address, tax_rate_bp, shipping_cents, open, logo_upload_id)
    values (${clinicId}, ${input.name}, ${input.currency}, ${input.address}, ${input.taxRateBp}, ${input.shippingCents}, ${input.open}, ${input.logoUploadId})
    returning id`);
  return storeById(db, Number(result.rows[0]?.id));
}

/** A store's settings; its clinic never changes (its orders and customers belong to that clinic). */
export async function updateStore(db: Db, actor: Actor, id: number, input: StoreInput): Promise<ShopStore> {
  const store = await storeOf(db, managedStores(actor), { storeId: id });
  if (input.clinicId !== undefined && input.clinicId !== store.clinicId) throw badRequest({ clinicId: [SHOP_MANAGE_MESSAGES.notAClinic] });
  await checkLogo(db, input.logoUploadId, store.clinicId);
  await db.execute(sql`
    update shop_stores set name = ${input.name}, currency = ${input.currency}, address = ${input.address}, tax_rate_bp = ${input.taxRateBp},
      shipping_cents = ${input.shippingCents}, open = ${input.open}, logo_upload_id = ${input.logoUploadId}, updated_at = now()
    where id = ${id}`);
  return storeById(db, id);
}

// ---------------------------------------------------------------- categories

interface CategoryRow {
  id: number;
  store_id: number;
  name: string;
  position: number;
  products: number;
}

const toCategory = (row: CategoryRow): ShopCategory => ({
  id: row.id,
  storeId: row.store_id,
  name: row.name,
  position: row.position,
  products: Number(row.products),
});

/** A store's categories in menu order with their product counts; `onSale`: only those with a product on sale, counting those. */
export async function categoriesOf(db: Db, storeId: number, onSale: boolean): Promise<ShopCategory[]> {
  const counted = onSale ? sql`p.active and exists (select 1 from shop_variants v where v.product_id = p.id and v.active)` : sql`true`;
  const result = await db.execute<CategoryRow & Record<string, unknown>>(sql`
    select k.id, k.store_id, k.name, k.position, count(p.id)::int as products
    from shop_categories k left join shop_products p on p.category_id = k.id and ${counted}
    where k.store_id = ${storeId}
    group by k.id
    having ${onSale ? sql`count(p.id) > 0` : sql`true`}
    order by k.position, k.name, k.id`);
  return result.rows.map(toCategory);
}

async function categoryById(db: Db, id: number): Promise<ShopCategory> {
  const result = await db.execute<CategoryRow & Record<string, unknown>>(
    sql`select k.id, k.store_id, k.name, k.position, (select count(*)::int from shop_products p where p.category_id = k.id) as products
        from shop_categories k where k.id = ${id}`,
  );
  const row = result.rows[0];
  if (!row) throw notFound();
  return toCategory(row);
}

/** A second category of the same name in a store is a field error, not a 500. */
async function categoryWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "shop_categories_store_name_idx")) throw badRequest({ name: [SHOP_MANAGE_MESSAGES.categoryTaken] });
    throw error;
  }
}

export async function createCategory(db: Db, actor: Actor, storeId: number, input: ShopCategoryInput & { position: number }): Promise<ShopCategory> {
  await storeOf(db, managedStores(actor), { storeId });
  const result = await categoryWrite(() =>
    db.execute<{ id: number }>(sql`insert into shop_categories (store_id, name, position) values (${storeId}, ${input.name}, ${input.position}) returning id`),
  );
  return categoryById(db, Number(result.rows[0]?.id));
}

export async function updateCategory(db: Db, actor: Actor, id: number, input: ShopCategoryInput & { position: number }): Promise<ShopCategory> {
  await storeOf(db, managedStores(actor), { table: "shop_categories", id });
  await categoryWrite(() =>
    db.execute(sql`update shop_categories set name = ${input.name}, position = ${input.position}, updated_at = now() where id = ${id}`),
  );
  return categoryById(db, id);
}

/** Its products stay, without a category (the foreign key sets it null). */
export async function deleteCategory(db: Db, actor: Actor, id: number): Promise<void> {
  await storeOf(db, managedStores(actor), { table: "shop_categories", id });
  await db.execute(sql`delete from shop_categories where id = ${id}`);
}
