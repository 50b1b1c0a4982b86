import {
  type BillingDetailsAnswer,
  GROUP,
  type MembershipOverview,
  type OrderDetail,
  type OrderPage as OrderPageAnswer,
  type OrderSummary,
  type PlanOffer,
  type Quote,
  type SessionState,
} from "@clinic/shared";
import i18next from "i18next";
import type { ReactElement } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api.ts";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { exportButtonsOf, type RenderOptions, renderHtml, type TestSessionOptions, testSession, textOf } from "../../../lib/test-render.tsx";
import { createOrder, DETAILS_KEY, ORDER_KEY, ORDERS_KEY, OVERVIEW_KEY, PLAN_KEY, saveBillingDetails } from "./api.ts";
import { DETAIL_FIELDS } from "./BillingDetailsForm.tsx";
import { CheckoutPage } from "./CheckoutPage.tsx";
import { MembershipBanner } from "./MembershipBanner.tsx";
import { MyMembershipPage } from "./MyMembershipPage.tsx";
import { OrderPage } from "./OrderPage.tsx";
import { PaymentHistoryPage } from "./PaymentHistoryPage.tsx";

/**
 * The screens rendered to HTML (react-dom/server: the web project runs without a DOM) with their
 * server answers already in the query cache, as the shell would have fetched them; the calls
 * they make are checked against a mocked fetch.
 */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));
afterEach(() => vi.unstubAllGlobals());

type Role = "clinic" | "patient" | "admin";
const ROLES: Record<Role, TestSessionOptions> = {
  clinic: { group: GROUP.clinic, codenames: ["view_membership"] },
  patient: { group: GROUP.patient, codenames: ["is_patient"] },
  admin: { isAdmin: true },
};
const sessionOf = (role: Role, orderData: Partial<SessionState["orderData"]> = {}) => testSession({ ...ROLES[role], orderData });

function render(element: ReactElement, { role = "clinic", ...at }: Omit<RenderOptions, "i18n" | "session"> & { role?: Role }) {
  return renderHtml(element, { i18n, session: sessionOf(role), ...at });
}

const quote = (billing: Quote["billing"], months: number, netCents: number): Quote => ({
  billing,
  months,
  lines: [{ description: `Clinic Pro, ${months} months`, quantity: 1, unitCents: netCents, amountCents: netCents }],
  netCents,
  taxRateBp: 2100,
  taxCents: Math.round(netCents * 0.21),
  totalCents: netCents + Math.round(netCents * 0.21),
  currency: "EUR",
  from: "2026-12-09",
  to: billing === "annual" ? "2027-12-08" : "2027-03-08",
});
const offer: PlanOffer = {
  id: 7,
  plan: "Clinic Pro",
  description: "For growing clinics",
  months: 3,
  nUsers: 5,
  nPatients: 100,
  seller: "platform",
  quotes: [quote("period", 3, 15000), quote("annual", 12, 50000)],
};
const summary: OrderSummary = {
  id: 42,
  number: "ORD-2026-000042",
  state: "pending",
  provider: "manual",
  membershipId: 7,
  plan: "Clinic Pro",
  billing: "period",
  buyer: { id: "u1", name: "Clínica Sol", email: "sol@example.com" },
  netCents: 15000,
  taxCents: 3150,
  totalCents: 18150,
  currency: "EUR",
  periodFrom: "2026-12-09",
  periodTo: "2027-03-08",
  createdAt: "2026-11-27T10:00:00.000Z",
  paidAt: null,
  invoiceNumber: null,
};
const overview: MembershipOverview = {
  holder: { id: "u1", name: "Clínica Sol", kind: "clinic" },
  state: "expiring",
  current: { assignmentId: 3, membershipId: 7, plan: "Clinic Pro", from: "2026-09-09", to: "2026-12-08", daysLeft: 12 },
  next: null,
  accessUntil: null,
  seats: { therapists: { used: 3, limit: 5 }, patients: { used: 100, limit: 100 } },
  pending: summary,
  offers: [offer, { ...offer, id: 8, plan: "Clinic Max", quotes: [quote("period", 1, 9900)] }],
  billingDetailsComplete: true,
  providers: ["manual"],
};
const details: BillingDetailsAnswer = {
  userId: "u1",
  details: { legalName: "Clínica Sol SL", taxId: "B12345678", address: "Calle Mayor 1", city: "Madrid", postalCode: "28001", country: "ES", email: "" },
};
const order = (extra: Partial<OrderDetail> = {}): OrderDetail => ({
  ...summary,
  lines: [{ description: "Clinic Pro, 3 months", quantity: 1, unitCents: 15000, amountCents: 15000 }],
  taxRateBp: 2100,
  instructions: "IBAN ES00 0000 0000 0000 0000 0000",
  checkoutUrl: null,
  paymentReference: null,
  expiresAt: "2026-12-04T10:00:00.000Z",
  cancelledAt: null,
  refundedAt: null,
  invoices: [],
  can: { confirm: false, cancel: true, refund: false },
  ...extra,
});

