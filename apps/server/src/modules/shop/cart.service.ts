import {
  bundleStock,
  CART_MESSAGES,
  type CartLineInput,
  type Fulfilment,
  type PaymentProviderName,
  SHOP_CART_LINES_MAX,
  type ShopCart,
  type ShopDiscountRefusal,
  tooManyMessage,
} from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import { type CartLine, type Discount, discountRefusal, type OrderTotals, priceAgreed, priceOrder } from "./pricing.ts";
import { type StoreRef, shoppableStores, storeOf, uploadUrl } from "./shop-scope.ts";
import { storesWhere } from "./stores.service.ts";

/**
 * A signed-in user's cart at one store, kept on the server (issue 20.2) and priced by the same
 * function that prices the order at checkout (pricing.ts): what the cart shows is what checkout
 * charges, unless stock, prices or discounts change in between.
 */

/** A cart line with what pricing and stock need, read in one statement. */
export interface LoadedLine {
  id: number;
  variantId: number | null;
  bundleId: number | null;
  productId: number | null;
  categoryId: number | null;
  name: string;
  sku: string;
  imageUploadId: string | null;
  unitCents: number;
  quantity: number;
  onSale: boolean;
  available: number;
  /** The variants and units one of this line takes from stock. */
  parts: { variantId: number; quantity: number }[];
}

export interface LineRow {
  id: number;
  variant_id: number | null;
  bundle_id: number | null;
  quantity: number;
  product_id: number | null;
  category_id: number | null;
  product_name: string | null;
  variant_name: string | null;
  sku: string | null;
  price_cents: number | null;
  stock: number | null;
  variant_on_sale: boolean | null;
  image: string | null;
  bundle_name: string | null;
  bundle_price: number | null;
  bundle_active: boolean | null;
  bundle_parts: { variantId: number; quantity: number; stock: number; active: boolean; image: string | null }[] | null;
}

/**
 * The columns and joins of a cart's lines over a cart aliased `c` (its own row, or a locked copy
 * of it in checkout's statement), oldest first: one row per line, or one with the line's columns
 * null for a cart without lines. `linesOf` reads them.
 */
export const cartLineColumns = sql`l.id, l.variant_id, l.bundle_id, l.quantity,
      p.id as product_id, p.category_id, p.name as product_name, v.name as variant_name, v.sku, v.price_cents, v.stock,
      (v.active and p.active) as variant_on_sale,
      (select i.upload_id from shop_product_images i where i.product_id = p.id order by i.position limit 1) as image,
      b.name as bundle_name, b.price_cents as bundle_price, b.active as bundle_active,
      case when b.id is not null then (select json_agg(json_build_object('variantId', bv.id, 'quantity', bi.quantity, 'stock', bv.stock,
          'active', bv.active and bp.active,
          'image', (select i.upload_id from shop_product_images i where i.product_id = bp.id order by i.position limit 1)) order by bv.id)
        from shop_bundle_items bi join shop_variants bv on bv.id = bi.variant_id join shop_products bp on bp.id = bv.product_id
        where bi.bundle_id = b.id) end as bundle_parts`;
export const cartLineJoins = sql`left join shop_cart_lines l on l.cart_id = c.id
      left join shop_variants v on v.id = l.variant_id left join shop_products p on p.id = v.product_id
      left join shop_bundles b on b.id = l.bundle_id`;
export const cartLineOrder = sql`order by l.created_at, l.id`;

/** A cart's code and its lines, oldest first, in one statement; `cart` picks the cart over `shop_carts c`. */
export async function loadCart(db: Db, cart: SQL): Promise<{ code: string | null; lines: LoadedLine[] }> {
  const result = await db.execute<LineRow & { code: string | null } & Record<string, unknown>>(sql`
    select c.code, ${cartLineColumns}
    from shop_carts c ${cartLineJoins}
    where ${cart}
    ${cartLineOrder}`);
  return { code: result.rows[0]?.code ?? null, lines: linesOf(result.rows) };
}

