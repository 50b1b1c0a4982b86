import { sql } from "drizzle-orm";
import { bigserial, boolean, check, char, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
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
    ...timestamps,
  },
  (table) => [
    index("shop_products_store_category_idx").on(table.storeId, table.categoryId),
    index("shop_products_store_name_idx").on(table.storeId, table.name),
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