describe("MyMembershipPage", () => {
  let html = "";
  let text = "";
  beforeAll(() => {
    html = render(<MyMembershipPage />, {
      url: "/manager/admin/getMembership",
      path: "/manager/admin/getMembership",
      cache: [
        [[OVERVIEW_KEY], overview],
        [[DETAILS_KEY, "own"], details],
      ],
    });
    text = textOf(html);
  });

  it("shows the plan, its state in words, the period and the seats against their limits", () => {
    expect(text).toContain("Your clinic's membership");
    expect(text).toContain("Expiring soon");
    expect(text).toContain("Ends in 12 days, on 2026-12-08.");
    expect(text).toContain("Current period: 2026-09-09 to 2026-12-08");
    expect(text).toContain("Therapists: 3 of 5 used");
    expect(text).toContain("Patients: 100 of 100 used · limit reached");
    expect(html).toMatch(/role="progressbar"[^>]*aria-label="Therapists: 3 of 5 used"|aria-label="Therapists: 3 of 5 used"[^>]*role="progressbar"/);
  });

  it("links the pending order and offers each plan with its prices and a way to choose it", () => {
    expect(text).toContain("Order ORD-2026-000042 for Clinic Pro (€181.50) is waiting for payment.");
    expect(html).toContain('href="/manager/admin/getMembership/invoice/42"');
    expect(html).toContain('href="/manager/admin/getMembership/7"');
    expect(html).toContain('aria-label="Renew Clinic Pro"');
    expect(html).toContain('href="/manager/admin/getMembership/8"');
    expect(html).toContain('aria-label="Choose Clinic Max"');
    expect(text).toContain("Quarterly €181.50");
    expect(text).toContain("Annual €605.00");
    expect(text).toContain("Up to 5 therapists and 100 patients");
  });

  it("shows the billing details with an edit button", () => {
    expect(text).toContain("Clínica Sol SL");
    expect(text).toContain("Your account's email");
    expect(html).toContain('aria-label="Edit billing details"');
  });

  it("tells a clinic that renewed early until when it is paid, and which period follows, in both languages", async () => {
    const renewed = { ...overview, state: "active" as const, accessUntil: "2027-12-08", next: { plan: "Clinic Pro", from: "2026-12-09", to: "2027-12-08" } };
    const at = {
      url: "/manager/admin/getMembership",
      path: "/manager/admin/getMembership",
      cache: [[[OVERVIEW_KEY], renewed] as [unknown[], unknown], [[DETAILS_KEY, "own"], details] as [unknown[], unknown]],
    };
    const english = textOf(render(<MyMembershipPage />, at));
    expect(english).toContain("Active until 2027-12-08.");
    expect(english).toContain("Current period: 2026-09-09 to 2026-12-08");
    expect(english).toContain("Next period paid: Clinic Pro, from 2026-12-09 to 2027-12-08");
    expect(text).not.toContain("Next period paid");
    const es = i18next.createInstance();
    await initTestI18n(es, "es");
    const spanish = textOf(renderHtml(<MyMembershipPage />, { i18n: es, session: sessionOf("clinic"), ...at }));
    expect(spanish).toContain("Próximo periodo pagado: Clinic Pro, del 2026-12-09 al 2027-12-08");
  });

  it("tells admins, who hold no membership, where to go instead of asking the API", () => {
    const admin = textOf(render(<MyMembershipPage />, { url: "/m", path: "/m", role: "admin" }));
    expect(admin).toContain("Administrators hold no membership of their own");
  });
});

