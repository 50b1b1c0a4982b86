import { PRODUCT_QUOTE_MESSAGES } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { cataloguePath } from "./CataloguePicker.tsx";
import { suggestedKind } from "./ConvertDialog.tsx";
import { figuresPath } from "./figures/QuoteFiguresTab.tsx";
import { percentText, quoteMessage } from "./format.ts";
import { sampleQuote } from "./quotes-test-data.ts";

const es = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(es, "es");
});

describe("the server's refusals", () => {
  it("read in the interface language by key, their placeholders kept", () => {
    expect(quoteMessage(es.t, PRODUCT_QUOTE_MESSAGES.notDraft)).toBe("Un presupuesto enviado no se puede cambiar: haz una revisión.");
    const lines = PRODUCT_QUOTE_MESSAGES.shopLinesOnly.replace("{lines}", "Fitting session, Vestibular plan");
    expect(quoteMessage(es.t, lines)).toBe(
      "Solo las líneas de productos y paquetes pueden convertirse en un pedido de la tienda; quita: Fitting session, Vestibular plan.",
    );
    expect(quoteMessage(es.t, "Something else")).toBe("Something else");
  });

  it("have a Spanish text for every message of the contract", () => {
    for (const text of Object.values(PRODUCT_QUOTE_MESSAGES)) expect(quoteMessage(es.t, text), text).not.toBe(text);
  });
});

describe("the screens' addresses and choices", () => {
  it("search the catalogue and ask for the figures with only what is set", () => {
    expect(cataloguePath("", null)).toBe("/api/product-quoter/catalogue");
    expect(cataloguePath("board", "c1")).toBe("/api/product-quoter/catalogue?search=board&clinicId=c1");
    expect(figuresPath("", "", null)).toBe("/api/product-quoter/figures");
    expect(figuresPath("2026-01-01", "2026-03-31", null)).toBe("/api/product-quoter/figures?from=2026-01-01&to=2026-03-31");
  });

  it("suggest a membership order for a single plan line, a shop order otherwise", () => {
    expect(suggestedKind(sampleQuote())).toBe("shop");
    const plan = sampleQuote().lines[0];
    expect(suggestedKind({ lines: plan ? [{ ...plan, kind: "plan" }] : [] })).toBe("membership");
  });

  it("write a tax rate as each language writes percentages", () => {
    expect(percentText(2100, "en")).toBe("21%");
    expect(percentText(1050, "es")).toMatch(/^10,5\s?%$/);
  });
});
