import { formatCents, type Invoice } from "@clinic/shared";
import { pdfBlocks, pdfFields, pdfHeading, pdfPageFooters, pdfParagraphs, pdfTable, pdfTotals, renderPdf } from "../../../platform/pdf.ts";

/**
 * The PDF of an invoice or a credit note (issue 16.3), in the invoice's own language: what
 * was issued is what is printed, whoever downloads it later. Amounts come from the invoice row;
 * nothing is recomputed here.
 */

export interface MembershipInvoiceContext {
  orderNumber: string;
  plan: string;
  /** The membership period the order pays for (YYYY-MM-DD). */
  periodFrom: string;
  periodTo: string;
  paymentReference: string | null;
}

/** An event's ticket (issue 37): the registration's number, the event and its day. */
export interface EventInvoiceContext {
  /** The registration's number (ER-000042). */
  orderNumber: string;
  event: { title: string /** YYYY-MM-DD in the event's time zone. */; date: string };
  paymentReference: string | null;
}

export type InvoicePdfContext = MembershipInvoiceContext | EventInvoiceContext;

type InvoiceLanguage = "en" | "es";

const TEXTS: Record<
  InvoiceLanguage,
  {
    invoice: string;
    creditNote: string;
    credits: (number: string) => string;
    date: string;
    order: string;
    plan: string;
    period: string;
    registration: string;
    event: string;
    eventDate: string;
    seller: string;
    billTo: string;
    taxId: string;
    description: string;
    quantity: string;
    unitPrice: string;
    amount: string;
    net: string;
    tax: string;
    total: string;
    reference: string;
    page: (page: number, pages: number) => string;
  }
> = {
  en: {
    invoice: "Invoice",
    creditNote: "Credit note",
    credits: (number) => `Credits invoice ${number}`,
    date: "Date",
    order: "Order",
    plan: "Plan",
    period: "Period",
    registration: "Registration",
    event: "Event",
    eventDate: "Event date",
    seller: "Seller",
    billTo: "Bill to",
    taxId: "Tax ID",
    description: "Description",
    quantity: "Quantity",
    unitPrice: "Unit price",
    amount: "Amount",
    net: "Net",
    tax: "VAT",
    total: "Total",
    reference: "Payment reference",
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
  es: {
    invoice: "Factura",
    creditNote: "Factura rectificativa",
    credits: (number) => `Rectifica la factura ${number}`,
    date: "Fecha",
    order: "Pedido",
    plan: "Plan",
    period: "Periodo",
    registration: "Inscripción",
    event: "Evento",
    eventDate: "Fecha del evento",
    seller: "Emisor",
    billTo: "Facturar a",
    taxId: "NIF",
    description: "Descripción",
    quantity: "Cantidad",
    unitPrice: "Precio unitario",
    amount: "Importe",
    net: "Base imponible",
    tax: "IVA",
    total: "Total",
    reference: "Referencia del pago",
    page: (page, pages) => `Página ${page} de ${pages}`,
  },
};

/** "21 %" from 2100 basis points ("10,5 %" in Spanish). */
export function formatTaxRate(taxRateBp: number, language: string): string {
  const number = new Intl.NumberFormat(language === "es" ? "es-ES" : "en-GB", { maximumFractionDigits: 2 }).format(taxRateBp / 100);
  return `${number} %`;
}

/** The title an invoice's PDF carries, in its metadata and at its top ("Factura 2026-000123"). */
export function invoiceTitle(invoice: Pick<Invoice, "kind" | "number" | "language">): string {
  const t = TEXTS[invoice.language === "es" ? "es" : "en"];
  return `${invoice.kind === "credit_note" ? t.creditNote : t.invoice} ${invoice.number}`;
}

export function renderInvoicePdf(invoice: Invoice, context: InvoicePdfContext): Promise<Buffer> {
  const language: InvoiceLanguage = invoice.language === "es" ? "es" : "en";
  const t = TEXTS[language];
  const credit = invoice.kind === "credit_note";
  // A credit note undoes its invoice: its amounts print negative however the row stores them.
  const money = (cents: number) => formatCents(credit ? -Math.abs(cents) : cents, invoice.currency, language);
  const title = invoiceTitle(invoice);
  const { seller, buyer } = invoice;
  return renderPdf(
    (doc) => {
      pdfHeading(doc, title);
      if (credit && invoice.creditsNumber) pdfParagraphs(doc, [t.credits(invoice.creditsNumber)], { bold: true });
      doc.moveDown(0.5);
      pdfFields(
        doc,
        "event" in context
          ? [
              [t.date, invoice.issuedAt.slice(0, 10)],
              [t.registration, context.orderNumber],
              [t.event, context.event.title],
              [t.eventDate, context.event.date],
            ]
          : [
              [t.date, invoice.issuedAt.slice(0, 10)],
              [t.order, context.orderNumber],
              [t.plan, context.plan],
              [t.period, `${context.periodFrom} – ${context.periodTo}`],
            ],
      );
      doc.moveDown();
      pdfBlocks(doc, [
        { title: t.seller, lines: [seller.name, seller.taxId && `${t.taxId}: ${seller.taxId}`, seller.address, seller.email] },
        {
          title: t.billTo,
          // An event's registrant is billed by name and email alone: the empty lines are left out.
          lines: [buyer.legalName, buyer.taxId && `${t.taxId}: ${buyer.taxId}`, buyer.address, `${buyer.postalCode} ${buyer.city}`, buyer.country, buyer.email],
        },
      ]);
      pdfTable(
        doc,
        [
          { header: t.description, width: 50 },
          { header: t.quantity, width: 14, align: "right" },
          { header: t.unitPrice, width: 18, align: "right" },
          { header: t.amount, width: 18, align: "right" },
        ],
        invoice.lines.map((line) => [line.description, String(line.quantity), money(line.unitCents), money(line.amountCents)]),
      );
      pdfTotals(doc, [
        { label: t.net, value: money(invoice.netCents) },
        { label: `${t.tax} (${formatTaxRate(invoice.taxRateBp, language)})`, value: money(invoice.taxCents) },
        { label: t.total, value: money(invoice.totalCents), bold: true },
      ]);
      const reference = context.paymentReference ? `${t.reference}: ${context.paymentReference}` : null;
      pdfPageFooters(doc, (page, pages) => [reference, `${invoice.number}`, t.page(page, pages)].filter(Boolean).join("  ·  "));
    },
    { title, author: seller.name, language },
  );
}
