import { type InsuranceProductRow, insuranceProductRowSchema, type Paged, type PolicyRow, QUOTER_API, type QuoteRow, quoteRowSchema } from "@clinic/shared";
import i18next from "i18next";
import { useForm } from "react-hook-form";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { exportButtonsOf, renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { ACTIVE_PRODUCTS_PATH, FIGURES_KEY, POLICIES_RESOURCE, PRODUCTS_RESOURCE, QUOTER_KEY, QUOTES_RESOURCE } from "./api.ts";
import { FactorsEditor } from "./FactorsEditor.tsx";
import { sampleFigures, sampleProduct, sampleQuote } from "./insurance-test-data.ts";
import { type ProductFormValues, productFormValues } from "./product-form.ts";
import { QuotePage } from "./QuotePage.tsx";
import { QuotePanel } from "./QuotePanel.tsx";
import { QuoterFiguresTab } from "./QuoterFiguresTab.tsx";
import { QuoterHome } from "./QuoterHome.tsx";
import { QuotesPage } from "./QuotesPage.tsx";
import { RatedOptions } from "./RatedOptions.tsx";
import { RulesView } from "./RulesView.tsx";
import { AddOnsEditor, CoverageEditor, LevelsEditor, PricingEditor } from "./RulesEditor.tsx";
import { VersionsList } from "./VersionsList.tsx";

/** The insurance quoter's staff screens rendered to HTML with the server's answers in the query cache, in English and Spanish. */
const en = i18next.createInstance();
const es = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(en);
  await initTestI18n(es, "es");
});

const flags = { clinic: true, quoter: true };
const agent = testSession({ codenames: ["view_quoter"], flags });
const admin = testSession({ isAdmin: true, flags });

// A list's row is the sample's detail without what only its page shows: the row schema keeps its own fields.
const productRow = (extra: Partial<InsuranceProductRow> = {}): InsuranceProductRow => ({ ...insuranceProductRowSchema.parse(sampleProduct()), ...extra });
const products: Paged<InsuranceProductRow> = {
  data: [productRow(), productRow({ id: 4, code: "AUTO", name: { en: "Car", es: "" }, state: "archived", currentVersion: 1, quotes: 0 })],
  page: 1,
  total: 2,
};
const quoteRow = (extra: Partial<QuoteRow> = {}): QuoteRow => ({ ...quoteRowSchema.parse(sampleQuote()), ...extra });
const quotes: Paged<QuoteRow> = {
  data: [quoteRow(), quoteRow({ id: 43, number: "IQ-2026-000043", state: "bound", policy: { id: 7, number: "POL-2026-000007" } })],
  page: 1,
  total: 2,
};
const listCache: [unknown[], unknown][] = [
  [[QUOTES_RESOURCE, QUOTER_API.quotes, "page=1&rowsPerPage=25"], quotes],
  [[QUOTER_KEY, "all-products"], products],
];
const homeCache: [unknown[], unknown][] = [
  [[PRODUCTS_RESOURCE, QUOTER_API.products, "page=1&rowsPerPage=25"], products],
  [[QUOTER_KEY, "active-products"], { ...products, data: [productRow()] }],
];

