import { sql } from "drizzle-orm";
import { bigserial, boolean, check, char, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { timestamps, users } from "../../db/schema.ts";
import { uploads } from "../../platform/uploads.table.ts";

/**
 * The shop (issue 20): a clinic's stores, their categories, products and the variants that are
 * sold and stocked. Money is integer cents in the store's currency; rates are basis points.
 */

export const shopStores = pgTable(
  "shop_stores",
  {
    id: serial("id").primaryKey(),
    /** The clinic account that runs it; its patients and clients buy there. */
    clinicId: text("clinic_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    logoUploadId: uuid("logo_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    currency: char("currency", { length: 3 }).notNull(),
    address: text("address").notNull().default(""),
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    /** The flat shipping of an order that is sent (collected orders pay none). */
    shippingCents: integer("shipping_cents").notNull().default(0),
    open: boolean("open").notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check("shop_stores_tax_check", sql`${table.taxRateBp} between 0 and 10000`),
    check("shop_stores_shipping_check", sql`${table.shippingCents} >= 0`),
    check("shop_stores_currency_check", sql`${table.currency} ~ '^[A-Z]{3}$'`),
    index("shop_stores_clinic_idx").on(table.clinicId),
  ],
);

export const shopCategories = pgTable(
  "shop_categories",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => shopStores.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex("shop_categories_store_name_idx").on(table.storeId, sql`lower(${table.name})`)],
);

export const shopProducts = pgTable(
  "shop_products",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => shopStores.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").references(() => shopCategories.id, { onDelete: "set null" }),
    name: varchar("name", { length: 200 }).notNull(),
    /** Sanitised rich text (shared rules). */
    description: text("description").notNull().default(""),
    active: boolean("active").notNull().default(true),
    /**
     * Whether an active variant of it exists, kept by a trigger on shop_variants (migration 0027):
     * the storefront lists and counts products on sale without looking at every product's variants.
     */
    hasActiveVariant: boolean("has_active_variant").notNull().default(false),
    /**
     * What the storefront shows of the active variants, kept by triggers on shop_variants
     * (migration 0031) and written only when it changes: the lowest price, and whether any is in
     * stock. So the storefront's kept page reads no variant, and a checkout changes it only when
     * it sells the last unit.
     */
    fromCents: integer("from_cents"),
    inStock: boolean("in_stock").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("shop_products_store_category_idx").on(table.storeId, table.categoryId),
    index("shop_products_store_name_idx").on(table.storeId, table.name),
    // The storefront's pages: what is on sale, in name order, in the store or in one category.
    index("shop_products_storefront_name_idx").on(table.storeId, table.name, table.id).where(sql`${table.active} and ${table.hasActiveVariant}`),
    index("shop_products_storefront_category_idx")
      .on(table.storeId, table.categoryId, table.name, table.id)
      .where(sql`${table.active} and ${table.hasActiveVariant}`),
    // The storefront's and the manager's search by the start of the words of a name, over tens of
    // thousands of products (products.service.ts `nameMatches`).
    index("shop_products_name_search_idx").using("gin", sql`to_tsvector('simple', ${table.name})`),
  ],
);

/**
 * What is sold and stocked: a product's size or colour, each with its SKU, price and stock.
 * `stock` is what can still be sold: a checkout reserves units by lowering it, and the CHECK
 * makes the database itself refuse to sell a unit that is not there, whatever the code does.
 */
export const shopVariants = pgTable(
  "shop_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => shopProducts.id, { onDelete: "cascade" }),
    /** Unique within the store (the product's store, kept here so the index can hold it). */
    storeId: integer("store_id")
      .notNull()
      .references(() => shopStores.id, { onDelete: "cascade" }),
    sku: varchar("sku", { length: 64 }).notNull(),
    name: varchar("name", { length: 120 }).notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    stock: integer("stock").notNull().default(0),
    /** At or below it, the variant is on the low-stock list. */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(0),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    check("shop_variants_price_check", sql`${table.priceCents} >= 0`),
    check("shop_variants_stock_check", sql`${table.stock} >= 0`),
    check("shop_variants_threshold_check", sql`${table.lowStockThreshold} >= 0`),
    uniqueIndex("shop_variants_store_sku_idx").on(table.storeId, sql`lower(${table.sku})`),
    index("shop_variants_product_idx").on(table.productId, table.position),
  ],
);

