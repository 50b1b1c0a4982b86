import { formatCents, type Invoice } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { pdfText, renderPdf } from "../../../platform/pdf.ts";
import { parsePdf } from "../../../../test/pdf.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";

/** Invoices are parsed back with pdfjs: what a reader's viewer extracts is what is checked. */

/** What formatCents prints, as extracted text shows it (a no-break space reads as a space). */
const shown = (cents: number, currency: string, language: string) => formatCents(cents, currency, language).replace(/\s+/g, " ");

const invoice: Invoice = {
  id: 7,
  kind: "invoice",
  number: "2026-000123",
  issuedAt: "2026-11-27T10:15:00.000Z",
  language: "en",
  seller: { name: "Therapy Platform S.L.", taxId: "B12345678", address: "Calle Mayor 1, 28013 Madrid, España", email: "billing@platform.test" },
  buyer: {
    legalName: "Clínica Señora Núñez S.L.",
    taxId: "B87654321",
    address: "Avenida de la Constitución 5",
    city: "Cádiz",
    postalCode: "11001",
    country: "España",
    email: "facturas@clinica.test",
  },
  lines: [{ description: "Plan Pro: 12 months", quantity: 1, unitCents: 120000, amountCents: 120000 }],
  netCents: 120000,
  taxRateBp: 2100,
  taxCents: 25200,
  totalCents: 145200,
  currency: "EUR",
  creditsNumber: null,
};
const context = { orderNumber: "ORD-2026-000042", plan: "Plan Pro", periodFrom: "2026-12-01", periodTo: "2027-11-30", paymentReference: "TRF-99881" };

describe("renderInvoicePdf", () => {
  it("writes an English invoice: number, date, parties, lines, net, VAT at its rate, total and the payment reference", async () => {
    const buffer = await renderInvoicePdf(invoice, context);
    expect(buffer.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdf = await parsePdf(buffer);
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe("Invoice 2026-000123");
    for (const fact of [
      "Invoice 2026-000123",
      "Date 2026-11-27",
      "Order ORD-2026-000042",
      "Plan Plan Pro",
      "Period 2026-12-01 – 2027-11-30",
      "Seller",
      "Therapy Platform S.L.",
      "Tax ID: B12345678",
      "billing@platform.test",
      "Bill to",
      "Clínica Señora Núñez S.L.",
      "Tax ID: B87654321",
      "Avenida de la Constitución 5",
      "11001 Cádiz",
      "España",
      "facturas@clinica.test",
      "Description",
      "Quantity",
      "Unit price",
      "Amount",
      "Plan Pro: 12 months",
      "Net",
      "VAT (21 %)",
      "Total",
      "Payment reference: TRF-99881",
      "Page 1 of 1",
    ])
      expect(pdf.text).toContain(fact);
    expect(pdf.text).toContain(shown(145200, "EUR", "en"));
    expect(shown(145200, "EUR", "en")).toBe("€1,452.00");
    expect(pdf.text).toContain("€1,200.00");
    expect(pdf.text).toContain("€252.00");
    expect(pdf.text).not.toContain("Factura");
  });

  it("writes a Spanish invoice with Spanish labels and amounts formatted for Spain", async () => {
    const pdf = await parsePdf(await renderInvoicePdf({ ...invoice, language: "es" }, context));
    expect(pdf.title).toBe("Factura 2026-000123");
    for (const fact of [
      "Factura 2026-000123",
      "Fecha 2026-11-27",
      "Pedido ORD-2026-000042",
      "Periodo 2026-12-01 – 2027-11-30",
      "Emisor",
      "Facturar a",
      "Clínica Señora Núñez S.L.",
      "NIF: B87654321",
      "Descripción",
      "Cantidad",
      "Precio unitario",
      "Importe",
      "Base imponible",
      "IVA (21 %)",
      "Referencia del pago: TRF-99881",
      "Página 1 de 1",
    ])
      expect(pdf.text).toContain(fact);
    expect(shown(145200, "EUR", "es")).toBe("1452,00 €");
    expect(pdf.text).toContain("Total 1452,00 €");
    expect(pdf.text).toContain("252,00 €");
    expect(pdf.text).not.toContain("Invoice");
    expect(pdf.text).not.toContain("VAT");
  });

  it("writes a credit note: its own title, the invoice it credits, negative amounts, no reference when there is none", async () => {
    const note: Invoice = { ...invoice, id: 8, kind: "credit_note", number: "R2026-000001", creditsNumber: "2026-000123" };
    const english = await parsePdf(await renderInvoicePdf(note, { ...context, paymentReference: null }));
    expect(english.title).toBe("Credit note R2026-000001");
    expect(english.text).toContain("Credit note R2026-000001");
    expect(english.text).toContain("Credits invoice 2026-000123");
    expect(english.text).toContain(`Total ${shown(-145200, "EUR", "en")}`);
    expect(shown(-145200, "EUR", "en")).toBe("-€1,452.00");
    expect(english.text).toContain("-€252.00");
    expect(english.text).not.toContain("Payment reference");

    // The same whether the row stores a credit note's amounts negative or positive.
    const negative = {
      ...note,
      lines: [{ ...invoice.lines[0], unitCents: -120000, amountCents: -120000 }],
      netCents: -120000,
      taxCents: -25200,
      totalCents: -145200,
    };
    const spanish = await parsePdf(await renderInvoicePdf({ ...negative, language: "es" } as Invoice, context));
    expect(spanish.title).toBe("Factura rectificativa R2026-000001");
    expect(spanish.text).toContain("Rectifica la factura 2026-000123");
    expect(spanish.text).toContain("Total -1452,00 €");
    expect(spanish.text).toContain("-1200,00 €");
    expect(spanish.text).not.toContain("--");
  });

  it("keeps a long invoice readable: the table runs onto further pages, each with its footer", async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({ description: `Seat ${index + 1} – Ærø Ñandú`, quantity: 1, unitCents: 1000, amountCents: 1000 }));
    const pdf = await parsePdf(await renderInvoicePdf({ ...invoice, lines, netCents: 60000, taxCents: 12600, totalCents: 72600 }, context));
    expect(pdf.pages).toBeGreaterThan(1);
    expect(pdf.text).toContain("Seat 60 – Ærø Ñandú");
    expect(pdf.text).toContain(`Page ${pdf.pages} of ${pdf.pages}`);
    expect(pdf.text).toContain(`Total ${shown(72600, "EUR", "en")}`);
  });
});

describe("renderPdf", () => {
  it("sets Title and Lang and writes text outside WinAnsi without corrupting what follows", async () => {
    const buffer = await renderPdf(
      (doc) => {
        doc.text("Łódź 1 234,56\u202f€ − 5 🙂 after");
      },
      { title: "Informe de Señora", language: "es" },
    );
    expect(buffer.toString("latin1")).toMatch(/\/Lang \(es\)/);
    const pdf = await parsePdf(buffer);
    expect(pdf.title).toBe("Informe de Señora");
    expect(pdf.text).toContain("?ódz 1 234,56 € - 5 ? after");
  });

  it("maps text to what the standard fonts hold", () => {
    expect(pdfText("Peña ÁÉÍÓÚ ü ¿¡ € “ok” – ő ł\u202f\t\r\n")).toBe("Peña ÁÉÍÓÚ ü ¿¡ € “ok” – o ?\u00a0 \n");
  });

  it("rejects when the document's builder throws", async () => {
    await expect(
      renderPdf(
        () => {
          throw new Error("broken");
        },
        { title: "x" },
      ),
    ).rejects.toThrow("broken");
  });
});