describe("the quoter's home", () => {
  it("shows an admin the policies list: code, names, state, version, base premium and quotes", () => {
    const html = renderHtml(<QuoterHome />, { i18n: en, session: admin, cache: homeCache, url: "/quoter/app" });
    const text = textOf(html);
    expect(text).toContain("Policies");
    expect(text).toContain("New quote");
    expect(text).toContain("HOME");
    expect(text).toContain("Home cover");
    expect(text).toContain("Archived");
    expect(text).toContain("v2");
    expect(text).toContain("€200.00");
    expect(text).toContain("New product");
    expect(html).toContain('href="/quoter/app/quotes"');
  });

  it("shows an agent the main panel: applicant, options and the calculate and save buttons", () => {
    const html = renderHtml(<QuoterHome />, { i18n: en, session: agent, cache: homeCache, url: "/quoter/app" });
    const text = textOf(html);
    expect(text).not.toContain("New product");
    expect(text).toContain("Applicant's name");
    expect(text).toContain("Option 1");
    expect(text).toContain("Choose a product to see what it asks.");
    expect(html).toMatch(/Calculate<\/button>/);
    expect(html).toMatch(/Save quote<\/button>/);
    expect(html).toContain('aria-label="New quote"');
  });

  it("reads in Spanish, a name missing in Spanish shown in English", () => {
    const text = textOf(renderHtml(<QuoterHome />, { i18n: es, session: admin, cache: homeCache, url: "/quoter/app" }));
    expect(text).toContain("Pólizas");
    expect(text).toContain("Seguro de hogar");
    expect(text).toContain("Car");
    expect(text).toContain("Nuevo producto");
    expect(text).toContain("200,00 €");
    const panel = textOf(renderHtml(<QuoterHome />, { i18n: es, session: agent, cache: homeCache, url: "/quoter/app" }));
    expect(panel).toContain("Calcular");
    expect(panel).toContain("Nombre del solicitante");
  });
});

describe("the main panel on a draft", () => {
  const cache: [unknown[], unknown][] = [...homeCache, [[QUOTER_KEY, "product", 3], sampleProduct()]];

  it("asks each chosen product's factors once: a number with its range, a choice", () => {
    const html = renderHtml(<QuotePanel quote={sampleQuote()} />, { i18n: en, session: agent, cache });
    const text = textOf(html);
    expect(text).toContain("Option 2");
    expect(text).toContain("Age");
    expect(text).toContain("From 18 to 99.");
    expect(text).toContain("Region");
    expect(text).toContain("Glass breakage");
    expect(html).toMatch(/Save changes<\/button>/);
    expect(html).toContain('aria-label="Remove option 2"');
  });

  it("reads in Spanish", () => {
    const text = textOf(renderHtml(<QuotePanel quote={sampleQuote()} />, { i18n: es, session: agent, cache }));
    expect(text).toContain("Edad");
    expect(text).toContain("De 18 a 99.");
    expect(text).toContain("Rotura de cristales");
  });
});

describe("the quotes list", () => {
  it("lists each quote with its state, products, premium and policy, with the exports", () => {
    const html = renderHtml(<QuotesPage />, { i18n: en, session: agent, cache: listCache, url: "/quoter/app/quotes" });
    const text = textOf(html);
    expect(text).toContain("IQ-2026-000042");
    expect(text).toContain("Lucía Gómez");
    expect(text).toContain("Draft");
    expect(text).toContain("Bound");
    expect(text).toContain("HOME, HOME");
    expect(text).toContain("€254.00");
    expect(text).toContain("POL-2026-000007");
    expect(html).toContain('href="/quoter/app/quotes/42"');
    expect(exportButtonsOf(html, "Export the quotes")).toEqual(["CSV", "XLSX"]);
    // An agent sees their own quotes: no agent column or picker.
    expect(text).not.toContain("Pablo Agent");
  });

  it("shows an admin each quote's agent and the agent filter", () => {
    const text = textOf(renderHtml(<QuotesPage />, { i18n: en, session: admin, cache: listCache, url: "/quoter/app/quotes" }));
    expect(text).toContain("Pablo Agent");
    expect(text).toContain("Every agent's quotes.");
  });

  it("reads in Spanish", () => {
    const html = renderHtml(<QuotesPage />, { i18n: es, session: agent, cache: listCache, url: "/quoter/app/quotes" });
    const text = textOf(html);
    expect(text).toContain("Borrador");
    expect(text).toContain("Emitida");
    expect(text).toContain("254,00 €");
    expect(exportButtonsOf(html, "Exportar las cotizaciones")).toEqual(["CSV", "XLSX"]);
  });
});

