import { bundleStock, SHOP_MANAGE_MESSAGES, type ShopBundle, type ShopDiscount, type bundleInputSchema, type discountInputSchema } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, conflict, type FieldErrors, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { sanitizeForEveryone } from "../../platform/rich-text.ts";
import { iso, managedStores, storeOf, uploadUrl } from "./shop-scope.ts";

/**
 * What a store offers beyond its products (issue 20.1): discounts (a code or automatic) and
 * bundles (several variants at a price of their own). Everything either names must be of the
 * same store: checked here on every write, since the id arrays carry no foreign keys.
 */

type DiscountValues = z.output<typeof discountInputSchema>;
type BundleValues = z.output<typeof bundleInputSchema>;

/** Field errors for the ids among `ids` that are not rows of `table` in the store. */
async function foreignIds(db: Db, table: "shop_products" | "shop_bundles" | "shop_categories", field: string, ids: readonly number[], storeId: number) {
  if (ids.length === 0) return {};
  const result = await db.execute<{ id: number }>(
    sql`select id from ${sql.identifier(table)} where store_id = ${storeId} and id = any(${sql.param([...ids])}::int[])`,
  );
  const found = new Set(result.rows.map((row) => Number(row.id)));
  const errors: FieldErrors = {};
  ids.forEach((id, index) => {
    if (!found.has(id)) errors[`${field}.${index}`] = [SHOP_MANAGE_MESSAGES.notInStore];
  });
  return errors;
}

// ---------------------------------------------------------------- discounts

interface DiscountRow {
  id: number;
  store_id: number;
  title: string;
  code: string | null;
  kind: "percent" | "fixed";
  value: number;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  min_order_cents: number;
  usage_limit: number | null;
  per_customer_limit: number | null;
  products: { id: number; name: string }[];
  bundles: { id: number; name: string }[];
  categories: { id: number; name: string }[];
  combinable: boolean;
  active: boolean;
  used: number;
}

const named = (table: string, column: string) =>
  sql.raw(`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name) from ${table} t where t.id = any(d.${column})), '[]')`);

async function discountsWhere(db: Db, where: SQL): Promise<ShopDiscount[]> {
  const result = await db.execute<DiscountRow & Record<string, unknown>>(sql`
    select d.id, d.store_id, d.title, d.code, d.kind, d.value, d.starts_at, d.ends_at, d.min_order_cents, d.usage_limit, d.per_customer_limit,
      d.combinable, d.active, ${named("shop_products", "product_ids")} as products, ${named("shop_bundles", "bundle_ids")} as bundles,
      ${named("shop_categories", "category_ids")} as categories,
      (select count(*)::int from shop_order_discounts od join shop_orders o on o.id = od.order_id where od.discount_id = d.id and o.state <> 'cancelled') as used
    from shop_discounts d where ${where}
    order by d.active desc, d.title, d.id`);
  return result.rows.map((row) => ({
    id: row.id,
    storeId: row.store_id,
    title: row.title,
    code: row.code,
    kind: row.kind,
    value: row.value,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    minOrderCents: row.min_order_cents,
    usageLimit: row.usage_limit,
    perCustomerLimit: row.per_customer_limit,
    products: row.products,
    bundles: row.bundles,
    categories: row.categories,
    combinable: row.combinable,
    active: row.active,
    used: row.used,
  }));
}

/** The store's scope rides in the list's statement; only an empty list asks about the store (404 for another clinic's). */
const inManagedStore = (actor: Actor, storeId: number) => sql`exists (select 1 from shop_stores s where s.id = ${storeId} and ${managedStores(actor)})`;

export async function listDiscounts(db: Db, actor: Actor, storeId: number): Promise<ShopDiscount[]> {
  const found = await discountsWhere(db, sql`d.store_id = ${storeId} and ${inManagedStore(actor, storeId)}`);
  if (found.length === 0) await storeOf(db, managedStores(actor), { storeId });
  return found;
}

