import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { sampleProduct } from "./insurance-test-data.ts";
import { RulesView } from "./RulesView.tsx";

/** A version's rules read only, as an older version is shown from the product's versions. */
const en = i18next.createInstance();
const es = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(en);
  await initTestI18n(es, "es");
});

const admin = testSession({ isAdmin: true, flags: { clinic: true, quoter: true } });

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