describe("the figures", () => {
  const cache: [unknown[], unknown][] = [
    [[FIGURES_KEY, "", "", ""], sampleFigures()],
    [[QUOTER_KEY, "all-products"], products],
  ];

  it("shows the totals, per month and per agent, with the conversion rate", () => {
    const html = renderHtml(<QuoterFiguresTab />, { i18n: en, session: admin, cache });
    const text = textOf(html);
    expect(text).toContain("€5,000.00");
    expect(text).toContain("€1,800.00");
    expect(text).toContain("2026-04");
    expect(text).toContain("50%");
    expect(text).toContain("—");
    expect(text).toContain("Pablo Agent");
    expect(html).toContain('value="2025-06-01"');
  });

  it("reads in Spanish", () => {
    const text = textOf(renderHtml(<QuoterFiguresTab />, { i18n: es, session: admin, cache }));
    expect(text).toContain("Tasa de conversión");
    expect(text).toContain("5000,00 €");
  });
});

describe("a quote's page", () => {
  const render = (quote = sampleQuote(), i18n = en) =>
    renderHtml(<QuotePage />, {
      i18n,
      session: agent,
      url: `/quoter/app/quotes/${quote.id}`,
      path: "/quoter/app/quotes/:quoteId",
      cache: [[[QUOTER_KEY, "quote", quote.id], quote]],
    });

  it("shows the applicant, their answers by name and the options side by side with their breakdowns", () => {
    const text = textOf(render());
    expect(text).toContain("IQ-2026-000042");
    expect(text).toContain("lucia@example.com");
    expect(text).toContain("Age 22");
    expect(text).toContain("Region North");
    expect(text).toContain("Option 1");
    expect(text).toContain("Option 2");
    expect(text).toContain("€318.00");
    expect(text).toContain("Age: 22 (18–25) ×1.3 €325.00");
    expect(text).toContain("Region: North ×0.9 €292.50");
    expect(text).toContain("Add-on: Glass breakage +€25.00");
    expect(text).toContain("Rounded up to steps of €1.00");
    expect(text).toContain("Contents: up to €30,000.00, deductible €150.00");
  });

  it("offers a draft's actions: edit, send, PDF, delete", () => {
    const html = render();
    expect(html).toMatch(/Edit<\/button>/);
    expect(html).toMatch(/>Send<\/button>/);
    expect(html).toMatch(/Delete<\/button>/);
    expect(html).toContain('href="/api/quoter/quotes/42/pdf"');
    expect(html).not.toMatch(/Record acceptance<\/button>/);
    expect(html).not.toMatch(/Bind policy<\/button>/);
  });

  it("offers a sent quote's decisions, an accepted one's binding, and shows a bound one's policy", () => {
    const sent = render(sampleQuote({ state: "sent", chosenOption: 1, sentAt: "2026-06-01T10:00:00.000Z" }));
    expect(sent).toMatch(/Send again<\/button>/);
    expect(sent).toMatch(/Record acceptance<\/button>/);
    expect(sent).toMatch(/Record decline<\/button>/);
    expect(sent).not.toMatch(/Edit<\/button>/);
    expect(textOf(sent)).toContain("Chosen");
    const accepted = render(sampleQuote({ state: "accepted", chosenOption: 1, acceptedName: "Lucía G." }));
    expect(accepted).toMatch(/Bind policy<\/button>/);
    expect(textOf(accepted)).toContain("Accepted by Lucía G.");
    const bound = textOf(render(sampleQuote({ state: "bound", chosenOption: 1, policy: { id: 7, number: "POL-2026-000007" } })));
    expect(bound).toContain("Policy POL-2026-000007.");
  });

  it("reads in Spanish", () => {
    const text = textOf(render(sampleQuote(), es));
    expect(text).toContain("Borrador");
    expect(text).toContain("Edad 22");
    expect(text).toContain("Región Norte");
    expect(text).toContain("Complemento: Rotura de cristales");
    expect(text).toContain("318,00 €");
    expect(text).toContain("Descargar PDF");
  });

  it("says so when the quote is not found", () => {
    const html = renderHtml(<QuotePage />, { i18n: en, session: agent, url: "/quoter/app/quotes/abc", path: "/quoter/app/quotes/:quoteId" });
    expect(textOf(html)).toContain("This quote does not exist or is not yours.");
  });
});

