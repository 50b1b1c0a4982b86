import { CART_MESSAGES, ORDER_MESSAGES } from "@clinic/shared";
import type { CheckoutInput, CheckoutResult, Paged, ShopOrder, ShopOrderRow, ShopOrdersQuery, ShopOrderState } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { ShopSettings } from "../../config.ts";
import type { Actor } from "../../platform/access.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { type Mailer, queueMail } from "../../platform/mail.ts";
import { pageWindow } from "../../platform/paging.ts";
import type { PaymentProviders } from "../../platform/payments/index.ts";
import {
  type AgreedPrices,
  cartLineColumns,
  cartLineJoins,
  cartLineOrder,
  codeRefusalOf,
  type LineRow,
  linesOf,
  loadDiscounts,
  priceAgreedLines,
  priceLines,
} from "./cart.service.ts";
import { merged, reservingCtes } from "./inventory.ts";
import { type OrderMailEvent, myOrderPath, orderMail } from "./shop-mails.ts";
import { iso, nameOf, STORE_REF, type StoreRef, shoppableStores, uploadUrl } from "./shop-scope.ts";

/**
 * Orders (issue 20.3): checkout turns the cart into a pending order in one transaction, with
 * totals computed here, its stock reserved, the discounts' uses counted and the confirmation
 * email queued. Then pending → paid → fulfilled, or cancelled / refunded (order-states.ts).
 */

export interface ShopDeps {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  providers: PaymentProviders;
  settings: ShopSettings;
  /** Shown on a manual order: where to transfer (BILLING_BANK_DETAILS). */
  bankDetails: string;
}

export const EXPIRE_QUEUE = "shop.expire";

/** The number a customer quotes: SO- and the id, zero-padded. */
export const orderNumber = (id: number) => `SO-${String(id).padStart(6, "0")}`;
/** The id of a number typed in a search ("SO-000042", "so42", "42"), or null. */
export function idOfNumber(text: string): number | null {
  const match = /^\s*(?:so-?)?0*(\d{1,9})\s*$/i.exec(text);
  return match ? Number(match[1]) : null;
}

// ---------------------------------------------------------------- reading

interface OrderRowSql {
  id: number;
  store_id: number;
  store_name: string;
  store_address: string;
  currency: string;
  customer_id: string;
  customer_name: string;
  customer_email: string;
  customer_language: string;
  state: ShopOrderState;
  fulfilment: "ship" | "collect";
  address: string;
  note: string;
  provider: "manual" | "stripe";
  provider_ref: string | null;
  payment_reference: string | null;
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  shipping_cents: number;
  total_cents: number;
  refunded_cents: number;
  created_at: string | Date;
  expires_at: string | Date | null;
  paid_at: string | Date | null;
  fulfilled_at: string | Date | null;
  lines: (Omit<ShopOrder["lines"][number], "imageUrl"> & { imageUploadId: string | null })[];
  applied: ShopOrder["applied"];
  events: (Omit<ShopOrder["events"][number], "by"> & { byId: string | null; byName: string | null })[];
}

