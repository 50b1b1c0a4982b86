import type { PublicQuote } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../../lib/test-i18n.ts";
import { renderHtml, textOf } from "../../../../lib/test-render.tsx";
import { samplePublicQuote } from "../insurance-test-data.ts";
import { PUBLIC_QUOTE_KEY, stageOf } from "./api.ts";
import { PublicQuotePage } from "./PublicQuotePage.tsx";

/** The applicant's page by the private link, rendered with the server's answer in the cache: each state, in English and Spanish. */
const en = i18next.createInstance();
const es = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(en, "en");
  await initTestI18n(es, "es");
});

const TOKEN = "Abc_0123456789abcdefghijKLMNOPQR";
const html = (quote: PublicQuote | null, i18n = en) =>
  renderHtml(<PublicQuotePage />, {
    i18n,
    url: `/quoter/quote/${TOKEN}`,
    path: "/quoter/quote/:token",
    cache: quote ? [[[PUBLIC_QUOTE_KEY, TOKEN], quote]] : [],
  });

describe("the applicant's quote page", () => {
  it("shows an open quote's option, coverage, premium and validity, with accept and decline", () => {
    const page = html(samplePublicQuote());
    expect(page).toMatch(/<h1[^>]*>Your quote is ready<\/h1>/);
    const text = textOf(page);
    expect(text).toContain("For Lucía Gómez · IQ-2026-000042");
    expect(text).toContain("2099-06-30");
    expect(text).toContain("€318.00");
    expect(text).toContain("Contents: up to €30,000.00, deductible €150.00");
    expect(text).toContain("Your full name");
    expect(text).toContain("I have read the quote and accept it.");
    expect(page).toMatch(/Accept the quote<\/button>/);
    expect(page).toMatch(/Decline the quote<\/button>/);
    expect(page).toContain(`href="/api/quoter/public/quotes/${TOKEN}/pdf"`);
    expect(page).toContain('aria-label="Language"');
  });

  it("says how a quote ended: accepted, declined or expired, with no decision left", () => {
    const accepted = textOf(html(samplePublicQuote({ state: "accepted", decidable: false, decidedAt: "2026-06-02T10:00:00.000Z", acceptedName: "Lucía G." })));
    expect(accepted).toContain("You accepted this quote");
    expect(accepted).toContain("by Lucía G.");
    expect(accepted).not.toContain("I have read the quote");
    const declined = textOf(html(samplePublicQuote({ state: "declined", decidable: false, decidedAt: "2026-06-02T10:00:00.000Z" })));
    expect(declined).toContain("You declined this quote");
    const expired = textOf(html(samplePublicQuote({ state: "sent", decidable: false, validUntil: "2026-01-01" })));
    expect(expired).toContain("This quote has expired");
    expect(expired).toContain("Ask Pablo Agent for a new quote.");
    expect(stageOf({ state: "bound", decidable: false })).toBe("accepted");
    expect(stageOf({ state: "draft", decidable: false })).toBe("unavailable");
  });

  it("reads in Spanish", () => {
    const text = textOf(html(samplePublicQuote(), es));
    expect(text).toContain("Su cotización está lista");
    expect(text).toContain("318,00 €");
    expect(text).toContain("Aceptar la cotización");
    expect(text).toContain("Rechazar la cotización");
    const expired = textOf(html(samplePublicQuote({ state: "expired", decidable: false }), es));
    expect(expired).toContain("Esta cotización ha vencido");
  });

  it("waits while the quote loads", () => {
    expect(textOf(html(null))).not.toContain("Your quote is ready");
  });
});
