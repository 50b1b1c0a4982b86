import { describe, expect, it } from "vitest";
import { bpToPercentText, centsToText, currencyDigits, parseMoney, parseScaled, parseWhole, percentToBp } from "./money.ts";

describe("money typed as text", () => {
  it("knows each currency's decimals", () => {
    expect(currencyDigits("EUR")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
    expect(currencyDigits("??")).toBe(2);
  });

  it("turns a typed price into exact cents, with a point or a comma", () => {
    expect(parseMoney("12.50", "EUR")).toBe(1250);
    expect(parseMoney("12,5", "EUR")).toBe(1250);
    expect(parseMoney(" 12 ", "EUR")).toBe(1200);
    expect(parseMoney(".99", "EUR")).toBe(99);
    expect(parseMoney("0", "EUR")).toBe(0);
    expect(parseMoney("007.05", "EUR")).toBe(705);
    // The float way gets these wrong: 0.07 * 100 = 7.000000000000001, 1.005 * 100 = 100.49999999999999.
    expect(parseMoney("0.07", "EUR")).toBe(7);
    expect(parseMoney("19.99", "EUR")).toBe(1999);
    expect(parseMoney("1234567.89", "EUR")).toBe(123456789);
    expect(parseMoney("1500", "JPY")).toBe(1500);
    expect(parseMoney("1.005", "KWD")).toBe(1005);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", " ", "abc", "12.345", "1.234,50", "1,234.50", "-5", "12.5.0", "1e3", ",", "1 000,00x"])
      expect(parseMoney(text, "EUR"), text).toBeNull();
    expect(parseMoney("1.5", "JPY")).toBeNull();
    expect(parseMoney("9999999999999999", "EUR")).toBeNull();
  });

  it("writes cents back as the language writes decimals", () => {
    expect(centsToText(1250, "EUR", "en")).toBe("12.50");
    expect(centsToText(1250, "EUR", "es")).toBe("12,50");
    expect(centsToText(5, "EUR", "en")).toBe("0.05");
    expect(centsToText(0, "EUR", "en")).toBe("0.00");
    expect(centsToText(1500, "JPY", "en")).toBe("1500");
    for (const cents of [0, 1, 7, 99, 100, 1999, 123456789]) expect(parseMoney(centsToText(cents, "EUR", "es"), "EUR")).toBe(cents);
  });
});

describe("percentages as basis points", () => {
  it("reads 10 as 1000 and keeps two decimals exactly", () => {
    expect(percentToBp("10")).toBe(1000);
    expect(percentToBp("21")).toBe(2100);
    expect(percentToBp("10,5")).toBe(1050);
    expect(percentToBp("0.01")).toBe(1);
    expect(percentToBp("100")).toBe(10_000);
    expect(percentToBp("0.001")).toBeNull();
    expect(percentToBp("ten")).toBeNull();
  });

  it("writes basis points back without needless zeros", () => {
    expect(bpToPercentText(1000, "en")).toBe("10");
    expect(bpToPercentText(1050, "en")).toBe("10.5");
    expect(bpToPercentText(1050, "es")).toBe("10,5");
    expect(bpToPercentText(1005, "en")).toBe("10.05");
    expect(bpToPercentText(1, "en")).toBe("0.01");
    expect(bpToPercentText(0, "en")).toBe("0");
  });
});

describe("whole numbers", () => {
  it("reads stock and signed adjustments", () => {
    expect(parseWhole("12")).toBe(12);
    expect(parseWhole("-3")).toBeNull();
    expect(parseWhole("-3", { signed: true })).toBe(-3);
    expect(parseWhole("−3", { signed: true })).toBe(-3);
    expect(parseWhole("+4", { signed: true })).toBe(4);
    expect(parseWhole("1.5")).toBeNull();
    expect(parseScaled("", 0)).toBeNull();
  });
});
