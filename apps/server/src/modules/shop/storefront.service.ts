import type { Paged, ShopBundle, StorefrontItem, StorefrontProduct, StorefrontQuery } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { recordPageRead } from "../../platform/page-cache.ts";
import { pageWindow, writesOf } from "../../platform/paging.ts";
import { bundlesWhere } from "./offers.service.ts";
import { nameMatches } from "./products.service.ts";
import { shoppableStores, storeOf, uploadUrl } from "./shop-scope.ts";

/**
 * What customers see (issue 20.2): the open stores of their clinic, and in them only what is on
 * sale: active products with an active variant, active bundles whose parts all are.
 */

interface ItemRow {
  kind: "product" | "bundle" | null;
  id: number;
  name: string;
  category_id: number | null;
  category_name: string | null;
  image: string | null;
  from_cents: number;
  in_stock: boolean;
  bundle_total: number;
  product_total: number;
}

/** Past this many matching products the total is "at least" (as platform/paging.ts counts). */
const COUNT_CAP = 10_000;
const dialect = new PgDialect();

/**
 * A page of the store's bundles (first, a handful) and products, by name, in one statement with
 * the store's check: the products are read in name order from the storefront's partial indexes
 * (the store's, or a category's), or from the full-text index for a search, and stop at the
 * page's end; the total is counted up to COUNT_CAP. Prices, stock and pictures are read from the
 * product and bundle rows, where triggers keep them (migration 0031), so the statement reads no
 * variant and its answer is kept (kept-answers.ts) until a table it names is written. It names
 * its tables only in FROM and JOIN (no named CTE), so the page cache can tell them. A category
 * shows its products only (bundles belong to none).
 */
export async function storefrontItems(db: Db, actor: Actor, storeId: number, query: StorefrontQuery): Promise<Paged<StorefrontItem>> {
  const { limit, offset } = pageWindow(query);
  const productFilter = sql`p.store_id = ${storeId} and p.active and p.has_active_variant
    ${query.q ? sql`and ${nameMatches(sql.raw("p.name"), query.q)}` : sql``}
    ${query.category ? sql`and p.category_id = ${query.category}` : sql``}`;
  const bundleFilter = sql`b.store_id = ${storeId} and b.active and b.parts_on_sale
    ${query.q ? sql`and ${nameMatches(sql.raw("b.name"), query.q)}` : sql``}`;
  const columns = sql.raw("p.id, p.name, p.category_id, p.from_cents, p.in_stock");
  // A search's matches come from the full-text index first (offset 0 keeps PostgreSQL from
  // reading the name index in order and testing each name: thousands for a page of a rare word).
  const products = query.q ? sql`(select ${columns} from shop_products p where ${productFilter} offset 0) p` : sql`shop_products p`;
  // Each kind is read in order up to the page's end, then the page is cut from both: every
  // window a constant, so the plan is sized to the page. Names of categories and pictures are
  // looked up for the page's rows alone.
  const end = offset + limit;
  const statement = sql`
    select t.bundle_total, t.product_total, item.kind, item.id, item.name, item.category_id, k.name as category_name,
      coalesce(item.bundle_image,
        (select i.upload_id from shop_product_images i where item.kind = 'product' and i.product_id = item.id order by i.position limit 1)) as image,
      item.from_cents, item.in_stock
    from (select ${query.category ? sql`0` : sql`(select count(*) from shop_bundles b where ${bundleFilter})::int`} as bundle_total,
                 (select count(*) from (select 1 from shop_products p where ${productFilter} limit ${COUNT_CAP + 1}) counted)::int as product_total) t
      left join (
        select * from (
          ${
            query.category
              ? sql``
              : sql`(select 0 as rank, 'bundle' as kind, b.id, b.name, null::int as category_id, b.image_upload_id as bundle_image, b.price_cents as from_cents, b.in_stock
                     from shop_bundles b where ${bundleFilter} order by b.name, b.id limit ${end})
                    union all`
          }
          (select 1 as rank, 'product' as kind, p.id, p.name, p.category_id, null::uuid as bundle_image, p.from_cents, p.in_stock
           from ${products} ${query.q ? sql`` : sql`where ${productFilter}`} order by p.name, p.id limit ${end})
        ) listed
        order by rank, name, id offset ${offset} limit ${limit}
      ) item on true
      left join shop_categories k on k.id = item.category_id
    where exists (select 1 from shop_stores s where s.id = ${storeId} and ${shoppableStores(actor)})
    order by item.rank, item.name, item.id`;
  const writes = writesOf(db);
  if (writes)
    recordPageRead(
      actor,
      writes.pages.stampOf(dialect.sqlToQuery(statement).sql, actor.tableVersions, (tables) => writes.stamp(tables)),
    );
  const rows = (await db.execute<ItemRow & Record<string, unknown>>(statement)).rows;
  // No row: the store is not one the caller may buy at. A page past the end has one, with no item.
  const totals = rows[0];
  if (!totals) throw notFound();
  const capped = Number(totals.product_total) > COUNT_CAP;
  return {
    page: query.page,
    total: Number(totals.bundle_total) + Math.min(Number(totals.product_total), COUNT_CAP),
    ...(capped ? { totalCapped: true as const } : {}),
    data: rows
      .filter((row) => row.kind !== null)
      .map((row) => ({
        kind: row.kind as "product" | "bundle",
        id: Number(row.id),
        name: row.name,
        category: row.category_id === null ? null : { id: Number(row.category_id), name: row.category_name as string },
        imageUrl: uploadUrl(row.image),
        fromCents: Number(row.from_cents),
        inStock: row.in_stock,
      })),
  };
}

interface ProductRow {
  id: number;
  store_id: number;
  name: string;
  description: string;
  category: { id: number; name: string } | null;
  images: string[];
  variants: StorefrontProduct["variants"];
}

/** A product on sale with its active variants; 404 when it is off sale or in a store the customer cannot buy at. */
export async function storefrontProduct(db: Db, actor: Actor, id: number): Promise<StorefrontProduct> {
  await storeOf(db, shoppableStores(actor), { table: "shop_products", id });
  const result = await db.execute<ProductRow & Record<string, unknown>>(sql`
    select p.id, p.store_id, p.name, p.description,
      case when k.id is null then null else json_build_object('id', k.id, 'name', k.name) end as category,
      coalesce((select json_agg(i.upload_id order by i.position) from shop_product_images i where i.product_id = p.id), '[]') as images,
      coalesce((select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'name', v.name, 'priceCents', v.price_cents, 'stock', v.stock)
        order by v.position, v.id) from shop_variants v where v.product_id = p.id and v.active), '[]') as variants
    from shop_products p left join shop_categories k on k.id = p.category_id
    where p.id = ${id} and p.active`);
  const row = result.rows[0];
  if (!row || row.variants.length === 0) throw notFound();
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    description: row.description,
    category: row.category,
    images: row.images.map((uploadId) => ({ uploadId, url: uploadUrl(uploadId) as string })),
    variants: row.variants,
  };
}

/** A bundle on sale (itself and every part active), with its parts and what it saves. */
export async function storefrontBundle(db: Db, actor: Actor, id: number): Promise<ShopBundle> {
  await storeOf(db, shoppableStores(actor), { table: "shop_bundles", id });
  const [bundle] = await bundlesWhere(
    db,
    sql`b.id = ${id} and b.active and not exists (select 1 from shop_bundle_items bi join shop_variants v on v.id = bi.variant_id
      join shop_products vp on vp.id = v.product_id where bi.bundle_id = b.id and not (v.active and vp.active))`,
  );
  if (!bundle) throw notFound();
  return bundle;
}
