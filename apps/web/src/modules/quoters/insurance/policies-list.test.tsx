import { type Paged, type PolicyRow, QUOTER_API } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { POLICIES_RESOURCE } from "./api.ts";
import { QuotesPage } from "./QuotesPage.tsx";

/** The policies tab of `/quoter/app/quotes` rendered with the server's page in the cache, in English and Spanish. */
const en = i18next.createInstance();
const es = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(en);
  await initTestI18n(es, "es");
});

const flags = { clinic: true, quoter: true };
const agent = testSession({ codenames: ["view_quoter"], flags });
const admin = testSession({ isAdmin: true, flags });

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
const page = (data: PolicyRow[]): Paged<PolicyRow> => ({ data, page: 1, total: data.length });
const cacheOf = (data: PolicyRow[]) => [[[POLICIES_RESOURCE, QUOTER_API.policies, "page=1&rowsPerPage=25"], page(data)]] as [unknown[], unknown][];
const url = "/quoter/app/quotes?tab=policies";

describe("the policies tab", () => {
  it("lists an agent's policies: number to its quote, holder, product and version, premium, period", () => {
    const html = renderHtml(<QuotesPage />, { i18n: en, session: agent, cache: cacheOf([policy]), url });
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
    expect(textOf(renderHtml(<QuotesPage />, { i18n: en, session: admin, cache: cacheOf([policy]), url }))).toContain("Carmen Ortega");
    expect(textOf(renderHtml(<QuotesPage />, { i18n: en, session: admin, cache: cacheOf([]), url }))).toContain(
      "No policies yet: a quote becomes a policy when it is bound.",
    );
  });

  it("reads in Spanish", () => {
    const text = textOf(renderHtml(<QuotesPage />, { i18n: es, session: agent, cache: cacheOf([policy]), url }));
    expect(text).toContain("Pólizas");
    expect(text).toContain("Titular");
    expect(text).toContain("314,50 €");
    expect(text).toContain("Vigencia");
  });
});
