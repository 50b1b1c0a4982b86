import { quoteInputSchema } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { answerLines } from "./QuotePage.tsx";
import { sampleProduct, sampleQuote } from "./insurance-test-data.ts";
import { bandRange, factorsOf, quoteBody, quoteFormValues, quotePlacement, rateBody } from "./quote-form.ts";

const texts = { whole: "not whole", choose: "choose one", required: "required" };

describe("the main panel's values and the API's bodies", () => {
  const factors = sampleProduct().rules.factors;

  it("asks each chosen product's factors once, by key", () => {
    const other = sampleProduct({
      id: 4,
      rules: {
        ...sampleProduct().rules,
        factors: [
          factors[0] as never,
          { key: "rooms", name: { en: "Rooms", es: "Habitaciones" }, kind: "bands", bands: [{ from: 1, to: 9, factorBp: 10000 }] },
        ],
      },
    });
    expect(factorsOf([sampleProduct(), undefined, other]).map((factor) => factor.key)).toEqual(["age", "region", "rooms"]);
    expect(bandRange(factors[0] as never)).toEqual({ from: 18, to: 99 });
    expect(bandRange(factors[1] as never)).toBeNull();
  });

  it("reads band answers as whole numbers and choices as their value, leaving empty ones to the server", () => {
    const values = quoteFormValues(null, "en", new Date("2026-05-31T12:00:00Z"));
    values.answers = { age: " 22 ", region: "north", stale: "x" };
    values.options = [{ productId: "3", level: "plus", addOns: ["glass"] }];
    expect(rateBody(values, factors, texts)).toEqual({
      payload: { answers: { age: 22, region: "north" }, options: [{ productId: 3, level: "plus", addOns: ["glass"] }] },
      errors: {},
    });
    values.answers = { age: "22.5", region: "" };
    expect(rateBody(values, factors, texts)).toMatchObject({ payload: { answers: {} }, errors: { "answers.age": "not whole", "answers.region": "required" } });
  });

  it("asks for a product and a level before it rates an option", () => {
    const values = quoteFormValues(null, "en");
    values.options = [
      { productId: "", level: "", addOns: [] },
      { productId: "3", level: "", addOns: [] },
    ];
    expect(rateBody(values, [], texts).errors).toEqual({ "options.0.productId": "choose one", "options.1.level": "choose one" });
  });

  it("starts a new quote valid for thirty days in the agent's language, and a draft as it was", () => {
    const fresh = quoteFormValues(null, "es", new Date("2026-05-31T12:00:00Z"));
    expect(fresh).toMatchObject({ language: "es", validUntil: "2026-06-30", options: [{ productId: "", level: "", addOns: [] }] });
    const draft = quoteFormValues(sampleQuote(), "en");
    expect(draft.answers).toEqual({ age: "22", region: "north" });
    expect(draft.options).toEqual([
      { productId: "3", level: "plus", addOns: ["glass"] },
      { productId: "3", level: "basic", addOns: [] },
    ]);
    const { payload, errors } = quoteBody(draft, factors, texts);
    expect(errors).toEqual({});
    expect(quoteInputSchema.safeParse(payload).success).toBe(true);
    expect(payload).toMatchObject({ applicantName: "Lucía Gómez", language: "es", validUntil: "2026-06-30", answers: { age: 22, region: "north" } });
  });

  it("places the server's paths on the panel's fields", () => {
    expect(quotePlacement("answers.age")).toBe("answers.age");
    expect(quotePlacement("options.1.addOns.0")).toBe("options.1.addOns");
    expect(quotePlacement("options.0.level")).toBe("options.0.level");
    expect(quotePlacement("applicantEmail")).toBe("applicantEmail");
    expect(quotePlacement("detail")).toBeNull();
  });

  it("names a quote's answers by their factors and choices", () => {
    expect(answerLines(sampleQuote(), "es")).toEqual([
      { key: "age", name: "Edad", value: "22" },
      { key: "region", name: "Región", value: "Norte" },
    ]);
  });
});