describe("the product editor's parts", () => {
  function Editor() {
    const form = useForm<ProductFormValues>({ defaultValues: productFormValues(sampleProduct(), "en") });
    const text = (path: string) => (path === "rules.factors.0.bands.1.from" ? "Leaves a gap: this band must start at 26." : undefined);
    return (
      <>
        <CoverageEditor form={form} currency="EUR" text={text} />
        <LevelsEditor form={form} text={text} />
        <PricingEditor form={form} currency="EUR" text={text} />
        <FactorsEditor form={form} text={text} />
        <AddOnsEditor form={form} currency="EUR" text={text} />
        <VersionsList versions={sampleProduct().versions} current={2} productId={sampleProduct().id} currency="EUR" />
      </>
    );
  }

  it("shows a band table's rows and a choice table's, with a server message under its band's field", () => {
    const html = renderHtml(<Editor />, { i18n: en, session: admin });
    const text = textOf(html);
    expect(text).toContain("Factor 1 · Bands");
    expect(text).toContain("Factor 2 · Choices");
    expect(text).toContain("Band 2 from");
    expect(text).toContain("Leaves a gap: this band must start at 26.");
    expect(text).toContain("Choice 1 value");
    expect(html).toContain('aria-label="Remove band 1"');
    expect(text).toContain("Level 2");
    expect(html).toContain('aria-label="Move level 2 up"');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Move level 1 up"|<button[^>]*aria-label="Move level 1 up"[^>]*disabled=""/);
    expect(text).toContain("Coverage item 1");
    expect(text).toContain("Base premium");
    expect(text).toContain("Add-on 1");
    // The versions, newest first, with who saved each and why.
    expect(text).toMatch(/Version 2 Current .* by someone no longer here Young drivers cost more .*Version 1 .* by Ana Ruiz First rules/);
  });

  it("reads in Spanish", () => {
    const text = textOf(renderHtml(<Editor />, { i18n: es, session: admin }));
    expect(text).toContain("Factores de tarificación");
    expect(text).toContain("Tramo 2 desde");
    expect(text).toContain("Niveles de cobertura");
  });
});

describe("the rated options", () => {
  it("puts up to three options side by side with their premiums", () => {
    const text = textOf(renderHtml(<RatedOptions options={sampleQuote().options} />, { i18n: en }));
    expect(text).toContain("Level: Plus · Add-ons: Glass breakage");
    expect(text).toContain("Level: Basic · No add-ons");
    expect(text).toContain("€254.00");
    expect(text).toContain("HOME · Home cover (version 2)");
  });
});

// The active products the agents' picker lists come from their own path.
it("asks agents for the active products only", () => {
  expect(ACTIVE_PRODUCTS_PATH).toBe("/api/quoter/products?state=active&rowsPerPage=100");
});

// ---------------------------------------------------------------- policies, currencies, rules of a version

const policy: PolicyRow = {
  id: 3,
  number: "POL-2026-0003",
  quote: { id: 41, number: "IQ-2026-0041" },
  product: { id: 2, code: "PHYSIO", name: { en: "Physio cover", es: "Cobertura de fisioterapia" }, version: 2 },
  agent: { id: "agent-1", name: "Carmen Ortega" },
  holderName: "Lucía Martín",
  holderEmail: "lucia.martin@example.com",
  premiumCents: 31_450,
  currency: "EUR",
  startsOn: "2026-12-01",
  endsOn: "2027-11-30",
  createdAt: "2026-12-01T10:00:00.000Z",
};
const policiesPage = (data: PolicyRow[]): Paged<PolicyRow> => ({ data, page: 1, total: data.length });
const cacheOf = (data: PolicyRow[]) => [[[POLICIES_RESOURCE, QUOTER_API.policies, "page=1&rowsPerPage=25"], policiesPage(data)]] as [unknown[], unknown][];
const policiesUrl = "/quoter/app/quotes?tab=policies";

