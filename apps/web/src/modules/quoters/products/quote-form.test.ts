import { describe, expect, it } from "vitest";
import { byMonth, byStaff, overall } from "./figures/figures.ts";
import { newLineRow, pickedLine, previewTotals, quoteBody, quoteFormValues, quotePlacement, quoteResolver, type QuoteFormValues } from "./quote-form.ts";
import { sampleQuote } from "./quotes-test-data.ts";

const texts = { money: "Not an amount", whole: "Not whole", percent: "Not a percentage" };

const values = (extra: Partial<QuoteFormValues> = {}): QuoteFormValues => ({
  ...quoteFormValues(null, "en", new Date(2026, 4, 2)),
  patientId: { id: "0b6c1b1e-3f7c-4a53-9d53-2f1f6a6f0a11", label: "Lucía" },
  ...extra,
});

describe("the quote editor's values", () => {
  it("start a new quote valid for 30 days with one catalogue line", () => {
    const start = quoteFormValues(null, "en", new Date(2026, 4, 2));
    expect(start.validUntil).toBe("2026-06-01");
    expect(start.lines).toEqual([newLineRow()]);
    expect(start.clientKind).toBe("patient");
  });

  it("read a saved quote back as text in the reader's language", () => {
    const form = quoteFormValues(sampleQuote(), "es");
    expect(form.taxRateBp).toBe("21");
    expect(form.discountCents).toBe("10,00");
    expect(form.patientId).toEqual({ id: "0b6c1b1e-3f7c-4a53-9d53-2f1f6a6f0a11", label: "Lucía Gómez (lucia@example.com)" });
    expect(form.lines[0]).toMatchObject({
      kind: "product",
      refId: 5,
      quantity: "2",
      unitCents: "40,00",
      discountCents: "5,00",
      itemLabel: "Balance board – Large",
    });
    expect(form.lines[1]).toMatchObject({ kind: "free", refId: null, unitCents: "35,00", discountCents: "" });
  });

  it("fill a line from the picked catalogue item", () => {
    const line = pickedLine(
      newLineRow(),
      { kind: "service", refId: 3, description: "Vestibular session – 60 min", unitCents: 4550, currency: "EUR", taxRateBp: null },
      "es",
    );
    expect(line).toMatchObject({ kind: "service", refId: 3, description: "Vestibular session – 60 min", unitCents: "45,50", itemCurrency: "EUR" });
  });
});

describe("the quote's body", () => {
  it("turns typed amounts into cents and a percentage into basis points, without floats", () => {
    const { payload, errors } = quoteBody(
      values({
        taxRateBp: "10,5",
        discountCents: "0.07",
        lines: [{ ...newLineRow(), kind: "product", refId: 5, quantity: "3", unitCents: "19,99", discountCents: "1.10" }],
      }),
      texts,
    );
    expect(errors).toEqual({});
    expect(payload.taxRateBp).toBe(1050);
    expect(payload.discountCents).toBe(7);
    expect(payload.lines).toEqual([{ kind: "product", refId: 5, description: "", quantity: 3, unitCents: 1999, discountCents: 110 }]);
    expect(payload.patientId).toBe("0b6c1b1e-3f7c-4a53-9d53-2f1f6a6f0a11");
    expect(payload.language).toBeNull();
  });

  it("leaves a catalogue line's empty price to the catalogue and names what it cannot read by its path", () => {
    const { payload, errors } = quoteBody(
      values({
        taxRateBp: "ten",
        lines: [
          { ...newLineRow(), refId: 5, unitCents: "" },
          { ...newLineRow("free"), quantity: "1.5", unitCents: "12,345", discountCents: "x" },
        ],
      }),
      texts,
    );
    expect(payload.lines[0]?.unitCents).toBeNull();
    expect(errors).toEqual({
      taxRateBp: "Not a percentage",
      "lines.1.quantity": "Not whole",
      "lines.1.unitCents": "Not an amount",
      "lines.1.discountCents": "Not an amount",
    });
  });

  it("sends only the chosen kind of client", () => {
    const crm = quoteBody(values({ clientKind: "crm", crmClientId: { id: "44", label: "Acme" } }), texts).payload;
    expect(crm).toMatchObject({ clientKind: "crm", patientId: null, crmClientId: 44 });
    const person = quoteBody(values({ clientKind: "person", clientName: "Eva", clientEmail: " eva@example.com ", language: "es" }), texts).payload;
    expect(person).toMatchObject({ patientId: null, crmClientId: null, clientEmail: "eva@example.com", language: "es" });
  });
});

