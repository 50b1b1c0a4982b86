import { OPENING_STOCK_NOTE, SHOP_MANAGE_MESSAGES } from "@clinic/shared";
import type { InventoryQuery, InventoryRow, PageQuery, Paged, ProductsQuery, ShopProduct, ShopProductRow, StockMove, productInputSchema } from "@clinic/shared";
import { and, asc, desc, eq, ilike, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { type Actor, clinicOf } from "../../platform/access.ts";
import { badRequest, conflict, type FieldErrors, notFound } from "../../platform/errors.ts";
import { pageOf, pageWindow } from "../../platform/paging.ts";
import { sanitizeForEveryone } from "../../platform/rich-text.ts";
import { adjustStock } from "./inventory.ts";
import { orderNumber } from "./orders.service.ts";
import { iso, managedStores, nameOf, type StoreRef, storeOf, uploadUrl } from "./shop-scope.ts";
import { shopCategories, shopProducts, shopStockMoves, shopVariants } from "./shop.table.ts";
import { unusableImages } from "./stores.service.ts";

type ProductInput = z.output<typeof productInputSchema>;

/** `"shop_products"."col"`: inside a subquery Drizzle would write a one-table select's column bare. */
const product = (column: string) => sql.raw(`"shop_products"."${column}"`);

/** The pattern of a "contains" search (`%` and `_` literal), lower-cased for `lower(column) like`. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;

/**
 * The words of a search as a prefix query ("bal pad" → bal:* & pad:*): letters and digits only,
 * so nothing typed can break the query; null when no word is left.
 */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(" & ");
}

/**
 * Product names whose words start with the searched words, in the form the full-text index
 * (shop_products_name_search_idx) serves; `name` is the column as the query names it.
 */
export function nameMatches(name: SQL, text: string, words?: Placeholder): SQL {
  const query = prefixQuery(text);
  return query === null ? sql`true` : sql`to_tsvector('simple', ${name}) @@ to_tsquery('simple', ${words ?? query})`;
}

// ---------------------------------------------------------------- one product

interface ProductJson {
  id: number;
  store_id: number;
  category: { id: number; name: string } | null;
  name: string;
  description: string;
  active: boolean;
  images: { uploadId: string }[];
  variants: ShopProduct["variants"];
  updated_at: string;
}

/** A product with its images and variants in order: one statement. */
export async function getProduct(db: Db, actor: Actor, id: number): Promise<ShopProduct> {
  await storeOf(db, managedStores(actor), { table: "shop_products", id });
  return productById(db, id);
}