/** The lines of rows selected with `cartLineColumns` (a cart without lines has one row, its line's columns null). */
export function linesOf(rows: readonly LineRow[]): LoadedLine[] {
  return rows
    .filter((row) => row.id !== null)
    .map((row): LoadedLine => {
      if (row.bundle_id !== null) {
        const parts = row.bundle_parts ?? [];
        return {
          id: row.id,
          variantId: null,
          bundleId: row.bundle_id,
          productId: null,
          categoryId: null,
          name: row.bundle_name as string,
          sku: "",
          imageUploadId: parts.find((part) => part.image !== null)?.image ?? null,
          unitCents: row.bundle_price as number,
          quantity: row.quantity,
          onSale: Boolean(row.bundle_active) && parts.length > 0 && parts.every((part) => part.active),
          available: bundleStock(parts),
          parts: parts.map((part) => ({ variantId: part.variantId, quantity: part.quantity })),
        };
      }
      return {
        id: row.id,
        variantId: row.variant_id,
        bundleId: null,
        productId: row.product_id,
        categoryId: row.category_id,
        name: row.variant_name ? `${row.product_name} · ${row.variant_name}` : (row.product_name as string),
        sku: row.sku as string,
        imageUploadId: row.image,
        unitCents: row.price_cents as number,
        quantity: row.quantity,
        onSale: Boolean(row.variant_on_sale),
        available: row.stock as number,
        parts: [{ variantId: row.variant_id as number, quantity: 1 }],
      };
    });
}

interface DiscountRow {
  id: number;
  title: string;
  code: string | null;
  kind: "percent" | "fixed";
  value: number;
  active: boolean;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  min_order_cents: number;
  usage_limit: number | null;
  per_customer_limit: number | null;
  used: number;
  used_by_customer: number;
  product_ids: number[];
  bundle_ids: number[];
  category_ids: number[];
  combinable: boolean;
}

export type TitledDiscount = Discount & { title: string };

/**
 * The store's automatic discounts and the one of `code`, with how many orders used each (in all
 * and by this customer; a cancelled order gives its use back). A checkout locks the limited ones
 * first (orders.service.ts), so two checkouts never both take a last use.
 */
export async function loadDiscounts(db: Db, storeId: number, customerId: string, code: string | null): Promise<TitledDiscount[]> {
  const candidates = sql`d.store_id = ${storeId} and (d.code is null or upper(d.code) = upper(${code ?? ""}))`;
  const result = await db.execute<DiscountRow & Record<string, unknown>>(sql`
    select d.id, d.title, d.code, d.kind, d.value, d.active, d.starts_at, d.ends_at, d.min_order_cents, d.usage_limit, d.per_customer_limit,
      d.product_ids, d.bundle_ids, d.category_ids, d.combinable,
      count(o.id)::int as used, count(o.id) filter (where o.customer_id = ${customerId})::int as used_by_customer
    from shop_discounts d
      left join shop_order_discounts od on od.discount_id = d.id
      left join shop_orders o on o.id = od.order_id and o.state <> 'cancelled'
    where ${candidates}
    group by d.id`);
  return result.rows.map((row) => ({
    id: row.id,
    title: row.title,
    code: row.code,
    kind: row.kind,
    value: row.value,
    active: row.active,
    startsAt: row.starts_at === null ? null : new Date(row.starts_at),
    endsAt: row.ends_at === null ? null : new Date(row.ends_at),
    minOrderCents: row.min_order_cents,
    usageLimit: row.usage_limit,
    perCustomerLimit: row.per_customer_limit,
    used: row.used,
    usedByCustomer: row.used_by_customer,
    productIds: row.product_ids,
    bundleIds: row.bundle_ids,
    categoryIds: row.category_ids,
    combinable: row.combinable,
  }));
}

export const pricingLines = (lines: readonly LoadedLine[]): CartLine[] =>
  lines.map((line) => ({
    productId: line.productId,
    bundleId: line.bundleId,
    categoryId: line.categoryId,
    unitCents: line.unitCents,
    quantity: line.quantity,
  }));

