import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { FIGURES_KEY } from "./api.ts";
import { sampleFigures } from "./insurance-test-data.ts";
import { QuoterFiguresTab } from "./QuoterFiguresTab.tsx";

/** The figures of a range whose quotes are in two currencies: one counted at a time, never added. */
const en = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(en);
});

const admin = testSession({ isAdmin: true, flags: { clinic: true, quoter: true } });

describe("the figures in several currencies", () => {
  it("shows the amounts in the server's currency and offers the others", () => {
    const figures = { ...sampleFigures(), currency: "USD", currencies: ["EUR", "USD"] };
    const html = renderHtml(<QuoterFiguresTab />, { i18n: en, session: admin, cache: [[[FIGURES_KEY, "", ""], figures]] });
    const text = textOf(html);
    expect(text).toContain("US$5,000.00");
    expect(text).not.toContain("€5,000.00");
    expect(text).toContain("Currency");
    expect(text).toContain("Amounts in different currencies are counted apart.");
  });

  it("offers no choice when the range has one currency", () => {
    const text = textOf(renderHtml(<QuoterFiguresTab />, { i18n: en, session: admin, cache: [[[FIGURES_KEY, "", ""], sampleFigures()]] }));
    expect(text).toContain("€5,000.00");
    expect(text).not.toContain("Amounts in different currencies");
  });
});