/** One order with its lines, discounts and history, in one statement; `where` over `shop_orders o`. */
export async function orderWhere(
  db: Db,
  where: SQL,
): Promise<(Omit<ShopOrder, "instructions"> & { customerLanguage: string; providerRef: string | null; paymentReference: string | null }) | null> {
  const result = await db.execute<OrderRowSql & Record<string, unknown>>(sql`
    select o.*, s.name as store_name, s.address as store_address, ${nameOf("c")} as customer_name, c.email as customer_email, c.language as customer_language,
      coalesce((select json_agg(json_build_object('id', l.id, 'variantId', l.variant_id, 'bundleId', l.bundle_id, 'productId', l.product_id, 'name', l.name,
          'sku', l.sku, 'unitCents', l.unit_cents, 'quantity', l.quantity, 'amountCents', l.amount_cents, 'discountCents', l.discount_cents,
          'netCents', l.net_cents,
          'imageUploadId', (select i.upload_id from shop_product_images i where i.product_id = l.product_id order by i.position limit 1)) order by l.id)
        from shop_order_lines l where l.order_id = o.id), '[]') as lines,
      coalesce((select json_agg(json_build_object('id', od.discount_id, 'title', od.title, 'code', od.code, 'amountCents', od.amount_cents) order by od.discount_id)
        from shop_order_discounts od where od.order_id = o.id), '[]') as applied,
      coalesce((select json_agg(json_build_object('state', e.state, 'note', e.note, 'amountCents', e.amount_cents, 'byId', e.by,
          'byName', (select ${nameOf("u")} from users u where u.id = e.by), 'at', e.created_at) order by e.id)
        from shop_order_events e where e.order_id = o.id), '[]') as events
    from shop_orders o join shop_stores s on s.id = o.store_id join users c on c.id = o.customer_id
    where ${where}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    number: orderNumber(row.id),
    store: { id: row.store_id, name: row.store_name, currency: row.currency, address: row.store_address },
    customer: { id: row.customer_id, name: row.customer_name, email: row.customer_email },
    customerLanguage: row.customer_language,
    state: row.state,
    fulfilment: row.fulfilment,
    address: row.address,
    note: row.note,
    provider: row.provider,
    providerRef: row.provider_ref,
    paymentReference: row.payment_reference,
    lines: row.lines.map(({ imageUploadId, ...line }) => ({ ...line, imageUrl: uploadUrl(imageUploadId) })),
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    taxCents: row.tax_cents,
    shippingCents: row.shipping_cents,
    totalCents: row.total_cents,
    applied: row.applied,
    refundedCents: row.refunded_cents,
    createdAt: iso(row.created_at) as string,
    expiresAt: row.state === "pending" ? iso(row.expires_at) : null,
    paidAt: iso(row.paid_at),
    fulfilledAt: iso(row.fulfilled_at),
    events: row.events.map(({ byId, byName, ...event }) => ({
      ...event,
      at: iso(event.at) as string,
      by: byId === null ? null : { id: byId, name: byName as string },
    })),
  };
}

type LoadedOrder = NonNullable<Awaited<ReturnType<typeof orderWhere>>>;

/**
 * The order as the API answers it (without what only the server uses). The customer's copy
 * carries the transfer details while it waits for a transfer, and the history without the
 * notes staff left on the payment and the dispatch (the reasons of a cancel or refund stay).
 */
export function publicOrder(order: LoadedOrder, customer?: { bankDetails: string }): ShopOrder {
  const { customerLanguage: _language, providerRef: _ref, paymentReference: _payment, ...rest } = order;
  if (!customer) return { ...rest, instructions: null };
  return {
    ...rest,
    instructions: order.provider === "manual" && order.state === "pending" ? customer.bankDetails : null,
    events: rest.events.map((event) => (event.state === "paid" || event.state === "fulfilled" ? { ...event, note: "" } : event)),
  };
}

/** A page of orders, newest first, in one statement (the total rides along as a window count). */
export async function ordersWhere(db: Db, where: SQL, query: ShopOrdersQuery): Promise<Paged<ShopOrderRow>> {
  const { limit, offset } = pageWindow(query);
  const filters: SQL[] = [where];
  if (query.state) filters.push(sql`o.state = ${query.state}`);
  if (query.from) filters.push(sql`o.created_at >= ${query.from}::date`);
  if (query.to) filters.push(sql`o.created_at < ${query.to}::date + 1`);
  if (query.q) {
    const id = idOfNumber(query.q);
    const pattern = `%${query.q.replace(/[\\%_]/g, "\\$&")}%`;
    filters.push(
      id === null
        ? sql`(c.email ilike ${pattern} or ${nameOf("c")} ilike ${pattern})`
        : sql`(o.id = ${id} or c.email ilike ${pattern} or ${nameOf("c")} ilike ${pattern})`,
    );
  }
  const result = await db.execute<Record<string, unknown>>(sql`
    select o.id, o.store_id, s.name as store_name, o.customer_id, ${nameOf("c")} as customer_name, c.email as customer_email, o.state, o.fulfilment,
      o.provider, o.currency, o.total_cents, o.refunded_cents, o.created_at,
      (select coalesce(sum(l.quantity), 0)::int from shop_order_lines l where l.order_id = o.id) as items,
      count(*) over ()::int as total_rows
    from shop_orders o join shop_stores s on s.id = o.store_id join users c on c.id = o.customer_id
    where ${sql.join(filters, sql` and `)}
    order by o.created_at desc, o.id desc
    limit ${limit} offset ${offset}`);
  const rows = result.rows;
  return {
    page: query.page,
    total: rows.length > 0 ? Number(rows[0]?.total_rows) : 0,
    data: rows.map((row) => ({
      id: Number(row.id),
      number: orderNumber(Number(row.id)),
      store: { id: Number(row.store_id), name: String(row.store_name) },
      customer: { id: String(row.customer_id), name: String(row.customer_name), email: String(row.customer_email) },
      state: row.state as ShopOrderState,
      fulfilment: row.fulfilment as "ship" | "collect",
      provider: row.provider as "manual" | "stripe",
      currency: String(row.currency),
      totalCents: Number(row.total_cents),
      refundedCents: Number(row.refunded_cents),
      items: Number(row.items),
      createdAt: iso(row.created_at as string) as string,
    })),
  };
}

// ---------------------------------------------------------------- emails

/** Queues the customer's email about `event` inside `tx`, from the order as it now stands. */
export async function mailCustomer(tx: Db, deps: ShopDeps, orderId: number, event: OrderMailEvent): Promise<void> {
  const order = await orderWhere(tx, sql`o.id = ${orderId}`);
  if (order) await mailOrder(tx, deps, order, event);
}

/** Queues the customer's email about `event` inside `tx`, from `order` as the caller has just read it. */
async function mailOrder(tx: Db, deps: ShopDeps, order: LoadedOrder, event: OrderMailEvent): Promise<void> {
  const mail = orderMail(
    { email: order.customer.email, language: order.customerLanguage, userId: order.customer.id, name: order.customer.name },
    {
      id: order.id,
      number: order.number,
      store: order.store.name,
      storeAddress: order.store.address,
      currency: order.store.currency,
      totalCents: order.totalCents,
      provider: order.provider,
      fulfilment: order.fulfilment,
      lines: order.lines,
      expiresAt: order.expiresAt ? new Date(order.expiresAt) : null,
    },
    event,
    deps.mailer,
  );
  await queueMail(tx, deps.mailer, deps.jobs, [mail]);
}

export async function recordEvent(tx: Db, orderId: number, state: ShopOrderState, by: string | null, note = "", amountCents: number | null = null) {
  await tx.execute(sql`insert into shop_order_events (order_id, state, note, amount_cents, by) values (${orderId}, ${state}, ${note}, ${amountCents}, ${by})`);
}

// ---------------------------------------------------------------- checkout

/**
 * Places the cart as a pending order, all or nothing, in few round trips (issue 34.2). First,
 * one statement checks the store, locks the cart row and then the limited discounts it may use
 * (in id order: two checkouts never both take a discount's last use) and reads the cart's lines.
 * The discounts, when the store has any for this cart, are read after those locks; the totals
 * are computed here. Then one statement
 * reserves the stock (locking only the variants bought, in id order, by a conditional update the
 * database itself holds to `stock >= 0`) and, only when every variant had enough and the cart
 * still held the lines read, writes the order, its lines, discounts, stock moves and first event
 * and empties the cart. A second click waits on the cart's lock, then finds its lines gone: 409,
 * as for a cart out of stock, and nothing is kept. The order is read once, for its email and the
 * answer.
 */
export async function checkout(
  deps: ShopDeps,
  actor: Actor,
  storeId: number,
  input: CheckoutInput & { address: string; note: string; agreed?: AgreedPrices },
): Promise<CheckoutResult> {
  const { db } = deps;
  const expiresAt = new Date(Date.now() + deps.settings.holdHours * 3_600_000);
  const placedOrder = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const opened = await tx.execute<
      LineRow & { store: StoreRef; cart_id: number | null; code: string | null; candidates: number } & Record<string, unknown>
    >(sql`
      with store as materialized (select ${STORE_REF} from shop_stores s where s.id = ${storeId} and ${shoppableStores(actor)}),
        cart as materialized (
          select c.id, c.code from shop_carts c
          where c.user_id = ${actor.id} and c.store_id = ${storeId} and exists (select 1 from store) for update of c),
        limited as materialized (
          select d.id from shop_discounts d, cart
          where d.store_id = ${storeId} and (d.code is null or upper(d.code) = upper(coalesce(cart.code, '')))
            and (d.usage_limit is not null or d.per_customer_limit is not null)
          order by d.id for update of d)
      select row_to_json(store) as store, (select count(*) from limited) as limited, c.id as cart_id, c.code,
        (select count(*) from shop_discounts d where d.store_id = ${storeId} and (d.code is null or upper(d.code) = upper(coalesce(c.code, ''))))::int
          as candidates,
        ${cartLineColumns}
      from store left join cart c on true ${cartLineJoins}
      ${cartLineOrder}`);
    const first = opened.rows[0];
    if (!first) throw notFound();
    const store = first.store;
    if (!deps.providers[input.provider]) throw conflict(ORDER_MESSAGES.providerOff);
    const cartId = first.cart_id;
    const code = first.code;
    // Read with the statement's snapshot: a second click's copy may be stale, which the write below finds.
    const lines = linesOf(opened.rows);
    if (cartId === null || lines.length === 0) throw conflict(ORDER_MESSAGES.emptyCart);
    if (lines.some((line) => !line.onSale)) throw conflict(ORDER_MESSAGES.offSale);
    // Read after the locks, with their uses; a store with no discount for this cart skips the statement,
    // as does an order at agreed prices (an accepted quote), which no store discount or code changes.
    const { agreed } = input;
    const discounts = !agreed && first.candidates > 0 ? await loadDiscounts(tx, storeId, actor.id, code) : [];
    const refusal = agreed ? null : codeRefusalOf(code, discounts, lines);
    if (refusal !== null)
      throw conflict(
        ORDER_MESSAGES.codeGone
          .replace("{code}", code as string)
          .replace("{reason}", refusal === "unknown" ? CART_MESSAGES.codeUnknown : CART_MESSAGES[refusal]),
      );
    const totals = agreed ? priceAgreedLines(lines, agreed, store, input.fulfilment) : priceLines(lines, discounts, store, input.fulfilment);
    if (!totals) throw conflict(ORDER_MESSAGES.cartChanged);
    const wanted = merged(lines.flatMap((line) => line.parts.map((part) => ({ variantId: part.variantId, quantity: part.quantity * line.quantity }))));
    const titles = new Map(discounts.map((discount) => [discount.id, discount.title]));
    // Arrays unnested into rows, one per column: the lines and discounts in one parameter each.
    const unnested = (columns: [unknown[], "int" | "text"][]) =>
      sql.join(
        columns.map(([values, type]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
        sql`, `,
      );
    const lineColumns = unnested([
      [lines.map((line) => line.variantId), "int"],
      [lines.map((line) => line.bundleId), "int"],
      [lines.map((line) => line.productId), "int"],
      [lines.map((line) => line.name), "text"],
      [lines.map((line) => line.sku), "text"],
      [totals.lines.map((line) => line.unitCents), "int"],
      [lines.map((line) => line.quantity), "int"],
      [totals.lines.map((line) => line.amountCents), "int"],
      [totals.lines.map((line) => line.discountCents), "int"],
      [totals.lines.map((line) => line.netCents), "int"],
    ]);
    const discountColumns = unnested([
      [totals.applied.map((applied) => applied.id), "int"],
      [totals.applied.map((applied) => titles.get(applied.id) ?? ""), "text"],
      [totals.applied.map((applied) => applied.code), "text"],
      [totals.applied.map((applied) => applied.amountCents), "int"],
    ]);
    const lineIds = lines.map((line) => line.id);
    const written = await tx.execute<{ id: number | null; taken: number[]; emptied: number }>(sql`
      with ${reservingCtes(wanted)},
      emptied as (delete from shop_cart_lines where cart_id = ${cartId} and id = any(${sql.param(lineIds)}::int[]) returning id),
      placed as (
        insert into shop_orders (store_id, customer_id, state, fulfilment, address, note, provider, currency, subtotal_cents, discount_cents, tax_cents,
          shipping_cents, total_cents, expires_at)
        select ${storeId}, ${actor.id}, 'pending', ${input.fulfilment}, ${input.fulfilment === "ship" ? input.address.trim() : ""}, ${input.note.trim()},
          ${input.provider}, ${store.currency}, ${totals.subtotalCents}, ${totals.discountCents}, ${totals.taxCents}, ${totals.shippingCents},
          ${totals.totalCents}, ${expiresAt}
        where (select count(*) from taken) = ${wanted.ids.length} and (select count(*) from emptied) = ${lineIds.length}
        returning id),
      moves as (
        insert into shop_stock_moves (variant_id, delta, reason, order_id, by)
        select taken.id, -taken.quantity, 'reserved', placed.id, ${actor.id} from taken, placed),
      order_lines as (
        insert into shop_order_lines (order_id, variant_id, bundle_id, product_id, name, sku, unit_cents, quantity, amount_cents, discount_cents, net_cents)
        select placed.id, line.* from placed, unnest(${lineColumns}) as line),
      order_discounts as (
        insert into shop_order_discounts (order_id, discount_id, title, code, amount_cents)
        select placed.id, used.* from placed, unnest(${discountColumns}) as used),
      first_event as (insert into shop_order_events (order_id, state, by) select placed.id, 'pending', ${actor.id} from placed),

      reset as (update shop_carts set code = null, updated_at = now() where id = ${cartId} and exists (select 1 from placed))
      select (select id from placed) as id, array(select id from taken) as taken, (select count(*) from emptied)::int as emptied`);
    const placed = written.rows[0];
    if (placed && placed.id === null && placed.emptied !== lineIds.length) throw conflict(ORDER_MESSAGES.emptyCart);
    if (!placed || placed.id === null) {
      const short = new Set(wanted.ids.filter((id) => !(placed?.taken ?? []).map(Number).includes(id)));
      const names = lines.filter((line) => line.parts.some((part) => short.has(part.variantId))).map((line) => line.name);
      throw conflict(ORDER_MESSAGES.outOfStock.replace("{names}", names.join(", ")));
    }
    const id = Number(placed.id);
    await deps.jobs.send(EXPIRE_QUEUE, { orderId: id }, { tx, startAfter: expiresAt, singletonKey: `shop-expire-${id}` });
    const order = (await orderWhere(tx, sql`o.id = ${id}`)) as LoadedOrder;
    if (input.provider === "manual") await mailOrder(tx, deps, order, { kind: "placed", bankDetails: deps.bankDetails, checkoutUrl: null });
    return { order, store };
  });
  let order = placedOrder.order;
  const { store } = placedOrder;
  const provider = deps.providers[input.provider];
  const orderId = order.id;
  let redirectUrl: string | null = null;
  if (provider && input.provider !== "manual") {
    // The provider is asked after the order commits: its page needs the order, and a slow or
    // failed call must not hold the stock rows locked. Unpaid, the order expires as any other.
    const started = await provider.startCheckout({
      orderId,
      orderNumber: order.number,
      description: `${store.name} · ${order.number}`,
      totalCents: order.totalCents,
      currency: store.currency,
      customerEmail: actor.email,
      successUrl: deps.mailer.link(`${myOrderPath(orderId)}?checkout=success`),
      cancelUrl: deps.mailer.link(`${myOrderPath(orderId)}?checkout=cancelled`),
      expiresAt,
      purpose: "shop",
    });
    redirectUrl = started.redirectUrl;
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.execute(sql`update shop_orders set provider_ref = ${started.providerRef}, updated_at = now() where id = ${orderId}`);
      await mailCustomer(tx, deps, orderId, { kind: "placed", bankDetails: deps.bankDetails, checkoutUrl: redirectUrl });
    });
    order = (await orderWhere(db, sql`o.id = ${orderId}`)) as LoadedOrder;
  }
  return { order: publicOrder(order, deps), redirectUrl };
}
