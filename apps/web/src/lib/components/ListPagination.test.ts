import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { localeResources } from "../test-texts.ts";
import { displayedRows } from "./ListPagination.tsx";

const resources = await localeResources();

async function translator(language: "en" | "es") {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: resources[language] } }, interpolation: { escapeValue: false } });
  return instance.t;
}

describe("the pager's displayed rows", () => {
  it("say 'more than' the total when the server capped its count, in English and Spanish", async () => {
    const en = await translator("en");
    const es = await translator("es");
    expect(displayedRows(en, "en", "catalogue", { from: 1, to: 10, count: 10_000 }, true)).toBe("1–10 of more than 10,000");
    expect(displayedRows(es, "es", "catalogue", { from: 1, to: 10, count: 10_000 }, true)).toBe("1–10 de más de 10.000");
  });

  it("give the exact total otherwise", async () => {
    const en = await translator("en");
    expect(displayedRows(en, "en", "people", { from: 11, to: 20, count: 42 }, false)).toBe("11–20 of 42");
  });
});
