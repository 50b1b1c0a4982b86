import { SHOP_MESSAGES } from "@clinic/shared";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { refundProblem } from "./refund.ts";
import { dayRange } from "./StoreOrdersPage.tsx";
import { amountToCents, centsToAmount, customerCanCancel, leftToRefund, managerActions, shopMessage } from "./states.ts";

const order = (state: "pending" | "paid" | "fulfilled" | "cancelled" | "refunded", refundedCents = 0, totalCents = 5000) => ({
  state,
  refundedCents,
  totalCents,
});

describe("a manager's actions by state", () => {
  it("offers paying or cancelling a pending order", () => {
    expect(managerActions(order("pending"))).toEqual(["pay", "cancel"]);
  });

  it("offers fulfilling, refunding or cancelling a paid one", () => {
    expect(managerActions(order("paid"))).toEqual(["fulfil", "refund", "cancel"]);
  });

  it("offers refunding a fulfilled or partly refunded order until all of it is given back", () => {
    expect(managerActions(order("fulfilled"))).toEqual(["refund"]);
    expect(managerActions(order("refunded", 2000))).toEqual(["refund"]);
    expect(managerActions(order("refunded", 5000))).toEqual([]);
    expect(managerActions(order("fulfilled", 5000))).toEqual([]);
  });

  it("offers nothing on a cancelled order", () => {
    expect(managerActions(order("cancelled"))).toEqual([]);
  });

  it("lets a customer cancel only while the order waits for payment", () => {
    expect(customerCanCancel(order("pending"))).toBe(true);
    for (const state of ["paid", "fulfilled", "cancelled", "refunded"] as const) expect(customerCanCancel(order(state))).toBe(false);
  });

  it("starts a refund at what is left to give back", () => {
    expect(leftToRefund(order("refunded", 1250))).toBe(3750);
    expect(leftToRefund(order("refunded", 5000))).toBe(0);
  });
});

describe("a typed amount as cents", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12,50", 1250],
    ["0,05", 5],
    [" 1 234,56 ", 123456],
    ["1,234.56", 123456],
    ["1.234,56", 123456],
    ["1.234", 123400],
    ["1,234", 123400],
  ])("reads %s as %i", (text, cents) => {
    expect(amountToCents(text)).toBe(cents);
  });

  it.each(["", "abc", "-5", "12.345.", "1..5", "12.5€", "€12"])("refuses %j", (text) => {
    expect(amountToCents(text)).toBeNull();
  });

  it("writes cents back as the reader types them", () => {
    expect(centsToAmount(1250, "en")).toBe("12.50");
    expect(centsToAmount(1250, "es")).toBe("12,50");
    expect(amountToCents(centsToAmount(98765, "es"))).toBe(98765);
  });
});

describe("a refund before it is sent", () => {
  it("takes an amount up to what is left, with a reason", () => {
    expect(refundProblem("10", "Damaged", 1000)).toEqual({ cents: 1000, amount: null, reason: false });
  });

  it("says what is wrong", () => {
    expect(refundProblem("ten", "x", 1000).amount).toBe("notAmount");
    expect(refundProblem("0", "x", 1000).amount).toBe("none");
    expect(refundProblem("10,01", "x", 1000).amount).toBe("tooMuch");
    expect(refundProblem("1", "  ", 1000).reason).toBe(true);
  });
});

describe("the manager's day range", () => {
  it("holds back an end before the start, and says so", () => {
    expect(dayRange("2026-03-10", "2026-03-01")).toEqual({ from: "2026-03-10", to: "", toError: true });
    expect(dayRange("2026-03-01", "2026-03-10")).toEqual({ from: "2026-03-01", to: "2026-03-10", toError: false });
    expect(dayRange("", "2026-03-10")).toEqual({ from: "", to: "2026-03-10", toError: false });
  });
});

describe("the shop's messages", () => {
  const t = ((key: string) => `[${key}]`) as unknown as TFunction;
  it("translates a message of the shared schemas and leaves any other as it came", () => {
    expect(shopMessage(t, SHOP_MESSAGES.addressNeeded)).toBe("[shopOrders.errors.addressNeeded]");
    expect(shopMessage(t, "Something else.")).toBe("Something else.");
    expect(shopMessage(t, undefined)).toBeUndefined();
  });
});
