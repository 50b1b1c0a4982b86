import { z } from "zod";
import { PAYMENT_PROVIDERS } from "../billing.ts";
import { DISCOUNT_KINDS, FULFILMENTS, SHOP_ORDER_STATES } from "./inputs.ts";

/**
 * What the shop's API answers (issue 20). Money is integer cents in the store's currency; dates
 * are ISO 8601 in UTC. The screens render these and never compute a total themselves.
 */

const named = z.object({ id: z.number().int(), name: z.string() });
const image = z.object({ uploadId: z.string(), url: z.string() });

export const shopStoreSchema = z.object({
  id: z.number().int(),
  clinic: z.object({ id: z.string(), name: z.string() }),
  name: z.string(),
  currency: z.string(),
  address: z.string(),
  taxRateBp: z.number().int(),
  shippingCents: z.number().int(),
  open: z.boolean(),
  logoUploadId: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type ShopStore = z.infer<typeof shopStoreSchema>;

export const shopCategorySchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  products: z.number().int(),
});
export type ShopCategory = z.infer<typeof shopCategorySchema>;

export const shopVariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  stock: z.number().int(),
  lowStockThreshold: z.number().int(),
  active: z.boolean(),
});
export type ShopVariant = z.infer<typeof shopVariantSchema>;

/** A product as its manager edits it. */
export const shopProductSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  category: named.nullable(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  images: z.array(image),
  variants: z.array(shopVariantSchema),
  updatedAt: z.string(),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

/** A row of the manager's product list. */
export const shopProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: named.nullable(),
  active: z.boolean(),
  imageUrl: z.string().nullable(),
  variants: z.number().int(),
  minPriceCents: z.number().int().nullable(),
  maxPriceCents: z.number().int().nullable(),
  stock: z.number().int(),
});
export type ShopProductRow = z.infer<typeof shopProductRowSchema>;

/** A variant on the inventory screen. */
export const inventoryRowSchema = z.object({
  variantId: z.number().int(),
  productId: z.number().int(),
  product: z.string(),
  sku: z.string(),
  name: z.string(),
  stock: z.number().int(),
  lowStockThreshold: z.number().int(),
  low: z.boolean(),
  active: z.boolean(),
});
export type InventoryRow = z.infer<typeof inventoryRowSchema>;

export const STOCK_MOVE_REASONS = ["adjustment", "reserved", "released", "restocked"] as const;
export const stockMoveSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: z.enum(STOCK_MOVE_REASONS),
  note: z.string(),
  orderId: z.number().int().nullable(),
  /** The order's number as customers and the order screens show it ("SO-000123"); null with `orderId`. */
  orderNumber: z.string().nullable(),
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type StockMove = z.infer<typeof stockMoveSchema>;

export const shopDiscountSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  title: z.string(),
  code: z.string().nullable(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  minOrderCents: z.number().int(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  products: z.array(named),
  bundles: z.array(named),
  categories: z.array(named),
  combinable: z.boolean(),
  active: z.boolean(),
  /** Orders that used it (cancelled ones give their use back). */
  used: z.number().int(),
});
export type ShopDiscount = z.infer<typeof shopDiscountSchema>;

export const shopBundleItemSchema = z.object({
  variantId: z.number().int(),
  productId: z.number().int(),
  product: z.string(),
  variant: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  stock: z.number().int(),
  priceCents: z.number().int(),
});

export const shopBundleSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  active: z.boolean(),
  items: z.array(shopBundleItemSchema),
  /** What its parts bought one by one would cost: the saving the storefront shows. */
  partsCents: z.number().int(),
  /** How many can be sold now: as many as the scarcest part allows. */
  stock: z.number().int(),
  imageUrl: z.string().nullable(),
});
export type ShopBundle = z.infer<typeof shopBundleSchema>;

