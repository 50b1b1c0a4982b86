import { bundleInputSchema, discountInputSchema, productInputSchema, SHOP_MESSAGES, type ShopDiscount } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { shopFieldMessage } from "./api.ts";
import { bundleBody, bundlePlacement } from "./bundle-form.ts";
import { discountBody, discountInput, discountPlacement, discountState, discountValues } from "./discount-form.ts";
import { convertingResolver, nestErrors } from "../../../lib/forms.ts";
import { moved } from "./ImagesField.tsx";
import { newVariant, productBody, productPlacement, type ProductValues } from "./product-form.ts";

const texts = { money: "money?", whole: "whole?", percent: "percent?", instant: "instant?" };

const product = (overrides: Partial<ProductValues> = {}): ProductValues => ({
  name: "T-shirt",
  description: "",
  categoryId: "",
  active: true,
  imageUploadIds: [],
  variants: [{ ...newVariant(), sku: "TS-M", name: "M", priceCents: "19,99", stock: "5" }],
  ...overrides,
});

describe("the product form", () => {
  it("reads prices into exact cents and keeps a saved variant's id", () => {
    const values = product({
      categoryId: "7",
      variants: [{ id: 3, sku: "A", name: "", priceCents: "0.07", stock: "2", lowStockThreshold: "1", active: false }],
    });
    const { payload, errors } = productBody(values, "EUR", texts);
    expect(errors).toEqual({});
    expect(payload.categoryId).toBe(7);
    expect(payload.variants).toEqual([{ id: 3, sku: "A", name: "", priceCents: 7, stock: 2, lowStockThreshold: 1, active: false }]);
  });

  it("names the cell that cannot be read, by the API's path", () => {
    const values = product({ variants: [newVariant(), { ...newVariant(), sku: "B", priceCents: "1.234", stock: "-1" }] });
    const { errors } = productBody(values, "EUR", texts);
    expect(errors).toEqual({ "variants.0.priceCents": "money?", "variants.1.priceCents": "money?", "variants.1.stock": "whole?" });
  });

  it("puts the server's errors on the right cell, and the rest in the dialog", () => {
    expect(productPlacement("variants.1.sku")).toBe("variants.1.sku");
    expect(productPlacement("imageUploadIds.2")).toBe("imageUploadIds");
    expect(productPlacement("variants")).toBe("variants");
    expect(productPlacement("variants.0.id")).toBeNull();
    expect(productPlacement("storeId")).toBeNull();
  });

  it("checks the body with the shared schema: two rows with one SKU fail on the second row's SKU", async () => {
    const resolver = convertingResolver(productInputSchema, (values: ProductValues) => productBody(values, "EUR", texts));
    const values = product({
      variants: [
        { ...newVariant(), sku: "X", priceCents: "1" },
        { ...newVariant(), sku: "x", priceCents: "oops" },
      ],
    });
    const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = result.errors as unknown as { variants: { sku?: { message: string }; priceCents?: { message: string } }[] };
    expect(errors.variants[1]?.sku?.message).toBe(SHOP_MESSAGES.skuTwice);
    // The form's own reading wins over the schema's check of the placeholder it sent.
    expect(errors.variants[1]?.priceCents?.message).toBe("money?");
    expect(errors.variants[0]).toBeUndefined();
  });

  it("answers the values when all is well", async () => {
    const resolver = convertingResolver(productInputSchema, (values: ProductValues) => productBody(values, "EUR", texts));
    const values = product();
    expect(await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false })).toEqual({ values, errors: {} });
  });
});

describe("nested errors", () => {
  it("builds react-hook-form's shape, a list's own message beside its rows'", () => {
    const nested = nestErrors({ "items.1.quantity": "q", items: "list", name: "n" }) as Record<string, unknown>;
    const items = nested.items as unknown as { message: string }[] & { message: string };
    expect(Array.isArray(items)).toBe(true);
    expect(items[1]).toEqual({ quantity: { type: "validate", message: "q" } });
    expect(items.message).toBe("list");
    expect(nested.name).toEqual({ type: "validate", message: "n" });
  });
});

