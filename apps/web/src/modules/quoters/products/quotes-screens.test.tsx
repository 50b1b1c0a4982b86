import type { Paged, ProductQuoteFigures, ProductQuoteRow } from "@clinic/shared";
import i18next from "i18next";
import { useForm } from "react-hook-form";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { exportButtonsOf, renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { FIGURES_KEY, FIGURES_PATH, QUOTES_KEY, QUOTES_PATH, QUOTES_RESOURCE } from "./api.ts";
import { ClientFields } from "./ClientFields.tsx";
import { QuoteFiguresTab } from "./figures/QuoteFiguresTab.tsx";
import { QuoteLinesEditor } from "./QuoteLinesEditor.tsx";
import { QuotePage } from "./QuotePage.tsx";
import { QuotesPage } from "./QuotesPage.tsx";
import { type QuoteFormValues, quoteFormValues } from "./quote-form.ts";
import { quoteRow, sampleQuote } from "./quotes-test-data.ts";

/** The staff's product quoter screens rendered to HTML with the server's answers in the query cache, in English and Spanish. */
const i18n = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(i18n);
  await initTestI18n(spanish, "es");
});

const flags = { clinic: true, product_quoter: true };
const staff = testSession({ codenames: ["view_productquoter"], flags });
const admin = testSession({ isAdmin: true, flags: { ...flags, virtual_shop: true } });

const quotes: Paged<ProductQuoteRow> = {
  data: [
    quoteRow(12),
    quoteRow(15, { number: "Q-2026-0008", revision: 1, label: "Q-2026-0008", state: "draft", sentAt: null, clientName: "Pablo Ruiz", totalCents: 990 }),
  ],
  page: 1,
  total: 2,
};
const listCache: [unknown[], unknown][] = [[[QUOTES_RESOURCE, QUOTES_PATH, "page=1&rowsPerPage=25"], quotes]];

describe("the quotes list", () => {
  it("shows each quote's number with its revision, client, total, state, validity and sent day, and the exports", () => {
    const html = renderHtml(<QuotesPage />, { i18n, session: staff, cache: listCache, url: "/product-quoter/app" });
    const text = textOf(html);
    expect(text).toContain("Q-2026-0007 rev. 2");
    expect(text).toContain("Lucía Gómez");
    expect(text).toContain("€121.00");
    expect(text).toContain("€9.90");
    expect(text).toContain("Sent");
    expect(text).toContain("Draft");
    expect(text).toContain("2099-06-30");
    expect(text).toContain("2026-05-02");
    expect(text).toContain("Not sent");
    expect(text).toContain("New quote");
    expect(html).toContain('href="/product-quoter/app/quotes/12"');
    expect(exportButtonsOf(html, "Export the quotes")).toEqual(["CSV", "XLSX"]);
    // A staff member works on their own clinic: no clinic column or picker.
    expect(text).not.toContain("Clínica Norte");
  });

  it("lets a platform admin see the clinic", () => {
    expect(textOf(renderHtml(<QuotesPage />, { i18n, session: admin, cache: listCache, url: "/product-quoter/app" }))).toContain("Clínica Norte");
  });

  it("reads in Spanish", () => {
    const html = renderHtml(<QuotesPage />, { i18n: spanish, session: staff, cache: listCache, url: "/product-quoter/app" });
    const text = textOf(html);
    expect(text).toContain("Nuevo presupuesto");
    expect(text).toContain("Borrador");
    expect(text).toContain("121,00 €");
    expect(text).toContain("Cifras");
    expect(exportButtonsOf(html, "Exportar los presupuestos")).toEqual(["CSV", "XLSX"]);
  });

  it("says so when there are none", () => {
    const empty: [unknown[], unknown][] = [[[QUOTES_RESOURCE, QUOTES_PATH, "page=1&rowsPerPage=25"], { data: [], page: 1, total: 0 }]];
    expect(textOf(renderHtml(<QuotesPage />, { i18n, session: staff, cache: empty, url: "/product-quoter/app" }))).toContain("No quotes yet.");
  });
});

describe("the figures", () => {
  const figures: ProductQuoteFigures = {
    from: "2025-06-01",
    to: "2026-06-01",
    currency: "EUR",
    currencies: ["EUR"],
    rows: [
      {
        month: "2026-04",
        staff: { id: "s1", name: "Ana Ruiz" },
        sent: 4,
        quotedCents: 40_000,
        accepted: 1,
        acceptedCents: 10_000,
        converted: 1,
        conversionBp: 2500,
      },
      {
        month: "2026-05",
        staff: { id: "s1", name: "Ana Ruiz" },
        sent: 2,
        quotedCents: 50_000,
        accepted: 2,
        acceptedCents: 50_000,
        converted: 0,
        conversionBp: 10_000,
      },
    ],
  };
  const cache: [unknown[], unknown][] = [[[FIGURES_KEY, FIGURES_PATH], figures]];

  it("show the tiles, per month and per staff member, with the conversion rate", () => {
    const text = textOf(renderHtml(<QuoteFiguresTab />, { i18n, session: staff, cache }));
    expect(text).toContain("From 2025-06-01 to 2026-06-01");
    expect(text).toContain("900.00");
    expect(text).toContain("600.00");
    expect(text).toContain("50%");
    expect(text).toContain("25%");
    expect(text).toContain("Per month");
    expect(text).toContain("Per staff member");
    expect(text).toContain("Ana Ruiz");
    expect(text).toContain("€900.00");
    expect(text).not.toContain("counted apart");
  });

  it("offer the other currencies when the quotes are in several, never adding them", () => {
    const several: [unknown[], unknown][] = [[[FIGURES_KEY, FIGURES_PATH], { ...figures, currency: "USD", currencies: ["EUR", "USD"] }]];
    const text = textOf(renderHtml(<QuoteFiguresTab />, { i18n, session: staff, cache: several }));
    expect(text).toContain("US$900.00");
    expect(text).toContain("Amounts in different currencies are counted apart.");
  });

  it("read in Spanish", () => {
    const text = textOf(renderHtml(<QuoteFiguresTab />, { i18n: spanish, session: staff, cache }));
    expect(text).toContain("Tasa de conversión");
    expect(text).toContain("900,00 €");
  });
});

