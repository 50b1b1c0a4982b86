import { z } from "zod";
import { richText } from "../rich-text.ts";
import { PAYMENT_PROVIDERS } from "../billing.ts";
import { pageQuerySchema, queryFlag, requiredText, rowId, rowIdParam, storableText, userId } from "../schemas.ts";

/**
 * The shop's inputs (issue 20), checked the same on the screens and at the API's edge. Money is
 * integer cents (never a float), rates are basis points (2 100 = 21 %). The server computes every
 * total itself: no input carries a price or total for an order.
 */

export const SHOP_PRICE_MAX_CENTS = 100_000_000;
export const SHOP_STOCK_MAX = 1_000_000;
export const SHOP_VARIANTS_MAX = 50;
export const SHOP_BUNDLE_ITEMS_MAX = 20;
export const SHOP_IMAGES_MAX = 8;
export const SHOP_CART_QUANTITY_MAX = 99;
export const SHOP_CART_LINES_MAX = 50;

export const SHOP_MESSAGES = {
  currency: "Give a currency as its three-letter code (EUR, USD…).",
  cents: "Give an amount in whole cents, zero or more.",
  stock: "Give a stock of zero or more whole units.",
  sku: "Use letters, digits, dots, dashes and underscores.",
  skuTwice: "Each variant needs its own SKU.",
  percentOver: "A percentage goes from 0.01 % to 100 %.",
  fixedNone: "A fixed discount is at least one cent.",
  code: "A code is 3 to 32 letters, digits, dashes or underscores.",
  endBeforeStart: "The end must be after the start.",
  instant: "Give a date and time in ISO 8601 (e.g. 2026-12-01T09:00:00Z).",
  bundleTooSmall: "A bundle holds at least two units.",
  variantTwice: "Each variant appears once; set its quantity instead.",
  deltaZero: "An adjustment adds or removes at least one unit.",
  imageTwice: "Each image appears once.",
  lineTarget: "Name either a variant or a bundle.",
  addressNeeded: "Give the address to send the order to.",
  refundTooMuch: "A refund cannot exceed what is left to refund.",
  refundNone: "A refund is at least one cent.",
} as const;

const cents = () => z.number({ error: SHOP_MESSAGES.cents }).int(SHOP_MESSAGES.cents).min(0, SHOP_MESSAGES.cents).max(SHOP_PRICE_MAX_CENTS);
const stock = () => z.number({ error: SHOP_MESSAGES.stock }).int(SHOP_MESSAGES.stock).min(0, SHOP_MESSAGES.stock).max(SHOP_STOCK_MAX);
const instant = () => z.iso.datetime({ offset: true, error: SHOP_MESSAGES.instant });

export const storeInputSchema = z
  .object({
    name: requiredText(120),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, SHOP_MESSAGES.currency),
    address: storableText(500).default(""),
    taxRateBp: z.number().int().min(0).max(10_000),
    shippingCents: cents(),
    open: z.boolean(),
    logoUploadId: z.uuid().nullable().default(null),
    /** The clinic that runs it: administrators name it; a clinic's own staff always get their clinic. */
    clinicId: userId().optional(),
  })
  .strict();
export type StoreInput = z.input<typeof storeInputSchema>;

export const variantInputSchema = z
  .object({
    /** An existing variant's id (kept, with its stock history); none for a new one. */
    id: rowId().optional(),
    sku: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9._-]+$/, SHOP_MESSAGES.sku),
    name: storableText(120).default(""),
    priceCents: cents(),
    stock: stock(),
    lowStockThreshold: stock().default(0),
    active: z.boolean().default(true),
  })
  .strict();

export const productInputSchema = z
  .object({
    name: requiredText(200),
    description: richText(5000, { optional: true }).default(""),
    categoryId: rowId().nullable(),
    active: z.boolean(),
    /** Uploaded images (the uploads platform), the first is the product's picture. */
    imageUploadIds: z.array(z.uuid()).max(SHOP_IMAGES_MAX).default([]),
    variants: z.array(variantInputSchema).min(1).max(SHOP_VARIANTS_MAX),
  })
  .strict()
  .superRefine((value, context) => {
    if (new Set(value.imageUploadIds).size !== value.imageUploadIds.length)
      context.addIssue({ code: "custom", path: ["imageUploadIds"], message: SHOP_MESSAGES.imageTwice });
    const seen = new Set<string>();
    value.variants.forEach((variant, index) => {
      const sku = variant.sku.toLowerCase();
      if (seen.has(sku)) context.addIssue({ code: "custom", path: ["variants", index, "sku"], message: SHOP_MESSAGES.skuTwice });
      seen.add(sku);
    });
  });
export type ProductInput = z.input<typeof productInputSchema>;

export const DISCOUNT_KINDS = ["percent", "fixed"] as const;

export const discountInputSchema = z
  .object({
    /** What the customer and the manager see ("Spring offer"). */
    title: requiredText(120),
    /** Null: applied automatically to every order it fits. */
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, SHOP_MESSAGES.code)
      .nullable(),
    kind: z.enum(DISCOUNT_KINDS),
    /** Basis points for a percentage (10 000 = 100 %), cents for a fixed amount. */
    value: z.number().int(),
    startsAt: instant().nullable().default(null),
    endsAt: instant().nullable().default(null),
    minOrderCents: cents().default(0),
    usageLimit: z.number().int().min(1).max(1_000_000).nullable().default(null),
    perCustomerLimit: z.number().int().min(1).max(1000).nullable().default(null),
    /** What it applies to; none of the three: the whole order. */
    productIds: z.array(rowId()).max(200).default([]),
    bundleIds: z.array(rowId()).max(200).default([]),
    categoryIds: z.array(rowId()).max(200).default([]),
    combinable: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.kind === "percent" && (value.value < 1 || value.value > 10_000))
      context.addIssue({ code: "custom", path: ["value"], message: SHOP_MESSAGES.percentOver });
    if (value.kind === "fixed" && (value.value < 1 || value.value > SHOP_PRICE_MAX_CENTS))
      context.addIssue({ code: "custom", path: ["value"], message: SHOP_MESSAGES.fixedNone });
    if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt))
      context.addIssue({ code: "custom", path: ["endsAt"], message: SHOP_MESSAGES.endBeforeStart });
  });
