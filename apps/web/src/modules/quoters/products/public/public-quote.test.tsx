import type { PublicProductQuote } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../../../lib/api.ts";
import { initTestI18n } from "../../../../lib/test-i18n.ts";
import { renderHtml, textOf } from "../../../../lib/test-render.tsx";
import { samplePublicQuote } from "../quotes-test-data.ts";
import { PUBLIC_QUOTE_KEY } from "./api.ts";
import { linkProblem, PublicQuotePage } from "./PublicQuotePage.tsx";

/**
 * The client's quote page rendered to HTML (the web project runs without a DOM) with the
 * server's answer already in the query cache: what it shows and offers while open, and what
 * each closed state says, in English and Spanish.
 */
const en = i18next.createInstance();
const es = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(en, "en");
  await initTestI18n(es, "es");
});

const TOKEN = "abcdefghijklmnopqrstuvwxyz012345";

const html = (quote: PublicProductQuote, i18n = en) =>
  renderHtml(<PublicQuotePage />, { i18n, url: `/quotes/${TOKEN}`, path: "/quotes/:token", cache: [[[PUBLIC_QUOTE_KEY, TOKEN], quote]] });

describe("the client's quote page", () => {
  it("shows who quotes, the lines, totals, validity, terms in the page's language and the PDF, and offers accept and decline", () => {
    const page = html(samplePublicQuote());
    expect(page).toMatch(/<h1[^>]*>Quote Q-2026-0007 rev. 2<\/h1>/);
    const text = textOf(page);
    expect(text).toContain("Clínica Norte");
    expect(text).toContain("For Lucía Gómez, from Clínica Norte");
    expect(text).toContain("Balance board – Large");
    expect(text).toContain("−€5.00");
    expect(text).toContain("Subtotal");
    expect(text).toContain("Tax (21%)");
    expect(text).toContain("€121.00");
    expect(text).toContain("2099-06-30");
    expect(text).toContain("Payment on delivery.");
    expect(text).not.toContain("Pago a la entrega.");
    expect(page).toContain(`href="/api/product-quoter/public/${TOKEN}/pdf"`);
    expect(text).toContain("I accept this quote");
    expect(page).toMatch(/Accept the quote<\/button>/);
    expect(page).toMatch(/Decline the quote<\/button>/);
  });

  it("says what became of a quote that can no longer be answered, and offers no answer", () => {
    const accepted = html(samplePublicQuote({ state: "accepted", open: false, acceptedName: "Lucía Gómez", decidedAt: "2099-05-03T09:00:00.000Z" }));
    expect(textOf(accepted)).toContain("Accepted by Lucía Gómez on 2099-05-03");
    expect(accepted).not.toMatch(/Accept the quote<\/button>/);
    expect(textOf(html(samplePublicQuote({ state: "declined", open: false, decidedAt: "2099-05-03T09:00:00.000Z" })))).toContain(
      "This quote was declined on 2099-05-03",
    );
    const expired = textOf(html(samplePublicQuote({ state: "expired", open: false })));
    expect(expired).toContain("This quote expired: it was valid until 2099-06-30.");
    expect(expired).not.toContain("I accept this quote");
  });

  it("reads in Spanish, with the Spanish terms", () => {
    const text = textOf(html(samplePublicQuote(), es));
    expect(text).toContain("Presupuesto Q-2026-0007 rev. 2");
    expect(text).toContain("Pago a la entrega.");
    expect(text).toContain("Acepto este presupuesto");
    expect(text).toContain("121,00 €");
    expect(text).toContain("Impuesto (21");
    expect(textOf(html(samplePublicQuote({ state: "expired", open: false }), es))).toContain("Este presupuesto caducó");
  });
});

describe("a link that opens no quote", () => {
  it("is forged or unknown (404 or a token of the wrong shape), replaced by a newer revision (409), or a failure to retry", () => {
    expect(linkProblem(new ApiError(404, { detail: "This link is not valid." }))).toBe("unknown");
    expect(linkProblem(new ApiError(400, { token: ["Invalid"] }))).toBe("unknown");
    expect(linkProblem(new ApiError(409, { detail: "A newer revision of this quote exists: use the link of the latest email." }))).toBe("revised");
    expect(linkProblem(new ApiError(500, {}))).toBe("failed");
  });
});