async function productById(db: Db, id: number): Promise<ShopProduct> {
  const result = await db.execute<ProductJson & Record<string, unknown>>(sql`
    select p.id, p.store_id, p.name, p.description, p.active, p.updated_at,
      case when k.id is null then null else json_build_object('id', k.id, 'name', k.name) end as category,
      coalesce((select json_agg(json_build_object('uploadId', i.upload_id) order by i.position) from shop_product_images i where i.product_id = p.id), '[]') as images,
      coalesce((select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'name', v.name, 'priceCents', v.price_cents, 'stock', v.stock,
          'lowStockThreshold', v.low_stock_threshold, 'active', v.active) order by v.position, v.id)
        from shop_variants v where v.product_id = p.id), '[]') as variants
    from shop_products p left join shop_categories k on k.id = p.category_id
    where p.id = ${id}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return {
    id: row.id,
    storeId: row.store_id,
    category: row.category,
    name: row.name,
    description: row.description,
    active: row.active,
    images: row.images.map((image) => ({ uploadId: image.uploadId, url: uploadUrl(image.uploadId) as string })),
    variants: row.variants,
    updatedAt: iso(row.updated_at) as string,
  };
}

/** Field errors of a product's references: its category, its images and its SKUs, against its store. */
async function referenceErrors(tx: Db, store: StoreRef, input: ProductInput, productId: number | null): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (input.categoryId !== null) {
    const found = await tx.execute(sql`select 1 from shop_categories where id = ${input.categoryId} and store_id = ${store.id}`);
    if (found.rows.length === 0) errors.categoryId = [SHOP_MANAGE_MESSAGES.categoryUnknown];
  }
  for (const id of await unusableImages(tx, input.imageUploadIds, store.clinicId))
    errors[`imageUploadIds.${input.imageUploadIds.indexOf(id)}`] = [SHOP_MANAGE_MESSAGES.imageUnknown];
  const skus = input.variants.map((variant) => variant.sku.toLowerCase());
  const taken = await tx.execute<{ sku: string }>(
    sql`select lower(sku) as sku from shop_variants where store_id = ${store.id} and lower(sku) = any(${sql.param(skus)}::text[])
        and product_id is distinct from ${productId}`,
  );
  for (const { sku } of taken.rows) errors[`variants.${skus.indexOf(sku)}.sku`] = [SHOP_MANAGE_MESSAGES.skuTaken];
  return errors;
}

async function writeImages(tx: Db, productId: number, uploadIds: readonly string[]): Promise<void> {
  await tx.execute(sql`delete from shop_product_images where product_id = ${productId}`);
  if (uploadIds.length === 0) return;
  await tx.execute(sql`
    insert into shop_product_images (product_id, upload_id, position)
    select ${productId}, u.id, u.position - 1 from unnest(${sql.param([...uploadIds])}::uuid[]) with ordinality as u(id, position)`);
}

/** New variants with their opening stock, each recorded as a move so the history starts at it. */
async function insertVariants(tx: Db, store: StoreRef, productId: number, variants: ProductInput["variants"], positions: number[], by: string) {
  if (variants.length === 0) return;
  const rows = await tx
    .insert(shopVariants)
    .values(
      variants.map((variant, index) => ({
        productId,
        storeId: store.id,
        sku: variant.sku,
        name: variant.name,
        priceCents: variant.priceCents,
        stock: variant.stock,
        lowStockThreshold: variant.lowStockThreshold,
        active: variant.active,
        position: positions[index] as number,
      })),
    )
    .returning({ id: shopVariants.id, stock: shopVariants.stock });
  const opening = rows.filter((row) => row.stock > 0);
  if (opening.length > 0)
    await tx.insert(shopStockMoves).values(opening.map((row) => ({ variantId: row.id, delta: row.stock, reason: "adjustment", note: OPENING_STOCK_NOTE, by })));
}

export async function createProduct(db: Db, actor: Actor, storeId: number, input: ProductInput): Promise<ShopProduct> {
  const store = await storeOf(db, managedStores(actor), { storeId });
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const errors = await referenceErrors(tx, store, input, null);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const [row] = await tx
      .insert(shopProducts)
      .values({ storeId, categoryId: input.categoryId, name: input.name, description: sanitizeForEveryone(input.description), active: input.active })
      .returning({ id: shopProducts.id });
    const productId = (row as { id: number }).id;
    await writeImages(tx, productId, input.imageUploadIds);
    await insertVariants(
      tx,
      store,
      productId,
      input.variants,
      input.variants.map((_, index) => index),
      actor.id,
    );
    return productId;
  });
  return productById(db, id);
}

/**
 * Saves a product and its variants: those sent with an id are updated (their stock is left
 * alone: it moves only by counted adjustments and orders, never by a form that may be stale),
 * those without one are added with their opening stock, and those left out are removed.
 */
export async function updateProduct(db: Db, actor: Actor, id: number, input: ProductInput): Promise<ShopProduct> {
  const store = await storeOf(db, managedStores(actor), { table: "shop_products", id });
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const errors = await referenceErrors(tx, store, input, id);
    const existing = await tx.select({ id: shopVariants.id }).from(shopVariants).where(eq(shopVariants.productId, id));
    const existingIds = new Set(existing.map((row) => row.id));
    input.variants.forEach((variant, index) => {
      if (variant.id !== undefined && !existingIds.has(variant.id)) errors[`variants.${index}.id`] = [SHOP_MANAGE_MESSAGES.variantUnknown];
    });
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const kept = new Set(input.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id])));
    const removed = [...existingIds].filter((variantId) => !kept.has(variantId));
    if (removed.length > 0) {
      const bundled = await tx.execute(sql`select 1 from shop_bundle_items where variant_id = any(${sql.param(removed)}::int[]) limit 1`);
      if (bundled.rows.length > 0) throw conflict(SHOP_MANAGE_MESSAGES.inBundle);
      await tx.execute(sql`delete from shop_variants where id = any(${sql.param(removed)}::int[])`);
    }
    // SKUs are unique per store: kept variants take temporary SKUs first, so two of them may swap theirs.
    await tx.execute(sql`update shop_variants set sku = '~' || id where product_id = ${id}`);
    for (const [index, variant] of input.variants.entries()) {
      if (variant.id === undefined) continue;
      await tx
        .update(shopVariants)
        .set({
          sku: variant.sku,
          name: variant.name,
          priceCents: variant.priceCents,
          lowStockThreshold: variant.lowStockThreshold,
          active: variant.active,
          position: index,
          updatedAt: new Date(),
        })
        .where(eq(shopVariants.id, variant.id));
    }
    const added = input.variants.map((variant, index) => ({ variant, index })).filter(({ variant }) => variant.id === undefined);
    await insertVariants(
      tx,
      store,
      id,
      added.map(({ variant }) => variant),
      added.map(({ index }) => index),
      actor.id,
    );
    await writeImages(tx, id, input.imageUploadIds);
    await tx
      .update(shopProducts)
      .set({ categoryId: input.categoryId, name: input.name, description: sanitizeForEveryone(input.description), active: input.active, updatedAt: new Date() })
      .where(eq(shopProducts.id, id));
  });
  return productById(db, id);
}

/** Orders keep their lines (named and priced as sold); a product sold in a bundle stays until the bundle lets it go. */
export async function deleteProduct(db: Db, actor: Actor, id: number): Promise<void> {
  await storeOf(db, managedStores(actor), { table: "shop_products", id });
  const bundled = await db.execute(sql`select 1 from shop_bundle_items b join shop_variants v on v.id = b.variant_id where v.product_id = ${id} limit 1`);
  if (bundled.rows.length > 0) throw conflict(SHOP_MANAGE_MESSAGES.inBundle);
  await db.execute(sql`delete from shop_products where id = ${id}`);
}

// ---------------------------------------------------------------- product list

export async function listProducts(db: Db, actor: Actor, storeId: number, query: ProductsQuery): Promise<Paged<ShopProductRow>> {
  // Built once per shape (paging.ts): each value is a placeholder, the shape which filters are set.
  const value = (name: string) => sql.placeholder(name);
  const words = query.q ? prefixQuery(query.q) : null;
  const clinic = actor.isAdmin ? null : clinicOf(actor);
  const where = and(
    eq(shopProducts.storeId, value("store") as unknown as number),
    // The caller's store, checked in the page's own statement (issue 34: one statement a page).
    sql`exists (select 1 from shop_stores s where s.id = ${value("store")} and ${managedStores(actor, value("clinic"))})`,
    query.category ? eq(shopProducts.categoryId, value("category") as unknown as number) : undefined,
    query.active === undefined ? undefined : eq(shopProducts.active, value("active") as unknown as boolean),
    query.q
      ? or(
          nameMatches(sql`${shopProducts.name}`, query.q, value("words")),
          sql`exists (select 1 from shop_variants v where v.product_id = ${product("id")} and lower(v.sku) = lower(${value("q")}))`,
        )
      : undefined,
  );
  const shape = [
    actor.isAdmin ? "admin" : clinic === null ? "none" : "clinic",
    query.category ? "category" : "",
    query.active === undefined ? "" : "active",
    query.q ? "q" : "",
    words === null ? "" : "words",
  ];
  const page = await pageOf(
    db,
    null,
    query,
    { tables: [shopProducts, shopVariants], counted: db.select({ one: sql`1` }).from(shopProducts).where(where) },
    (pageTotal, { limit, offset }) =>
      db
        .select({
          id: shopProducts.id,
          name: shopProducts.name,
          active: shopProducts.active,
          categoryId: shopCategories.id,
          categoryName: shopCategories.name,
          imageUploadId: sql<string | null>`(select i.upload_id from shop_product_images i where i.product_id = ${product("id")} order by i.position limit 1)`,
          figures: sql<{ variants: number; min: number | null; max: number | null; stock: number }>`(select json_build_object('variants', count(*),
              'min', min(v.price_cents), 'max', max(v.price_cents), 'stock', coalesce(sum(v.stock), 0))
            from shop_variants v where v.product_id = ${product("id")})`,
          pageTotal,
        })
        .from(shopProducts)
        .leftJoin(shopCategories, eq(shopCategories.id, shopProducts.categoryId))
        .where(where)
        .orderBy(asc(shopProducts.name), asc(shopProducts.id))
        .limit(limit)
        .offset(offset),
    {
      key: `shop-products:${shape.join(",")}`,
      values: { store: storeId, clinic, category: query.category, active: query.active, words, q: query.q },
    },
  );
  // No row: an empty store (or page), or one the caller may not manage, which answers 404.
  if (page.data.length === 0) await storeOf(db, managedStores(actor), { storeId });
  return {
    ...page,
    data: page.data.map((row) => ({
      id: row.id,
      name: row.name,
      active: row.active,
      category: row.categoryId === null ? null : { id: row.categoryId, name: row.categoryName as string },
      imageUrl: uploadUrl(row.imageUploadId),
      variants: Number(row.figures.variants),
      minPriceCents: row.figures.min,
      maxPriceCents: row.figures.max,
      stock: Number(row.figures.stock),
    })),
  };
}

// ---------------------------------------------------------------- inventory

const inventoryColumns = {
  variantId: shopVariants.id,
  productId: shopVariants.productId,
  product: shopProducts.name,
  sku: shopVariants.sku,
  name: shopVariants.name,
  stock: shopVariants.stock,
  lowStockThreshold: shopVariants.lowStockThreshold,
  low: sql<boolean>`${shopVariants.stock} <= ${shopVariants.lowStockThreshold}`,
  active: shopVariants.active,
};

export async function listInventory(db: Db, actor: Actor, storeId: number, query: InventoryQuery): Promise<Paged<InventoryRow>> {
  const where = and(
    eq(shopVariants.storeId, storeId),
    // The caller's store, checked in the page's own statement, as the products list does.
    sql`exists (select 1 from shop_stores s where s.id = ${storeId} and ${managedStores(actor)})`,
    query.low ? sql`${shopVariants.stock} <= ${shopVariants.lowStockThreshold}` : undefined,
    query.q
      ? or(
          ilike(shopVariants.sku, containsPattern(query.q)),
          nameMatches(sql`${shopProducts.name}`, query.q),
          ilike(shopVariants.name, containsPattern(query.q)),
        )
      : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(
    db,
    null,
    query,
    {
      tables: [shopVariants, shopProducts],
      counted: db.select({ one: sql`1` }).from(shopVariants).innerJoin(shopProducts, eq(shopProducts.id, shopVariants.productId)).where(where),
    },
    (pageTotal) =>
      db
        .select({ ...inventoryColumns, pageTotal })
        .from(shopVariants)
        .innerJoin(shopProducts, eq(shopProducts.id, shopVariants.productId))
        .where(where)
        .orderBy(asc(shopProducts.name), asc(shopVariants.position), asc(shopVariants.id))
        .limit(limit)
        .offset(offset),
  );
  if (page.data.length === 0) await storeOf(db, managedStores(actor), { storeId });
  return page;
}

async function inventoryRow(db: Db, variantId: number): Promise<InventoryRow> {
  const [row] = await db
    .select(inventoryColumns)
    .from(shopVariants)
    .innerJoin(shopProducts, eq(shopProducts.id, shopVariants.productId))
    .where(eq(shopVariants.id, variantId));
  if (!row) throw notFound();
  return row;
}

export async function adjustVariant(db: Db, actor: Actor, variantId: number, delta: number, note: string): Promise<InventoryRow> {
  await storeOf(db, managedStores(actor), { table: "shop_variants", id: variantId });
  await adjustStock(db, variantId, delta, note, actor.id);
  return inventoryRow(db, variantId);
}

export async function setThreshold(db: Db, actor: Actor, variantId: number, threshold: number): Promise<InventoryRow> {
  await storeOf(db, managedStores(actor), { table: "shop_variants", id: variantId });
  await db.update(shopVariants).set({ lowStockThreshold: threshold, updatedAt: new Date() }).where(eq(shopVariants.id, variantId));
  return inventoryRow(db, variantId);
}

/** A variant's stock history, newest first, with who made each change and the order behind it (its number is made from its id: no join). */
export async function listMoves(db: Db, actor: Actor, variantId: number, query: PageQuery): Promise<Paged<StockMove>> {
  await storeOf(db, managedStores(actor), { table: "shop_variants", id: variantId });
  const where: SQL = eq(shopStockMoves.variantId, variantId);
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(db, null, query, { tables: [shopStockMoves], counted: db.select({ one: sql`1` }).from(shopStockMoves).where(where) }, (pageTotal) =>
    db
      .select({
        id: shopStockMoves.id,
        delta: shopStockMoves.delta,
        reason: shopStockMoves.reason,
        note: shopStockMoves.note,
        orderId: shopStockMoves.orderId,
        byId: users.id,
        byName: nameOf("users"),
        createdAt: shopStockMoves.createdAt,
        pageTotal,
      })
      .from(shopStockMoves)
      .leftJoin(users, eq(users.id, shopStockMoves.by))
      .where(where)
      .orderBy(desc(shopStockMoves.createdAt), desc(shopStockMoves.id))
      .limit(limit)
      .offset(offset),
  );
  return {
    ...page,
    data: page.data.map(({ byId, byName, createdAt, reason, ...row }) => ({
      ...row,
      orderNumber: row.orderId === null ? null : orderNumber(row.orderId),
      reason: reason as StockMove["reason"],
      by: byId === null ? null : { id: byId, name: byName },
      createdAt: createdAt.toISOString(),
    })),
  };
}