export type DiscountInput = z.input<typeof discountInputSchema>;

/** Several variants sold together at a price of its own; its stock is what its parts allow. */
export const bundleInputSchema = z
  .object({
    name: requiredText(200),
    description: richText(5000, { optional: true }).default(""),
    priceCents: cents(),
    active: z.boolean(),
    items: z
      .array(z.object({ variantId: rowId(), quantity: z.number().int().min(1).max(99) }).strict())
      .min(1)
      .max(SHOP_BUNDLE_ITEMS_MAX),
  })
  .strict()
  .superRefine((value, context) => {
    if (new Set(value.items.map((item) => item.variantId)).size !== value.items.length)
      context.addIssue({ code: "custom", path: ["items"], message: SHOP_MESSAGES.variantTwice });
    else if (value.items.reduce((units, item) => units + item.quantity, 0) < 2)
      context.addIssue({ code: "custom", path: ["items"], message: SHOP_MESSAGES.bundleTooSmall });
  });
export type BundleInput = z.input<typeof bundleInputSchema>;

/** How many of a bundle can be sold: as many as its scarcest part allows. */
export function bundleStock(items: readonly { quantity: number; stock: number; active: boolean }[]): number {
  if (items.length === 0) return 0;
  return Math.min(...items.map((item) => (item.active ? Math.floor(item.stock / item.quantity) : 0)));
}

export const stockAdjustmentSchema = z
  .object({
    delta: z
      .number()
      .int()
      .min(-SHOP_STOCK_MAX)
      .max(SHOP_STOCK_MAX)
      .refine((delta) => delta !== 0, SHOP_MESSAGES.deltaZero),
    note: requiredText(300),
  })
  .strict();

export const shopCategoryInputSchema = z.object({ name: requiredText(120), position: z.number().int().min(0).max(10_000).default(0) }).strict();
export type ShopCategoryInput = z.input<typeof shopCategoryInputSchema>;

export const shopIdParamSchema = z.object({ id: rowIdParam() });
export const storeIdParamSchema = z.object({ storeId: rowIdParam() });

const searchText = () =>
  storableText(100)
    .transform((value) => value.trim())
    .optional();

export const productsQuerySchema = pageQuerySchema.extend({
  q: searchText(),
  category: rowIdParam().optional(),
  active: queryFlag(),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export const inventoryQuerySchema = pageQuerySchema.extend({ q: searchText(), low: queryFlag() });
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;

export const storefrontQuerySchema = pageQuerySchema.extend({ q: searchText(), category: rowIdParam().optional() });
export type StorefrontQuery = z.infer<typeof storefrontQuerySchema>;

/** pending → paid → fulfilled; a pending or paid order can be cancelled; a paid or fulfilled one refunded (in full or in part). */
export const SHOP_ORDER_STATES = ["pending", "paid", "fulfilled", "cancelled", "refunded"] as const;
export type ShopOrderState = (typeof SHOP_ORDER_STATES)[number];
export const FULFILMENTS = ["ship", "collect"] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

export const shopOrdersQuerySchema = pageQuerySchema.extend({
  q: searchText(),
  state: z.enum(SHOP_ORDER_STATES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type ShopOrdersQuery = z.infer<typeof shopOrdersQuerySchema>;

/** Sets a cart line's quantity (0 removes it). */
export const cartLineInputSchema = z
  .object({
    variantId: rowId().optional(),
    bundleId: rowId().optional(),
    quantity: z.number().int().min(0).max(SHOP_CART_QUANTITY_MAX),
  })
  .strict()
  .superRefine((value, context) => {
    if ((value.variantId === undefined) === (value.bundleId === undefined))
      context.addIssue({ code: "custom", path: ["variantId"], message: SHOP_MESSAGES.lineTarget });
  });
export type CartLineInput = z.input<typeof cartLineInputSchema>;

export const cartCodeInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, SHOP_MESSAGES.code)
      .nullable(),
  })
  .strict();

/** The buyer's choices; the server prices the cart itself (a price or total sent here is refused as an unknown key). */
export const checkoutInputSchema = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    fulfilment: z.enum(FULFILMENTS),
    address: storableText(500).default(""),
    note: storableText(500).default(""),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.fulfilment === "ship" && value.address.trim() === "")
      context.addIssue({ code: "custom", path: ["address"], message: SHOP_MESSAGES.addressNeeded });
  });
export type CheckoutInput = z.input<typeof checkoutInputSchema>;

export const orderNoteSchema = z.object({ note: storableText(300).default("") }).strict();

export const refundInputSchema = z
  .object({
    amountCents: z.number({ error: SHOP_MESSAGES.refundNone }).int().min(1, SHOP_MESSAGES.refundNone).max(SHOP_PRICE_MAX_CENTS),
    reason: requiredText(300),
    /** Give the refunded units back to stock. */
    restock: z.boolean().default(false),
  })
  .strict();
export type RefundInput = z.input<typeof refundInputSchema>;

export const thresholdInputSchema = z.object({ lowStockThreshold: stock() }).strict();