async function discountById(db: Db, id: number): Promise<ShopDiscount> {
  const [found] = await discountsWhere(db, sql`d.id = ${id}`);
  if (!found) throw notFound();
  return found;
}

async function checkDiscount(db: Db, storeId: number, input: DiscountValues): Promise<void> {
  const errors = {
    ...(await foreignIds(db, "shop_products", "productIds", input.productIds, storeId)),
    ...(await foreignIds(db, "shop_bundles", "bundleIds", input.bundleIds, storeId)),
    ...(await foreignIds(db, "shop_categories", "categoryIds", input.categoryIds, storeId)),
  };
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

async function discountWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "shop_discounts_store_code_idx")) throw badRequest({ code: [SHOP_MANAGE_MESSAGES.codeTaken] });
    throw error;
  }
}

const discountValues = (input: DiscountValues) => sql`${input.title}, ${input.code}, ${input.kind}, ${input.value}, ${input.startsAt}, ${input.endsAt},
  ${input.minOrderCents}, ${input.usageLimit}, ${input.perCustomerLimit}, ${sql.param(input.productIds)}::int[], ${sql.param(input.bundleIds)}::int[],
  ${sql.param(input.categoryIds)}::int[], ${input.combinable}, ${input.active}`;

const DISCOUNT_COLUMNS = sql.raw(
  "title, code, kind, value, starts_at, ends_at, min_order_cents, usage_limit, per_customer_limit, product_ids, bundle_ids, category_ids, combinable, active",
);

export async function createDiscount(db: Db, actor: Actor, storeId: number, input: DiscountValues): Promise<ShopDiscount> {
  await storeOf(db, managedStores(actor), { storeId });
  await checkDiscount(db, storeId, input);
  const result = await discountWrite(() =>
    db.execute<{ id: number }>(sql`insert into shop_discounts (store_id, ${DISCOUNT_COLUMNS}) values (${storeId}, ${discountValues(input)}) returning id`),
  );
  return discountById(db, Number(result.rows[0]?.id));
}

export async function updateDiscount(db: Db, actor: Actor, id: number, input: DiscountValues): Promise<ShopDiscount> {
  const store = await storeOf(db, managedStores(actor), { table: "shop_discounts", id });
  await checkDiscount(db, store.id, input);
  await discountWrite(() => db.execute(sql`update shop_discounts set (${DISCOUNT_COLUMNS}, updated_at) = (${discountValues(input)}, now()) where id = ${id}`));
  return discountById(db, id);
}

/** A discount orders used stays (their totals name it): 409, switch it off instead. */
export async function deleteDiscount(db: Db, actor: Actor, id: number): Promise<void> {
  await storeOf(db, managedStores(actor), { table: "shop_discounts", id });
  const used = await db.execute(sql`select 1 from shop_order_discounts where discount_id = ${id} limit 1`);
  if (used.rows.length > 0) throw conflict(SHOP_MANAGE_MESSAGES.discountUsed);
  await db.execute(sql`delete from shop_discounts where id = ${id}`);
}

// ---------------------------------------------------------------- bundles

interface BundleRow {
  id: number;
  store_id: number;
  name: string;
  description: string;
  price_cents: number;
  active: boolean;
  items: (ShopBundle["items"][number] & { active: boolean; imageUploadId: string | null })[];
}

/** Bundles with their parts (names, prices, stock) in one statement; `where` over `shop_bundles b`. */
export async function bundlesWhere(db: Db, where: SQL): Promise<ShopBundle[]> {
  const result = await db.execute<BundleRow & Record<string, unknown>>(sql`
    select b.id, b.store_id, b.name, b.description, b.price_cents, b.active,
      coalesce((select json_agg(json_build_object('variantId', v.id, 'productId', p.id, 'product', p.name, 'variant', v.name, 'sku', v.sku,
          'quantity', bi.quantity, 'stock', v.stock, 'priceCents', v.price_cents, 'active', v.active and p.active,
          'imageUploadId', (select i.upload_id from shop_product_images i where i.product_id = p.id order by i.position limit 1))
          order by p.name, v.position, v.id)
        from shop_bundle_items bi join shop_variants v on v.id = bi.variant_id join shop_products p on p.id = v.product_id
        where bi.bundle_id = b.id), '[]') as items
    from shop_bundles b where ${where}
    order by b.name, b.id`);
  return result.rows.map((row) => ({
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    active: row.active,
    items: row.items.map(({ active: _active, imageUploadId: _image, ...item }) => item),
    partsCents: row.items.reduce((total, item) => total + item.priceCents * item.quantity, 0),
    stock: bundleStock(row.items),
    imageUrl: uploadUrl(row.items.find((item) => item.imageUploadId !== null)?.imageUploadId ?? null),
  }));
}