describe("the editor's resolver", () => {
  const resolve = (form: QuoteFormValues) => quoteResolver(() => texts)(form, undefined, { fields: {}, shouldUseNativeValidation: false });

  it("puts the shared schema's messages on the exact line field", async () => {
    const result = await resolve(
      values({
        lines: [
          { ...newLineRow(), refId: 5, unitCents: "10" },
          { ...newLineRow("free"), description: "", unitCents: "" },
          { ...newLineRow(), refId: null, unitCents: "5", discountCents: "9" },
        ],
      }),
    );
    const lines = (
      result.errors as {
        lines: { description?: { message: string }; unitCents?: { message: string }; refId?: { message: string }; discountCents?: { message: string } }[];
      }
    ).lines;
    expect(lines[1]?.description?.message).toBe("Give the free line a description.");
    expect(lines[1]?.unitCents?.message).toBe("Give the free line its unit price.");
    expect(lines[2]?.refId?.message).toBe("Choose an item of the catalogue.");
    expect(lines[2]?.discountCents?.message).toBe("The discount cannot be more than the line's amount.");
  });

  it("asks for the person's name and email, and accepts a complete quote", async () => {
    const person = await resolve(values({ clientKind: "person", lines: [{ ...newLineRow(), refId: 5 }] }));
    expect(Object.keys(person.errors).sort()).toEqual(["clientEmail", "clientName"]);
    const complete = await resolve(values({ lines: [{ ...newLineRow(), refId: 5 }] }));
    expect(complete.errors).toEqual({});
  });
});

describe("the server's field paths", () => {
  it("land on the field of that name, a line's cell included; anything else in the dialog's alert", () => {
    expect(quotePlacement("lines.2.discountCents")).toBe("lines.2.discountCents");
    expect(quotePlacement("lines.0.refId")).toBe("lines.0.refId");
    expect(quotePlacement("patientId")).toBe("patientId");
    expect(quotePlacement("lines")).toBe("lines");
    expect(quotePlacement("lines.0.position")).toBeNull();
    expect(quotePlacement("detail")).toBeNull();
  });
});

describe("the totals preview", () => {
  it("computes as the server does, and says when a price is still the catalogue's", () => {
    const preview = previewTotals({
      currency: "EUR",
      discountCents: "10",
      taxRateBp: "21",
      lines: [
        { ...newLineRow(), refId: 5, quantity: "2", unitCents: "40", discountCents: "5" },
        { ...newLineRow("free"), quantity: "1", unitCents: "35" },
      ],
    });
    expect(preview).toMatchObject({
      lineTotals: [7500, 3500],
      linesCents: 11_000,
      subtotalCents: 10_000,
      taxCents: 2100,
      totalCents: 12_100,
      taxRateBp: 2100,
      pending: false,
    });
    expect(previewTotals({ currency: "EUR", discountCents: "", taxRateBp: "", lines: [{ ...newLineRow(), refId: 5, quantity: "x" }] })).toMatchObject({
      totalCents: 0,
      pending: true,
    });
  });
});

describe("the figures' sums", () => {
  const rows = [
    { month: "2026-04", staff: { id: "s1", name: "Ana" }, sent: 4, quotedCents: 40_000, accepted: 1, acceptedCents: 10_000, converted: 1, conversionBp: 2500 },
    {
      month: "2026-03",
      staff: { id: "s2", name: "Luis" },
      sent: 2,
      quotedCents: 50_000,
      accepted: 2,
      acceptedCents: 50_000,
      converted: 0,
      conversionBp: 10_000,
    },
    { month: "2026-04", staff: null, sent: 2, quotedCents: 5000, accepted: 0, acceptedCents: 0, converted: 0, conversionBp: 0 },
  ];

  it("add up per month (oldest first), per author (most quoted first) and overall, the rate from the sums", () => {
    expect(byMonth(rows).map((month) => [month.month, month.sent, month.quotedCents, month.conversionBp])).toEqual([
      ["2026-03", 2, 50_000, 10_000],
      ["2026-04", 6, 45_000, 1667],
    ]);
    expect(byStaff(rows).map((staff) => [staff.name, staff.quotedCents])).toEqual([
      ["Luis", 50_000],
      ["Ana", 40_000],
      [null, 5000],
    ]);
    expect(overall(rows)).toEqual({ sent: 8, quotedCents: 95_000, accepted: 3, acceptedCents: 60_000, converted: 1, conversionBp: 3750 });
    expect(overall([]).conversionBp).toBe(0);
  });
});