/** The totals of `lines` at `store`, with the discounts that apply now; shipping only when the order is sent. */
export function priceLines(
  lines: readonly LoadedLine[],
  discounts: readonly Discount[],
  store: Pick<StoreRef, "taxRateBp" | "shippingCents">,
  fulfilment: Fulfilment,
  now = new Date(),
): OrderTotals {
  return priceOrder({
    lines: pricingLines(lines),
    discounts,
    taxRateBp: store.taxRateBp,
    shippingCents: fulfilment === "ship" && lines.length > 0 ? store.shippingCents : 0,
    now,
  });
}

/**
 * Prices agreed before the cart was filled (an accepted quote), by cart item (agreedKey): the
 * quantity, unit price and discount of each line, in place of the catalogue's and the store's.
 */
export type AgreedPrices = ReadonlyMap<string, { quantity: number; unitCents: number; discountCents: number }>;
export const agreedKey = (item: { variantId: number | null; bundleId: number | null }): string =>
  item.bundleId !== null ? `bundle:${item.bundleId}` : `variant:${item.variantId}`;

/** The totals of `lines` at the agreed prices, or null when the cart holds other items or quantities than agreed. */
export function priceAgreedLines(
  lines: readonly LoadedLine[],
  agreed: AgreedPrices,
  store: Pick<StoreRef, "taxRateBp" | "shippingCents">,
  fulfilment: Fulfilment,
): OrderTotals | null {
  if (lines.length !== agreed.size) return null;
  const priced: (CartLine & { discountCents: number })[] = [];
  for (const line of lines) {
    const price = agreed.get(agreedKey(line));
    if (!price || price.quantity !== line.quantity) return null;
    const { productId, bundleId, categoryId, quantity } = line;
    priced.push({ productId, bundleId, categoryId, quantity, unitCents: price.unitCents, discountCents: price.discountCents });
  }
  return priceAgreed({
    lines: priced,
    taxRateBp: store.taxRateBp,
    shippingCents: fulfilment === "ship" && lines.length > 0 ? store.shippingCents : 0,
  });
}

/** Why the code discount does not apply to these lines now, or null (none entered, or it applies). */
export function codeRefusalOf(
  code: string | null,
  discounts: readonly TitledDiscount[],
  lines: readonly LoadedLine[],
  now = new Date(),
): ShopDiscountRefusal | null {
  if (code === null) return null;
  const found = discounts.find((discount) => discount.code !== null && discount.code.toUpperCase() === code.toUpperCase());
  if (!found) return "unknown";
  return discountRefusal(found, pricingLines(lines), now);
}

