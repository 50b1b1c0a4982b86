import type { Paged, ShopBundle, StorefrontItem, StorefrontProduct, StorefrontQuery } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { pageWindow } from "../../platform/paging.ts";
import { bundlesWhere } from "./offers.service.ts";
import { nameMatches } from "./products.service.ts";
import { shoppableStores, storeOf, uploadUrl } from "./shop-scope.ts";

/**
 * What customers see (issue 20.2): the open stores of their clinic, and in them only what is on
 * sale: active products with an active variant, active bundles whose parts all are.
 */

interface ItemRow {
  kind: "product" | "bundle";
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

/**
 * A page of the store's bundles (first, a handful) and products, by name, in one statement that
 * touches only the page's rows: the products are read in name order from the (store, name)
 * index, or from the trigram index for a search (shop_products_name_trgm_idx), and stop at the
 * page's end; prices and stock are looked up for those rows alone; the total is counted up to
 * COUNT_CAP. So it stays fast over tens of thousands of products. A category shows its products
 * only (bundles belong to none).
 */
export async function storefrontItems(db: Db, actor: Actor, storeId: number, query: StorefrontQuery): Promise<Paged<StorefrontItem>> {
  await storeOf(db, shoppableStores(actor), { storeId });
  const { limit, offset } = pageWindow(query);
  const productFilter = sql`p.store_id = ${storeId} and p.active and p.has_active_variant
    ${query.q ? sql`and ${nameMatches(sql.raw("p.name"), query.q)}` : sql``}
    ${query.category ? sql`and p.category_id = ${query.category}` : sql``}`;
  const bundleFilter = query.category
    ? sql`false`
    : sql`b.store_id = ${storeId} and b.active ${query.q ? sql`and ${nameMatches(sql.raw("b.name"), query.q)}` : sql``}
        and exists (select 1 from shop_bundle_items bi where bi.bundle_id = b.id)
        and not exists (select 1 from shop_bundle_items bi join shop_variants v on v.id = bi.variant_id join shop_products vp on vp.id = v.product_id
                        where bi.bundle_id = b.id and not (v.active and vp.active))`;
  const result = await db.execute<ItemRow & Record<string, unknown>>(sql`
    with bundles as (
      select b.id, b.name, row_number() over (order by b.name, b.id) as position from shop_bundles b where ${bundleFilter}
    ),
    window_ as (
      select (select count(*) from bundles)::int as bundles,
             (select count(*) from (select 1 from shop_products p where ${productFilter} limit ${COUNT_CAP + 1}) counted)::int as products
    ),
    ${
      query.q
        ? // A search's matches come from the full-text index first, then are sorted: reading the name index in
          // order and testing each name would look at thousands of names to fill a page of a rare word.
          sql`matched as materialized (select p.id, p.name, p.category_id from shop_products p where ${productFilter}),`
        : sql``
    }
    page_products as (
      select p.id, p.name, p.category_id from ${query.q ? sql`matched p` : sql`shop_products p where ${productFilter}`}
      order by p.name, p.id
      offset greatest(${offset} - (select bundles from window_), 0)
      limit greatest(${limit} - greatest(least((select bundles from window_) - ${offset}, ${limit}), 0), 0)
    )
    select 'bundle' as kind, 0 as rank, b.id, b.name, null::int as category_id, null::text as category_name,
      (select i.upload_id from shop_bundle_items bi join shop_variants v on v.id = bi.variant_id
         join shop_product_images i on i.product_id = v.product_id where bi.bundle_id = b.id order by v.id, i.position limit 1) as image,
      bb.price_cents as from_cents,
      coalesce((select bool_and(v.stock >= bi.quantity) from shop_bundle_items bi join shop_variants v on v.id = bi.variant_id where bi.bundle_id = b.id), false) as in_stock,
      (select bundles from window_) as bundle_total, (select products from window_) as product_total
    from bundles b join shop_bundles bb on bb.id = b.id
    where b.position > ${offset} and b.position <= ${offset + limit}
    union all
    select 'product', 1, p.id, p.name, p.category_id, k.name,
      (select i.upload_id from shop_product_images i where i.product_id = p.id order by i.position limit 1),
      f.from_cents, f.in_stock, (select bundles from window_), (select products from window_)
    from page_products p
      left join shop_categories k on k.id = p.category_id
      cross join lateral (select min(v.price_cents)::int as from_cents, coalesce(bool_or(v.stock > 0), false) as in_stock
                          from shop_variants v where v.product_id = p.id and v.active) f
    order by rank, name, id`);
  const rows = result.rows;
  // A page past the end has no row to carry the totals: then they are counted alone.
  const totals =
    rows[0] ??
    (
      await db.execute<{ bundle_total: number; product_total: number }>(sql`
        select (select count(*) from shop_bundles b where ${bundleFilter})::int as bundle_total,
               (select count(*) from (select 1 from shop_products p where ${productFilter} limit ${COUNT_CAP + 1}) counted)::int as product_total`)
    ).rows[0];
  const capped = Number(totals?.product_total) > COUNT_CAP;
  return {
    page: query.page,
    total: Number(totals?.bundle_total ?? 0) + Math.min(Number(totals?.product_total ?? 0), COUNT_CAP),
    ...(capped ? { totalCapped: true as const } : {}),
    data: rows.map((row) => ({
      kind: row.kind,
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
