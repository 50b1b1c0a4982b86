import { GROUP, type ShopCart, type ShopOrder, type ShopStore } from "@clinic/shared";
import type { QueryKey } from "@tanstack/react-query";
import i18next from "i18next";
import type { ReactElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderText, testSession } from "../../../lib/test-render.tsx";
import { CART_KEY, STORES_KEY } from "../storefront/api.ts";
import { StorefrontPage } from "../storefront/StorefrontPage.tsx";
import { CartPage } from "../storefront/CartPage.tsx";
import { MY_ORDER_KEY, STORE_ORDER_KEY } from "./api.ts";
import { MyOrderPage } from "./MyOrderPage.tsx";
import { StoreOrderPage } from "./StoreOrderPage.tsx";

/**
 * The order and cart screens rendered to HTML (the web project runs without a DOM) with the
 * server's answers already in the query cache: what each state offers, and that every amount
 * shown is one the server sent.
 */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

const session = testSession({ group: GROUP.clinic, codenames: ["change_store"], flags: { clinic: true, virtual_shop: true } });

const render = (element: ReactElement, url: string, path: string, cache: [QueryKey, unknown][]) => renderText(element, { i18n, url, path, session, cache });

const order: ShopOrder = {
  id: 9,
  number: "SO-000009",
  instructions: "IBAN ES00 0000",
  store: { id: 1, name: "Vestibular Care Shop", currency: "EUR", address: "Calle Mayor 12" },
  customer: { id: "p1", name: "Pablo Díaz", email: "p@example.com" },
  state: "pending",
  fulfilment: "ship",
  address: "Calle Falsa 123",
  note: "",
  provider: "manual",
  lines: [
    {
      id: 1,
      variantId: 3,
      bundleId: null,
      productId: 2,
      name: "Foam pad · Blue",
      sku: "FP-BLU",
      imageUrl: null,
      unitCents: 2450,
      quantity: 2,
      amountCents: 4900,
      discountCents: 490,
      netCents: 4410,
    },
  ],
  subtotalCents: 4900,
  discountCents: 490,
  taxCents: 926,
  shippingCents: 495,
  // Deliberately not the sum of the parts: the screen must show the server's total, never its own.
  totalCents: 5833,
  applied: [{ id: 1, title: "Spring offer", code: "SPRING10", amountCents: 490 }],
  refundedCents: 0,
  createdAt: "2026-11-27T10:00:00.000Z",
  expiresAt: "2026-11-29T10:00:00.000Z",
  paidAt: null,
  fulfilledAt: null,
  events: [{ state: "pending", note: "", amountCents: null, by: { id: "p1", name: "Pablo Díaz" }, at: "2026-11-27T10:00:00.000Z" }],
};

describe("the manager's order page", () => {
  const page = (shown: ShopOrder) =>
    render(<StoreOrderPage />, `/shop/app/ordermanager/${shown.id}`, "/shop/app/ordermanager/:id", [[[STORE_ORDER_KEY, shown.id], shown]]);

  it("offers paying and cancelling a pending order, and its packing slip", () => {
    const text = page(order);
    expect(text).toContain("Mark paid");
    expect(text).toContain("Cancel order");
    expect(text).not.toContain("Refund ");
    expect(text).toContain("Packing slip (PDF)");
    expect(text).toContain("Pablo Díaz · p@example.com");
  });

  it("words fulfilment by how the order reaches the customer", () => {
    expect(page({ ...order, state: "paid" })).toContain("Mark shipped");
    expect(page({ ...order, state: "paid", fulfilment: "collect" })).toContain("Mark collected");
  });

  it("offers a refund of the rest until all of it is given back", () => {
    expect(page({ ...order, state: "refunded", refundedCents: 1000 })).toContain("Refund");
    const done = page({ ...order, state: "refunded", refundedCents: 5833 });
    expect(done).not.toMatch(/\bRefund\b/);
    expect(done).toContain("−€58.33");
  });

  it("shows the server's totals, not a sum of its own", () => {
    const text = page(order);
    expect(text).toContain("€58.33");
    expect(text).toContain("Spring offer (code SPRING10)");
    expect(text).toContain("−€4.90");
    expect(text).toContain("€4.95");
  });
});

describe("the customer's order page", () => {
  it("tells how to pay a pending transfer and offers to cancel it", () => {
    const text = render(<MyOrderPage />, "/shop/app/orders/9", "/shop/app/orders/:id", [[[MY_ORDER_KEY, 9], order]]);
    expect(text).toContain("Pay by bank transfer");
    expect(text).toContain("Quote your order number SO-000009");
    expect(text).toContain("Cancel order");
  });

  it("offers nothing to do once it is paid", () => {
    const text = render(<MyOrderPage />, "/shop/app/orders/9", "/shop/app/orders/:id", [
      [[MY_ORDER_KEY, 9], { ...order, state: "paid", paidAt: "2026-11-28T10:00:00.000Z" }],
    ]);
    expect(text).not.toContain("Pay by bank transfer");
    expect(text).not.toContain("Cancel order");
  });
});

describe("the cart page", () => {
  const store: ShopStore = {
    id: 1,
    clinic: { id: "c1", name: "Clínica Norte" },
    name: "Vestibular Care Shop",
    currency: "EUR",
    address: "Calle Mayor 12",
    taxRateBp: 2100,
    shippingCents: 495,
    open: true,
    logoUploadId: null,
    logoUrl: null,
  };
  const cart: ShopCart = {
    store,
    lines: [{ ...order.lines[0], available: 1, onSale: true } as ShopCart["lines"][number]],
    code: "SPRING10",
    codeRefusal: "minOrder",
    subtotalCents: 4900,
    discountCents: 0,
    taxCents: 1029,
    shippingCents: 495,
    totalCents: 6424,
    applied: [],
    providers: ["manual", "stripe"],
  };
  let text = "";
  beforeAll(() => {
    text = render(<CartPage />, "/shop/app/cart?store=1", "/shop/app/cart", [
      [[STORES_KEY], [store]],
      [[CART_KEY, 1, "ship"], cart],
    ]);
  });

  it("flags a line above what is left, with the way to fix it", () => {
    expect(text).toContain("Only 1 left. Lower the quantity to check out.");
    expect(text).toContain("Set to 1");
    expect(text).toContain("Fix the items marked above to check out.");
  });

  it("says why a saved code no longer applies", () => {
    expect(text).toContain("Code SPRING10 does not apply now.");
    expect(text).toContain("minimum amount");
  });

  it("offers the store's ways to pay and shows the server's total", () => {
    expect(text).toContain("Bank transfer");
    expect(text).toContain("Card (Stripe)");
    expect(text).toContain("Place order · €64.24");
  });
});

describe("the storefront", () => {
  it("says so when the user's clinic has no store open", () => {
    const text = render(<StorefrontPage />, "/shop/app/store", "/shop/app/store", [[[STORES_KEY], []]]);
    expect(text).toContain("No shop to visit yet");
    expect(text).toContain("Your clinic has no store open at the moment.");
  });
});