async function ensureCart(db: Db, userId: string, storeId: number): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    insert into shop_carts (user_id, store_id) values (${userId}, ${storeId})
    on conflict (user_id, store_id) do update set updated_at = now()
    returning id`);
  return Number(result.rows[0]?.id);
}

export async function getCart(
  db: Db,
  actor: Actor,
  storeId: number,
  providers: readonly PaymentProviderName[],
  fulfilment: Fulfilment = "ship",
): Promise<ShopCart> {
  // Three statements: the store (as its customer may see it), the cart with its lines, the discounts.
  const [store] = await storesWhere(db, sql`s.id = ${storeId} and ${shoppableStores(actor)}`);
  if (!store) throw notFound();
  const { code, lines } = await loadCart(db, sql`c.user_id = ${actor.id} and c.store_id = ${storeId}`);
  const discounts = await loadDiscounts(db, storeId, actor.id, code);
  const totals = priceLines(lines, discounts, store, fulfilment);
  const titles = new Map(discounts.map((discount) => [discount.id, discount.title]));
  return {
    store,
    lines: lines.map((line, index) => {
      const priced = totals.lines[index] as OrderTotals["lines"][number];
      return {
        id: line.id,
        variantId: line.variantId,
        bundleId: line.bundleId,
        productId: line.productId,
        name: line.name,
        sku: line.sku,
        imageUrl: uploadUrl(line.imageUploadId),
        unitCents: line.unitCents,
        quantity: line.quantity,
        amountCents: priced.amountCents,
        discountCents: priced.discountCents,
        netCents: priced.netCents,
        available: line.available,
        onSale: line.onSale,
      };
    }),
    code,
    codeRefusal: codeRefusalOf(code, discounts, lines),
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    taxCents: totals.taxCents,
    shippingCents: totals.shippingCents,
    totalCents: totals.totalCents,
    applied: totals.applied.map((applied) => ({ ...applied, title: titles.get(applied.id) ?? "" })),
    providers: [...providers],
  };
}

/**
 * Sets how many of a variant or a bundle the cart holds (0 takes it out). Only what is on sale
 * at this store, and no more than its stock now (409 says how many are left); the stock itself
 * is taken only at checkout.
 */
export async function setCartLine(db: Db, actor: Actor, storeId: number, input: CartLineInput): Promise<void> {
  await storeOf(db, shoppableStores(actor), { storeId });
  const target =
    input.variantId !== undefined
      ? await db.execute<{ available: number; on_sale: boolean }>(sql`
          select v.stock as available, (v.active and p.active) as on_sale
          from shop_variants v join shop_products p on p.id = v.product_id where v.id = ${input.variantId} and v.store_id = ${storeId}`)
      : await db.execute<{ available: number; on_sale: boolean }>(sql`
          select coalesce(min(case when v.active and p.active then v.stock / bi.quantity else 0 end), 0)::int as available,
            (b.active and count(bi.variant_id) > 0 and bool_and(v.active and p.active)) as on_sale
          from shop_bundles b left join shop_bundle_items bi on bi.bundle_id = b.id
            left join shop_variants v on v.id = bi.variant_id left join shop_products p on p.id = v.product_id
          where b.id = ${input.bundleId as number} and b.store_id = ${storeId}
          group by b.id`);
  const found = target.rows[0];
  if (!found) throw notFound();
  const cartId = await ensureCart(db, actor.id, storeId);
  const column = input.variantId !== undefined ? sql.raw("variant_id") : sql.raw("bundle_id");
  const id = input.variantId ?? (input.bundleId as number);
  if (input.quantity === 0) {
    await db.execute(sql`delete from shop_cart_lines where cart_id = ${cartId} and ${column} = ${id}`);
    return;
  }
  if (!found.on_sale) throw conflict(CART_MESSAGES.offSale);
  if (input.quantity > found.available) throw conflict(tooManyMessage(found.available));
  const result = await db.execute(sql`
    insert into shop_cart_lines (cart_id, ${column}, quantity)
    select ${cartId}, ${id}, ${input.quantity}
    where exists (select 1 from shop_cart_lines where cart_id = ${cartId} and ${column} = ${id})
       or (select count(*) from shop_cart_lines where cart_id = ${cartId}) < ${SHOP_CART_LINES_MAX}
    on conflict (cart_id, ${column}) do update set quantity = excluded.quantity`);
  if (result.rowCount === 0) throw conflict(CART_MESSAGES.cartFull);
}

/** Enters a code (400 on the field when it is unknown or does not apply now), or removes it (null). */
export async function setCartCode(db: Db, actor: Actor, storeId: number, code: string | null): Promise<void> {
  await storeOf(db, shoppableStores(actor), { storeId });
  const cartId = await ensureCart(db, actor.id, storeId);
  if (code !== null) {
    const discounts = await loadDiscounts(db, storeId, actor.id, code);
    const refusal = codeRefusalOf(code, discounts, (await loadCart(db, sql`c.id = ${cartId}`)).lines);
    if (refusal !== null) throw badRequest({ code: [refusal === "unknown" ? CART_MESSAGES.codeUnknown : CART_MESSAGES[refusal]] });
  }
  await db.execute(sql`update shop_carts set code = ${code}, updated_at = now() where id = ${cartId}`);
}