/** Every change of a variant's stock, with why and who: the inventory's history. */
export const shopStockMoves = pgTable(
  "shop_stock_moves",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => shopVariants.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    /** adjustment | reserved | released | restocked */
    reason: varchar("reason", { length: 20 }).notNull(),
    note: text("note").notNull().default(""),
    /** The order that reserved or released it, when one did. */
    orderId: integer("order_id"),
    by: text("by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("shop_stock_moves_reason_check", sql`${table.reason} in ('adjustment', 'reserved', 'released', 'restocked')`),
    check("shop_stock_moves_delta_check", sql`${table.delta} <> 0`),
    index("shop_stock_moves_variant_idx").on(table.variantId, table.createdAt),
  ],
);

/** A product's pictures (uploads platform), in order: the first is its card's picture. */
export const shopProductImages = pgTable(
  "shop_product_images",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => shopProducts.id, { onDelete: "cascade" }),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productId, table.uploadId] })],
);

/** Several variants sold together at a price of its own; what it can sell follows its parts' stock. */
export const shopBundles = pgTable(
  "shop_bundles",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => shopStores.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 200 }).notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    active: boolean("active").notNull().default(true),
    /**
     * What the storefront shows of its parts, kept by triggers (migration 0031): every part's
     * variant and product active (and one part at least), stock for one bundle, the first part's
     * first picture.
     */
    partsOnSale: boolean("parts_on_sale").notNull().default(false),
    inStock: boolean("in_stock").notNull().default(false),
    imageUploadId: uuid("image_upload_id"),
    ...timestamps,
  },
  (table) => [check("shop_bundles_price_check", sql`${table.priceCents} >= 0`), index("shop_bundles_store_idx").on(table.storeId)],
);

export const shopBundleItems = pgTable(
  "shop_bundle_items",
  {
    bundleId: integer("bundle_id")
      .notNull()
      .references(() => shopBundles.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => shopVariants.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bundleId, table.variantId] }),
    check("shop_bundle_items_quantity_check", sql`${table.quantity} > 0`),
    index("shop_bundle_items_variant_idx").on(table.variantId),
  ],
);

/** A code or an automatic discount; what it names is kept as id arrays checked against the store on write. */
export const shopDiscounts = pgTable(
  "shop_discounts",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => shopStores.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 120 }).notNull(),
    code: varchar("code", { length: 32 }),
    kind: varchar("kind", { length: 10 }).notNull(),
    value: integer("value").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    minOrderCents: integer("min_order_cents").notNull().default(0),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    productIds: integer("product_ids").array().notNull().default(sql`'{}'`),
    bundleIds: integer("bundle_ids").array().notNull().default(sql`'{}'`),
    categoryIds: integer("category_ids").array().notNull().default(sql`'{}'`),
    combinable: boolean("combinable").notNull().default(false),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check("shop_discounts_kind_check", sql`${table.kind} in ('percent', 'fixed')`),
    check("shop_discounts_value_check", sql`${table.value} > 0 and (${table.kind} <> 'percent' or ${table.value} <= 10000)`),
    check("shop_discounts_dates_check", sql`${table.endsAt} is null or ${table.startsAt} is null or ${table.endsAt} > ${table.startsAt}`),
    uniqueIndex("shop_discounts_store_code_idx").on(table.storeId, sql`upper(${table.code})`),
    index("shop_discounts_store_idx").on(table.storeId),
  ],
);