describe("the policies tab", () => {
  it("lists an agent's policies: number to its quote, holder, product and version, premium, period", () => {
    const html = renderHtml(<QuotesPage />, { i18n: en, session: agent, cache: cacheOf([policy]), url: policiesUrl });
    const text = textOf(html);
    expect(html).toContain('aria-selected="true"');
    expect(text).toContain("POL-2026-0003");
    expect(html).toContain('href="/quoter/app/quotes/41"');
    expect(text).toContain("Lucía Martín");
    expect(text).toContain("lucia.martin@example.com");
    expect(text).toContain("PHYSIO · v2");
    expect(text).toContain("€314.50");
    expect(text).toContain("Annual premium");
    // An agent's list has no agent column or filter.
    expect(text).not.toContain("Carmen Ortega");
  });

  it("shows an admin each policy's agent, and says when there is none yet", () => {
    expect(textOf(renderHtml(<QuotesPage />, { i18n: en, session: admin, cache: cacheOf([policy]), url: policiesUrl }))).toContain("Carmen Ortega");
    expect(textOf(renderHtml(<QuotesPage />, { i18n: en, session: admin, cache: cacheOf([]), url: policiesUrl }))).toContain(
      "No policies yet: a quote becomes a policy when it is bound.",
    );
  });

  it("reads in Spanish", () => {
    const text = textOf(renderHtml(<QuotesPage />, { i18n: es, session: agent, cache: cacheOf([policy]), url: policiesUrl }));
    expect(text).toContain("Pólizas");
    expect(text).toContain("Titular");
    expect(text).toContain("314,50 €");
    expect(text).toContain("Vigencia");
  });
});

describe("the figures in several currencies", () => {
  it("shows the amounts in the server's currency and offers the others", () => {
    const figures = { ...sampleFigures(), currency: "USD", currencies: ["EUR", "USD"] };
    const html = renderHtml(<QuoterFiguresTab />, { i18n: en, session: admin, cache: [[[FIGURES_KEY, "", "", ""], figures]] });
    const text = textOf(html);
    expect(text).toContain("US$5,000.00");
    expect(text).not.toContain("€5,000.00");
    expect(text).toContain("Currency");
    expect(text).toContain("Amounts in different currencies are counted apart.");
  });

  it("offers no choice when the range has one currency", () => {
    const text = textOf(renderHtml(<QuoterFiguresTab />, { i18n: en, session: admin, cache: [[[FIGURES_KEY, "", "", ""], sampleFigures()]] }));
    expect(text).toContain("€5,000.00");
    expect(text).not.toContain("Amounts in different currencies");
  });
});

describe("a version's rules", () => {
  it("shows coverage, levels, the premium's base, minimum and rounding, each factor's table and the add-ons", () => {
    const { rules, currency } = sampleProduct();
    const text = textOf(renderHtml(<RulesView rules={rules} currency={currency} />, { i18n: en, session: admin }));
    expect(text).toContain("Coverage");
    expect(text).toContain("Base premium");
    expect(text).toContain("Minimum premium");
    for (const level of rules.levels) expect(text).toContain(level.name.en);
    for (const factor of rules.factors) expect(text).toContain(`Factor: ${factor.name.en}`);
    const bands = rules.factors.find((factor) => factor.kind === "bands");
    if (bands?.kind === "bands") expect(text).toContain(`${bands.bands[0]?.from}–${bands.bands[0]?.to}`);
    expect(text).toContain("×");
  });

  it("reads in Spanish", () => {
    const { rules, currency } = sampleProduct();
    const text = textOf(renderHtml(<RulesView rules={rules} currency={currency} />, { i18n: es, session: admin }));
    expect(text).toContain("Prima base");
    for (const level of rules.levels) expect(text).toContain(level.name.es || level.name.en);
  });
});