export async function listBundles(db: Db, actor: Actor, storeId: number): Promise<ShopBundle[]> {
  const found = await bundlesWhere(db, sql`b.store_id = ${storeId} and ${inManagedStore(actor, storeId)}`);
  if (found.length === 0) await storeOf(db, managedStores(actor), { storeId });
  return found;
}

export async function getBundle(db: Db, actor: Actor, id: number): Promise<ShopBundle> {
  await storeOf(db, managedStores(actor), { table: "shop_bundles", id });
  const [found] = await bundlesWhere(db, sql`b.id = ${id}`);
  if (!found) throw notFound();
  return found;
}

async function checkBundle(db: Db, storeId: number, input: BundleValues): Promise<void> {
  const ids = input.items.map((item) => item.variantId);
  const result = await db.execute<{ id: number }>(sql`select id from shop_variants where store_id = ${storeId} and id = any(${sql.param(ids)}::int[])`);
  const found = new Set(result.rows.map((row) => Number(row.id)));
  const errors: FieldErrors = {};
  ids.forEach((id, index) => {
    if (!found.has(id)) errors[`items.${index}.variantId`] = [SHOP_MANAGE_MESSAGES.notInStore];
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

async function writeItems(tx: Db, bundleId: number, items: BundleValues["items"]): Promise<void> {
  await tx.execute(sql`delete from shop_bundle_items where bundle_id = ${bundleId}`);
  await tx.execute(sql`
    insert into shop_bundle_items (bundle_id, variant_id, quantity)
    select ${bundleId}, i.variant_id, i.quantity
    from unnest(${sql.param(items.map((item) => item.variantId))}::int[], ${sql.param(items.map((item) => item.quantity))}::int[]) as i(variant_id, quantity)`);
}

export async function createBundle(db: Db, actor: Actor, storeId: number, input: BundleValues): Promise<ShopBundle> {
  await storeOf(db, managedStores(actor), { storeId });
  await checkBundle(db, storeId, input);
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const result = await tx.execute<{ id: number }>(sql`
      insert into shop_bundles (store_id, name, description, price_cents, active)
      values (${storeId}, ${input.name}, ${sanitizeForEveryone(input.description)}, ${input.priceCents}, ${input.active}) returning id`);
    const bundleId = Number(result.rows[0]?.id);
    await writeItems(tx, bundleId, input.items);
    return bundleId;
  });
  const [created] = await bundlesWhere(db, sql`b.id = ${id}`);
  return created as ShopBundle;
}

export async function updateBundle(db: Db, actor: Actor, id: number, input: BundleValues): Promise<ShopBundle> {
  const store = await storeOf(db, managedStores(actor), { table: "shop_bundles", id });
  await checkBundle(db, store.id, input);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`
      update shop_bundles set name = ${input.name}, description = ${sanitizeForEveryone(input.description)}, price_cents = ${input.priceCents},
        active = ${input.active}, updated_at = now() where id = ${id}`);
    await writeItems(tx, id, input.items);
  });
  return getBundle(db, actor, id);
}

/** Orders keep their lines; carts lose the bundle. */
export async function deleteBundle(db: Db, actor: Actor, id: number): Promise<void> {
  await storeOf(db, managedStores(actor), { table: "shop_bundles", id });
  await db.execute(sql`delete from shop_bundles where id = ${id}`);
}
