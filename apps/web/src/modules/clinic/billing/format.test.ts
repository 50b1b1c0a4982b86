import { BILLING_MESSAGES, MEMBERSHIP_STATES, type MembershipOverview, ORDER_STATES, type Quote } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import en from "./locales/en.json" with { type: "json" };
import es from "./locales/es.json" with { type: "json" };
import {
  afterOrder,
  billingMessage,
  chosenQuote,
  confirmingPayment,
  daysLeftWording,
  detailsComplete,
  formatTaxRate,
  historyFilters,
  membershipStateWording,
  seatRatio,
} from "./format.ts";
import { membershipBanner } from "./banner.ts";

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree);
/** The text a wording shows in a language, with its values filled in as i18next does. */
const say = (tree: Tree, wording: { key: string; values?: Record<string, string | number> }) => {
  const text = lookup(tree, wording.key);
  expect(typeof text, wording.key).toBe("string");
  return (text as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(wording.values?.[name] ?? `{{${name}}}`));
};

const current = { assignmentId: 1, membershipId: 7, plan: "Clinic Pro", from: "2026-01-01", to: "2026-12-08", daysLeft: 12 };
const overview = (state: MembershipOverview["state"], extra: Partial<MembershipOverview> = {}) => ({ state, current, accessUntil: null, ...extra });

describe("membership state wording", () => {
  it("says how many days an expiring membership has left, in clear words", () => {
    expect(say(en, membershipStateWording(overview("expiring")))).toBe("Ends in 12 days, on 2026-12-08.");
    expect(say(es, membershipStateWording(overview("expiring")))).toBe("Vence en 12 días, el 2026-12-08.");
    expect(say(en, daysLeftWording(1, "2026-12-08"))).toMatch(/^Ends tomorrow/);
    expect(say(en, daysLeftWording(0, "2026-12-08"))).toMatch(/^Ends today/);
  });

  it("says until when an active membership runs", () => {
    expect(say(en, membershipStateWording(overview("active")))).toBe("Active until 2026-12-08.");
    // Renewed early: active until the last day paid, past the current period.
    expect(say(en, membershipStateWording(overview("active", { accessUntil: "2027-12-08" })))).toBe("Active until 2027-12-08.");
  });

  it("gives the end and the last day of access in grace", () => {
    const wording = membershipStateWording(overview("grace", { current: { ...current, to: "2026-11-20", daysLeft: 0 }, accessUntil: "2026-11-27" }));
    expect(say(en, wording)).toBe("Ended on 2026-11-20. Access continues until 2026-11-27: renew before then.");
    expect(say(en, membershipStateWording(overview("grace", { current: null, accessUntil: "2026-11-27" })))).toContain("until 2026-11-27");
  });

  it("words expired, trial and none without a current plan", () => {
    expect(say(en, membershipStateWording(overview("expired", { current: null })))).toBe("Your membership has ended. Choose a plan below to renew.");
    expect(say(en, membershipStateWording(overview("trial", { current: null, accessUntil: "2026-12-01" })))).toContain("Free trial until 2026-12-01");
    expect(say(en, membershipStateWording(overview("none", { current: null })))).toBe("You hold no membership. Choose a plan below.");
  });

  it("has a chip word for every membership and order state in both languages", () => {
    for (const tree of [en, es] as Tree[]) {
      for (const state of MEMBERSHIP_STATES) expect(typeof lookup(tree, `billing.membershipState.${state}`), state).toBe("string");
      for (const state of ORDER_STATES) expect(typeof lookup(tree, `billing.orderState.${state}`), state).toBe("string");
      for (const key of Object.keys(BILLING_MESSAGES)) expect(typeof lookup(tree, `billing.errors.${key}`), key).toBe("string");
    }
  });
});

describe("seats, tax and messages", () => {
  it("fills a seat bar by the share in use, capped, and empty without a limit", () => {
    expect(seatRatio(3, 10)).toBe(30);
    expect(seatRatio(12, 10)).toBe(100);
    expect(seatRatio(0, 0)).toBe(100);
    expect(seatRatio(5, null)).toBe(0);
  });

  it("writes a tax rate in basis points as a percentage in the reader's language", () => {
    expect(formatTaxRate(2100, "en")).toBe("21%");
    expect(formatTaxRate(1050, "en")).toBe("10.5%");
    expect(formatTaxRate(0, "en")).toBe("0%");
    expect(formatTaxRate(1050, "es").replace(/\s/g, " ")).toBe("10,5 %");
  });

  it("translates the billing API's messages and leaves other texts as they came", () => {
    const t = ((key: string) => `«${key}»`) as never;
    expect(billingMessage(t, BILLING_MESSAGES.requiredForCheckout)).toBe("«billing.errors.requiredForCheckout»");
    expect(billingMessage(t, "Something else.")).toBe("Something else.");
    expect(billingMessage(t, undefined)).toBeUndefined();
    expect(lookup(es, "billing.errors.requiredForCheckout")).toBe("Obligatorio antes de pagar.");
  });
});