describe("CheckoutPage", () => {
  const at = { url: "/manager/admin/getMembership/7", path: "/manager/admin/getMembership/:membershipId" };

  it("offers the plan's period and the year as labelled radios, with the server's quote and the period it gives", () => {
    const html = render(<CheckoutPage />, {
      ...at,
      cache: [
        [[PLAN_KEY, 7], offer],
        [[OVERVIEW_KEY], { ...overview, pending: null }],
        [[DETAILS_KEY, "own"], details],
      ],
    });
    const text = textOf(html);
    expect(html).toContain("<legend");
    expect(text).toContain("Pay for");
    expect(text).toContain("Quarterly: €181.50");
    expect(text).toContain("Annual: €605.00");
    expect(html).toMatch(/<caption[^>]*>Your quote<\/caption>/);
    expect(text).toContain("Net €150.00");
    expect(text).toContain("Tax (21%) €31.50");
    expect(text).toContain("Total €181.50");
    expect(text).toContain("Paying now gives you 2026-12-09 to 2027-03-08.");
    expect(html).toMatch(/<button[^>]*>Place order<\/button>/);
    expect(html).not.toMatch(/<button[^>]*disabled[^>]*>Place order/);
    expect(text).toContain("You will then see how to pay by bank transfer.");
  });

  it("asks for the billing details inline first, and holds the order until they are saved", () => {
    const html = render(<CheckoutPage />, {
      ...at,
      cache: [
        [[PLAN_KEY, 7], offer],
        [[OVERVIEW_KEY], overview],
        [[DETAILS_KEY, "own"], { userId: "u1", details: null }],
      ],
    });
    const text = textOf(html);
    expect(text).toContain("Your invoices carry these details: fill them in before checkout.");
    for (const label of ["Legal name", "Tax ID", "Address", "City", "Postal code", "Country", "Invoice email"]) expect(text).toContain(label);
    expect(html).toMatch(/<button[^>]*disabled[^>]*>Place order<\/button>/);
    expect(text).toContain("Save your billing details above first.");
    // The pending order of the same plan is pointed at before a second one is refused (409).
    expect(text).toContain("Order ORD-2026-000042 for this plan is already waiting for payment");
  });
});

