import { z } from "zod";
import { richText } from "./rich-text.ts";
import { requiredText, rowId, storableText } from "./schemas.ts";

/**
 * The shop's inputs (issue 20), checked the same on the screens and at the API's edge. Money is
 * integer cents (never a float), rates are basis points (2 100 = 21 %). The server computes every
 * total itself: no input carries a price or total for an order.
 */

export const SHOP_PRICE_MAX_CENTS = 100_000_000;
export const SHOP_STOCK_MAX = 1_000_000;
export const SHOP_VARIANTS_MAX = 50;
export const SHOP_BUNDLE_ITEMS_MAX = 20;

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
    variants: z.array(variantInputSchema).min(1).max(SHOP_VARIANTS_MAX),
  })
  .strict()
  .superRefine((value, context) => {
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