/** A user's cart at a store: the code they entered, and its lines. */
export const shopCarts = pgTable(
  "shop_carts",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => shopStores.id, { onDelete: "cascade" }),
    code: varchar("code", { length: 32 }),
    ...timestamps,
  },
  (table) => [uniqueIndex("shop_carts_user_store_idx").on(table.userId, table.storeId)],
);

export const shopCartLines = pgTable(
  "shop_cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => shopCarts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => shopVariants.id, { onDelete: "cascade" }),
    bundleId: integer("bundle_id").references(() => shopBundles.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("shop_cart_lines_target_check", sql`(${table.variantId} is null) <> (${table.bundleId} is null)`),
    check("shop_cart_lines_quantity_check", sql`${table.quantity} between 1 and 99`),
    uniqueIndex("shop_cart_lines_variant_idx").on(table.cartId, table.variantId),
    uniqueIndex("shop_cart_lines_bundle_idx").on(table.cartId, table.bundleId),
  ],
);

export const shopOrders = pgTable(
  "shop_orders",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => shopStores.id, { onDelete: "restrict" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** pending | paid | fulfilled | cancelled | refunded */
    state: varchar("state", { length: 12 }).notNull().default("pending"),
    fulfilment: varchar("fulfilment", { length: 8 }).notNull(),
    address: text("address").notNull().default(""),
    note: text("note").notNull().default(""),
    provider: varchar("provider", { length: 12 }).notNull(),
    /** The provider's payment attempt (Stripe: the Checkout Session), and the payment itself once paid. */
    providerRef: text("provider_ref"),
    paymentReference: text("payment_reference"),
    currency: char("currency", { length: 3 }).notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check("shop_orders_state_check", sql`${table.state} in ('pending', 'paid', 'fulfilled', 'cancelled', 'refunded')`),
    check("shop_orders_fulfilment_check", sql`${table.fulfilment} in ('ship', 'collect')`),
    check("shop_orders_money_check", sql`${table.totalCents} >= 0 and ${table.refundedCents} between 0 and ${table.totalCents}`),
    index("shop_orders_store_idx").on(table.storeId, table.createdAt),
    index("shop_orders_customer_idx").on(table.customerId, table.createdAt),
    index("shop_orders_pending_idx").on(table.expiresAt).where(sql`${table.state} = 'pending'`),
    index("shop_orders_provider_ref_idx").on(table.providerRef),
  ],
);

/** What was bought, as it was named and priced then (a later edit of the product changes no order). */
export const shopOrderLines = pgTable(
  "shop_order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => shopOrders.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => shopVariants.id, { onDelete: "set null" }),
    bundleId: integer("bundle_id").references(() => shopBundles.id, { onDelete: "set null" }),
    productId: integer("product_id").references(() => shopProducts.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    sku: varchar("sku", { length: 64 }).notNull().default(""),
    unitCents: integer("unit_cents").notNull(),
    quantity: integer("quantity").notNull(),
    amountCents: integer("amount_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    netCents: integer("net_cents").notNull(),
  },
  (table) => [index("shop_order_lines_order_idx").on(table.orderId)],
);

/** The discounts an order used: what counts against their limits while the order is not cancelled. */
export const shopOrderDiscounts = pgTable(
  "shop_order_discounts",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => shopOrders.id, { onDelete: "cascade" }),
    discountId: integer("discount_id")
      .notNull()
      .references(() => shopDiscounts.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    code: varchar("code", { length: 32 }),
    amountCents: integer("amount_cents").notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.discountId] }), index("shop_order_discounts_discount_idx").on(table.discountId)],
);

/** An order's history: each state it reached, refunds with their amount, who and when. */
export const shopOrderEvents = pgTable(
  "shop_order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => shopOrders.id, { onDelete: "cascade" }),
    state: varchar("state", { length: 12 }).notNull(),
    note: text("note").notNull().default(""),
    amountCents: integer("amount_cents"),
    by: text("by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("shop_order_events_order_idx").on(table.orderId, table.id)],
);