describe("a quote's page", () => {
  const render = (quote = sampleQuote(), { language = i18n, session = staff } = {}) =>
    renderHtml(<QuotePage />, {
      i18n: language,
      session,
      url: `/product-quoter/app/quotes/${quote.id}`,
      path: "/product-quoter/app/quotes/:quoteId",
      cache: [[[QUOTES_KEY, "one", quote.id], quote]],
    });

  it("shows the client, lines, totals, terms, the client's link and the revisions", () => {
    const html = render();
    const text = textOf(html);
    expect(text).toContain("Quote Q-2026-0007 rev. 2");
    expect(text).toContain("Lucía Gómez · Patient");
    expect(text).toContain("Balance board – Large");
    expect(text).toContain("−€5.00");
    expect(text).toContain("Tax (21%)");
    expect(text).toContain("€121.00");
    expect(text).toContain("Payment on delivery.");
    expect(text).toContain("Pago a la entrega.");
    expect(text).toContain("Call her on Monday.");
    expect(html).toContain("/quotes/abcdefghijklmnopqrstuvwxyz012345");
    expect(html).toContain('href="/product-quoter/app/quotes/9"');
    expect(text).toContain("Revision 2 (this one)");
    expect(text).toContain("Created ·");
  });

  it("offers the actions of its state", () => {
    const sent = render();
    expect(sent).toMatch(/Send again<\/button>/);
    expect(sent).toMatch(/Make a revision<\/button>/);
    expect(sent).toContain('href="/api/product-quoter/quotes/12/pdf"');
    expect(sent).not.toMatch(/>Edit<\/button>/);
    expect(sent).not.toMatch(/Convert into an order<\/button>/);
    const draft = render(sampleQuote({ state: "draft", sentAt: null, publicPath: null }));
    expect(draft).toMatch(/>Edit<\/button>/);
    expect(draft).toMatch(/>Send<\/button>/);
    expect(draft).toMatch(/>Delete<\/button>/);
    expect(draft).not.toContain("The client&#x27;s link");
    const accepted = render(sampleQuote({ state: "accepted", acceptedName: "Lucía Gómez", decidedAt: "2026-05-03T09:00:00.000Z" }));
    expect(accepted).toMatch(/Convert into an order<\/button>/);
    expect(accepted).not.toMatch(/Make a revision<\/button>/);
    expect(textOf(accepted)).toContain("Accepted by");
  });

  it("links the order a converted quote became when the reader may open the shop's page of it", () => {
    const converted = sampleQuote({ state: "converted", converted: { kind: "shop", orderId: 31, at: "2026-05-04T09:00:00.000Z" } });
    expect(render(converted, { session: admin })).toContain('href="/shop/app/ordermanager/31"');
    const forStaff = render(converted);
    expect(forStaff).not.toContain("ordermanager");
    expect(textOf(forStaff)).toContain("Shop order #31");
  });

  it("points a replaced revision to the latest one", () => {
    const text = textOf(render(sampleQuote({ id: 9, revision: 1, label: "Q-2026-0007", state: "revised" })));
    expect(text).toContain("A newer revision replaces this quote.");
    expect(text).toContain("Open revision 2");
  });

  it("reads in Spanish", () => {
    const text = textOf(render(sampleQuote(), { language: spanish }));
    expect(text).toContain("Presupuesto Q-2026-0007 rev. 2");
    expect(text).toContain("Enviar de nuevo");
    expect(text).toContain("Impuesto (21");
    expect(text).toContain("121,00 €");
    expect(text).toContain("Revisiones");
  });
});

describe("the quote editor's parts", () => {
  function Editor({ language = "en", kind = "patient" as QuoteFormValues["clientKind"] }) {
    const form = useForm<QuoteFormValues>({ defaultValues: { ...quoteFormValues(sampleQuote(), language), clientKind: kind } });
    const text = (path: string) => (path === "lines.1.discountCents" ? "The discount cannot be more than the line's amount." : undefined);
    return (
      <>
        <ClientFields form={form} text={text} clinicId={null} clinicMissing={false} crm />
        <QuoteLinesEditor form={form} text={text} clinicId={null} clinicMissing={false} lineTotals={[7500, 3500]} />
      </>
    );
  }

  it("shows the client's kinds, each line as a card with its amount, and a line's error under its own field", () => {
    const html = renderHtml(<Editor />, { i18n, session: staff });
    const text = textOf(html);
    expect(text).toContain("CRM client");
    expect(text).toContain("Other person");
    expect(text).toContain("Line 1 · €75.00");
    expect(text).toContain("Line 2 · €35.00");
    expect(text).toContain("From the catalogue");
    expect(text).toContain("Free line");
    expect(text).toContain("The discount cannot be more than the line's amount.");
    expect(html).toContain('name="lines.1.discountCents"');
    expect(text).toContain("Add a line");
  });

  it("reads in Spanish", () => {
    const text = textOf(renderHtml(<Editor language="es" kind="person" />, { i18n: spanish, session: staff }));
    expect(text).toContain("Otra persona");
    expect(text).toContain("Línea libre");
    expect(text).toContain("Añadir una línea");
  });
});