/** A product or a bundle as a storefront card. */
export const storefrontItemSchema = z.object({
  kind: z.enum(["product", "bundle"]),
  id: z.number().int(),
  name: z.string(),
  category: named.nullable(),
  imageUrl: z.string().nullable(),
  fromCents: z.number().int(),
  inStock: z.boolean(),
});
export type StorefrontItem = z.infer<typeof storefrontItemSchema>;

/** A product as a customer sees it: only what is on sale. */
export const storefrontProductSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: named.nullable(),
  images: z.array(image),
  variants: z.array(z.object({ id: z.number().int(), sku: z.string(), name: z.string(), priceCents: z.number().int(), stock: z.number().int() })),
});
export type StorefrontProduct = z.infer<typeof storefrontProductSchema>;

export const DISCOUNT_REFUSALS = ["unknown", "inactive", "notStarted", "ended", "minOrder", "usedUp", "usedUpByCustomer", "nothingToDiscount"] as const;
export type ShopDiscountRefusal = (typeof DISCOUNT_REFUSALS)[number];

const pricedLine = z.object({
  /** Cart: the line's own id; order: the order line's id. */
  id: z.number().int(),
  variantId: z.number().int().nullable(),
  bundleId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  name: z.string(),
  sku: z.string(),
  imageUrl: z.string().nullable(),
  unitCents: z.number().int(),
  quantity: z.number().int(),
  amountCents: z.number().int(),
  discountCents: z.number().int(),
  netCents: z.number().int(),
});

const totals = {
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  shippingCents: z.number().int(),
  totalCents: z.number().int(),
  applied: z.array(z.object({ id: z.number().int(), title: z.string(), code: z.string().nullable(), amountCents: z.number().int() })),
};

/** The signed-in user's cart at one store, priced by the server as checkout would price it. */
export const shopCartSchema = z.object({
  store: shopStoreSchema,
  lines: z.array(
    pricedLine.extend({
      /** Units left to sell now; a line above it cannot be checked out. */
      available: z.number().int(),
      /** The product or bundle went off sale: the line cannot be checked out. */
      onSale: z.boolean(),
    }),
  ),
  code: z.string().nullable(),
  /** Why the entered code does not apply now (null: it applies, or none entered). */
  codeRefusal: z.enum(DISCOUNT_REFUSALS).nullable(),
  /** Shipping is added when the order is sent; this is the store's flat rate. */
  ...totals,
  providers: z.array(z.enum(PAYMENT_PROVIDERS)),
});
export type ShopCart = z.infer<typeof shopCartSchema>;

export const shopOrderEventSchema = z.object({
  state: z.enum(SHOP_ORDER_STATES),
  note: z.string(),
  amountCents: z.number().int().nullable(),
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  at: z.string(),
});

export const shopOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  store: z.object({ id: z.number().int(), name: z.string(), currency: z.string(), address: z.string() }),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  state: z.enum(SHOP_ORDER_STATES),
  fulfilment: z.enum(FULFILMENTS),
  address: z.string(),
  note: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  lines: z.array(pricedLine),
  ...totals,
  refundedCents: z.number().int(),
  createdAt: z.string(),
  /** A pending order is cancelled, and its stock released, at this time unless it is paid. */
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
  events: z.array(shopOrderEventSchema),
  /** How to pay a pending transfer (the bank details) when the customer reads it; null otherwise. */
  instructions: z.string().nullable(),
});
export type ShopOrder = z.infer<typeof shopOrderSchema>;

/** A row of an order list (manager's or the customer's own). */
export const shopOrderRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  store: named,
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  state: z.enum(SHOP_ORDER_STATES),
  fulfilment: z.enum(FULFILMENTS),
  provider: z.enum(PAYMENT_PROVIDERS),
  currency: z.string(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  items: z.number().int(),
  createdAt: z.string(),
});
export type ShopOrderRow = z.infer<typeof shopOrderRowSchema>;

/** What checkout answers: the order, and where to pay it (Stripe), or null (manual transfer). */
export const checkoutResultSchema = z.object({ order: shopOrderSchema, redirectUrl: z.string().nullable() });
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;