describe("the discount form", () => {
  const base = { ...discountValues(null, "EUR", "en"), title: "Spring" };

  it("turns 10 % into 1000 basis points and an automatic one into no code", () => {
    const { payload, errors } = discountBody({ ...base, automatic: true, code: "IGNORED", value: "10" }, "EUR", texts);
    expect(errors).toEqual({});
    expect(payload).toMatchObject({ code: null, kind: "percent", value: 1000, minOrderCents: 0, usageLimit: null, perCustomerLimit: null, startsAt: null });
    expect(discountInputSchema.safeParse(payload).success).toBe(true);
  });

  it("reads a fixed amount, a minimum and limits", () => {
    const { payload } = discountBody(
      { ...base, code: "spring5", kind: "fixed", value: "5,5", minOrderCents: "30", usageLimit: "100", perCustomerLimit: "1" },
      "EUR",
      texts,
    );
    expect(payload).toMatchObject({ code: "SPRING5", value: 550, minOrderCents: 3000, usageLimit: 100, perCustomerLimit: 1 });
  });

  it("names what it cannot read", () => {
    const { errors } = discountBody({ ...base, code: "X1X", value: "10.555", usageLimit: "many", startsAt: "not a time" }, "EUR", texts);
    expect(errors).toEqual({ value: "percent?", usageLimit: "whole?", startsAt: "instant?" });
    // An unfinished time in the date-time field is refused, never sent as no time at all.
    expect(discountBody({ ...base, endsAt: "2026-12-0" }, "EUR", texts).errors).toMatchObject({ endsAt: "instant?" });
  });

  it("shows a target's error on its picker", () => {
    expect(discountPlacement("productIds.3")).toBe("productIds");
    expect(discountPlacement("categoryIds")).toBe("categoryIds");
    expect(discountPlacement("endsAt")).toBe("endsAt");
    expect(discountPlacement("storeId")).toBeNull();
  });

  const saved: ShopDiscount = {
    id: 4,
    storeId: 1,
    title: "Spring",
    code: "SPRING",
    kind: "percent",
    value: 1050,
    startsAt: "2026-03-01T00:00:00.000Z",
    endsAt: null,
    minOrderCents: 0,
    usageLimit: 2,
    perCustomerLimit: null,
    products: [{ id: 9, name: "Mat" }],
    bundles: [],
    categories: [],
    combinable: false,
    active: true,
    used: 2,
  };

  it("starts an edit from the saved one, in the reader's language", () => {
    expect(discountValues(saved, "EUR", "es")).toMatchObject({
      value: "10,5",
      code: "SPRING",
      automatic: false,
      usageLimit: "2",
      productIds: [{ id: "9", label: "Mat" }],
    });
  });

  it("switches one off keeping the rest", () => {
    const body = discountInput(saved, { active: false });
    expect(body).toMatchObject({ active: false, value: 1050, productIds: [9], code: "SPRING" });
    expect(discountInputSchema.safeParse(body).success).toBe(true);
  });

  it("says where one stands", () => {
    const now = Date.parse("2026-04-01T00:00:00Z");
    expect(discountState(saved, now)).toBe("usedUp");
    expect(discountState({ ...saved, used: 0 }, now)).toBe("running");
    expect(discountState({ ...saved, used: 0 }, Date.parse("2026-02-01T00:00:00Z"))).toBe("scheduled");
    expect(discountState({ ...saved, active: false }, now)).toBe("off");
  });
});

describe("the bundle form", () => {
  it("reads its price and quantities", () => {
    const { payload, errors } = bundleBody(
      {
        name: "Kit",
        description: "",
        priceCents: "25",
        active: true,
        items: [
          { variantId: 1, label: "a", quantity: "2" },
          { variantId: 2, label: "b", quantity: "x" },
        ],
      },
      "EUR",
      texts,
    );
    expect(errors).toEqual({ "items.1.quantity": "whole?" });
    expect(payload.priceCents).toBe(2500);
    expect(payload.items).toEqual([
      { variantId: 1, quantity: 2 },
      { variantId: 2, quantity: 0 },
    ]);
    expect(bundleInputSchema.safeParse({ ...payload, items: [{ variantId: 1, quantity: 1 }] }).success).toBe(false);
  });

  it("puts a foreign variant's error on its row", () => {
    expect(bundlePlacement("items.2.variantId")).toBe("items.2.variantId");
    expect(bundlePlacement("items")).toBe("items");
    expect(bundlePlacement("storeId")).toBeNull();
  });
});

describe("messages and order", () => {
  it("translates the shop's messages and leaves others as they are", () => {
    const t = (key: string) => `[${key}]`;
    expect(shopFieldMessage(t, SHOP_MESSAGES.skuTwice)).toBe("[shopManage.errors.skuTwice]");
    expect(shopFieldMessage(t, "The stock cannot go below zero.")).toBe("[shopManage.errors.belowZero]");
    expect(shopFieldMessage(t, "Zod's own words")).toBe("Zod's own words");
    expect(shopFieldMessage(t, undefined)).toBeUndefined();
  });

  it("moves a picture", () => {
    expect(moved(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moved(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b"], 1, 5)).toEqual(["a", "b"]);
  });
});
