import { insuranceProductInputSchema } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { factorShown, factorText, parseFactor, quoterMessage } from "./format.ts";
import { sampleProduct } from "./insurance-test-data.ts";
import { keyOf, productBody, productFormValues, productPlacement, productResolver, rulesChanged } from "./product-form.ts";

const texts = { money: "not money", whole: "not whole", factor: "not a factor" };
const resolve = (values: ReturnType<typeof productFormValues>) =>
  productResolver(() => texts)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("factors as multipliers", () => {
  it("reads a typed multiplier into basis points by moving digits, either separator", () => {
    expect(parseFactor("1.25")).toBe(12500);
    expect(parseFactor("1,25")).toBe(12500);
    expect(parseFactor("0.9")).toBe(9000);
    expect(parseFactor("2")).toBe(20000);
    expect(parseFactor("1.00001")).toBeNull();
    expect(parseFactor("-1")).toBeNull();
    expect(parseFactor("abc")).toBeNull();
  });

  it("writes basis points back as the multiplier typed, in the reader's language", () => {
    expect(factorText(12500, "en")).toBe("1.25");
    expect(factorText(12500, "es")).toBe("1,25");
    expect(factorText(10000, "en")).toBe("1");
    expect(factorShown(9000, "en")).toBe("×0.9");
  });
});

describe("the product editor's values and the API's body", () => {
  it("sends back exactly the rules it was given when nothing is changed, in either language", () => {
    const product = sampleProduct();
    for (const language of ["en", "es"]) {
      const { payload, errors } = productBody(productFormValues(product, language), texts);
      expect(errors).toEqual({});
      expect(payload.rules).toEqual(product.rules);
      expect(rulesChanged(payload.rules, product.rules)).toBe(false);
    }
  });

  it("tells changed rules from the same rules stored with their keys in another order", () => {
    const product = sampleProduct();
    const reordered = JSON.parse(JSON.stringify({ ...product.rules, rounding: { mode: "up", stepCents: 100 } }));
    const values = productFormValues(product, "en");
    expect(rulesChanged(productBody(values, texts).payload.rules, reordered)).toBe(false);
    values.rules.levels[1] = { ...values.rules.levels[1], factorBp: "1.5" } as never;
    expect(rulesChanged(productBody(values, texts).payload.rules, reordered)).toBe(true);
  });

  it("shows amounts in the currency's decimals and factors as multipliers", () => {
    const values = productFormValues(sampleProduct(), "es");
    expect(values.rules.basePremiumCents).toBe("200,00");
    expect(values.rules.levels[1]?.factorBp).toBe("1,25");
    expect(values.rules.factors[0]).toMatchObject({
      kind: "bands",
      bands: [
        { from: "18", to: "25", factorBp: "1,3" },
        { from: "26", to: "99", factorBp: "1" },
      ],
    });
    expect(values.rules.rounding).toEqual({ stepCents: "100", mode: "up" });
  });

  it("makes an empty key from the English name", () => {
    expect(keyOf("Home contents")).toBe("home-contents");
    expect(keyOf("Daños por agua")).toBe("danos-por-agua");
    expect(keyOf("3rd party")).toBe("rd-party");
    const values = productFormValues(null, "en");
    values.rules.coverage[0] = { key: "", name: { en: "Theft cover", es: "Robo" }, limitCents: "1000", deductibleCents: "0" };
    expect(productBody(values, texts).payload.rules.coverage[0]?.key).toBe("theft-cover");
  });

  it("names what it cannot read by the row's path", () => {
    const values = productFormValues(sampleProduct(), "en");
    const band = values.rules.factors[0]?.bands[1];
    if (band) Object.assign(band, { from: "twenty", factorBp: "1.000001" });
    values.rules.basePremiumCents = "12.345";
    const { errors } = productBody(values, texts);
    expect(errors).toEqual({
      "rules.factors.0.bands.1.from": "not whole",
      "rules.factors.0.bands.1.factorBp": "not a factor",
      "rules.basePremiumCents": "not money",
    });
  });
});

describe("the editor's checks and where their messages land", () => {
  it("puts a band table's gap on the band that leaves it, as the server would", async () => {
    const values = productFormValues(sampleProduct(), "en");
    const band = values.rules.factors[0]?.bands[1];
    if (band) band.from = "30";
    const result = await resolve(values);
    const errors = result.errors as { rules?: { factors?: { bands?: { from?: { message: string } }[] }[] } };
    const message = errors.rules?.factors?.[0]?.bands?.[1]?.from?.message ?? "";
    expect(message).toBe("Leaves a gap: this band must start at 26.");
    // The screens say it in the reader's language, the number kept.
    const t = ((key: string, values?: Record<string, string>) => `${key}:${JSON.stringify(values)}`) as never;
    expect(quoterMessage(t, message)).toBe('quoter.messages.bandGap:{"expected":"26"}');
  });

  it("accepts the sample product as the shared schema does", async () => {
    const values = productFormValues(sampleProduct(), "en");
    expect((await resolve(values)).errors).toEqual({});
    expect(insuranceProductInputSchema.safeParse(productBody(values, texts).payload).success).toBe(true);
  });

  it("places the server's paths on the fields that show them", () => {
    expect(productPlacement("rules.factors.0.bands.2.from")).toBe("rules.factors.0.bands.2.from");
    expect(productPlacement("rules.factors.1.options.0.name")).toBe("rules.factors.1.options.0.name.en");
    expect(productPlacement("rules.levels.1.factorBp")).toBe("rules.levels.1.factorBp");
    expect(productPlacement("rules.coverage.0.name")).toBe("rules.coverage.0.name.en");
    expect(productPlacement("rules.factors.0.bands")).toBe("rules.factors.0.bands");
    expect(productPlacement("rules.rounding")).toBe("rules.rounding.stepCents");
    expect(productPlacement("name")).toBe("name.en");
    expect(productPlacement("code")).toBe("code");
    expect(productPlacement("rules.factors.0.whatever")).toBeNull();
    expect(productPlacement("rules")).toBeNull();
  });
});