describe("checkout", () => {
  const details = { legalName: "Clínica Sol SL", taxId: "B12345678", address: "Calle Mayor 1", city: "Madrid", postalCode: "28001", country: "ES", email: "" };

  it("needs every required billing detail before an order", () => {
    expect(detailsComplete(details)).toBe(true);
    expect(detailsComplete(null)).toBe(false);
    expect(detailsComplete({ ...details, taxId: "  " })).toBe(false);
    expect(detailsComplete({ ...details, email: "not an email" })).toBe(false);
  });

  it("takes the chosen period's quote, or the only one a plan has", () => {
    const quote = (billing: Quote["billing"], months: number): Quote => ({
      billing,
      months,
      lines: [],
      netCents: 0,
      taxRateBp: 0,
      taxCents: 0,
      totalCents: 0,
      currency: "EUR",
      from: "2026-12-09",
      to: "2027-12-08",
    });
    const both = { quotes: [quote("period", 3), quote("annual", 12)] };
    expect(chosenQuote(both, "annual")?.months).toBe(12);
    expect(chosenQuote(both, "period")?.months).toBe(3);
    expect(chosenQuote({ quotes: [quote("period", 1)] }, "annual")?.billing).toBe("period");
    expect(chosenQuote({ quotes: [] }, "period")).toBeUndefined();
  });

  it("sends a card payer to Stripe and shows a bank transfer's order", () => {
    expect(afterOrder({ id: 5, provider: "stripe", checkoutUrl: "https://checkout.example/s/1" })).toEqual({ redirect: "https://checkout.example/s/1" });
    expect(afterOrder({ id: 5, provider: "manual", checkoutUrl: null })).toEqual({ navigate: "/manager/admin/getMembership/invoice/5" });
    // A Stripe order without a page to pay on still shows the order, where it can be paid or cancelled.
    expect(afterOrder({ id: 6, provider: "stripe", checkoutUrl: null })).toEqual({ navigate: "/manager/admin/getMembership/invoice/6" });
  });

  it("confirms a card payment only on Stripe's success return while the order is pending", () => {
    expect(confirmingPayment({ state: "pending" }, "success")).toBe(true);
    expect(confirmingPayment({ state: "paid" }, "success")).toBe(false);
    expect(confirmingPayment({ state: "pending" }, "cancelled")).toBe(false);
    expect(confirmingPayment({ state: "pending" }, null)).toBe(false);
    expect(confirmingPayment(undefined, "success")).toBe(false);
  });
});

describe("the shell's membership banner", () => {
  const orderData = { isActivated: true, endsOn: "2026-11-20", graceUntil: null, trial: false };

  it("warns during grace with the end and the last day", () => {
    expect(membershipBanner({ isAdmin: false, orderData: { ...orderData, graceUntil: "2026-11-27" } })).toEqual({
      kind: "grace",
      ended: "2026-11-20",
      until: "2026-11-27",
    });
    expect(say(en, { key: "billing.banner.grace", values: { ended: "2026-11-20", until: "2026-11-27" } })).toBe(
      "Your membership ended on 2026-11-20. Renew by 2026-11-27 to keep access.",
    );
  });

  it("says access is paused once a non-admin's membership is over, and nothing while it runs or to admins", () => {
    expect(membershipBanner({ isAdmin: false, orderData: { ...orderData, isActivated: false } })).toEqual({ kind: "paused" });
    expect(membershipBanner({ isAdmin: false, orderData })).toBeNull();
    expect(membershipBanner({ isAdmin: true, orderData: { ...orderData, isActivated: false, graceUntil: "2026-11-27" } })).toBeNull();
  });
});

describe("payment history filters", () => {
  it("leaves out empty filters", () => {
    expect(historyFilters({ state: "", clinic: undefined, since: "", to: "" })).toEqual({
      filters: { state: undefined, clinic: undefined, since: undefined, to: undefined },
      toError: false,
    });
    expect(historyFilters({ state: "paid", clinic: "c1", since: "2026-01-01", to: "2026-01-31" }).filters).toEqual({
      state: "paid",
      clinic: "c1",
      since: "2026-01-01",
      to: "2026-01-31",
    });
  });

  it("holds back an end before the start (the server would refuse the list) and flags it", () => {
    expect(historyFilters({ state: "", clinic: undefined, since: "2026-02-01", to: "2026-01-31" })).toEqual({
      filters: { state: undefined, clinic: undefined, since: "2026-02-01", to: undefined },
      toError: true,
    });
    expect(historyFilters({ state: "", clinic: undefined, since: "2026-02-01", to: "2026-02-01" }).toError).toBe(false);
  });
});