describe("OrderPage", () => {
  const at = (query = "") => ({ url: `/manager/admin/getMembership/invoice/42${query}`, path: "/manager/admin/getMembership/invoice/:orderId" });

  it("shows a pending bank transfer's instructions with the order number to quote", () => {
    const text = textOf(render(<OrderPage />, { ...at(), cache: [[[ORDER_KEY, 42], order()]] }));
    expect(text).toContain("Order ORD-2026-000042");
    expect(text).toContain("Pending payment");
    expect(text).toContain("How to pay by bank transfer");
    expect(text).toContain("Quote the order number ORD-2026-000042 as the transfer's reference.");
    expect(text).toContain("IBAN ES00");
    expect(text).toContain("Cancel order");
    expect(text).not.toContain("Confirm payment");
  });

  it("offers a pending card order its Checkout page, and says the payment is being confirmed on Stripe's return", () => {
    const stripe = order({ provider: "stripe", instructions: null, checkoutUrl: "https://checkout.example/s/1" });
    const html = render(<OrderPage />, { ...at("?checkout=success"), cache: [[[ORDER_KEY, 42], stripe]] });
    expect(html).toMatch(/<a[^>]*href="https:\/\/checkout.example\/s\/1"[^>]*>.*Pay by card/);
    expect(html).toMatch(/role="status"[^>]*>.*Confirming your payment…/);
    const plain = render(<OrderPage />, { ...at(), cache: [[[ORDER_KEY, 42], stripe]] });
    expect(plain).not.toContain("Confirming your payment");
  });

  it("gives a paid order its invoice and a refunded one its credit note, each as a PDF", () => {
    const invoice = (id: number, kind: "invoice" | "credit_note", number: string) => ({
      id,
      kind,
      number,
      issuedAt: "2026-11-28T09:00:00.000Z",
      language: "en",
      seller: { name: "Platform", taxId: "X", address: "Y", email: "z@example.com" },
      buyer: details.details as NonNullable<BillingDetailsAnswer["details"]>,
      lines: [],
      netCents: 15000,
      taxRateBp: 2100,
      taxCents: 3150,
      totalCents: 18150,
      currency: "EUR",
      creditsNumber: kind === "credit_note" ? "2026-000123" : null,
    });
    const refunded = order({
      state: "refunded",
      paidAt: "2026-11-28T09:00:00.000Z",
      refundedAt: "2026-11-29T09:00:00.000Z",
      paymentReference: "TRF-889",
      invoices: [invoice(5, "invoice", "2026-000123"), invoice(6, "credit_note", "R-2026-000001")],
      can: { confirm: false, cancel: false, refund: false },
    });
    const html = render(<OrderPage />, { ...at(), cache: [[[ORDER_KEY, 42], refunded]] });
    const text = textOf(html);
    expect(text).toContain("Invoice 2026-000123, issued 2026-11-28");
    expect(text).toContain("Credit note R-2026-000001, issued 2026-11-28 · credits invoice 2026-000123");
    expect(html).toContain('href="/api/billing/invoices/5/pdf"');
    expect(html).toContain('href="/api/billing/invoices/6/pdf"');
    expect(html).toContain('aria-label="Download PDF of Invoice 2026-000123"');
    expect(text).toContain("Payment reference TRF-889");
    expect(text).not.toContain("How to pay by bank transfer");
    expect(text).not.toContain("Cancel order");
  });

  it("says the card payment was received once the order turns paid after Stripe's return", () => {
    const paid = order({ provider: "stripe", state: "paid", paidAt: "2026-11-28T09:00:00.000Z", can: { confirm: false, cancel: false, refund: false } });
    const html = render(<OrderPage />, { ...at("?checkout=success"), cache: [[[ORDER_KEY, 42], paid]] });
    expect(html).toMatch(/role="status"[^>]*>.*Payment received. Your membership is active./);
    expect(html).not.toContain("Confirming your payment");
  });

  it("speaks Spanish, amounts and dates included", async () => {
    await i18n.changeLanguage("es");
    try {
      const text = textOf(render(<OrderPage />, { ...at(), cache: [[[ORDER_KEY, 42], order()]] }));
      expect(text).toContain("Pedido ORD-2026-000042");
      expect(text).toContain("Pendiente de pago");
      expect(text).toContain("Indique el número de pedido ORD-2026-000042 como concepto de la transferencia.");
      expect(text).toMatch(/Impuesto \(21\s%\) 31,50\s€/);
      expect(text).toMatch(/Total 181,50\s€/);
      expect(text).toContain("del 2026-12-09 al 2027-03-08");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("offers only the actions the server allows", () => {
    const text = textOf(
      render(<OrderPage />, { ...at(), role: "admin", cache: [[[ORDER_KEY, 42], order({ can: { confirm: true, cancel: true, refund: false } })]] }),
    );
    expect(text).toContain("Confirm payment");
    expect(text).toContain("Cancel order");
    expect(text).not.toContain("Refund");
  });
});

describe("PaymentHistoryPage", () => {
  const page: OrderPageAnswer = {
    data: [{ ...summary, state: "paid", paidAt: "2026-11-28T09:00:00.000Z", invoiceNumber: "2026-000123" }],
    page: 1,
    total: 1,
    sums: { currency: "EUR", paidCents: 18150, pendingCents: 0, refundedCents: 0 },
  };
  const key = [ORDERS_KEY, "/api/billing/orders/", "page=1&rowsPerPage=10"];

  it("shows the sums, the orders linked to their pages, filters and exports", () => {
    const html = render(<PaymentHistoryPage />, { url: "/h", path: "/h", cache: [[key, page]] });
    const text = textOf(html);
    expect(text).toContain("Paid €181.50");
    expect(text).toContain("Pending €0.00");
    expect(html).toContain('href="/manager/admin/getMembership/invoice/42"');
    expect(text).toContain("2026-000123");
    expect(text).toContain("Clínica Sol");
    expect(html).toMatch(/role="region"[^>]*tabindex="0"|tabindex="0"[^>]*role="region"/);
    expect(html).toContain('aria-label="Payment history"');
    // The exports go through the one export action (lib/exports.ts): buttons, no plain links.
    expect(exportButtonsOf(html, "Export the orders")).toEqual(["CSV", "XLSX"]);
    expect(html).not.toContain("/api/billing/orders/export");
    for (const label of ["State", "Created from", "Created to"]) expect(text).toContain(label);
    expect(text).not.toContain("Clinic *");
  });

  it("leaves the buyer out for a patient and gives admins the clinic filter", () => {
    const patient = textOf(render(<PaymentHistoryPage />, { url: "/h", path: "/h", role: "patient", cache: [[key, page]] }));
    expect(patient).not.toContain("Buyer");
    const admin = textOf(render(<PaymentHistoryPage />, { url: "/h", path: "/h", role: "admin", cache: [[key, page]] }));
    expect(admin).toContain("Buyer");
    expect(admin).toContain("Clinic");
  });
});

describe("MembershipBanner", () => {
  const banner = (role: Role, orderData: Partial<SessionState["orderData"]>) =>
    render(<MembershipBanner session={sessionOf(role, orderData)} />, { url: "/", path: "/", role });

  it("warns in grace with the end, the last day and the way to renew", () => {
    const html = banner("clinic", { endsOn: "2026-11-20", graceUntil: "2026-11-27" });
    expect(textOf(html)).toContain("Your membership ended on 2026-11-20. Renew by 2026-11-27 to keep access.");
    expect(html).toContain('href="/manager/admin/getMembership"');
    expect(html).toContain("MuiAlert-colorWarning");
  });

  it("says care pages are paused once it is over, and nothing to admins or while it runs", () => {
    const html = banner("clinic", { isActivated: false });
    expect(textOf(html)).toContain("Access to the care pages is paused");
    expect(html).toContain("MuiAlert-colorError");
    expect(html).toContain('href="/manager/admin/getMembership"');
    expect(textOf(banner("admin", { isActivated: false })).trim()).toBe("");
    expect(textOf(banner("clinic", {})).trim()).toBe("");
  });

  it("tells a patient their clinic must renew, without a link they could not use", () => {
    const paused = banner("patient", { isActivated: false });
    expect(textOf(paused)).toContain("Ask your clinic to renew it.");
    expect(paused).not.toContain("href=");
    expect(textOf(banner("patient", { graceUntil: "2026-11-27" }))).toContain("Access continues until 2026-11-27 unless your clinic renews it.");
  });
});

describe("the billing calls (mocked fetch)", () => {
  it("posts an order with the plan and the period only, never an amount", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(order()), { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    await createOrder(7, "annual", "manual");
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/billing/orders/");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ membershipId: 7, billing: "annual", provider: "manual" });
  });

  it("puts a checkout's 400 about billing details onto the details form's fields", async () => {
    const body = { legalName: ["Required before checkout."], taxId: ["Required before checkout."], detail: "Billing details are missing." };
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(body), { status: 400 }));
    const failure = await createOrder(7, "period", "manual").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    const placed: Record<string, string> = {};
    const setError = (field: string, error: { message?: string }) => {
      placed[field] = String(error.message);
    };
    const unplaced = applyFieldErrors(setError, (failure as ApiError).fieldErrors, DETAIL_FIELDS);
    expect(placed).toEqual({ legalName: "Required before checkout.", taxId: "Required before checkout." });
    expect(unplaced).toEqual([]);
  });

  it("saves billing details with PUT", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(details), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    await saveBillingDetails(details.details as NonNullable<BillingDetailsAnswer["details"]>);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([path, init.method]).toEqual(["/api/billing/details", "PUT"]);
  });
});
